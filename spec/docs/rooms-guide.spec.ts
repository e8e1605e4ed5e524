// docs/rooms.md promises that every ```ts block under a "<!-- runs -->"
// marker runs as it is (a Colyseus server on 127.0.0.1 and two colyseus.js
// clients in one script), and that each "// → value" comment is what the
// console.log before it prints. This runs them and checks.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const guide = readFileSync(resolve(repo, 'docs/rooms.md'), 'utf8');
const blocks = [...guide.matchAll(/<!-- runs -->\n```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
// Inside the repository (and ignored by git) so that 'rxjs', '@colyseus/core' and 'tickflow/colyseus' resolve as they do for a user.
const scratch = resolve(repo, 'spec/docs/__examples__/rooms-guide');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('docs/rooms.md: every runnable block runs and prints what it says', () => {
  it('has runnable blocks', () => expect(blocks.length).toBe(1));

  it.each(blocks.map((code, i) => [i + 1, code] as const))('block %i', async (i, code) => {
    const expected = [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1]!.trim());
    mkdirSync(scratch, { recursive: true });
    const file = resolve(scratch, `block-${i}.ts`);
    writeFileSync(file, code);
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
    try {
      await import(/* @vite-ignore */ file);
    } finally {
      log.mockRestore();
    }
    expect(printed).toEqual(expected);
  }, 20_000); // the first import transforms tickflow's sources; the script itself waits 1 s
});

// docs/netplay.md promises that every ```ts block under a
// "<!-- runs -->" marker runs as it is, and that each "// → value" comment is
// what the console.log before it prints (issue 27, item 8: "docs/netplay.md,
// whose first example (two engines in one page over the simulated link) runs
// as pasted"). This runs them and checks.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const guide = readFileSync(resolve(repo, 'docs/netplay.md'), 'utf8');
const blocks = [...guide.matchAll(/<!-- runs -->\n```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
// Inside the repository so that 'rxjs' and 'tickflow/systems' resolve as they do for a user.
const scratch = resolve(repo, 'node_modules/.netplay-guide');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('docs/netplay.md: every runnable block runs and prints what it says', () => {
  it('has runnable blocks', () => expect(blocks.length).toBe(2));

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
  }, 30_000); // the first import transforms tickflow's sources
});

// Issue 13: "The @example blocks and marble diagrams in doc comments are docs
// too (TypeDoc publishes them) ... Run the examples and check what they
// print." Each @example of the operators and the loop that prints (a
// console.log with the expected output in a comment on its line, or on the
// comment line after the statement) is run, and what it printed is compared
// with that comment: one printed line per comma-separated entry, numbers to
// the digits the comment gives.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const scratch = resolve(repo, 'spec/docs/__examples__');

interface Example {
  readonly where: string;
  readonly code: string;
  readonly expected: readonly string[];
}

function examplesOf(file: string): Example[] {
  const text = readFileSync(resolve(repo, file), 'utf8');
  const found: Example[] = [];
  for (const match of text.matchAll(/@example\s*\n\s*\* ```ts\n([\s\S]*?)\n\s*\* ```/g)) {
    const code = match[1]!.replace(/^\s*\* ?/gm, '');
    const lines = code.split('\n');
    let expected: string[] | undefined;
    lines.forEach((line, i) => {
      if (!line.includes('console.log')) return;
      const own = /\/\/ (.+)$/.exec(line);
      const next = /^\s*\/\/ (.+)$/.exec(lines[i + 1] ?? '');
      const comment = own?.[1] ?? next?.[1];
      if (comment !== undefined) expected = comment.split(', ');
    });
    if (expected !== undefined) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ where: `${file}:${line}`, code, expected });
    }
  }
  return found;
}

const files = [
  ...readdirSync(resolve(repo, 'operators')).filter((f) => f.endsWith('.ts')).map((f) => `operators/${f}`),
  ...['src/loop/loop.ts', 'src/clocks/wall-clock.ts', 'src/clocks/while-visible.ts', 'src/engines/runtime/runtime.ts', 'src/engines/runtime/validate-scene.ts'],
  'src/netplay/p2p-session.ts',
  'src/netplay/sync-test-session.ts',
];
const examples = files.flatMap(examplesOf);

/** Whether `printed` reads as `expected`: the same text, or numbers equal to the digits `expected` shows. */
function reads(printed: string, expected: string): boolean {
  if (printed === expected) return true;
  const p = printed.split(' ');
  const e = expected.split(' ');
  return (
    p.length === e.length &&
    p.every((word, i) => {
      const want = e[i]!;
      if (word === want) return true;
      const digits = (want.split('.')[1] ?? '').length;
      return Number.isFinite(Number(word)) && Number.isFinite(Number(want)) && Number(word).toFixed(digits) === Number(want).toFixed(digits);
    })
  );
}

describe('every printing @example of the operators and the loop prints what its comment says', () => {
  mkdirSync(scratch, { recursive: true });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('has examples to run', () => {
    expect(examples.length).toBeGreaterThanOrEqual(12);
  });

  examples.forEach((example, i) => {
    it(example.where, async () => {
      const file = resolve(scratch, `example-${i}.ts`);
      writeFileSync(file, example.code);
      const printed: string[] = [];
      const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(' '));
      });
      try {
        await import(/* @vite-ignore */ file);
      } finally {
        log.mockRestore();
      }
      expect(printed.length, `${printed.join(', ')} vs ${example.expected.join(', ')}`).toBe(example.expected.length);
      printed.forEach((line, j) => expect(reads(line, example.expected[j]!), `printed "${line}", the comment says "${example.expected[j]}"`).toBe(true));
    });
  });
});

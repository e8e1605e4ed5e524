// docs/testing.md shows files that the test suite runs: each ```ts block
// after a "<!-- runs: <name> -->" marker must be, verbatim, the whole of
// spec/docs/testing-guide/<name>.ts or <name>.spec.ts.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');

it('every code block of docs/testing.md is a file the test suite runs', () => {
  const guide = readFileSync(resolve(repo, 'docs/testing.md'), 'utf8');
  const blocks = [...guide.matchAll(/<!-- runs: (\S+) -->\n```ts\n([\s\S]*?)```/g)].map((b) => [b[1]!, b[2]!.trimEnd()] as const);
  expect(blocks.length).toBe(4);
  for (const [name, code] of blocks) {
    const file = [`${name}.ts`, `${name}.spec.ts`].map((f) => resolve(repo, 'spec/docs/testing-guide', f)).find((f) => existsSync(f));
    expect(file, `block "${name}" has a file`).toBeDefined();
    expect(readFileSync(file!, 'utf8').trimEnd(), `block "${name}"`).toBe(code);
  }
});

// docs/testing.md shows code that spec/docs/testing-guide.spec.ts runs. This
// keeps the two the same: each ```ts block of the guide must stand verbatim
// between a "// --- guide: <name>" marker and "// --- end" in the spec.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');

it('every code block of docs/testing.md is code the test suite runs', () => {
  const guide = readFileSync(resolve(repo, 'docs/testing.md'), 'utf8');
  const spec = readFileSync(resolve(repo, 'spec/docs/testing-guide.spec.ts'), 'utf8');
  const regions = new Map(
    [...spec.matchAll(/\/\/ --- guide: (\S+)\n([\s\S]*?)\/\/ --- end/g)].map((r) => [r[1]!, r[2]!.trimEnd()]),
  );
  const blocks = [...guide.matchAll(/<!-- runs: (\S+) -->\n```ts\n([\s\S]*?)```/g)].map((b) => [b[1]!, b[2]!.trimEnd()]);
  expect(blocks.length).toBe(regions.size);
  for (const [name, code] of blocks) expect(regions.get(name!), `block "${name}"`).toBe(code);
});

// docs/world-engine.md's first example is the code
// spec/browser/world-engine-first-example.spec.ts runs in Chromium (issue 13:
// "docs/world-engine.md's first example, pasted into a fresh app, shows
// nothing moving"). This keeps the two the same, so the page the browser test
// looks at is the guide's example, and the example type-checks with the repo.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');

it("docs/world-engine.md's first code block stands verbatim in the browser fixture that runs it", () => {
  const guide = readFileSync(resolve(repo, 'docs/world-engine.md'), 'utf8');
  const fixture = readFileSync(resolve(repo, 'spec/browser/fixtures/world-engine-first-example.ts'), 'utf8');
  const first = /```ts\n([\s\S]*?)```/.exec(guide)?.[1];
  const region = /\/\/ --- guide: first-example\n([\s\S]*?)\/\/ --- end/.exec(fixture)?.[1];
  expect(first).toBeDefined();
  expect(region).toBe(first);
});

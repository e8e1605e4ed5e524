// docs/determinism.md: "a first example that runs as pasted" (issue 20). The
// block marked `<!-- runs: first -->` is written to a file of its own and
// imported, as a reader's module would be (tickflow by its package names);
// what it prints is compared with the comments on its console.log lines.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const doc = readFileSync(resolve(repo, 'docs/determinism.md'), 'utf8');

afterEach(() => vi.restoreAllMocks());

/** Writes `code` to a module file of its own, imports it as a reader's module would be, and returns the lines it logged. */
async function runPrinting(code: string, fileName: string): Promise<string[]> {
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
  const dir = mkdtempSync(join(tmpdir(), 'tickflow-determinism-'));
  const file = join(dir, fileName);
  writeFileSync(file, code);
  try {
    await import(/* @vite-ignore */ file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return printed;
}

describe('docs/determinism.md', () => {
  const first = /<!-- runs: first -->\n```ts\n([\s\S]*?)```/.exec(doc)?.[1];

  it('has its first example marked as runnable, before any other code block', () => {
    expect(first).toBeDefined();
    expect(doc.indexOf('<!-- runs: first -->')).toBeLessThan(doc.indexOf('```'));
  });

  it('the first example runs as pasted and prints what its comments say', async () => {
    const expected = [...first!.matchAll(/console\.log\(.*\); \/\/ (.+)$/gm)].map((m) => m[1]);
    expect(expected).toEqual(['true', 'false 1 .state.v']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await runPrinting(first!, 'first.ts')).toEqual(expected);
    // In development (vitest sets NODE_ENV=test), the Math.random line warned as the page says.
    expect(warn.mock.calls.map(([m]) => String(m)).some((m) => m.startsWith('tickflow: Math.random() was called in phase "update" of the state engine'))).toBe(true);
  });

  it('the warning it shows is the one the engine writes (the site aside)', async () => {
    const shown = /```text\n(tickflow: Math\.random\(\)[^\n]*)\n```/.exec(doc)![1]!;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { forgetWarnedCallSites } = await import('../../src/engines/shell/nondeterminism-warnings.js');
    const { createStateEngine } = await import('../../src/engines/state/index.js');
    const { nullBackend } = await import('../../src/index.js');
    forgetWarnedCallSites();
    const engine = createStateEngine({ backend: nullBackend(), initial: 0, determinismWarnings: true, update: () => Math.random() });
    engine.advance();
    engine.destroy();
    const written = String(warn.mock.calls[0]?.[0]);
    const site = / at (.*?): its result/;
    expect(written.replace(site, ' at SITE: its result')).toBe(shown.replace(site, ' at SITE: its result'));
  });

  it("the portable trigonometry example (in the list of what keeps a game deterministic) runs as pasted and prints what its comment says", async () => {
    const indented = /\n  ```ts\n((?:  .*\n|\n)*?)  ```/.exec(doc.slice(doc.indexOf('portableSin')))?.[1];
    expect(indented, 'a ts block after the first mention of portableSin').toBeDefined();
    const block = indented!.replace(/^  /gm, '');
    expect(block).toContain("from 'tickflow'");
    const expected = [...block.matchAll(/console\.log\(.*\); \/\/ (.+)$/gm)].map((m) => m[1]);
    expect(expected).toHaveLength(1);
    expect(await runPrinting(block, 'portable.ts')).toEqual(expected);
  });
});

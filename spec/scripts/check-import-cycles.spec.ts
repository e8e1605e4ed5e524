// Issue 25, item 6 ("Structure"): "No import circles (no file that imports,
// directly or through others, a file that imports it, type imports
// included), no source file over 400 code lines". scripts/check-import-cycles.ts
// reads both; this runs it in the unit suite, so CI enforces them
// (`npx tsx scripts/check-import-cycles.ts` prints the same).
import { describe, expect, it } from 'vitest';
import { codeLines, importCycles, importGraph, importsOf, longFiles, MAX_CODE_LINES, sourceFiles } from '../../scripts/check-import-cycles.js';

describe('src/', () => {
  const files = sourceFiles();
  const cycles = importCycles(importGraph(files));
  const long = longFiles(files);

  it('has no import circle, import type included', () => {
    expect(cycles.map((cycle) => cycle.path.join(' -> '))).toEqual([]);
  });

  it(`has no file over ${MAX_CODE_LINES} code lines (blank and comment lines not counted)`, () => {
    expect(long.map(({ file, codeLines: count }) => `${file}: ${count}`)).toEqual([]);
  });
});

describe('the checker', () => {
  it('finds a circle as the files of one strongly connected component, with its shortest closed path', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['b.ts']],
      ['e.ts', ['a.ts']],
      ['f.ts', ['f.ts']],
    ]);
    expect(importCycles(graph)).toEqual([
      { files: ['a.ts', 'b.ts', 'c.ts', 'd.ts'], path: ['a.ts', 'b.ts', 'c.ts', 'a.ts'] },
      { files: ['f.ts'], path: ['f.ts', 'f.ts'] },
    ]);
    expect(importCycles(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });

  it('reads import, import type, export from and import() in a type, relative ones only, resolved to files', () => {
    const text = [
      "import { normalizePhases } from './phase.js';",
      "import type { PhaseError } from './phase-error.js';",
      "export { FrameMeter } from './frame-meter.js';",
      "type Router = import('./error-router.js').ErrorRouter;",
      "import { map } from 'rxjs';",
    ].join('\n');
    expect(importsOf('src/loop/loop.ts', text)).toEqual(['src/loop/error-router.ts', 'src/loop/frame-meter.ts', 'src/loop/phase-error.ts', 'src/loop/phase.ts']);
    expect(() => importsOf('src/loop/loop.ts', "import type { Nothing } from './no-such-file.js';")).toThrow(
      'check-import-cycles: src/loop/loop.ts imports "./no-such-file.js", which does not resolve',
    );
  });

  it('counts a line of code once, not blank lines or comments, and every line a template spans', () => {
    const text = [
      '/**',
      ' * A doc comment.',
      ' */',
      '',
      'const a = 1; // a trailing comment: still code',
      '// a comment line',
      "const url = 'http://not-a-comment';",
      'const re = /\\/\\/ not a comment either/;',
      'const t = `one',
      'two',
      '${a}`;',
      '/* block */ const b = 2;',
    ].join('\n');
    expect(codeLines(text)).toBe(7);
  });
});

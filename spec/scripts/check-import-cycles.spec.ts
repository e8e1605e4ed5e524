// Issue 25, item 6 ("Structure"): "No import circles (no file that imports,
// directly or through others, a file that imports it, type imports
// included), no source file over 400 code lines". scripts/check-import-cycles.ts
// reads both; this runs it in the unit suite, so CI enforces them
// (`npx tsx scripts/check-import-cycles.ts` prints the same).
import { describe, expect, it } from 'vitest';
import { codeLines, importCycles, importGraph, importsOf, longFiles, MAX_CODE_LINES, sourceFiles } from '../../scripts/check-import-cycles.js';

/**
 * Issue 25: being rewritten on another branch right now (runtime.ts and
 * systems-engine.ts split; the page engine and loop.ts have landed). Remove
 * an entry when its rewrite lands: the last test below says when one is no
 * longer needed.
 */
const BEING_REWRITTEN = {
  /** A circle whose files are all in one of these rooms is let through. */
  circleRooms: [] as string[],
  /** Files let through over the limit (and every file of these rooms). */
  longFiles: ['src/engines/runtime/runtime.ts', 'src/engines/systems/systems-engine.ts'],
  longRooms: [] as string[],
};

const inRoom = (file: string, rooms: readonly string[]) => rooms.some((room) => file.startsWith(room));
const letThroughLong = (file: string) => BEING_REWRITTEN.longFiles.includes(file) || inRoom(file, BEING_REWRITTEN.longRooms);

describe('src/', () => {
  const files = sourceFiles();
  const cycles = importCycles(importGraph(files));
  const long = longFiles(files);

  it('has no import circle, import type included', () => {
    const found = cycles.filter((cycle) => !cycle.files.every((file) => inRoom(file, BEING_REWRITTEN.circleRooms)));
    expect(found.map((cycle) => cycle.path.join(' -> '))).toEqual([]);
  });

  it(`has no file over ${MAX_CODE_LINES} code lines (blank and comment lines not counted)`, () => {
    expect(long.filter(({ file }) => !letThroughLong(file)).map(({ file, codeLines: count }) => `${file}: ${count}`)).toEqual([]);
  });

  it('lets through only what is still circular or long (remove an entry of BEING_REWRITTEN once it is not)', () => {
    for (const room of BEING_REWRITTEN.circleRooms) {
      expect(cycles.some((cycle) => cycle.files.every((file) => file.startsWith(room))), `${room} has no circle any more`).toBe(true);
    }
    for (const file of BEING_REWRITTEN.longFiles) {
      expect(long.some((entry) => entry.file === file), `${file} is ${MAX_CODE_LINES} code lines or fewer now`).toBe(true);
    }
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

/**
 * Issue 25, item 6 ("Structure"): no import circles in `src/` and no source
 * file over 400 code lines.
 *
 * ```sh
 * npx tsx scripts/check-import-cycles.ts   # prints every circle and every long file; exits 1 if there is any
 * ```
 *
 * spec/scripts/check-import-cycles.spec.ts runs the same functions in the
 * unit suite, so CI enforces them.
 *
 * **Circles.** A file's imports are read by TypeScript itself
 * (`ts.preProcessFile`): `import`, `import type`, `export ... from`, and
 * `import('...')` in code or in a type, since a type-only circle still ties
 * the two files together (neither can be read, moved or split without the
 * other). Each relative specifier is resolved with the project's
 * `moduleResolution` (`./x.js` is `./x.ts`). The circles are the graph's
 * strongly connected components of more than one file (or a file that
 * imports itself); each is reported with one closed path through it, the
 * shortest from its first file back to itself, so the report names an edge
 * to cut.
 *
 * **Code lines.** A line counts when a token other than a comment starts on
 * it or runs across it (a multi-line template string counts every line it
 * spans); blank lines and comment lines do not. Read with TypeScript's
 * parser, so `//` inside a string or a regular expression is not a comment.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository root. */
export const REPO = fileURLToPath(new URL('../', import.meta.url));

/** The most code lines a source file may have (issue 25: "no source file over 400 code lines"). */
export const MAX_CODE_LINES = 400;

/** The folders whose `.ts` files the checks read, from the repository root. */
export const SOURCE_ROOTS = ['src'] as const;

/** File → the files it imports, both as paths from the repository root with `/` separators. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** One circle: the files of one strongly connected component, and one closed path through them. */
export interface ImportCycle {
  /** Every file in the component, sorted. */
  readonly files: readonly string[];
  /** A closed path `a -> b -> ... -> a` (its first file repeated at the end). */
  readonly path: readonly string[];
}

/** A file over the limit and its count. */
export interface LongFile {
  readonly file: string;
  readonly codeLines: number;
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  allowJs: false,
};

/** Every `.ts` file under the roots (declaration files left out), as repository paths, sorted. */
export function sourceFiles(roots: readonly string[] = SOURCE_ROOTS, repo = REPO): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(repo, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const root of roots) walk(root);
  return files.sort();
}

/** The repository files `file` imports (relative specifiers only; packages are not in the graph), sorted. */
export function importsOf(file: string, text: string, repo = REPO): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const found = new Set<string>();
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const { resolvedModule } = ts.resolveModuleName(fileName, resolve(repo, file), COMPILER_OPTIONS, ts.sys);
    if (resolvedModule === undefined) throw new Error(`check-import-cycles: ${file} imports "${fileName}", which does not resolve`);
    found.add(relative(repo, resolvedModule.resolvedFileName).split('\\').join('/'));
  }
  return [...found].sort();
}

/** The import graph of the given files (edges to files outside them are dropped). */
export function importGraph(files: readonly string[] = sourceFiles(), repo = REPO): ImportGraph {
  const inside = new Set(files);
  return new Map(
    files.map((file) => [file, importsOf(file, readFileSync(join(repo, file), 'utf8'), repo).filter((to) => inside.has(to))]),
  );
}

/** The graph's circles: its strongly connected components of two or more files, or of one file importing itself (Tarjan). */
export function importCycles(graph: ImportGraph): ImportCycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;

  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    components.push(component);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);

  return components
    .filter((component) => component.length > 1 || (graph.get(component[0]!) ?? []).includes(component[0]!))
    .map((component) => {
      const files = [...component].sort();
      return { files, path: shortestCircle(graph, files[0]!, new Set(files)) };
    })
    .sort((a, b) => (a.files[0]! < b.files[0]! ? -1 : 1));
}

/** The shortest path from `start` back to itself inside one component (breadth first). */
function shortestCircle(graph: ImportGraph, start: string, component: ReadonlySet<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const file = queue[head]!;
    for (const to of graph.get(file) ?? []) {
      if (!component.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = file; at !== start; at = cameFrom.get(at)!) path.unshift(at);
        path.unshift(start);
        return path;
      }
      if (cameFrom.has(to)) continue;
      cameFrom.set(to, file);
      queue.push(to);
    }
  }
  throw new Error(`check-import-cycles: ${start} is in a circle but no path leads back to it`);
}

/** The number of lines of `text` that hold code (not blank, not only comments). */
export function codeLines(text: string): number {
  const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const counted = new Set<number>();
  // Every token, read in its context by the parser (so a regular expression or
  // a template is one token, not text the scanner guesses at); JSDoc nodes are
  // comments and are skipped.
  const visit = (node: ts.Node): void => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    if (node.getChildCount(source) > 0) {
      for (const child of node.getChildren(source)) visit(child);
      return;
    }
    const start = node.getStart(source);
    const end = node.getEnd();
    if (end <= start) return;
    const last = source.getLineAndCharacterOfPosition(end - 1).line;
    for (let line = source.getLineAndCharacterOfPosition(start).line; line <= last; line += 1) counted.add(line);
  };
  visit(source);
  return counted.size;
}

/** The files over `limit` code lines, longest first. */
export function longFiles(files: readonly string[] = sourceFiles(), limit = MAX_CODE_LINES, repo = REPO): LongFile[] {
  return files
    .map((file) => ({ file, codeLines: codeLines(readFileSync(join(repo, file), 'utf8')) }))
    .filter(({ codeLines: count }) => count > limit)
    .sort((a, b) => b.codeLines - a.codeLines);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = importCycles(importGraph());
  const long = longFiles();
  for (const cycle of cycles) console.log(`circle (${cycle.files.length} files): ${cycle.path.join(' -> ')}`);
  for (const { file, codeLines: count } of long) console.log(`over ${MAX_CODE_LINES} code lines: ${file} (${count})`);
  console.log(`${cycles.length} circles, ${long.length} files over ${MAX_CODE_LINES} code lines`);
  process.exitCode = cycles.length > 0 || long.length > 0 ? 1 : 0;
}

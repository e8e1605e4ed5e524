/**
 * Bytes a page allocated, by whose code allocated them: the whole-games
 * bench's reading of a sampling heap profile (CDP `HeapProfiler`).
 *
 * The gallery is a production build: tickflow, the game and the libraries
 * are minified together into shared chunks, so a chunk's address does not
 * say whose function allocated (the backend bench, on Vite's dev server, can
 * go by address). The build writes hidden source maps (code unchanged), and
 * each allocating function's position (the profile's call frame: chunk,
 * line, column, where the function starts) is mapped back to its source
 * file with Node's own `SourceMap`:
 *
 * - **tickflow**: this repository's `src/` and `operators/`, and rxjs (only
 *   tickflow's loop uses it in these games);
 * - **library**: any other package under `node_modules/` (pixi.js, three,
 *   Rapier, ...);
 * - **game**: `examples/` (the game and the gallery's shared page code);
 * - **other**: no page code on the stack at all: what the browser allocates
 *   on its own (an event it dispatches, say), and code with no map (the
 *   bundler's own helpers).
 *
 * A function with no source file of its own (V8's builtins, such as an
 * array's `push` or an iterator's `next`, and `(V8 API)`, the objects Blink
 * hands to JavaScript: a `DOMRect`, an event's fields, a string read from the
 * DOM) is charged to the nearest caller that has one, and its site named
 * after both (`(V8 API) ← locate src/input/pointer-device.ts:170`): the
 * code that called the builtin or the DOM asked for those bytes. (Runs
 * before 2026-12-07's last one counted such bytes as "other" whoever
 * called; in the DOM games that was most of their allocation.)
 *
 * As in the backend bench, the profiler charges a function inlined into
 * another to the outer one: a tickflow function inlined into a game's
 * counts as the game's, and the reverse. Read the split as where the bytes
 * were asked for, the total as the figure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

/** Whose code allocated. */
export type Origin = 'tickflow' | 'library' | 'game' | 'other';
export const ORIGINS: readonly Origin[] = ['tickflow', 'library', 'game', 'other'];

/** A node of CDP's `HeapProfiler.SamplingHeapProfile`. */
export interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number; readonly columnNumber: number };
  readonly children?: readonly ProfileNode[];
}

/**
 * CDP's `HeapProfiler.SamplingHeapProfile`: each sample's size is the bytes
 * it stands for (the object's size times V8's scaled count), its ordinal its
 * place in time among all samples since `startSampling`.
 */
export interface SamplingProfile {
  readonly head: ProfileNode;
  readonly samples: readonly { readonly size: number; readonly nodeId: number; readonly ordinal: number }[];
}

/**
 * The function the bench calls in the page to mark a window's end in the
 * heap profile. Taking a profile (`stopSampling`, `getSamplingProfile`)
 * forces a full GC in Chromium, which would land in the traced minute as a
 * pause of the bench's making; so the profile is taken once, after the
 * trace, and cut into windows at these marks: a 32 KB array, always
 * sampled (a sample every 256 B on average), whose sample's ordinal says
 * where in time the window ended. It stays under V8's large-object size, so
 * it is young-generation garbage like a frame's, never old-generation
 * pressure that could bring a major GC forward.
 */
export const WINDOW_MARK = '__wholeGamesMark';

/** The init script that defines {@link WINDOW_MARK} in the page. */
export const WINDOW_MARK_SCRIPT = `window.${WINDOW_MARK} = function ${WINDOW_MARK}() { window.${WINDOW_MARK}Held = new Array(4096).fill(0); window.${WINDOW_MARK}Held = undefined; };`;

/** Bytes by origin, and by allocation site (a function's source position: `path:line`). */
export interface Weighed {
  readonly bytes: Record<Origin, number>;
  readonly sites: ReadonlyMap<string, { readonly origin: Origin; readonly bytes: number }>;
}

/** How far past a function's start {@link SourceOrigins.locate} looks for its first mapped token, in columns of minified code. */
const MAPPING_SEARCH_COLUMNS = 200;

/** Whose a source file is, by its absolute path. */
export function originOf(path: string, repo: string): Origin {
  const normal = path.replaceAll('\\', '/');
  if (normal.includes('/node_modules/rxjs/')) return 'tickflow';
  if (normal.includes('/node_modules/')) return 'library';
  const inRepo = relative(repo, normal).replaceAll('\\', '/');
  if (inRepo.startsWith('src/') || inRepo.startsWith('operators/')) return 'tickflow';
  if (inRepo.startsWith('examples/')) return 'game';
  return 'other';
}

/** Maps positions in a built site's chunks back to source files, through the chunks' hidden source maps. */
export class SourceOrigins {
  private readonly maps = new Map<string, SourceMap | undefined>();

  /**
   * @param distDir The built site's folder, as served (a chunk at `/assets/x.js` is `distDir/assets/x.js`).
   * @param repo The repository root, ending in `/`.
   */
  constructor(
    private readonly distDir: string,
    private readonly repo: string,
  ) {}

  /**
   * The source file (absolute) and line (1-based) of a function that starts
   * at a position in a served chunk; undefined where no map says. V8 places
   * a method at its parameter list, which the build's map often leaves
   * unmapped, so the nearest mapping before it can be the previous
   * function's last token: the first mapping at or after the position (the
   * function's own code) is taken instead.
   */
  locate(url: string, lineNumber: number, columnNumber: number): { file: string; line: number } | undefined {
    if (!/^https?:/.test(url)) return undefined;
    const chunk = join(this.distDir, new URL(url).pathname);
    if (!this.maps.has(chunk)) {
      const mapFile = `${chunk}.map`;
      this.maps.set(chunk, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload) : undefined);
    }
    const map = this.maps.get(chunk);
    if (map === undefined) return undefined;
    type Entry = { generatedLine?: number; generatedColumn?: number; originalSource?: string; originalLine?: number };
    let entry = map.findEntry(lineNumber, columnNumber) as Entry;
    for (let ahead = 1; ahead <= MAPPING_SEARCH_COLUMNS && (entry.generatedLine !== lineNumber || entry.generatedColumn! < columnNumber); ahead++) {
      entry = map.findEntry(lineNumber, columnNumber + ahead) as Entry;
    }
    if (entry.originalSource === undefined) return undefined;
    return { file: resolve(dirname(chunk), entry.originalSource), line: (entry.originalLine ?? 0) + 1 };
  }

  private readonly sourceLines = new Map<string, readonly string[]>();

  /**
   * The name a function is declared with on a line (best effort: `run`,
   * `closeFrame`, `placeOnBeat`), or `(anonymous)`: for a function whose
   * name the minifier shortened (V8's name for a method is its own, kept).
   */
  private functionAt(file: string, line: number): string {
    if (!this.sourceLines.has(file)) this.sourceLines.set(file, existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []);
    const text = this.sourceLines.get(file)![line - 1] ?? '';
    const declared = /^\s*(?:(?:export|default|async|static|private|public|protected|readonly|get|set|const|let|var|function\*?)\s+)*([A-Za-z_$][\w$]*)\s*(?:[=(<:]|$)/.exec(text);
    return declared?.[1] ?? '(anonymous)';
  }

  /**
   * Weighs a profile's samples by origin and by site, in windows: the
   * samples before the first {@link WINDOW_MARK}, between each mark and the
   * next, and after the last (the marks' own bytes left out).
   */
  weighWindows(profile: SamplingProfile): Weighed[] {
    const byId = new Map<number, ProfileNode>();
    const parents = new Map<number, ProfileNode>();
    const marks = new Set<number>();
    const walk = (node: ProfileNode, inMark: boolean): void => {
      byId.set(node.id, node);
      const mark = inMark || node.callFrame.functionName === WINDOW_MARK;
      if (mark) marks.add(node.id);
      for (const child of node.children ?? []) {
        parents.set(child.id, node);
        walk(child, mark);
      }
    };
    walk(profile.head, false);
    const samples = [...profile.samples].sort((a, b) => a.ordinal - b.ordinal);
    const windows: Weighed[] = [];
    const located = new Map<number, { origin: Origin; site: string }>();
    let from = 0;
    for (let i = 0; i <= samples.length; i++) {
      if (i < samples.length && !marks.has(samples[i]!.nodeId)) continue;
      // A mark may be sampled more than once (the array, and what its call allocates besides): one mark, one cut.
      if (i === from && i > 0 && marks.has(samples[i - 1]!.nodeId)) {
        from = i + 1;
        continue;
      }
      windows.push(this.weigh(samples.slice(from, i), byId, parents, located));
      from = i + 1;
    }
    return windows;
  }

  private weigh(
    samples: readonly { readonly size: number; readonly nodeId: number }[],
    byId: ReadonlyMap<number, ProfileNode>,
    parents: ReadonlyMap<number, ProfileNode>,
    located: Map<number, { origin: Origin; site: string }>,
  ): Weighed {
    const bytes: Record<Origin, number> = { tickflow: 0, library: 0, game: 0, other: 0 };
    const sites = new Map<string, { origin: Origin; bytes: number }>();
    for (const { size, nodeId } of samples) {
      const where = this.where(byId.get(nodeId)!, parents, located);
      bytes[where.origin] += size;
      const site = sites.get(where.site) ?? { origin: where.origin, bytes: 0 };
      site.bytes += size;
      sites.set(where.site, site);
    }
    return { bytes, sites };
  }

  /**
   * Whose a profile node's bytes are, and its site: its own function's
   * source, or for a function with none, the nearest caller's (the site
   * named after both); `other` when no caller has a source either.
   */
  private where(node: ProfileNode, parents: ReadonlyMap<number, ProfileNode>, located: Map<number, { origin: Origin; site: string }>): { origin: Origin; site: string } {
    const known = located.get(node.id);
    if (known !== undefined) return known;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const source = this.locate(url, lineNumber, columnNumber);
    let where: { origin: Origin; site: string };
    if (source !== undefined) {
      const name = functionName.length >= 3 ? functionName : this.functionAt(source.file, source.line);
      where = { origin: originOf(source.file, this.repo), site: `${name} ${relative(this.repo, source.file).replace(/^(\.\.\/)*.*node_modules\//, '')}:${source.line}` };
    } else {
      const own = `${functionName || '(anonymous)'} ${url === '' ? '(no file)' : new URL(url).pathname}`;
      const parent = parents.get(node.id);
      const caller = parent === undefined ? undefined : this.where(parent, parents, located);
      // A caller without a source is itself charged to its own caller: only the nearest one with a source is named.
      const callerSite = caller?.site.split(' ← ').at(-1);
      where = caller === undefined || caller.origin === 'other' ? { origin: 'other', site: own } : { origin: caller.origin, site: `${own} ← ${callerSite}` };
    }
    located.set(node.id, where);
    return where;
  }
}

/**
 * Issue 21: "Every guide's first example runs as pasted, HTML included, in a
 * fresh Vite + TypeScript app against the packed tarball, and shows something
 * moving ... (headless examples: their printed output). Each guide says what
 * to install."
 *
 * Each guide marks the blocks a newcomer copies with a comment naming where
 * the block goes in the app:
 *
 * ```text
 * <!-- fresh-app: install -->      a ```sh block of `npm i ...` lines: the app's dependencies, nothing else
 * <!-- fresh-app: index.html -->   a ```html block: the page
 * <!-- fresh-app: src/main.ts -->  a ```ts block: the code (the guide's first ```ts block)
 * ```
 *
 * This builds one fresh app per guide from exactly those blocks (plus what
 * every Vite + TypeScript app has: vite, typescript, a strict tsconfig) and
 * hands it to the fresh-app harness. A headless example's expected output is
 * its `// → ...` comments, one printed line each.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, repoVersions, writeFiles, type BrowserCheck, type FreshApp, type Tarballs } from './fresh-app.js';

/** A guide and what its first example must show. */
export interface Guide {
  /** The app's name in the report (and its screenshots' names). */
  readonly name: string;
  /** The markdown file, from the repository root. */
  readonly file: string;
  /** `moves` for a page that draws; `prints` for a headless example (its lines come from its `// →` comments); `none` for tests only. */
  readonly browser: BrowserCheck['kind'];
  /** For a guide whose first example is a test file: how many tests it must pass. */
  readonly tests?: number;
}

/** Every guide, with the kind of its first example. */
export const GUIDES: readonly Guide[] = [
  { name: 'readme', file: 'README.md', browser: 'moves' },
  { name: 'loop', file: 'docs/loop.md', browser: 'prints' },
  { name: 'world-engine', file: 'docs/world-engine.md', browser: 'moves' },
  { name: 'state-engine', file: 'docs/state-engine.md', browser: 'moves' },
  { name: 'systems-engine', file: 'docs/systems-engine.md', browser: 'prints' },
  { name: 'runtime', file: 'docs/runtime.md', browser: 'moves' },
  { name: 'page-engine', file: 'docs/page-engine.md', browser: 'moves' },
  { name: 'replay', file: 'docs/replay.md', browser: 'prints' },
  { name: 'netplay', file: 'docs/netplay.md', browser: 'prints' },
  { name: 'testing', file: 'docs/testing.md', browser: 'none', tests: 1 },
];

/** A marked block of a guide. */
export interface MarkedBlock {
  /** Where it goes: `install`, `index.html`, `src/main.ts`, ... */
  readonly target: string;
  /** The fence's language. */
  readonly lang: string;
  readonly code: string;
  /** Its line in the guide (of the fence). */
  readonly line: number;
}

/** The blocks of `markdown` marked `<!-- fresh-app: target -->` (other marker comments may sit between the mark and the fence). */
export function markedBlocks(markdown: string): MarkedBlock[] {
  const blocks: MarkedBlock[] = [];
  for (const match of markdown.matchAll(/<!-- fresh-app: (\S+) -->\n(?:<!--[^\n]*-->\n)*(```(\w+)\n([\s\S]*?)^```)/gm)) {
    const fence = match.index + match[0].indexOf(match[2]!);
    blocks.push({ target: match[1]!, lang: match[3]!, code: match[4]!, line: markdown.slice(0, fence).split('\n').length });
  }
  return blocks;
}

/** The packages an install block names, as `npm i a b` and `npm i -D c` lines (a `#` starts a comment). */
export function installedPackages(block: string): { dependencies: string[]; devDependencies: string[] } {
  const dependencies: string[] = [];
  const devDependencies: string[] = [];
  for (const raw of block.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const words = line.split(/\s+/);
    if (words[0] !== 'npm' || (words[1] !== 'i' && words[1] !== 'install')) {
      throw new Error(`an install block holds only "npm i ..." lines, got "${raw}"`);
    }
    const dev = words.includes('-D') || words.includes('--save-dev');
    for (const name of words.slice(2).filter((w) => !w.startsWith('-'))) (dev ? devDependencies : dependencies).push(name);
  }
  return { dependencies, devDependencies };
}

/** What a guide's first example is made of, read from its marked blocks; checks the marks. */
export interface GuideExample {
  readonly install: { dependencies: string[]; devDependencies: string[] };
  /** App files by path: index.html, src/... */
  readonly files: Record<string, string>;
  /** What a headless example prints, from its `// → ...` comments, in order. */
  readonly prints: string[];
}

/**
 * Reads a guide's first example from its marked blocks.
 *
 * @throws {Error} when the marks break the rules: one install block; the
 *   guide's first ```ts block is marked (it is the first example); a page
 *   (`moves` or `prints`) has its index.html.
 */
export function guideExample(guide: Guide, markdown = readFileSync(join(REPO, guide.file), 'utf8')): GuideExample {
  const blocks = markedBlocks(markdown);
  const where = (rule: string): Error => new Error(`${guide.file}: ${rule}`);
  const installs = blocks.filter((b) => b.target === 'install');
  if (installs.length !== 1 || installs[0]!.lang !== 'sh') throw where(`needs exactly one <!-- fresh-app: install --> \`\`\`sh block, found ${installs.length}`);
  const firstTs = /^```ts\n([\s\S]*?)^```/m.exec(markdown)?.[1];
  const sources = blocks.filter((b) => b.target.startsWith('src/'));
  if (firstTs === undefined || !sources.some((b) => b.code === firstTs)) throw where('its first ```ts block must be marked <!-- fresh-app: src/... --> (it is the first example)');
  const files: Record<string, string> = {};
  for (const block of blocks) if (block.target !== 'install') files[block.target] = block.code;
  if (guide.browser !== 'none' && files['index.html'] === undefined) throw where('a page needs its <!-- fresh-app: index.html --> ```html block');
  const prints = sources.flatMap((b) => [...b.code.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1]!.trim()));
  if (guide.browser === 'prints' && prints.length === 0) throw where('a headless example says what it prints in // → comments');
  return { install: installedPackages(installs[0]!.code), files, prints };
}

/** The tsconfig every fresh app gets: the starters' (create-vite's vanilla-ts, strict). */
export const APP_TSCONFIG_PATH = 'packages/create-tickflow/templates/shared/tsconfig.json';

/** What every fresh Vite + TypeScript app has before the guide adds anything. */
const VITE_APP_DEV_DEPENDENCIES = ['typescript', 'vite'];

/** Pins each package a guide installs to this repository's version; tickflow to the packed tarball. */
function pinned(names: readonly string[], tarballs: Tarballs, guide: Guide): Record<string, string> {
  const versions = repoVersions();
  const pins: Record<string, string> = {};
  for (const name of names) {
    const version = name === 'tickflow' ? `file:${tarballs.tickflow}` : versions[name];
    if (version === undefined) throw new Error(`${guide.file} installs ${name}, which this repository does not use (so no version to pin)`);
    pins[name] = version;
  }
  return pins;
}

/** The fresh app of one guide. */
export function guideApp(guide: Guide): FreshApp {
  const example = guideExample(guide);
  const browser: BrowserCheck =
    guide.browser === 'prints' ? { kind: 'prints', lines: example.prints } : guide.browser === 'moves' ? { kind: 'moves' } : { kind: 'none' };
  return {
    name: `guide-${guide.name}`,
    ...(guide.tests === undefined ? {} : { tests: guide.tests }),
    browser,
    write(dir, tarballs) {
      const packageJson = {
        name: `guide-${guide.name}`,
        private: true,
        type: 'module',
        scripts: { dev: 'vite', build: 'tsc && vite build', preview: 'vite preview' },
        dependencies: pinned(example.install.dependencies, tarballs, guide),
        devDependencies: pinned([...VITE_APP_DEV_DEPENDENCIES, ...example.install.devDependencies], tarballs, guide),
      };
      writeFiles(dir, {
        'package.json': JSON.stringify(packageJson, null, 2),
        'tsconfig.json': readFileSync(join(REPO, APP_TSCONFIG_PATH), 'utf8'),
        ...example.files,
      });
    },
  };
}

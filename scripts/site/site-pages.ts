/**
 * What the static site holds, besides the gallery and the API reference: the
 * markdown documents it renders, and for each guide the gallery pages and the
 * entry points it teaches (its "Try it" and API links).
 *
 * The site mirrors the repository's layout, so a relative link that works on
 * a forge works on the site once `.md` becomes `.html`:
 *
 * ```text
 * README.md              -> index.html
 * CHANGELOG.md           -> CHANGELOG.html
 * docs/loop.md           -> docs/loop.html
 * bench/RESULTS.md       -> bench/RESULTS.html
 * docs/timing-lab.png    -> docs/timing-lab.png         (copied: a document links it)
 * examples/              -> examples/index.html         (the gallery, built by Vite)
 * (TypeDoc)              -> docs/api/index.html         (the API reference)
 * ```
 */

/** A guide in docs/, and what its page links to. */
export interface Guide {
  /** The markdown file, relative to the repository. */
  readonly source: string;
  /** The entry points it teaches ('tickflow/world'): its page links their API pages. */
  readonly entryPoints: readonly string[];
  /** Its gallery pages, as examples/catalog.ts names them ('paddle-duel/'): its "Try it" links. */
  readonly gallery: readonly string[];
}

/**
 * Every guide in docs/, in the order the site lists them. A markdown file in
 * docs/ missing here fails the build, so a new guide is never left off the site.
 */
export const GUIDES: readonly Guide[] = [
  { source: 'docs/loop.md', entryPoints: ['tickflow', 'tickflow/operators'], gallery: ['timing-lab/'] },
  { source: 'docs/world-engine.md', entryPoints: ['tickflow/world', 'tickflow/pixi'], gallery: ['paddle-duel/'] },
  {
    source: 'docs/state-engine.md',
    entryPoints: ['tickflow/state', 'tickflow/three', 'tickflow/web-audio'],
    gallery: ['orbit-catch/'],
  },
  {
    source: 'docs/systems-engine.md',
    entryPoints: ['tickflow/systems', 'tickflow/pixi', 'tickflow/three'],
    gallery: ['fixed-step-platformer/'],
  },
  {
    source: 'docs/runtime.md',
    entryPoints: ['tickflow/runtime', 'tickflow/rapier3d', 'tickflow/three'],
    gallery: ['physics-playground/'],
  },
  {
    source: 'docs/page-engine.md',
    entryPoints: ['tickflow/page'],
    gallery: ['page-heroes/', 'page-breakout/', 'page-together/'],
  },
  {
    source: 'docs/physics.md',
    entryPoints: ['tickflow/runtime', 'tickflow/rapier3d', 'tickflow/rapier2d'],
    gallery: ['physics-playground/'],
  },
  { source: 'docs/scene-documents.md', entryPoints: ['tickflow/runtime'], gallery: ['physics-playground/'] },
  {
    source: 'docs/lifecycle.md',
    entryPoints: ['tickflow/world', 'tickflow/state', 'tickflow/systems', 'tickflow/runtime', 'tickflow/page'],
    gallery: [],
  },
  {
    source: 'docs/save-restore.md',
    entryPoints: ['tickflow', 'tickflow/state', 'tickflow/world', 'tickflow/systems', 'tickflow/runtime', 'tickflow/page'],
    gallery: [],
  },
  { source: 'docs/replay.md', entryPoints: ['tickflow/replay'], gallery: [] },
  { source: 'docs/netplay.md', entryPoints: ['tickflow/netplay', 'tickflow/netplay-server'], gallery: ['paddle-duel/online/'] },
  { source: 'docs/rooms.md', entryPoints: ['tickflow/colyseus'], gallery: [] },
  { source: 'docs/determinism.md', entryPoints: ['tickflow/replay', 'tickflow/state', 'tickflow/runtime'], gallery: [] },
  { source: 'docs/testing.md', entryPoints: ['tickflow/testing'], gallery: [] },
  {
    source: 'docs/delta-time-validator.md',
    entryPoints: ['tickflow/testing'],
    gallery: ['paddle-duel/', 'orbit-catch/'],
  },
  { source: 'docs/netplay-transports.md', entryPoints: ['tickflow/netplay', 'tickflow/netplay-server'], gallery: ['paddle-duel/online/'] },
];

/** The README: the site's home page. */
export const HOME = 'README.md';

/** Where the gallery (examples/) is built, relative to the site: the repository's own path. */
export const GALLERY_DIR = 'examples';

/** Where the API reference is built, relative to the site (`npm run docs` writes the same place in the repository). */
export const API_DIR = 'docs/api';

/**
 * The other markdown the site renders: what the README and the guides link
 * to. Relative to the repository; a folder (ending in `/`) stands for every
 * markdown file in it.
 */
export const OTHER_DOCUMENTS: readonly string[] = ['CHANGELOG.md', 'bench/', 'packages/create-tickflow/README.md'];

/** A document's page in the site: README.md is the home page, every other `x.md` becomes `x.html` beside it. */
export function pageOf(source: string): string {
  return source === HOME ? 'index.html' : source.replace(/\.md$/, '.html');
}

/**
 * What the first-load bench loads: each create-tickflow starter's production
 * build and each gallery page's, served as built on 127.0.0.1.
 *
 * - A starter is scaffolded as create-tickflow writes it (its own
 *   vite.config.ts included) into a temporary folder and built with Vite,
 *   tickflow resolved to this checkout's sources as the gallery does (the
 *   fresh-app check builds the same starters from the packed tarball, whose
 *   JavaScript is these sources compiled).
 * - The gallery is built as `npm run build:site` builds it
 *   (scripts/site/gallery-build.ts); each example in examples/catalog.ts is a
 *   page. The gallery's own index is left out: it shows cards, no game.
 *
 * Each build is served by `vite preview`, which compresses what it sends
 * as a static host would.
 */
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';
import { scaffold } from '../packages/create-tickflow/src/scaffold.js';
import { TEMPLATE_NAMES } from '../packages/create-tickflow/src/templates.js';
import { buildGallery, galleryPages } from '../scripts/site/gallery-build.js';
import { tickflowAliases } from '../vite.config.js';

const repo = fileURLToPath(new URL('../', import.meta.url));

/** One page to load: its name in the table, its group, and its path on its build's server. */
export interface FirstLoadPage {
  readonly name: string;
  readonly group: 'starter' | 'gallery';
  readonly path: string;
}

/** One production build: its folder (the built files are in its `dist/`) and the pages it serves. */
export interface BuiltSite {
  readonly dir: string;
  readonly pages: readonly FirstLoadPage[];
}

/** A built site served on 127.0.0.1: each page's address, and how to stop serving. */
export interface ServedSite {
  readonly pages: readonly (FirstLoadPage & { readonly url: string })[];
  readonly close: () => Promise<void>;
}

/** Scaffolds a starter into `root`/`template`, as create-tickflow writes it, and builds it for production. */
async function buildStarter(root: string, template: (typeof TEMPLATE_NAMES)[number]): Promise<BuiltSite> {
  const dir = join(root, template);
  scaffold(dir, template);
  // Bare imports (three, rxjs, vite for its config) resolve to this checkout's packages.
  symlinkSync(resolve(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const config = join(dir, 'vite.config.ts');
  await build({
    root: dir,
    configFile: existsSync(config) ? config : false,
    cacheDir: join(dir, '.vite'),
    logLevel: 'warn',
    resolve: { alias: tickflowAliases },
    build: { outDir: join(dir, 'dist'), emptyOutDir: true },
  });
  return { dir, pages: [{ name: `${template} starter`, group: 'starter', path: '/' }] };
}

/**
 * Gallery pages that draw no frame until a second player joins, so have no
 * first frame to time from a single load, each with why: left out, and named
 * under the table (the whole-games bench leaves the same page out).
 */
const WAITS_FOR_A_PARTNER: Readonly<Record<string, string>> = {
  'paddle-duel/online': 'its court is drawn once a second tab or device has joined the room; until then the page shows its room panel, no frame',
};

/** Whether a page is among those `only` names (every page when `only` is undefined): a name starting with one of them. */
const wantedBy = (only: readonly string[] | undefined) => (name: string) => only === undefined || only.some((o) => name.startsWith(o));

/** The gallery pages {@link buildFirstLoadSites} leaves out of those `only` names, each with why. */
export function pagesLeftOut(only?: readonly string[]): [folder: string, why: string][] {
  return Object.entries(WAITS_FOR_A_PARTNER).filter(([folder]) => wantedBy(only)(folder));
}

/**
 * Builds every starter (or those named in `only`) and the gallery (unless
 * `only` names none of its pages) into folders under `root`; the pages of
 * {@link pagesLeftOut} are not among them.
 */
export async function buildFirstLoadSites(root: string, only?: readonly string[]): Promise<BuiltSite[]> {
  const wanted = wantedBy(only);
  const sites: BuiltSite[] = [];
  for (const template of TEMPLATE_NAMES) {
    if (wanted(`${template} starter`)) sites.push(await buildStarter(join(root, 'starters'), template));
  }
  const examples = galleryPages()
    .filter((folder) => folder !== '' && wanted(folder) && WAITS_FOR_A_PARTNER[folder] === undefined)
    .map((folder): FirstLoadPage => ({ name: folder, group: 'gallery', path: `/${folder}/` }));
  if (examples.length > 0) {
    const dir = join(root, 'gallery');
    mkdirSync(dir, { recursive: true });
    await buildGallery(repo, join(dir, 'dist'));
    sites.push({ dir, pages: examples });
  }
  return sites;
}

/** Serves a built site's `dist/` with `vite preview` on 127.0.0.1 and a free port. */
export async function serveSite(site: BuiltSite): Promise<ServedSite> {
  const server: PreviewServer = await preview({
    root: site.dir,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: 'dist' },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const base = server.resolvedUrls?.local[0];
  if (base === undefined) throw new Error(`first load: vite preview of ${site.dir} reported no address`);
  return {
    pages: site.pages.map((page) => ({ ...page, url: new URL(page.path, base).href })),
    close: () => server.close(),
  };
}

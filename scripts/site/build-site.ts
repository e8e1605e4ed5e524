/**
 * `npm run build:site`: the gallery, the guides and the API reference as one
 * static folder, `site/` (or `--out <folder>`), that any static host serves
 * from any path: every link in it is relative.
 *
 * ```text
 * site/index.html            the README
 * site/docs/<guide>.html     each guide in docs/, with its "Try it" and API links
 * site/docs/api/             the API reference (TypeDoc)
 * site/examples/             the gallery and its examples (Vite)
 * site/CHANGELOG.html, site/bench/*.html, and the images the documents show
 * ```
 *
 * It fails, naming the document and the link, when a document links to
 * something the site does not have; `npm run test:site` then opens every page
 * in Chromium. See scripts/site/site-pages.ts for what goes where.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { examples } from '../../examples/catalog.js';
import { buildApiReference, type ApiReference } from './api-reference.js';
import { buildGallery, galleryPages } from './gallery-build.js';
import { renderDocument, type LinkTargets } from './markdown.js';
import { layoutPage, SITE_CSS, type SiteLink } from './page-layout.js';
import { API_DIR, GALLERY_DIR, GUIDES, HOME, OTHER_DOCUMENTS, pageOf, type Guide } from './site-pages.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({ options: { out: { type: 'string', default: 'site' } } });
const out = resolve(repo, values.out);

/** The markdown files in a repository folder ('docs/'), by repository path, sorted. */
function markdownIn(folder: string): string[] {
  return readdirSync(join(repo, folder))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `${folder}${name}`);
}

/** The markdown the site renders, by repository path: the README, every guide, and what they link to. */
function documents(): string[] {
  const inDocs = markdownIn('docs/');
  const missing = inDocs.filter((source) => !GUIDES.some((guide) => guide.source === source));
  if (missing.length > 0) {
    throw new Error(`site: ${missing.join(', ')} missing from GUIDES in scripts/site/site-pages.ts (its gallery pages and entry points)`);
  }
  const others = OTHER_DOCUMENTS.flatMap((path) => (path.endsWith('/') ? markdownIn(path) : [path]));
  return [HOME, ...GUIDES.map((guide) => guide.source), ...others];
}

/** The API page of a name, looked up in the given entry points first, then in all of them. */
function apiLookup(api: ApiReference, first: readonly string[]): (name: string) => string | undefined {
  const order = [...first, ...api.keys()];
  return (name) => {
    for (const entryPoint of order) {
      const page = api.get(entryPoint)?.names.get(name);
      if (page !== undefined) return `${API_DIR}/${page}`;
    }
    return undefined;
  };
}

/** A guide's "Try it" (its gallery pages, by their catalog titles) and API (its entry points' module pages) links. */
function linksOf(guide: Guide, api: ApiReference): { tryIt: SiteLink[]; api: SiteLink[] } {
  const tryIt = guide.gallery.map((href) => {
    const example = examples.find((e) => e.href === href);
    if (example === undefined) throw new Error(`site: ${guide.source}'s gallery page "${href}" is not in examples/catalog.ts`);
    return { path: `${GALLERY_DIR}/${href}`, text: example.title };
  });
  const modules = guide.entryPoints.map((entryPoint) => {
    const module = api.get(entryPoint);
    if (module === undefined) throw new Error(`site: ${guide.source}'s entry point "${entryPoint}" has no API reference`);
    return { path: `${API_DIR}/${module.page}`, text: `<code>${entryPoint}</code>` };
  });
  return { tryIt, api: modules };
}

const started = performance.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

console.log('site: the gallery (Vite)');
await buildGallery(repo, join(out, GALLERY_DIR));
console.log('site: the API reference (TypeDoc)');
const api = await buildApiReference(repo, join(out, API_DIR));

console.log('site: the README, the guides and what they link to (markdown-it)');
const sources = documents();
const pages = new Map(sources.map((source) => [source, pageOf(source)]));
const gallery = new Set(galleryPages().map((folder) => (folder === '' ? GALLERY_DIR : `${GALLERY_DIR}/${folder}`)));
const header: SiteLink[] = [
  { path: `${GALLERY_DIR}/index.html`, text: 'Gallery' },
  { path: `${API_DIR}/index.html`, text: 'API' },
  { path: pageOf('CHANGELOG.md'), text: 'Changelog' },
];
const rendered = sources.map((source) => {
  const guide = GUIDES.find((g) => g.source === source);
  const targets: LinkTargets = {
    repo,
    pages,
    isGalleryPage: (folder) => gallery.has(folder),
    apiPage: apiLookup(api, guide?.entryPoints ?? []),
  };
  return { source, guide, ...renderDocument(source, readFileSync(join(repo, source), 'utf8'), targets) };
});
const guideLinks: SiteLink[] = rendered.flatMap(({ source, guide, title }) => (guide === undefined ? [] : [{ path: pageOf(source), text: title }]));

const files = new Set<string>();
for (const { source, guide, title, html, files: linked } of rendered) {
  const page = pageOf(source);
  mkdirSync(dirname(join(out, page)), { recursive: true });
  writeFileSync(
    join(out, page),
    layoutPage({ page, title, html, header, guides: guideLinks, ...(guide !== undefined && { guideLinks: linksOf(guide, api) }) }),
  );
  for (const file of linked) files.add(file);
}
for (const file of files) {
  mkdirSync(dirname(join(out, file)), { recursive: true });
  copyFileSync(join(repo, file), join(out, file));
}
copyFileSync(join(repo, 'scripts/site/site.css'), join(out, SITE_CSS));
// Some hosts (GitHub Pages) otherwise run Jekyll, which drops files whose names start with "_".
writeFileSync(join(out, '.nojekyll'), '');

const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(`site: ${rendered.length} documents, ${gallery.size} gallery pages, ${api.size} API modules, ${files.size} files copied, into ${out} in ${seconds} s`);

/**
 * Markdown to HTML for the site, with markdown-it (the parser TypeDoc itself
 * uses, so a guide and an API page read the same markdown the same way).
 *
 * On top of markdown-it's rendering, a document's tokens are rewritten so
 * the page works wherever the site is served:
 *
 * - headings get GitHub's ids (github-slugger), so `loop.md#time-controls`
 *   lands where it lands on a forge;
 * - a relative link to a markdown document the site renders points at its
 *   page (`physics.md` → `physics.html`), a link to any other file in the
 *   repository (an image) has that file copied into the site, a link to an
 *   example's folder (`examples/paddle-duel/`) is its gallery page; a link to
 *   anything else fails the build, naming the document and the link;
 * - a link to the repository's own address (`https://github.com/…/blob/main/docs/loop.md`,
 *   as the README files npm packs link, see scripts/repository.ts) is read as
 *   that path from the repository's root, so it too points into the site;
 *   one to a file or folder the site does not have stays the address it was
 *   (a link to a path the repository does not have fails the build);
 * - an inline code span that is exactly an exported name (`createWorldEngine`,
 *   or `createWorldEngine(...)`) links to its API page.
 *
 * Every link it writes is relative, so the site can be served from any path.
 */
import { existsSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt, { type Token } from 'markdown-it';
import { repositoryPathOf } from '../repository.js';

/** What a document's links may point at, and where things are in the site. */
export interface LinkTargets {
  /** The repository's folder. */
  readonly repo: string;
  /** The site page of each markdown document the site renders, by repository path ('docs/loop.md' → 'docs/loop.html'). */
  readonly pages: ReadonlyMap<string, string>;
  /** Whether a repository folder ('examples/paddle-duel') is a page the gallery build emits. */
  readonly isGalleryPage: (folder: string) => boolean;
  /** The API page, site-relative, of a name as a code span reads it; undefined for a name that is not exported. */
  readonly apiPage: (name: string) => string | undefined;
}

/** A rendered document. */
export interface RenderedDocument {
  /** Its first heading's text. */
  readonly title: string;
  readonly html: string;
  /** Repository files it links or shows (images) that the site must copy, by repository path. */
  readonly files: ReadonlySet<string>;
}

/** A link target that leaves the site: a scheme (`https:`, `mailto:`) or a protocol-relative URL. */
const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** A code span that may name an export: an identifier, alone or called (`createLoop`, `createLoop({ ... })`). Only names the API reference has are linked. */
const NAME_IN_CODE = /^([A-Za-z_$][\w$]*)(\(.*\))?$/;

const markdown = new MarkdownIt({ html: true });

/** Renders one markdown document, its links rewritten for the site (see the module comment). */
export function renderDocument(source: string, text: string, targets: LinkTargets): RenderedDocument {
  const tokens = markdown.parse(text, {});
  const files = new Set<string>();
  const slugger = new GithubSlugger();
  let title: string | undefined;
  const page = targets.pages.get(source);
  if (page === undefined) throw new Error(`site: ${source} is not a page of the site`);

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'heading_open') {
      const text = plainText(tokens[i + 1]);
      token.attrSet('id', slugger.slug(text));
      if (token.tag === 'h1') title ??= text;
    }
    if (token.type === 'inline') rewriteInline(token.children ?? [], { source, page, targets, files });
  }
  if (title === undefined) throw new Error(`site: ${source} has no "# " heading to title its page`);
  return { title, html: markdown.renderer.render(tokens, markdown.options, {}), files };
}

/** A heading's text as GitHub slugs it: its text and code, without the markup. */
function plainText(inline: Token | undefined): string {
  return (inline?.children ?? []).map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join('');
}

interface Where {
  readonly source: string;
  readonly page: string;
  readonly targets: LinkTargets;
  readonly files: Set<string>;
}

/** Rewrites the links and images of one paragraph or heading, and links its code spans that name exports. */
function rewriteInline(children: Token[], where: Where): void {
  let inLink = 0;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.type === 'link_open') {
      inLink++;
      child.attrSet('href', siteHref(String(child.attrGet('href') ?? ''), where));
    } else if (child.type === 'link_close') {
      inLink--;
    } else if (child.type === 'image') {
      child.attrSet('src', siteHref(String(child.attrGet('src') ?? ''), where));
    } else if (child.type === 'code_inline' && inLink === 0) {
      const name = NAME_IN_CODE.exec(child.content)?.[1];
      const api = name === undefined ? undefined : where.targets.apiPage(name);
      if (api === undefined) continue;
      const open = new MarkdownIt.Token('link_open', 'a', 1);
      open.attrSet('href', relativeTo(where.page, api));
      open.attrSet('class', 'api');
      const close = new MarkdownIt.Token('link_close', 'a', -1);
      children.splice(i, 1, open, child, close);
      i += 2;
    }
  }
}

/** Where a document's link points in the site (see the module comment); throws for a target the site lacks. */
function siteHref(href: string, { source, page, targets, files }: Where): string {
  const inRepository = repositoryPathOf(href);
  if (inRepository === undefined && (href === '' || href.startsWith('#') || EXTERNAL.test(href))) return href;
  const [path = '', fragment] = inRepository === undefined ? href.split('#', 2) : [inRepository.path, inRepository.fragment];
  const suffix = fragment === undefined ? '' : `#${fragment}`;
  const target = posix.normalize(inRepository === undefined ? posix.join(posix.dirname(source), decodeURI(path)) : path);
  const targetPage = targets.pages.get(target);
  if (targetPage !== undefined) return relativeTo(page, targetPage) + suffix;

  const onDisk = join(targets.repo, target);
  const folder = target.replace(/\/$/, '');
  if (existsSync(onDisk) && statSync(onDisk).isDirectory() && targets.isGalleryPage(folder)) {
    return relativeTo(page, `${folder}/`) + suffix;
  }
  if (!target.endsWith('.md') && existsSync(onDisk) && statSync(onDisk).isFile()) {
    files.add(target);
    return relativeTo(page, target) + suffix;
  }
  if (inRepository !== undefined && existsSync(onDisk)) return href; // the repository has it, the site does not: the forge shows it
  throw new Error(`site: ${source} links "${href}", which the site does not have (no page, gallery page or file ${target})`);
}

/**
 * A site path as a link from a page: 'docs/api/classes/X.html' from
 * 'docs/loop.html' is 'api/classes/X.html'; a folder keeps its slash
 * ('examples/paddle-duel/' from 'index.html' is 'examples/paddle-duel/').
 */
export function relativeTo(fromPage: string, sitePath: string): string {
  const path = posix.relative(posix.dirname(fromPage), sitePath) || '.';
  return sitePath.endsWith('/') ? `${path}/` : path;
}

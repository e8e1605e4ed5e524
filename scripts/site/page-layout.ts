/**
 * The frame around a rendered document: a header (home, gallery, API,
 * changelog), the list of guides, and for a guide its "Try it" and API links
 * under its title. Every link is relative to the page, so the site works from
 * any base path.
 */
import { relativeTo } from './markdown.js';

/** A link the layout writes: its site path and its text. */
export interface SiteLink {
  readonly path: string;
  readonly text: string;
}

/** What a guide's page links to, besides its own text. */
export interface GuideLinks {
  /** Its gallery pages ("Try it"). */
  readonly tryIt: readonly SiteLink[];
  /** The API pages of the entry points it teaches. */
  readonly api: readonly SiteLink[];
}

/** One page to lay out. */
export interface PageContent {
  /** Its path in the site ('docs/loop.html'). */
  readonly page: string;
  readonly title: string;
  /** The rendered document. */
  readonly html: string;
  /** The site's header links (home, gallery, API, changelog). */
  readonly header: readonly SiteLink[];
  /** Every guide, in order. */
  readonly guides: readonly SiteLink[];
  /** For a guide: what it links to, shown under its title. */
  readonly guideLinks?: GuideLinks;
}

/** The stylesheet's path in the site. */
export const SITE_CSS = 'site.css';

/** The gallery's icon, inline (a page without one makes the browser ask for /favicon.ico, which a base path may not have). */
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='6' fill='%233ddc97'/%3E%3C/svg%3E";

/** Text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page's whole HTML. */
export function layoutPage(content: PageContent): string {
  const { page, title } = content;
  const link = ({ path, text }: SiteLink, current = false): string =>
    `<a href="${escapeHtml(relativeTo(page, path))}"${current ? ' aria-current="page"' : ''}>${text}</a>`;
  const header = content.header.map((l) => link(l, l.path === page)).join('\n      ');
  const guides = content.guides.map((g) => `<li>${link(g, g.path === page)}</li>`).join('\n          ');
  const html = content.guideLinks === undefined ? content.html : afterTitle(content.html, guideLinks(content.guideLinks, link));
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="${ICON}" />
    <title>${escapeHtml(title)} · tickflow</title>
    <link rel="stylesheet" href="${escapeHtml(relativeTo(page, SITE_CSS))}" />
  </head>
  <body>
    <header class="site-header">
      ${link({ path: 'index.html', text: 'tickflow' }).replace('<a ', '<a class="brand" ')}
      <nav>
      ${header}
      </nav>
    </header>
    <div class="site-body">
      <nav class="guides" aria-label="Guides">
        <h2>Guides</h2>
        <ul>
          ${guides}
        </ul>
      </nav>
      <main>
${html}
      </main>
    </div>
  </body>
</html>
`;
}

/** A guide's "Try it" and API links. */
function guideLinks({ tryIt, api }: GuideLinks, link: (l: SiteLink) => string): string {
  const lines: string[] = [];
  if (tryIt.length > 0) lines.push(`<p><strong>Try it:</strong> ${tryIt.map((l) => link(l)).join(', ')}, in the gallery.</p>`);
  lines.push(`<p><strong>API:</strong> ${api.map((l) => link(l)).join(', ')}.</p>`);
  return `<aside class="guide-links">\n${lines.join('\n')}\n</aside>\n`;
}

/** Inserts `block` after the document's first heading (its title). */
function afterTitle(html: string, block: string): string {
  const end = html.indexOf('</h1>');
  if (end < 0) return block + html;
  const at = end + '</h1>'.length + 1;
  return html.slice(0, at) + block + html.slice(at);
}

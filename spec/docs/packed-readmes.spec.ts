// Issue 30, "Docs that travel": "links from the starters and the README that work from the registry page
// (absolute links to the repository's docs or the built site), with a test that resolves every link in the packed
// README files." A README npm packs is read on the registry's page, where a relative link resolves against
// nothing of the repository: it must name a file the tarball holds, and a link to the repository's address must
// name a file (and a heading) the repository has. What each package packs is what `npm pack --dry-run` lists.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_URL, repositoryPathOf } from '../../scripts/repository.js';

const repo = resolve(import.meta.dirname, '../..');
const markdown = new MarkdownIt({ html: true });

/** The packages npm packs, by folder, with the files each tarball holds. */
const PACKAGES = ['.', 'packages/create-tickflow'].map((folder) => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: resolve(repo, folder), encoding: 'utf8' });
  const [{ name, files }] = JSON.parse(out.slice(out.indexOf('['))) as [{ name: string; files: { path: string }[] }];
  return { folder, name, files: files.map((file) => file.path) };
});

/** Every file git tracks: what "exists in the repository" means (not a build's output, not an ignored file). */
const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: repo, encoding: 'utf8' }).split('\n').filter(Boolean));

/** Whether `path` is a tracked file, or a folder holding one (`examples/paddle-duel/`). */
const inRepository = (path: string) => tracked.has(path) || [...tracked].some((file) => file.startsWith(`${path.replace(/\/$/, '')}/`));

/** A markdown document's links and images, as written, and its headings' ids as GitHub (and npm) slug them. */
function readMarkdown(text: string): { hrefs: string[]; ids: Set<string> } {
  const hrefs: string[] = [];
  const ids = new Set<string>();
  const slugger = new GithubSlugger();
  const tokens = markdown.parse(text, {});
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'heading_open') {
      const inline = tokens[i + 1]?.children ?? [];
      ids.add(slugger.slug(inline.map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join('')));
    }
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') hrefs.push(String(child.attrGet('href')));
      if (child.type === 'image') hrefs.push(String(child.attrGet('src')));
    }
  }
  return { hrefs, ids };
}

const headingsOf = (repositoryPath: string) => readMarkdown(readFileSync(resolve(repo, repositoryPath), 'utf8')).ids;

/** What is wrong with one link of a packed README (`at`, its path in the tarball), or undefined when it resolves. */
function problem(href: string, at: string, packed: { folder: string; files: readonly string[]; ids: Set<string> }): string | undefined {
  const linked = repositoryPathOf(href);
  if (linked !== undefined) {
    if (!inRepository(linked.path)) return `names ${linked.path}, which the repository does not have`;
    if (linked.fragment !== undefined && linked.path.endsWith('.md') && !headingsOf(linked.path).has(linked.fragment)) {
      return `names #${linked.fragment}, which ${linked.path} has no heading for`;
    }
    return undefined;
  }
  if (href.startsWith(`${REPOSITORY_URL}/`)) return `links the repository other than by blob/tree/main/ (${REPOSITORY_URL}/blob/main/<path>)`;
  if (/^https:\/\//.test(href)) return undefined; // another site: not fetched here (no network in the unit tests)
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return 'is neither https nor a path';
  const [path = '', fragment] = href.split('#', 2);
  if (path === '') return fragment !== undefined && packed.ids.has(fragment) ? undefined : `names #${fragment}, which this README has no heading for`;
  const target = posix.normalize(posix.join(posix.dirname(at), decodeURI(path))).replace(/\/$/, '');
  const holds = packed.files.includes(target) || packed.files.some((file) => file.startsWith(`${target}/`));
  return holds ? undefined : `names ${target}, which the tarball does not hold (on the registry's page a relative link resolves against nothing else)`;
}

describe.each(PACKAGES)('the README files $name packs', ({ folder, name, files }) => {
  const readmes = files.filter((file) => /(^|\/)README\.md$/i.test(file));

  it('include its README', () => {
    expect(readmes).toContain('README.md');
  });

  it.each(readmes)('%s: every link resolves from the registry\'s page (a file in the tarball, or the repository\'s file and heading)', (readme) => {
    const { hrefs, ids } = readMarkdown(readFileSync(resolve(repo, folder, readme), 'utf8'));
    const broken = hrefs.flatMap((href) => {
      const wrong = problem(href, readme, { folder, files, ids });
      return wrong === undefined ? [] : [`${name}/${readme}: ${href} ${wrong}`];
    });
    expect(broken).toEqual([]);
  });
});

describe('package.json', () => {
  it.each(PACKAGES)('$name names the repository, a homepage and where to report bugs', ({ folder }) => {
    const pkg = JSON.parse(readFileSync(resolve(repo, folder, 'package.json'), 'utf8')) as {
      repository: { type: string; url: string; directory?: string };
      homepage: string;
      bugs: { url: string };
    };
    expect(pkg.repository).toMatchObject({ type: 'git', url: `git+${REPOSITORY_URL}.git` });
    if (folder !== '.') expect(pkg.repository.directory).toBe(folder);
    expect(pkg.homepage.startsWith(REPOSITORY_URL)).toBe(true);
    expect(pkg.bugs.url).toBe(`${REPOSITORY_URL}/issues`);
  });
});

describe('checking a link', () => {
  const packed = { folder: '.', files: ['README.md', 'LICENSE', 'dist/src/index.js'], ids: new Set(['use-it']) };
  it('refuses a relative link to what the tarball does not hold, a repository path that is not there, a missing heading', () => {
    expect(problem('docs/loop.md', 'README.md', packed)).toMatch(/^names docs\/loop\.md, which the tarball does not hold/);
    expect(problem('LICENSE', 'README.md', packed)).toBeUndefined();
    expect(problem('dist/', 'README.md', packed)).toBeUndefined();
    expect(problem('#use-it', 'README.md', packed)).toBeUndefined();
    expect(problem('#nope', 'README.md', packed)).toBe('names #nope, which this README has no heading for');
    expect(problem(`${REPOSITORY_URL}/blob/main/docs/loop.md`, 'README.md', packed)).toBeUndefined();
    expect(problem(`${REPOSITORY_URL}/blob/main/docs/nope.md`, 'README.md', packed)).toBe('names docs/nope.md, which the repository does not have');
    expect(problem(`${REPOSITORY_URL}/blob/main/docs/loop.md#nope`, 'README.md', packed)).toBe('names #nope, which docs/loop.md has no heading for');
    expect(problem(`${REPOSITORY_URL}/tree/main/examples/paddle-duel/`, 'README.md', packed)).toBeUndefined();
    expect(problem(`${REPOSITORY_URL}/blob/master/README.md`, 'README.md', packed)).toMatch(/^links the repository other than by/);
  });
});

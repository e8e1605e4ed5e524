// Issue 21, item 2, "The README, true and helpful": "Every entry point
// listed; the five presets in a 'which one fits your game?' table (what each
// is for, its seed design in one line, its backend, its guide, its gallery
// page); the gallery list complete; install lines per backend ... The version
// becomes 0.2.0 with a CHANGELOG entry ... Types resolve under
// moduleResolution bundler, node16 and node (a typesVersions fallback)."
// What a newcomer found missing is checked here against its sources of
// truth: package.json and examples/catalog.ts.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { examples } from '../../examples/catalog.js';
import { repositoryLink, repositoryPathOf } from '../../scripts/repository.js';

const repo = resolve(import.meta.dirname, '../..');
const readme = readFileSync(resolve(repo, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(resolve(repo, 'package.json'), 'utf8')) as {
  version: string;
  types: string;
  exports: Record<string, string | { types: string; import: string }>;
  typesVersions: { '*': Record<string, string[]> };
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

/** The entry points package.json exports, as a user imports them, with their declaration files. */
const entryPoints = Object.entries(pkg.exports).flatMap(([subpath, target]) =>
  typeof target === 'string' ? [] : [{ subpath, specifier: subpath === '.' ? 'tickflow' : `tickflow/${subpath.slice(2)}`, types: target.types }],
);

/** A README section's text, from its `## ` heading to the next. */
function section(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README.md has no "## ${heading}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The repository paths a text links, in order: its links to the repository's address, as paths (`docs/loop.md`). */
function linkedPaths(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, href]) => {
    const linked = repositoryPathOf(href!);
    return linked === undefined ? [] : [linked.path];
  });
}

/** The rows of the first markdown table in a text, as cells. */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its rule
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
}

describe('the README', () => {
  it("lists every entry point package.json exports in its package table (it left out 'tickflow/page')", () => {
    const listed = tableRows(section('The package')).flatMap(([cell = '']) => [...cell.matchAll(/`(tickflow[^`]*)`/g)].map((m) => m[1]));
    expect(listed.sort()).toEqual(entryPoints.map((e) => e.specifier).sort());
  });

  it('puts the five presets in a "which one fits your game?" table, each with its entry point, design, backend, guide and gallery page', () => {
    const rows = tableRows(section('Which one fits your game?'));
    expect(rows.map(([preset = '']) => /`(tickflow\/\w+)`/.exec(preset)?.[1])).toEqual([
      'tickflow/world',
      'tickflow/state',
      'tickflow/systems',
      'tickflow/runtime',
      'tickflow/page',
    ]);
    const hrefs = new Set(examples.map((example) => example.href));
    for (const [preset, purpose, design, backend, guide = '', gallery = ''] of rows) {
      expect([preset, purpose, design, backend].every((cell) => cell !== undefined && cell.length > 0), preset).toBe(true);
      const guideFile = linkedPaths(guide).find((path) => /^docs\/[\w-]+\.md$/.test(path));
      expect(guideFile !== undefined && existsSync(resolve(repo, guideFile)), `${preset}: guide ${guide}`).toBe(true);
      const pages = linkedPaths(gallery).flatMap((path) => /^examples\/([\w-]+\/)$/.exec(path)?.[1] ?? []);
      expect(pages.length, `${preset}: gallery ${gallery}`).toBeGreaterThan(0);
      for (const page of pages) expect(hrefs, `${preset}: ${page}`).toContain(page);
    }
  });

  it('lists every example of the gallery (examples/catalog.ts), linked to its page, in the catalog order (it left out Physics Playground)', () => {
    const gallery = section('The examples gallery');
    const positions = examples.map((example) => {
      const link = `[${example.title}](${repositoryLink(`examples/${example.href}`)})`;
      expect(gallery, example.title).toContain(link);
      return gallery.indexOf(link);
    });
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('gives an install line for every optional peer, and @types/three beside three', () => {
    const install = section('Use it');
    for (const [name, meta] of Object.entries(pkg.peerDependenciesMeta)) {
      if (meta.optional === true) expect(install, name).toMatch(new RegExp(`npm i [^\\n]*${name.replace(/[.]/g, '\\.')}`));
    }
    expect(install).toMatch(/npm i three[^\n]*@types\/three/);
    expect(install).toContain('npm i tickflow rxjs');
  });

  it('says how long `npm test` takes, and on what machine', () => {
    expect(section('Try it')).toMatch(/npm test[\s\S]*\d+ (s|min)[\s\S]*2 cores/);
  });
});

describe('package.json', () => {
  it('maps every subpath in typesVersions to the declaration file its exports name (the fallback for moduleResolution node)', () => {
    const subpaths = entryPoints.filter((e) => e.subpath !== '.');
    expect(Object.fromEntries(Object.entries(pkg.typesVersions['*']))).toEqual(
      Object.fromEntries(subpaths.map((e) => [e.subpath.slice(2), [e.types]])),
    );
    expect(pkg.types).toBe(entryPoints.find((e) => e.subpath === '.')?.types);
  });

  it('has the version of the newest release in CHANGELOG.md', () => {
    const changelog = readFileSync(resolve(repo, 'CHANGELOG.md'), 'utf8');
    const newest = /^## \[(\d+\.\d+\.\d+)\]/m.exec(changelog)?.[1];
    expect(pkg.version).toBe('0.2.0');
    expect(newest).toBe(pkg.version);
    const lock = JSON.parse(readFileSync(resolve(repo, 'package-lock.json'), 'utf8')) as { version: string; packages: Record<string, { version?: string }> };
    expect([lock.version, lock.packages['']?.version]).toEqual([pkg.version, pkg.version]);
  });
});

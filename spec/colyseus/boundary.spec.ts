// Issue 28, item 3: "One package boundary": tickflow/colyseus is its own
// entry point, Colyseus is an optional peer, and nothing of the adapter is
// imported by the rest of tickflow. Read from the sources' import lines.
import { readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const src = resolve(repo, 'src');
const adapter = resolve(src, 'colyseus');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = resolve(dir, entry.name);
    return entry.isDirectory() ? sources(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
}

describe('tickflow/colyseus: one package boundary', () => {
  it('no source outside src/colyseus imports it', () => {
    const offenders = sources(src)
      .filter((file) => !file.startsWith(adapter))
      .flatMap((file) => importsOf(file).filter((spec) => spec === 'tickflow/colyseus' || (spec.startsWith('.') && resolve(file, '..', spec).startsWith(adapter))).map((spec) => `${relative(repo, file)} -> ${spec}`));
    expect(offenders).toEqual([]);
  });

  it('imports nothing of Colyseus itself (the game brings it), only rxjs and tickflow\'s own files', () => {
    const outside = sources(adapter).flatMap((file) => importsOf(file).filter((spec) => !spec.startsWith('.') && spec !== 'rxjs'));
    expect(outside).toEqual([]);
  });

  it('is an entry point, with Colyseus 0.16 as optional peer dependencies', () => {
    const pkg = JSON.parse(readFileSync(resolve(repo, 'package.json'), 'utf8'));
    expect(pkg.exports['./colyseus']).toEqual({ types: './dist/src/colyseus/index.d.ts', import: './dist/src/colyseus/index.js' });
    expect(pkg.typesVersions['*'].colyseus).toEqual(['./dist/src/colyseus/index.d.ts']);
    for (const peer of ['@colyseus/core', 'colyseus.js']) {
      expect(pkg.peerDependencies[peer]).toBe('~0.16.0');
      expect(pkg.peerDependenciesMeta[peer]).toEqual({ optional: true });
    }
  });
});

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { UsageError } from './usage-error.js';

/**
 * A tickflow to install from this machine instead of the registry
 * (`--tickflow <path>`): a tarball `npm pack` made, or the folder of a
 * tickflow checkout that was built (`npm run build`), which is packed here.
 * Before tickflow is on the registry, this is how a starter gets it.
 */
export type LocalTickflow = { readonly kind: 'tarball'; readonly path: string } | { readonly kind: 'folder'; readonly path: string };

/**
 * Checks `--tickflow`'s path, before anything is written: a `.tgz` file, or
 * a folder holding tickflow's package.json and its build (`dist/`).
 *
 * @param source As given on the command line; relative to the current folder.
 * @throws {UsageError} naming the path and the rule it breaks.
 */
export function checkLocalTickflow(source: string): LocalTickflow {
  const path = resolve(source);
  const rule = 'a tarball of tickflow (npm pack makes one) or the folder of a tickflow checkout, built (npm run build)';
  if (!existsSync(path)) throw new UsageError(`create-tickflow: --tickflow ${source}: no such file or folder; expected ${rule}`);
  if (statSync(path).isFile()) {
    if (!/\.(tgz|tar\.gz)$/.test(path)) throw new UsageError(`create-tickflow: --tickflow ${source} is a file but not a .tgz; expected ${rule}`);
    return { kind: 'tarball', path };
  }
  const manifest = join(path, 'package.json');
  const name = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name : undefined;
  if (name !== 'tickflow') throw new UsageError(`create-tickflow: --tickflow ${source} is not tickflow's folder (its package.json names ${JSON.stringify(name ?? null)}); expected ${rule}`);
  if (!existsSync(join(path, 'dist'))) throw new UsageError(`create-tickflow: --tickflow ${source} is not built (no dist/): run npm run build in it first`);
  return { kind: 'folder', path };
}

/**
 * Puts the tarball in the app's folder (copied, or packed there from the
 * checkout) and returns the dependency the app's package.json names:
 * `file:./tickflow-<version>.tgz`, so the app installs it wherever it moves.
 *
 * @throws {Error} when `npm pack` fails in the checkout (its output included).
 */
export function bringLocalTickflow(local: LocalTickflow, appFolder: string): string {
  if (local.kind === 'tarball') {
    copyFileSync(local.path, join(appFolder, basename(local.path)));
    return `file:./${basename(local.path)}`;
  }
  // On Windows npm is npm.cmd, which only a shell runs.
  const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', appFolder], { cwd: local.path, encoding: 'utf8', shell: process.platform === 'win32' });
  if (packed.status !== 0) throw new Error(`create-tickflow: npm pack in ${local.path} failed:\n${packed.stdout}${packed.stderr}`);
  const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [{ filename: string }];
  return `file:./${basename(filename)}`;
}

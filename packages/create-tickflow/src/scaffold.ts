import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bringLocalTickflow, checkLocalTickflow } from './local-tickflow.js';
import { BASE_DEPENDENCIES, BASE_DEV_DEPENDENCIES, TEMPLATES, type TemplateName } from './templates.js';
import { UsageError } from './usage-error.js';
import { VERSIONS, type PackageName } from './versions.js';

/** Where the template folders are: beside `src/` and `dist/` in the package. */
export const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));

/** Files written under these names in the templates, renamed in the app (npm leaves a `.gitignore` out of a package). */
const RENAMED: Readonly<Record<string, string>> = { _gitignore: '.gitignore' };

/** What {@link scaffold} wrote. */
export interface Scaffolded {
  /** The app's folder, absolute. */
  readonly folder: string;
  /** The app's package name (from the folder's name). */
  readonly name: string;
  /** Every file written, relative to the folder, sorted. */
  readonly files: readonly string[];
  /** The tickflow the app's package.json names: a version from the registry, or `file:./tickflow-<version>.tgz`. */
  readonly tickflow: string;
}

/** Options of {@link scaffold}. */
export interface ScaffoldOptions {
  /** A local tickflow (`--tickflow`): a tarball, or a built checkout's folder; the registry's by default. */
  readonly tickflow?: string;
  /** Where the template folders are; {@link TEMPLATES_DIR} by default. */
  readonly templatesDir?: string;
}

/**
 * Writes a new app into `folder` from `template`: the template's layers
 * copied in order, `{{name}}` replaced by the app's name in every file, and a
 * package.json pinning the versions tickflow is tested with. With a local
 * tickflow, its tarball goes into the folder and the package.json names it.
 *
 * @throws {UsageError} when `folder` is a file, or a folder that is not
 *   empty, or the local tickflow is not one (nothing is written then).
 */
export function scaffold(folder: string, template: TemplateName, options: ScaffoldOptions = {}): Scaffolded {
  const { templatesDir = TEMPLATES_DIR } = options;
  const local = options.tickflow === undefined ? undefined : checkLocalTickflow(options.tickflow);
  const target = resolve(folder);
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new UsageError(`create-tickflow: ${folder} is a file, not a folder: name a new or empty folder`);
    const entries = readdirSync(target);
    if (entries.length > 0) {
      throw new UsageError(
        `create-tickflow: the folder ${folder} is not empty (${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}, such as ${entries[0]}): name a new or empty folder, so nothing of yours is overwritten`,
      );
    }
  }
  mkdirSync(target, { recursive: true });
  const name = packageName(basename(target));
  for (const layer of TEMPLATES[template].layers) cpSync(join(templatesDir, layer), target, { recursive: true });
  const files = listFiles(target);
  for (const file of files) {
    const path = join(target, file);
    const renamed = RENAMED[basename(file)];
    const text = readFileSync(path, 'utf8');
    if (text.includes('{{name}}')) writeFileSync(path, text.replaceAll('{{name}}', name));
    if (renamed !== undefined) renameSync(path, join(path, '..', renamed));
  }
  const tickflow = local === undefined ? VERSIONS.tickflow : bringLocalTickflow(local, target);
  writeFileSync(join(target, 'package.json'), `${JSON.stringify(packageJson(name, template, tickflow), null, 2)}\n`);
  return { folder: target, name, files: listFiles(target), tickflow };
}

/**
 * The app's package.json: scripts for play, build and test, and exact
 * versions; tickflow's is `tickflow` (a version, or a local tarball's
 * `file:` path).
 */
export function packageJson(name: string, template: TemplateName, tickflow: string = VERSIONS.tickflow) {
  const { dependencies, devDependencies } = TEMPLATES[template];
  const pinned = (names: readonly PackageName[]) =>
    Object.fromEntries([...names].sort().map((n) => [n, n === 'tickflow' ? tickflow : VERSIONS[n]]));
  return {
    name,
    private: true,
    version: '0.0.0',
    type: 'module',
    scripts: { dev: 'vite', build: 'tsc && vite build', preview: 'vite preview', test: 'vitest run' },
    dependencies: pinned([...BASE_DEPENDENCIES, ...dependencies]),
    devDependencies: pinned([...BASE_DEV_DEPENDENCIES, ...devDependencies]),
  };
}

/** A folder's name as an npm package name: lower case, only letters, digits, '-', '.' and '_', not starting with '.' or '_'. */
export function packageName(folderName: string): string {
  const name = folderName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '')
    .replace(/-+$/, '');
  return name === '' ? 'tickflow-game' : name;
}

/** Every file under `folder`, relative to it, sorted. */
function listFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(folder, path)).isFile())
    .sort();
}

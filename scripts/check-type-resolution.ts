/**
 * `npm run test:types`: every entry point's types resolve for a TypeScript
 * user, whichever `moduleResolution` their project uses.
 *
 * Run after `npm run build`. It packs the package as npm would publish it
 * (`npm pack`), unpacks the tarball into a fresh consumer project in a temp
 * folder (`node_modules/tickflow`; the optional peers and their types are
 * linked from this repository's node_modules, so no network is needed), and
 * writes one file per entry point that imports every name that entry point
 * exports:
 *
 * ```ts
 * import type { createWorldEngine, Actor, ... } from 'tickflow/world';
 * ```
 *
 * It then type-checks that project with strict `tsc` and `skipLibCheck: false`
 * (so an import inside tickflow's own `.d.ts` files that does not resolve fails
 * too) three times:
 *
 * | moduleResolution | module   | reads                                      |
 * |------------------|----------|--------------------------------------------|
 * | `bundler`        | `esnext` | package.json `exports`                     |
 * | `node16`         | `node16` | `exports`, from an ESM project             |
 * | `node` (node10)  | `esnext` | `types` and the `typesVersions` fallback   |
 *
 * An entry point missing from `typesVersions`, one mapped to the wrong file,
 * or a name that does not reach the user fails the run with tsc's own message.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = fileURLToPath(new URL('../', import.meta.url));

/** The peers (and their types) tickflow's `.d.ts` files import, linked into the consumer from this repository. */
const LINKED_PACKAGES = ['rxjs', 'three', '@types/three', 'pixi.js', '@dimforge/rapier3d-compat', '@dimforge/rapier2d-compat'];

/** The resolutions a user's tsconfig may choose, each with the `module` it requires. */
const RESOLUTIONS = [
  { moduleResolution: 'bundler', module: 'esnext' },
  { moduleResolution: 'node16', module: 'node16' },
  { moduleResolution: 'node', module: 'esnext' },
] as const;

interface PackageJson {
  readonly exports: Record<string, string | { readonly types?: string }>;
}

/** One importable entry point: its specifier ('tickflow/world') and its declaration file in the package. */
interface EntryPoint {
  readonly specifier: string;
  readonly typesFile: string;
}

/** The entry points package.json `exports` declares with types ('./package.json' has none). */
function entryPoints(pkg: PackageJson): EntryPoint[] {
  return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
    if (typeof target === 'string' || target.types === undefined) return [];
    return [{ specifier: subpath === '.' ? 'tickflow' : `tickflow/${subpath.slice(2)}`, typesFile: target.types }];
  });
}

/** The names a declaration file exports, read by TypeScript itself. */
function exportedNames(dtsFile: string): string[] {
  const program = ts.createProgram([dtsFile], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(dtsFile);
  const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`check-type-resolution: ${dtsFile} is not a module`);
  return checker.getExportsOfModule(module).map((symbol) => symbol.name);
}

/** Packs the repository and unpacks the tarball as `<consumer>/node_modules/tickflow`. */
function installPacked(work: string, consumer: string): void {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: repo, encoding: 'utf8' }),
  ) as { filename: string }[];
  if (packed === undefined) throw new Error('check-type-resolution: npm pack made no tarball');
  const target = join(consumer, 'node_modules', 'tickflow');
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', target, '--strip-components=1']);
  for (const name of LINKED_PACKAGES) {
    const link = join(consumer, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(resolve(repo, 'node_modules', name), link, 'dir');
  }
}

const work = mkdtempSync(join(tmpdir(), 'tickflow-types-'));
try {
  const consumer = join(work, 'consumer');
  installPacked(work, consumer);
  const installed = join(consumer, 'node_modules', 'tickflow');
  /** A file of the consumer or of the installed tickflow (the linked peers resolve to this repository's node_modules). */
  const isOurs = (file: string): boolean => file.startsWith(installed) || !file.includes('/node_modules/');
  const entries = entryPoints(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as PackageJson);

  // An ESM project, as a Vite app is: under node16 a CommonJS one could not import an ESM-only package.
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const files: string[] = [];
  let nameCount = 0;
  for (const entry of entries) {
    const names = exportedNames(join(installed, entry.typesFile));
    if (names.length === 0) throw new Error(`check-type-resolution: ${entry.specifier} exports nothing`);
    nameCount += names.length;
    const file = `${entry.specifier.replace(/\W+/g, '-')}.ts`;
    writeFileSync(join(consumer, file), `import type { ${names.join(', ')} } from '${entry.specifier}';\nexport type {};\n`);
    files.push(file);
  }

  const formatHost: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => consumer,
    getNewLine: () => '\n',
  };
  let failed = false;
  for (const { moduleResolution, module } of RESOLUTIONS) {
    const { options, errors } = ts.convertCompilerOptionsFromJson(
      {
        target: 'es2022',
        lib: ['es2023', 'dom', 'dom.iterable'],
        module,
        moduleResolution,
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        types: [],
      },
      consumer,
    );
    if (errors.length > 0) throw new Error(ts.formatDiagnostics(errors, formatHost));
    const program = ts.createProgram(
      files.map((file) => join(consumer, file)),
      options,
    );
    // The peers' own declarations are theirs: pixi.js's, for one, do not pass
    // node16 with skipLibCheck off. What must pass is the user's files and tickflow's.
    const diagnostics = ts.getPreEmitDiagnostics(program);
    const ours = diagnostics.filter((d) => d.file === undefined || isOurs(d.file.fileName));
    const theirs = diagnostics.length - ours.length;
    const peers = theirs === 0 ? '' : ` (${theirs} in the peers' own declarations, not tickflow's, left out)`;
    if (ours.length === 0) {
      console.log(`moduleResolution ${moduleResolution}: ${entries.length} entry points, ${nameCount} names: ok${peers}`);
    } else {
      failed = true;
      console.error(`moduleResolution ${moduleResolution}: FAILED${peers}\n${ts.formatDiagnostics(ours, formatHost)}`);
    }
  }
  if (failed) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

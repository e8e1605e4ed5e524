// Every create-tickflow template, scaffolded and type-checked against
// tickflow's sources, with no network: issue 21, "writes a Vite + TypeScript
// app with a small playable scene ..., its index.html, a vitest +
// rxjs-marbles marble test of its own loop ..., and README lines (how to run,
// how to test)". The full check (packed tarballs, npm install, tsc, the
// app's tests, vite build, Chromium) is `npm run test:starters`, in CI.
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { scaffold } from '../../packages/create-tickflow/src/scaffold.js';
import { TEMPLATES, TEMPLATE_NAMES } from '../../packages/create-tickflow/src/templates.js';

const repo = resolve(import.meta.dirname, '../..');
// Inside the repository, so that 'rxjs', 'three', 'vitest' ... resolve to its node_modules.
const scratch = resolve(repo, 'node_modules/.create-tickflow-templates');
rmSync(scratch, { recursive: true, force: true }); // what a stopped run left
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** tickflow's entry points, mapped to its sources, as tsconfig.json does for the repository. */
const rootPaths = (JSON.parse(readFileSync(resolve(repo, 'tsconfig.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } })
  .compilerOptions.paths;

/** The packages a file imports by bare name. */
function importedPackages(code: string): string[] {
  return [...code.matchAll(/^import [^'"]*['"]([^'"./][^'"]*)['"]/gm)].map(([, specifier]) => {
    const parts = specifier!.split('/');
    return specifier!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  });
}

/**
 * The apps' type errors under their own tsconfig (the same for every
 * template), with tickflow resolved to the sources, by app folder. One
 * program for all of them, so tickflow's sources are read once; errors inside
 * tickflow's sources are not the apps'.
 */
function typeErrors(folders: readonly string[]): Map<string, string[]> {
  const configs = folders.map((folder) => ts.getParsedCommandLineOfConfigFile(join(folder, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!);
  const paths = Object.fromEntries(Object.entries(rootPaths).map(([name, [path]]) => [name, [resolve(repo, path!)]]));
  const program = ts.createProgram(configs.flatMap((c) => c.fileNames), { ...configs[0]!.options, paths, skipLibCheck: true });
  return new Map(
    folders.map((folder, i) => [
      folder,
      configs[i]!.fileNames.flatMap((file) => {
        const source = program.getSourceFile(file)!;
        return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => {
          const { line } = source.getLineAndCharacterOfPosition(d.start ?? 0);
          return `${file.slice(folder.length + 1)}:${line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
        });
      }),
    ]),
  );
}

const apps = new Map(TEMPLATE_NAMES.map((template) => [template, scaffold(join(scratch, template), template)]));
const errors = typeErrors([...apps.values()].map((app) => app.folder));

describe.each(TEMPLATE_NAMES)('the %s template', (template) => {
  const app = apps.get(template)!;
  const read = (file: string) => readFileSync(join(app.folder, file), 'utf8');
  const pkg = JSON.parse(read('package.json')) as { name: string; scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };

  it('is a Vite + TypeScript app: index.html loading src/main.ts, a strict tsconfig, a .gitignore, scripts to play, test and build', () => {
    expect(app.files).toEqual(expect.arrayContaining(['.gitignore', 'README.md', 'index.html', 'package.json', 'src/main.ts', 'tsconfig.json']));
    expect(read('index.html')).toContain('<script type="module" src="/src/main.ts"></script>');
    expect(ts.parseConfigFileTextToJson('tsconfig.json', read('tsconfig.json')).config.compilerOptions.strict).toBe(true);
    expect(pkg.scripts).toEqual({ dev: 'vite', build: 'tsc && vite build', preview: 'vite preview', test: 'vitest run' });
    expect(app.files.join('\n')).not.toContain('{{name}}');
    for (const file of app.files) expect(read(file), file).not.toContain('{{name}}');
  });

  it('has a test of its own loop: a marble test, or a headless advance() test for the page engine', () => {
    const specs = app.files.filter((f) => f.endsWith('.spec.ts'));
    expect(specs.length).toBeGreaterThan(0);
    const code = specs.map(read).join('\n');
    expect(code).toMatch(template === 'page' ? /\.advance\(/ : /marbles\(\(m\) =>/);
  });

  it('has README lines saying how to play it and how to test it', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm run dev');
    expect(readme).toContain('npm test');
  });

  it('depends on every package its files import, and on @types/three beside three', () => {
    const declared = { ...pkg.dependencies, ...pkg.devDependencies };
    const imported = app.files.filter((f) => f.endsWith('.ts')).flatMap((f) => importedPackages(read(f)));
    for (const name of imported) expect(declared[name], `it imports ${name}`).toBeDefined();
    if (declared.three !== undefined) expect(declared['@types/three']).toBeDefined();
    expect(Object.keys(declared).sort()).toEqual(
      [...new Set(['tickflow', 'rxjs', 'typescript', 'vite', 'vitest', ...TEMPLATES[template].dependencies, ...TEMPLATES[template].devDependencies])].sort(),
    );
  });

  it('type-checks under its own strict tsconfig against the current sources', () => {
    expect(errors.get(app.folder)).toEqual([]);
  });
});

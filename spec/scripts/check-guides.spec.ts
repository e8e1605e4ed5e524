// The marks the fresh-app guide check (scripts/check-guides.ts, `npm run
// test:guides`) reads, checked without the network: issue 21, "Every guide's
// first example runs as pasted, HTML included ... Each guide says what to
// install". The full check (npm pack, install, tsc, vite build, Chromium)
// runs in CI after the build; this keeps the marks right in `npm test`.
import { describe, expect, it } from 'vitest';
import { GUIDES, guideExample, installedPackages, markedBlocks } from '../../scripts/check-guides.js';
import { repoVersions } from '../../scripts/fresh-app.js';

/** The packages a module imports by bare name (`three`, `tickflow` for `tickflow/state`, `@scope/name`). */
function importedPackages(code: string): Set<string> {
  const names = new Set<string>();
  for (const [, specifier] of code.matchAll(/^import [^'"]*['"]([^'"]+)['"]/gm)) {
    if (specifier!.startsWith('.')) continue;
    const parts = specifier!.split('/');
    names.add(specifier!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!);
  }
  return names;
}

describe.each(GUIDES)('$file: its first example, as a newcomer copies it', (guide) => {
  const example = guideExample(guide);
  const installed = [...example.install.dependencies, ...example.install.devDependencies];

  it('has marked blocks: the install lines, the code (its first ```ts block), and a page unless it is tests only', () => {
    expect(installed).toContain('tickflow');
    expect(Object.keys(example.files).some((path) => path.startsWith('src/'))).toBe(true);
    if (guide.browser !== 'none') expect(example.files['index.html']).toContain('<script type="module" src="/src/main.ts"></script>');
  });

  it('has a page a phone lays out at its own width (a viewport meta) and that asks for no missing /favicon.ico (an icon named)', () => {
    if (guide.browser === 'none') return;
    expect(example.files['index.html']).toContain('<meta name="viewport" content="width=device-width, initial-scale=1.0" />');
    expect(example.files['index.html']).toMatch(/<link rel="icon" href="[^"]+" \/>/);
  });

  it('a headless example\'s page is not blank: it shows what the example prints (a phone has no console)', () => {
    if (guide.browser !== 'prints') return;
    expect(example.files['index.html']).toContain('<pre id="printed"></pre>');
    expect(example.files['index.html']).toContain("printed.textContent += `${values.join(' ')}\\n`;");
  });

  it('installs every package its code imports', () => {
    const imported = Object.values(example.files).flatMap((code) => [...importedPackages(code)]);
    for (const name of imported) expect(installed, `it imports ${name}`).toContain(name);
  });

  it('installs @types/three beside three: tickflow\'s own .d.ts files import three\'s types', () => {
    if (installed.includes('three')) expect(example.install.devDependencies).toContain('@types/three');
  });

  it('installs only packages this repository pins (so the check installs what CI tests)', () => {
    const versions = repoVersions();
    for (const name of installed) if (name !== 'tickflow') expect(versions[name], name).toBeDefined();
  });
});

describe('reading the marks', () => {
  it('an install block is "npm i" lines; -D makes development dependencies; # starts a comment', () => {
    expect(installedPackages('npm i tickflow rxjs   # the core\nnpm install -D @types/three\n')).toEqual({
      dependencies: ['tickflow', 'rxjs'],
      devDependencies: ['@types/three'],
    });
    expect(() => installedPackages('yarn add tickflow')).toThrow('an install block holds only "npm i ..." lines, got "yarn add tickflow"');
  });

  it('a mark may stand above another marker comment, and names where its block goes', () => {
    const blocks = markedBlocks('text\n\n<!-- fresh-app: src/a.ts -->\n<!-- runs -->\n```ts\nconst a = 1;\n```\n');
    expect(blocks).toEqual([{ target: 'src/a.ts', lang: 'ts', code: 'const a = 1;\n', line: 5 }]);
  });

  it('refuses a guide whose first ```ts block is not the marked example', () => {
    const markdown = [
      '```ts\nconsole.log(1);\n```',
      '<!-- fresh-app: install -->\n```sh\nnpm i tickflow\n```',
      '<!-- fresh-app: index.html -->\n```html\n<p></p>\n```',
      '<!-- fresh-app: src/main.ts -->\n```ts\nconsole.log(2);\n```',
    ].join('\n\n');
    expect(() => guideExample({ name: 'x', file: 'x.md', browser: 'moves' }, markdown)).toThrow(
      'x.md: its first ```ts block must be marked <!-- fresh-app: src/... --> (it is the first example)',
    );
  });

  it('refuses a page with no index.html, and a headless example that says nothing of what it prints', () => {
    const markdown = '<!-- fresh-app: install -->\n```sh\nnpm i tickflow\n```\n\n<!-- fresh-app: src/main.ts -->\n```ts\nconsole.log(2);\n```\n';
    expect(() => guideExample({ name: 'x', file: 'x.md', browser: 'moves' }, markdown)).toThrow('x.md: a page needs its <!-- fresh-app: index.html --> ```html block');
    const page = markdown + '\n<!-- fresh-app: index.html -->\n```html\n<p></p>\n```\n';
    expect(() => guideExample({ name: 'x', file: 'x.md', browser: 'prints' }, page)).toThrow('x.md: a headless example says what it prints in // → comments');
  });
});

// create-tickflow's command line (issue 21, "A starter per preset"): "It must
// take a target directory, refuse a non-empty one with a clear message, and
// refuse an unknown template naming the six."
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCreateArgs } from '../../packages/create-tickflow/src/args.js';
import { main, type Output } from '../../packages/create-tickflow/src/main.js';
import { packageName } from '../../packages/create-tickflow/src/scaffold.js';
import { TEMPLATE_NAMES } from '../../packages/create-tickflow/src/templates.js';

const SIX = 'loop, world, state, systems, runtime, page';

/** Runs the CLI with `argv`, collecting what it prints. */
function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const output: Output = { out: (text) => void (out += text), err: (text) => void (err += text) };
  const code = main(argv, output);
  return { code, out, err };
}

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'create-tickflow-'));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

describe('create-tickflow <folder> --template <name>', () => {
  it('knows exactly the six templates, one per preset', () => {
    expect(TEMPLATE_NAMES.join(', ')).toBe(SIX);
  });

  it('--help (or -h) prints the usage and every template with what it is, and exits 0', () => {
    for (const flag of ['--help', '-h']) {
      const { code, out, err } = run(flag);
      expect(code).toBe(0);
      expect(err).toBe('');
      expect(out).toContain('Usage: npm create tickflow@latest <folder> -- --template <name>');
      for (const name of TEMPLATE_NAMES) expect(out).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    }
    expect(run('my-game', '--template', 'nope', '--help').code).toBe(0); // help wins over anything else
  });

  it('refuses an unknown template, naming the value and the six', () => {
    const { code, out, err } = run(join(scratch, 'game'), '--template', 'platformer');
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(`create-tickflow: unknown --template 'platformer': expected one of ${SIX}\n`);
    expect(existsSync(join(scratch, 'game'))).toBe(false);
  });

  it('refuses a missing template, a missing folder, two folders and an unknown option, each saying what to do', () => {
    expect(() => parseCreateArgs(['my-game'])).toThrow(`create-tickflow: --template is required: one of ${SIX} (as in: npm create tickflow@latest my-game -- --template world)`);
    expect(() => parseCreateArgs(['--template', 'loop'])).toThrow('create-tickflow: name the folder to create, as in: npm create tickflow@latest my-game -- --template world');
    expect(() => parseCreateArgs(['a', 'b', '-t', 'loop'])).toThrow('create-tickflow: one folder at a time, got 2: a b');
    expect(() => parseCreateArgs(['a', '--tempalte', 'loop'])).toThrow(/^create-tickflow: Unknown option '--tempalte'.*Run create-tickflow --help for the options\.$/);
    expect(parseCreateArgs(['a', '-t', 'page'])).toEqual({ kind: 'create', folder: 'a', template: 'page' });
  });

  it('refuses a folder that is not empty, and writes nothing into it', () => {
    const folder = join(scratch, 'mine');
    mkdirSync(folder);
    writeFileSync(join(folder, 'notes.txt'), 'keep me');
    const { code, err } = run(folder, '--template', 'loop');
    expect(code).toBe(1);
    expect(err).toBe(
      `create-tickflow: the folder ${folder} is not empty (1 entry, such as notes.txt): name a new or empty folder, so nothing of yours is overwritten\n`,
    );
    expect(readdirSync(folder)).toEqual(['notes.txt']);
    expect(readFileSync(join(folder, 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it('refuses a path that is a file', () => {
    const file = join(scratch, 'game');
    writeFileSync(file, '');
    expect(run(file, '-t', 'loop').err).toBe(`create-tickflow: ${file} is a file, not a folder: name a new or empty folder\n`);
  });

  it('writes into a new folder, or an empty one, and says how to play, test and build', () => {
    const empty = join(scratch, 'Empty Game');
    mkdirSync(empty);
    const { code, out } = run(empty, '--template', 'world');
    expect(code).toBe(0);
    expect(out).toContain('Created empty-game from the "world" template');
    expect(out).toContain(`cd ${JSON.stringify(relative(process.cwd(), empty))}\n  npm install\n  npm run dev`); // quoted: the name has a space
    expect(out).toContain('npm test');
    expect(run(join(scratch, 'new', 'nested'), '-t', 'page').code).toBe(0);
    expect(existsSync(join(scratch, 'new', 'nested', 'index.html'))).toBe(true);
  });

  it('names the package after the folder, as npm allows', () => {
    expect(packageName('My Game!')).toBe('my-game');
    expect(packageName('.hidden_game')).toBe('hidden_game');
    expect(packageName('***')).toBe('tickflow-game');
  });
});

// Issue 30: "A documented way to start before publication: create-tickflow takes a local tickflow (a path or a
// tarball) and the README says how, with the fresh-app checks using exactly that path."
describe('create-tickflow --tickflow <path>: a local tickflow, before it is on the registry', () => {
  /** A folder that looks like a tickflow checkout: its package.json, and a dist/ unless `built` is false. */
  function checkout(built = true): string {
    const folder = join(scratch, 'tickflow-checkout');
    mkdirSync(join(folder, 'dist'), { recursive: true });
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'tickflow', version: '9.8.7', files: ['dist'] }));
    writeFileSync(join(folder, 'dist', 'index.js'), 'export {};\n');
    if (!built) rmSync(join(folder, 'dist'), { recursive: true });
    return folder;
  }
  const tickflowOf = (app: string) => (JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies.tickflow;

  it('a tarball is copied into the app, and its package.json names it there (file:./...), so the app installs wherever it goes', () => {
    const tarball = join(scratch, 'tickflow-0.2.0.tgz');
    writeFileSync(tarball, 'a tarball');
    const app = join(scratch, 'game');
    const { code, out } = run(app, '-t', 'world', '--tickflow', tarball);
    expect(code).toBe(0);
    expect(tickflowOf(app)).toBe('file:./tickflow-0.2.0.tgz');
    expect(readFileSync(join(app, 'tickflow-0.2.0.tgz'), 'utf8')).toBe('a tarball');
    expect(out).toContain('Created game from the "world" template in');
    expect(out).toContain(', with tickflow from tickflow-0.2.0.tgz (a local build).');
  });

  it('a built checkout\'s folder is packed into the app (npm pack)', () => {
    const app = join(scratch, 'game');
    expect(run(app, '-t', 'page', '--tickflow', checkout()).code).toBe(0);
    expect(tickflowOf(app)).toBe('file:./tickflow-9.8.7.tgz');
    expect(existsSync(join(app, 'tickflow-9.8.7.tgz'))).toBe(true);
  });

  it('without it, the app names the version on the registry', () => {
    const app = join(scratch, 'game');
    run(app, '-t', 'page');
    expect(tickflowOf(app)).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('refuses a path that is not a tickflow, saying what it expects, and writes nothing', () => {
    const app = join(scratch, 'game');
    const expected = 'expected a tarball of tickflow (npm pack makes one) or the folder of a tickflow checkout, built (npm run build)';
    const notes = join(scratch, 'notes.txt');
    writeFileSync(notes, '');
    const other = join(scratch, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'package.json'), JSON.stringify({ name: 'left-pad' }));
    expect(run(app, '-t', 'loop', '--tickflow', join(scratch, 'nope.tgz')).err).toBe(`create-tickflow: --tickflow ${join(scratch, 'nope.tgz')}: no such file or folder; ${expected}\n`);
    expect(run(app, '-t', 'loop', '--tickflow', notes).err).toBe(`create-tickflow: --tickflow ${notes} is a file but not a .tgz; ${expected}\n`);
    expect(run(app, '-t', 'loop', '--tickflow', other).err).toBe(`create-tickflow: --tickflow ${other} is not tickflow's folder (its package.json names "left-pad"); ${expected}\n`);
    const unbuilt = checkout(false);
    expect(run(app, '-t', 'loop', '--tickflow', unbuilt).err).toBe(`create-tickflow: --tickflow ${unbuilt} is not built (no dist/): run npm run build in it first\n`);
    expect(existsSync(app)).toBe(false);
  });

  it('--help says how', () => {
    expect(run('--help').out).toContain('--tickflow <path>      install tickflow from this machine, not the registry:');
  });
});

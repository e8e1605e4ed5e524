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

// Issue 13, "The docs must run": "Make every code block in README and docs
// complete and runnable, and keep them so: a test extracts the blocks and
// type-checks them." Every ```ts block of README.md and docs/*.md is
// type-checked on its own, as a module a user would paste into a fresh app
// (strict TypeScript, the DOM, tickflow imported by its package names).
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');

interface Block {
  readonly file: string;
  readonly line: number;
  readonly code: string;
  /** The file name a `<!-- runs: name -->` marker gives it, so other blocks of the page can import it (`./name.js`). */
  readonly name: string | undefined;
}

function blocksOf(file: string): Block[] {
  const text = readFileSync(resolve(repo, file), 'utf8');
  const blocks: Block[] = [];
  for (const match of text.matchAll(/(?:<!-- runs: (\S+) -->\n)?^```ts\n([\s\S]*?)^```/gm)) {
    const line = text.slice(0, match.index).split('\n').length + 1;
    blocks.push({ file, line, code: match[2]!, name: match[1] });
  }
  return blocks;
}

const files = ['README.md', ...readdirSync(resolve(repo, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const blocks = files.flatMap(blocksOf);

/** Type-checks every block as its own module; returns the diagnostics of each, by block. */
function typeCheck(all: readonly Block[]): Map<Block, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(resolve(repo, 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  })!;
  // Each page's blocks in a folder of their own; a named block is also its own file there.
  const folder = (block: Block): string => resolve(repo, 'spec/docs/__blocks__', block.file.replace(/[/.]/g, '-'));
  const names = all.map((block, i) => resolve(folder(block), `block-${i}.ts`));
  const sources = new Map(names.map((name, i) => [name, `${all[i]!.code}\nexport {};\n`]));
  for (const block of all) if (block.name !== undefined) sources.set(resolve(folder(block), `${block.name}.ts`), block.code);
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => sources.get(resolve(name)) ?? readFile(name);
  host.fileExists = (name) => sources.has(resolve(name)) || fileExists(name);
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) => resolve(name).startsWith(resolve(repo, 'spec/docs/__blocks__')) || (directoryExists?.(name) ?? true);
  const program = ts.createProgram(names, { ...config.options, noEmit: true, noUnusedLocals: false }, host);
  const result = new Map<Block, string[]>();
  names.forEach((name, i) => {
    const source = program.getSourceFile(name)!;
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    result.set(
      all[i]!,
      diagnostics.map((d) => {
        const { line } = d.start === undefined ? { line: 0 } : source.getLineAndCharacterOfPosition(d.start);
        return `line ${line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      }),
    );
  });
  return result;
}

describe('every ```ts block of README.md and docs/ type-checks on its own, as pasted into a fresh app', () => {
  it('has blocks to check', () => {
    expect(blocks.length).toBeGreaterThan(10);
  });

  const results = typeCheck(blocks);
  for (const block of blocks) {
    it(`${block.file}:${block.line}`, () => {
      expect(results.get(block)).toEqual([]);
    });
  }
}, 120_000);

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PresetPhase } from '../../../src/engines/shell/preset-declaration.js';
import { RUNTIME_PHASE_TABLE } from '../../../src/engines/runtime/runtime-phases.js';
import { STATE_ENGINE_PHASE_TABLE } from '../../../src/engines/state/state-phases.js';
import { SYSTEMS_ENGINE_PHASE_TABLE } from '../../../src/engines/systems/systems-phases.js';
import { WORLD_ENGINE_PHASE_TABLE } from '../../../src/engines/world/world-phases.js';

// Issue 25, item 2: "A preset's phase table rows carry their handlers (a row
// is name, flags and what it runs, the way a Bevy plugin adds systems to a
// schedule label); the shell wires the rows; a preset's documentation of its
// frame comes from (or is checked against) the table, so it cannot drift. A
// reader finds a preset's whole frame in one file."

const repo = resolve(import.meta.dirname, '../../..');

/** Each preset: its phase table, the file that declares it, and the file and factory whose doc comment numbers the frame. */
const PRESETS = [
  { name: 'world', table: WORLD_ENGINE_PHASE_TABLE, tableFile: 'src/engines/world/world-phases.ts', engineFile: 'src/engines/world/world-engine.ts', factory: 'createWorldEngine' },
  { name: 'state', table: STATE_ENGINE_PHASE_TABLE, tableFile: 'src/engines/state/state-phases.ts', engineFile: 'src/engines/state/state-engine.ts', factory: 'createStateEngine' },
  { name: 'systems', table: SYSTEMS_ENGINE_PHASE_TABLE, tableFile: 'src/engines/systems/systems-phases.ts', engineFile: 'src/engines/systems/systems-engine.ts', factory: 'createSystemsEngine' },
  { name: 'runtime', table: RUNTIME_PHASE_TABLE, tableFile: 'src/engines/runtime/runtime-phases.ts', engineFile: 'src/engines/runtime/runtime.ts', factory: 'createRuntime' },
] as const;

/** The doc comment right before `export function <factory>`, its ` * ` prefixes removed. */
function docCommentOf(source: string, factory: string): string[] {
  const at = source.indexOf(`export function ${factory}`);
  expect(at, `${factory} is in its file`).toBeGreaterThan(0);
  const end = source.lastIndexOf('*/', at);
  const start = source.lastIndexOf('/**', end);
  return source
    .slice(start + 3, end)
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''));
}

/** The numbered list of a doc comment: [number, text] per item, continuation lines joined. */
function numberedSteps(lines: readonly string[]): [number, string][] {
  const steps: [number, string][] = [];
  let open = false;
  for (const line of lines) {
    const item = /^(\d+)\. (.*)$/.exec(line);
    if (item !== null) {
      steps.push([Number(item[1]), item[2]!]);
      open = true;
    } else if (open && /^\s+\S/.test(line)) {
      steps[steps.length - 1]![1] += ` ${line.trim()}`;
    } else {
      open = false;
    }
  }
  return steps;
}

/** A step as compared: one space between words, no closing `;` or `.`. */
function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/[;.]$/, '');
}

describe('every frame declared once: a phase table row is name, flags, what the step does and what it runs', () => {
  for (const { name, table, tableFile, engineFile, factory } of PRESETS) {
    it(`${name}: ${factory}'s numbered frame ends in the table's rows, in order, numbered without a gap`, () => {
      const steps = numberedSteps(docCommentOf(readFileSync(resolve(repo, engineFile), 'utf8'), factory));
      expect(steps.map(([n]) => n), 'numbered 1, 2, 3, ...').toEqual(steps.map((_, i) => i + 1));
      // The steps before the table's are the loop's own (the clock, the frame counter): the runtime and systems engine number none.
      const documented = steps.slice(steps.length - table.length).map(([, text]) => normalized(text));
      expect(documented).toEqual(table.map((row) => normalized(row.does)));
    });

    it(`${name}: every phase runs what its row says, and nothing else wires the loop (the whole frame is ${tableFile})`, () => {
      for (const row of table as readonly PresetPhase<string, never>[]) expect(typeof row.run, `${name} ${row.name}`).toBe('function');
      const engine = readFileSync(resolve(repo, engineFile), 'utf8');
      expect(engine, `${engineFile} adds no phase handler of its own`).not.toMatch(/\bloop\.(on|once)\(/);
    });
  }
});

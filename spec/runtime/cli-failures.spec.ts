// The tickflow command on what a user's files can hold (issue 22): "the CLI
// reports every failure to load a module or a document as a message with exit
// 1 or 2, never a stack trace".
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { runPlayCommand } from '../../src/cli/play-command.js';
import { runTickflowCommand } from '../../src/cli/validate-command.js';

vi.setConfig({ testTimeout: 60_000 });

const SCENE = 'spec/runtime/fixtures/marker-scene.json';
/** A line of a stack trace, as Node prints one. */
const STACK_LINE = /^\s+at /m;

/** Runs `tickflow play` with the --behaviors module's exports given, collecting what it prints and its exit code. */
async function play(exports: Record<string, unknown>, args: string[] = [SCENE, '--validate', '--ticks', '3', '--behaviors', 'm.mjs']) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPlayCommand(args, { out: (l) => out.push(l), err: (l) => err.push(l), importModule: async () => exports });
  return { code, out, err };
}

/** Runs `tickflow validate m.mjs` with the module's exports given. */
async function validate(exports: Record<string, unknown>) {
  const err: string[] = [];
  const code = await runTickflowCommand(['validate', 'm.mjs'], { out: () => {}, err: (l) => err.push(l), cwd: '/project', importModule: async () => exports });
  return { code, err };
}

describe('issue 22: the tickflow command never ends in a stack trace', () => {
  // "`tickflow play s.json --validate --behaviors m.mjs` where `m.mjs` exports `behaviors = { player: 42 }`,
  // `42` or an array exits 1 with an uncaught `OptionError` and a stack trace."
  it.each([
    ['behaviors = { player: 42 }', { behaviors: { player: 42 } }, '--behaviors m.mjs: behaviors.player must be a function (game, self) => behavior, got 42'],
    ['behaviors = 42', { behaviors: 42 }, '--behaviors m.mjs: behaviors must be an object of behavior factories by name ({ name: (game, self) => behavior }), got 42'],
    ['behaviors = an array', { behaviors: ['player'] }, '--behaviors m.mjs: behaviors must be an object of behavior factories by name ({ name: (game, self) => behavior }), got an array of 1'],
  ])('#11: a --behaviors module that exports %s is a message naming it, exit 2', async (_name, exports, message) => {
    const { code, err } = await play(exports);
    expect(code).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toContain(message);
    expect(err[0]).not.toMatch(STACK_LINE);
  });

  it('a scenario module whose scenario is malformed (exit 2) or throws (exit 1) is a message too', async () => {
    const malformed = await validate({ scenarios: [{ name: 'x', simulatedSeconds: Number.NaN, create: () => ({}), outcome: () => ({}) }] });
    expect(malformed.code).toBe(2);
    expect(malformed.err.join('\n')).toContain('scenario "x" is malformed: validateDeltaTime: scenario.simulatedSeconds must be a finite number > 0, got NaN');
    const throwing = await validate({
      scenarios: [{ name: 'y', simulatedSeconds: 1, create: () => { throw new Error('create broke'); }, outcome: () => ({}) }],
    });
    expect(throwing.code).toBe(1);
    expect(throwing.err.join('\n')).toBe('tickflow validate: scenario "y" threw: create broke');
  });

  it('property: whatever a --behaviors module exports, play answers with a message and exit 0, 1 or 2, never a throw or a stack trace', async () => {
    const anyFactory = fc.oneof(fc.anything(), fc.constant(() => ({})), fc.constant(() => 42), fc.constant(() => { throw new Error('factory bug'); }));
    const anyBehaviors = fc.oneof(fc.anything(), fc.dictionary(fc.string(), anyFactory), fc.array(anyFactory));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ behaviors: anyBehaviors }), fc.record({ default: anyBehaviors }), fc.dictionary(fc.string(), fc.anything())), async (exports) => {
        const { code, out, err } = await play(exports);
        expect([0, 1, 2]).toContain(code);
        for (const line of [...out, ...err]) expect(line).not.toMatch(STACK_LINE);
        if (code === 2) expect(err.join('\n')).toMatch(/^tickflow play: /);
      }),
      { numRuns: 60 },
    );
  });

  it('property: whatever a scenario module exports, validate answers with exit 0, 1 or 2, never a throw or a stack trace', async () => {
    const anyScenario = fc.record(
      {
        name: fc.oneof(fc.string(), fc.anything()),
        simulatedSeconds: fc.oneof(fc.double(), fc.anything()),
        create: fc.oneof(fc.anything(), fc.constant(() => ({})), fc.constant(() => { throw new Error('create bug'); })),
        outcome: fc.oneof(fc.anything(), fc.constant(() => ({}))),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ scenarios: fc.array(anyScenario, { maxLength: 3 }) }), fc.record({ default: fc.oneof(anyScenario, fc.anything()) })), async (exports) => {
        const { code, err } = await validate(exports);
        expect([0, 1, 2]).toContain(code);
        for (const line of err) expect(line).not.toMatch(STACK_LINE);
      }),
      { numRuns: 60 },
    );
  });
});

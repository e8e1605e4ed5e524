import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { OptionError } from '../../../operators/option-error.js';
import { nullBackend } from '../../../src/index.js';
import { createEngine } from '../../../src/engines/page/index.js';
import { createRuntime } from '../../../src/engines/runtime/index.js';
import { createStateEngine } from '../../../src/engines/state/index.js';
import { createSystemsEngine } from '../../../src/engines/systems/index.js';
import { createWorldEngine } from '../../../src/engines/world/index.js';
import { testFrames } from '../page/frames.js';

// Issue 25, item 4, "One intake": "The shell takes its own keys and checks
// unknown keys once for every preset (a preset declares its extra keys)".
// Measured before: "each preset lists the shell's keys again and runs its own
// unknown-key and backend checks". DESIGN.md: the shell owns "the options
// intake (ticks, clock, onError, input, cues, overlay; validated once, one
// rule text each)". So one table holds all five presets, and every row
// answers the same way.

/** The shell's options, in the order an error lists them (after a preset's own). */
const SHELL = ['ticks', 'clock', 'input', 'cues', 'overlay', 'onError', 'seed', 'determinismWarnings'];
/** The shell's options of an engine that takes no Input, cues or overlay of the shell's. */
const ENGINE_SHELL = ['ticks', 'clock', 'onError', 'seed', 'determinismWarnings'];

interface Row {
  /** The factory, as errors name it. */
  readonly where: string;
  /** Builds the preset headless from a working base and `extra`. */
  readonly build: (extra: object) => { destroy(): void };
  /** The factory itself, handed anything. */
  readonly factory: (options: never) => unknown;
  /** What its options are called when they are not an object. */
  readonly name: string;
  /** Its own option names, in the order it declares them. */
  readonly own: readonly string[];
  /** The shell's options it takes. */
  readonly shell: readonly string[];
  /** A misspelt option of its own, and the name it must suggest. */
  readonly typo: readonly [string, string];
}

const ROWS: readonly Row[] = [
  {
    where: 'createWorldEngine',
    factory: createWorldEngine,
    build: (extra) => createWorldEngine({ backend: nullBackend(), levels: { main: () => {} }, startLevel: 'main', ticks: NEVER, ...extra }),
    name: 'options',
    own: ['backend', 'levels', 'startLevel', 'classes'],
    shell: SHELL,
    typo: ['startlevel', 'startLevel'],
  },
  {
    where: 'createStateEngine',
    factory: createStateEngine,
    build: (extra) => createStateEngine({ backend: nullBackend(), initial: 0, update: (n: number) => n, ticks: NEVER, ...extra }),
    name: 'options',
    own: ['initial', 'update', 'render', 'backend', 'recorder', 'readonlyView'],
    shell: SHELL,
    typo: ['recoder', 'recorder'],
  },
  {
    where: 'createSystemsEngine',
    factory: createSystemsEngine,
    build: (extra) => createSystemsEngine({ scenes: [{ id: 'main' }], startSceneId: 'main', ticks: NEVER, ...extra }),
    name: 'config',
    own: ['systems', 'scenes', 'startSceneId', 'globalOptions', 'backend', 'interpolation', 'behaviors'],
    shell: ENGINE_SHELL,
    typo: ['startScene', 'startSceneId'],
  },
  {
    where: 'createRuntime',
    factory: createRuntime,
    build: (extra) => createRuntime({ scene: { objects: [] }, ticks: NEVER, ...extra }),
    name: 'options',
    own: ['scene', 'behaviors', 'physics', 'backend', 'input', 'onDiagnostic'],
    shell: ENGINE_SHELL,
    typo: ['behaviours', 'behaviors'],
  },
  {
    // "its frames come from `frames`": the page engine takes the shell's onError, seed and determinismWarnings only.
    where: 'createEngine',
    factory: createEngine,
    build: (extra) => createEngine({ frames: testFrames(), pause: false, ...extra }),
    name: 'options',
    own: ['root', 'step', 'maxSteps', 'settle', 'fps', 'pause', 'events', 'name', 'frames'],
    shell: ['onError', 'seed', 'determinismWarnings'],
    typo: ['maxstep', 'maxSteps'],
  },
];

/** What `build` throws (fails the test if it throws something else, or nothing). */
function refusal(build: () => unknown): OptionError {
  let engine: unknown;
  try {
    engine = build();
  } catch (error) {
    expect(error).toBeInstanceOf(OptionError);
    return error as OptionError;
  }
  (engine as { destroy(): void }).destroy();
  throw new Error('expected an OptionError, the engine was built');
}

describe('the shell\'s option intake, the same for all five presets', () => {
  it.each(ROWS)('$where builds from its base, and from every shell option it takes left at its default', ({ build }) => {
    build({}).destroy();
    build({ seed: 7, determinismWarnings: false, onError: () => {} }).destroy();
  });

  it.each(ROWS)('$where refuses a misspelt option of its own, naming the closest known one', ({ where, build, typo: [typo, meant] }) => {
    expect(refusal(() => build({ [typo]: 1 })).message).toBe(`${where}: unknown option '${typo}'; did you mean '${meant}'?`);
  });

  it.each(ROWS)('$where refuses a misspelt option of the shell\'s, naming it', ({ where, build }) => {
    expect(refusal(() => build({ determinismwarning: true })).message).toBe(
      `${where}: unknown option 'determinismwarning'; did you mean 'determinismWarnings'?`,
    );
  });

  it.each(ROWS)('$where, with no close name, lists its own options, then the shell\'s it takes', ({ where, build, own, shell }) => {
    expect(refusal(() => build({ zzzzzzzz: 1 })).message).toBe(`${where}: unknown option 'zzzzzzzz'; the options are ${[...own, ...shell].join(', ')}`);
  });

  it.each(ROWS)('$where refuses the shell\'s options it does not take (and has none of its own by that name) as unknown', ({ build, own, shell }) => {
    for (const key of SHELL.filter((k) => !shell.includes(k) && !own.includes(k))) {
      const error = refusal(() => build({ [key]: undefined }));
      expect([error.option, error.rule]).toEqual([key, 'a known option']);
    }
  });

  it.each(ROWS)('$where refuses options that are not an object (an array included), naming them', ({ where, factory, name }) => {
    for (const options of [null, 42, 'main', []]) {
      const error = refusal(() => factory(options as never));
      expect([error.option, error.message.startsWith(`${where}: ${name} must be `)], JSON.stringify(options)).toEqual([name, true]);
    }
  });
});

// Issue 22, the class behind defects 12 to 15: "every option is validated in
// the factory, once, naming the option, the value and the rule, including
// derived values (a rate whose interval overflows, an array length)". For any
// value of any option: the factory refuses it, naming that option, or the
// engine it builds starts and runs frames with no error thrown or reported.
import fc from 'fast-check';
import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { createEngine } from '../../src/engines/page/index.js';
import { createRuntime, SceneDocumentError } from '../../src/engines/runtime/index.js';
import { createSystemsEngine } from '../../src/engines/systems/index.js';
import { createLoop } from '../../src/loop/loop.js';
import { testFrames } from '../engines/page/frames.js';

const never = { subscribe: () => ({ unsubscribe() {} }) };

/** Any value, numbers at their edges often: derived values (1000 / x, x × 1000, an array of x) overflow there. */
const anyValue = fc.oneof(
  { weight: 2, arbitrary: fc.anything() },
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer({ min: -3, max: 100 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(0, -1, 0.5, 1, 2, 1e-320, 5e-324, 1e-300, 1e306, 1e308, Number.MAX_VALUE, 2 ** 40, 2 ** 53, Number.NaN, Infinity, -Infinity, '', 'x', 'window', null, [], [1, 2], {}, true, () => {}),
  },
);

/** Sets `value` at a dotted path of `target` (creating objects on the way). */
function withValue(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const keys = path.split('.');
  let at = target;
  for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return target;
}

/**
 * The factory's refusal names the option: a scene document's problems are at
 * its path; an OptionError's message names it (an unknown key inside it is
 * named itself, as the option it is not).
 */
function expectNamed(error: unknown, path: string, value: unknown): void {
  if (error instanceof SceneDocumentError) {
    expect(error.problems.every((problem) => problem.path.startsWith(path.replace(/^scene\./, '')))).toBe(true);
    return;
  }
  expect(error).toBeInstanceOf(OptionError);
  const { option, rule, message } = error as OptionError;
  const unknownKey = rule === 'a known option' && value !== null && typeof value === 'object' && Object.hasOwn(value, option);
  expect({ path, message, named: message.includes(path.split('.').at(-1)!) || unknownKey }).toEqual({ path, message, named: true });
}

function build<T>(factory: () => T, path: string, value: unknown): T | undefined {
  try {
    return factory();
  } catch (error) {
    expectNamed(error, path, value);
    return undefined;
  }
}

describe('property: every option is refused in the factory, naming it, or the engine runs', () => {
  it('createSystemsEngine: every performance setting and every field of an entity and a scene', async () => {
    const paths = [
      'globalOptions.performance.fixedUpdateRate',
      'globalOptions.performance.maxFPS',
      'globalOptions.performance.maxFrameDelta',
      'globalOptions.performance.maxFixedUpdatesPerFrame',
      'scenes[0].entities[0].transform',
      'scenes[0].entities[0].transform.x',
      'scenes[0].entities[0].interpolate',
      'scenes[0].entities[0].id',
      'scenes[0].entities[0].components',
      'scenes[0].entities[0].behaviors',
      'scenes[0].systems',
      'interpolation',
      'behaviors',
      'backend',
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), anyValue, async (path, value) => {
        const entity: Record<string, unknown> = { id: 'rock' };
        const scene: Record<string, unknown> = { id: 'main', entities: [entity] };
        const config: Record<string, unknown> = { scenes: [scene], startSceneId: 'main', ticks: NEVER };
        if (path.startsWith('scenes[0].entities[0].')) withValue(entity, path.slice('scenes[0].entities[0].'.length), value);
        else if (path.startsWith('scenes[0].')) withValue(scene, path.slice('scenes[0].'.length), value);
        else withValue(config, path, value);
        const errors: unknown[] = [];
        const engine = build(() => createSystemsEngine({ ...config, onError: (error: unknown) => errors.push(error) } as never), path, value);
        if (engine === undefined) return;
        await engine.play();
        for (let i = 0; i < 6; i++) engine.advance(i * 17);
        expect(errors).toEqual([]);
        engine.destroy();
      }),
      { numRuns: 600 },
    );
  });

  it('createEngine (page): every option', () => {
    const paths = ['step', 'maxSteps', 'settle', 'fps', 'events', 'name', 'pause', 'pause.hidden', 'root', 'frames'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...paths), anyValue, (path, value) => {
        fc.pre(!(path === 'frames' && value === undefined)); // the default, the window's frames: Node has none
        const frames = testFrames();
        const errors: unknown[] = [];
        const options = withValue({ frames, onError: (error: unknown) => errors.push(error) }, path, value);
        options.pause ??= false; // (an off-screen pause needs a page to watch)
        if (path === 'pause.hidden') options.pause = { hidden: value, offscreen: false, typing: false, pagehide: false };
        const engine = build(() => createEngine(options as never), path, value);
        if (engine === undefined) return;
        engine.add({ step() {}, render() {} });
        engine.start();
        for (let i = 0; i < 6; i++) frames.tick(i * 17);
        engine.advance(1 / 60);
        engine.advance(1);
        expect(errors).toEqual([]);
        engine.destroy();
      }),
      { numRuns: 500 },
    );
  });

  it('createRuntime: input, backend, onDiagnostic, behaviors and every simulation setting of its scene', () => {
    const paths = [
      'input.target',
      'input.bindings',
      'input.bindings.jump',
      'backend',
      'onDiagnostic',
      'behaviors',
      'behaviors.spin',
      'scene.simulation.fixed_delta',
      'scene.simulation.max_catch_up_ticks',
      'scene.simulation.physics_substeps',
      'scene.simulation.gravity',
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...paths), anyValue, (path, value) => {
        const errors: unknown[] = [];
        const options = withValue({ scene: { objects: [{ name: 'marker' }] }, ticks: never, onError: (error: unknown) => errors.push(error) }, path, value);
        const runtime = build(() => createRuntime(options as never), path, value);
        if (runtime === undefined) return;
        for (let i = 0; i < 6; i++) runtime.advance(i * 17);
        expect(errors).toEqual([]);
        runtime.destroy();
      }),
      { numRuns: 500 },
    );
  });

  it('createLoop: its fixed step and each of its settings', () => {
    const paths = ['fixedStep', 'fixedStep.stepMs', 'fixedStep.maxSteps', 'fixedStep.overflow', 'fixedStep.snap'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...paths), anyValue, (path, value) => {
        const errors: unknown[] = [];
        const options = withValue({ ticks: never, phases: ['update'], onError: (error: unknown) => errors.push(error) }, path, value);
        const loop = build(() => createLoop(options as never), path, value);
        if (loop === undefined) return;
        for (let i = 0; i < 6; i++) loop.advance(i * 17);
        expect(errors).toEqual([]);
        loop.destroy();
      }),
      { numRuns: 300 },
    );
  });
});

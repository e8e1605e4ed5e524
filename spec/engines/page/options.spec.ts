import { describe, expect, it } from 'vitest';
import { OptionError } from '../../../operators/option-error.js';
import { createEngine } from '../../../src/engines/page/index.js';

// Issue 11: "createEngine({ root, step = 1/60, maxSteps = 4, settle, fps,
// pause, events = 64, onError }) (names per the seed; every option validated
// by name before start)". The brief: unknown keys are refused with the
// closest known name.

describe('createEngine options', () => {
  it('refuses an unknown key, naming the closest known one', () => {
    expect(() => createEngine({ maxstep: 4 } as never)).toThrow("createEngine: unknown option 'maxstep'; did you mean 'maxSteps'?");
    expect(() => createEngine({ setle: 0.5 } as never)).toThrow("did you mean 'settle'?");
    expect(() => createEngine({ pause: { reducedmotion: true } } as never)).toThrow(
      "createEngine({ pause }): unknown option 'reducedmotion'; did you mean 'reducedMotion'?",
    );
    expect(() => createEngine({ zzzzzzzz: 1 } as never)).toThrow('the options are root, step, maxSteps');
  });

  it('names the option, the rule and the value, as an OptionError, before anything starts', () => {
    const cases: [object, string][] = [
      [{ step: 0 }, 'createEngine: step must be a finite number > 0, got 0'],
      [{ step: NaN }, 'createEngine: step must be a finite number > 0, got NaN'],
      [{ maxSteps: 0 }, 'createEngine: maxSteps must be a whole number >= 1, got 0'],
      [{ maxSteps: 1.5 }, 'createEngine: maxSteps must be a whole number >= 1, got 1.5'],
      [{ settle: -0.5 }, 'createEngine: settle must be a finite number >= 0, got -0.5'],
      [{ fps: -30 }, 'createEngine: fps must be a finite number > 0, got -30'],
      [{ events: 0 }, 'createEngine: events must be a whole number from 1 to 65536, got 0'],
      [{ onError: 'log' }, 'createEngine: onError must be a function (error, engine) => void, got "log"'],
      [{ root: {} }, 'createEngine: root must be an Element, got an object'],
      [{ root: '#stage' }, 'createEngine: root must be an Element, got "#stage"'],
      [{ pause: true }, 'createEngine: pause must be an object of automatic pauses, or false, got true'],
      [{ pause: { hidden: 'yes' } }, 'createEngine: pause.hidden must be true or false, got "yes"'],
      [{ name: '' }, 'createEngine: name must be a non-empty string, got ""'],
      [{ frames: {} }, 'createEngine: frames must be an object with requestAnimationFrame and cancelAnimationFrame, got an object'],
    ];
    for (const [options, message] of cases) {
      let thrown: unknown;
      try {
        createEngine(options as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(options)).toBeInstanceOf(OptionError);
      expect((thrown as Error).message).toBe(message);
    }
    expect(() => createEngine(42 as never)).toThrow('createEngine: options must be an object, got 42');
  });

  it('keeps the values it was given', () => {
    const engine = createEngine({ step: 1 / 120, maxSteps: 8, settle: 0.5, fps: 30, events: 16, name: 'hero', pause: false });
    expect([engine.step, engine.maxSteps, engine.settle, engine.fps, engine.events.capacity, engine.name]).toEqual([1 / 120, 8, 0.5, 30, 16, 'hero']);
    engine.destroy();
  });
});

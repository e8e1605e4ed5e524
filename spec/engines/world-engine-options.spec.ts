// What the world engine's factories refuse (issue 12: "Options never checked:
// ticks, input, cues, onError"; "Unknown option keys are ignored"). The brief's
// rule: "Bad input gets a clear error (OptionError) that names the option, the
// value and the rule, before anything starts."
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  box,
  circle,
  constantClock,
  createInput,
  cueLog,
  manualTicks,
  nullBackend,
  OptionError,
  wallClock,
  type PhaseError,
} from '../../src/index.js';
import {
  Actor,
  Camera,
  Controller,
  createWorldEngine,
  GameMode,
  type World,
} from '../../src/engines/world/index.js';

const backend = nullBackend();
const base = { backend, levels: { main: () => {} }, startLevel: 'main' };

/** The OptionError `build` throws (fails the test if it throws something else, or nothing). */
function refusal(build: () => unknown): OptionError {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(OptionError);
    return error as OptionError;
  }
  throw new Error('expected an OptionError, nothing was thrown');
}

describe('createWorldEngine refuses', () => {
  it('options that are not an object (an array is refused as options too, by the shell\'s one intake: issue 25)', () => {
    for (const options of [undefined, null, 42, 'main', []]) {
      expect(refusal(() => createWorldEngine(options as never)).option, String(options)).toBe('options');
    }
  });

  it('an unknown option key, naming the closest known one', () => {
    expect(() => createWorldEngine({ ...base, startlevel: 'main' } as never)).toThrow(
      "createWorldEngine: unknown option 'startlevel'; did you mean 'startLevel'?",
    );
    expect(() => createWorldEngine({ ...base, onerror: () => {} } as never)).toThrow("createWorldEngine: unknown option 'onerror'; did you mean 'onError'?");
    expect(() => createWorldEngine({ ...base, tick: manualTicks().ticks$ } as never)).toThrow("unknown option 'tick'; did you mean 'ticks'?");
    expect(() => createWorldEngine({ ...base, fixedStep: { stepMs: 10 } } as never)).toThrow(
      "createWorldEngine: unknown option 'fixedStep'; the options are backend, levels, startLevel, classes, ticks, clock, input, cues, overlay, onError",
    );
  });

  it('"onError: 42 is accepted and every later error becomes this.onError is not a function": refused', () => {
    expect(() => createWorldEngine({ ...base, onError: 42 as never })).toThrow('createWorldEngine: onError must be a function, got 42');
  });

  it('ticks, clock, input, cues and overlay of the wrong kind, each by name', () => {
    const cases: [string, unknown, string][] = [
      ['ticks', 42, 'createWorldEngine: ticks must be an Observable of host timestamps in ms (animationFrames(), manualTicks().ticks$, a marble), got 42'],
      ['ticks', {}, 'createWorldEngine: ticks must be an Observable of host timestamps in ms (animationFrames(), manualTicks().ticks$, a marble), got an object'],
      ['clock', 16, 'createWorldEngine: clock must be a clock: an operator from timestamps (ms) to deltas (wallClock(), constantClock(ms), ...), got 16'],
      ['input', {}, 'createWorldEngine: input must be an Input (createInput({ bindings })), got an object'],
      ['cues', { beep: () => {} }, 'createWorldEngine: cues must be a cue player ({ play(name, options) }: cueLog(), webAudioCues()), got an object'],
      ['overlay', 'yes', 'createWorldEngine: overlay must be true or false, got "yes"'],
    ];
    for (const [option, value, message] of cases) expect(() => createWorldEngine({ ...base, [option]: value } as never), option).toThrow(message);
  });

  it('a backend missing a method, levels that are not functions, an empty levels object', () => {
    expect(() => createWorldEngine({ ...base, backend: { sync: () => {}, render: () => {} } as never })).toThrow(
      'createWorldEngine: backend must be a world backend (pixiBackend() in a browser, nullBackend() in Node): one with a drawOverlay() method, got an object',
    );
    expect(() => createWorldEngine({ ...base, levels: { main: 'level.json' } as never })).toThrow(
      'createWorldEngine: levels.main must be a function (world) => void, got "level.json"',
    );
    expect(() => createWorldEngine({ ...base, levels: {} })).toThrow('createWorldEngine: levels must be an object with at least one level loader, got an object');
  });

  it('refuses before anything starts: no level loader runs, the backend is not synced', () => {
    let loaded = false;
    let synced = false;
    const watched = Object.assign(nullBackend(), { sync: () => ((synced = true), nullBackend().sync()) });
    expect(() => createWorldEngine({ backend: watched, levels: { main: () => void (loaded = true) }, startLevel: 'main', cues: 1 as never })).toThrow(OptionError);
    expect([loaded, synced]).toEqual([false, false]);
  });

  it('setClock refuses a clock that is not a function', () => {
    const engine = createWorldEngine(base);
    expect(() => engine.setClock(60 as never)).toThrow('setClock: clock must be a clock: an operator from timestamps (ms) to deltas (wallClock(), constantClock(ms), ...), got 60');
  });
});

describe('the world refuses', () => {
  const world = (): World => createWorldEngine(base).world;

  it('world.spawn(actor, { x: NaN }) and every other `at` that is not { x, y } of finite numbers', () => {
    const w = world();
    expect(() => w.spawn(new Actor(), { x: NaN, y: 0 })).toThrow('spawn: at.x must be a finite number, got NaN');
    expect(() => w.spawn(new Actor(), { x: 1 } as never)).toThrow('spawn: at.y must be a finite number, got undefined');
    expect(() => w.spawn(new Actor(), { x: '1', y: 2 } as never)).toThrow('spawn: at.x must be a finite number, got "1"');
    // A position, not an options bag: a record with more fields (a level's entity) is read for x and y only.
    expect(w.spawn(new Actor(), { x: 1, y: 2, size: 3 } as never)).toMatchObject({ x: 1, y: 2 });
    w.destroy(w.actors[0]!);
    w.flushDestroyed(() => {});
    expect(() => w.spawn(new Actor(), 'centre' as never)).toThrow('spawn: at must be an object { x, y }, got "centre"');
    expect(w.actors).toHaveLength(0); // nothing joined
  });

  it('spawning something that is not an Actor', () => {
    expect(() => world().spawn({ x: 0, y: 0 } as never)).toThrow('spawn: actor must be an Actor, got an object');
  });

  it('world.addController({}), and a game mode that is not a GameMode', () => {
    const w = world();
    expect(() => w.addController({} as never)).toThrow('addController: controller must be a Controller, got an object');
    expect(w.controllers).toHaveLength(0);
    expect(() => (w.gameMode = { tick() {} } as never)).toThrow('world.gameMode: gameMode must be a GameMode or undefined, got an object');
    w.gameMode = new GameMode();
    w.gameMode = undefined;
    expect(w.addController(new Controller())).toBeInstanceOf(Controller);
  });

  it('timers: a delay or interval that is not a finite number, a callback that is not a function', () => {
    const { timers } = world();
    expect(() => timers.after('1' as never, () => {})).toThrow('timers.after: delaySeconds must be a finite number >= 0, got "1"');
    expect(() => timers.after(-1, () => {})).toThrow('timers.after: delaySeconds must be a finite number >= 0, got -1');
    expect(() => timers.every(0, () => {})).toThrow('timers.every: intervalSeconds must be a finite number > 0, got 0');
    expect(() => timers.every(Infinity, () => {})).toThrow('timers.every: intervalSeconds must be a finite number > 0, got Infinity');
    expect(() => timers.after(1, 'go' as never)).toThrow('timers.after: callback must be a function, got "go"');
    expect(timers.size).toBe(0);
  });

  it('the camera: a zoom that is not a finite number > 0, bounds that are not finite or inverted, following a non-actor', () => {
    const camera = new Camera();
    expect(() => (camera.zoom = 0)).toThrow('camera: zoom must be a finite number > 0, got 0');
    expect(() => (camera.zoom = NaN)).toThrow('camera: zoom must be a finite number > 0, got NaN');
    expect(() => (camera.zoom = '2' as never)).toThrow('camera: zoom must be a finite number > 0, got "2"');
    expect(() => (camera.bounds = { minX: 0, minY: 0, maxX: NaN, maxY: 1 })).toThrow('camera: bounds.maxX must be a finite number, got NaN');
    expect(() => (camera.bounds = { minX: 5, minY: 0, maxX: 1, maxY: 1 })).toThrow('camera: bounds.maxX must be a number >= minX (5), got 1');
    expect(() => (camera.bounds = { minX: 0, minY: 0, maxX: 1, maxy: 1 } as never)).toThrow("camera.bounds: unknown option 'maxy'; did you mean 'maxY'?");
    expect(() => camera.follow({ x: 0, y: 0 } as never)).toThrow('camera.follow: actor must be an Actor or undefined, got an object');
    expect(camera.zoom).toBe(1);
    expect(camera.bounds).toBeUndefined();
  });

  it('a followed actor at NaN does not turn the view NaN', () => {
    const camera = new Camera();
    const engine = createWorldEngine(base);
    const actor = engine.world.spawn(new Actor(), { x: 10, y: 20 });
    camera.follow(actor);
    camera.update(800, 600);
    actor.x = NaN;
    camera.update(800, 600);
    expect([camera.x, camera.y]).toEqual([10, 20]);
  });
});

describe('property: option objects of arbitrary shape are never accepted silently when wrong', () => {
  const ticks = () => manualTicks().ticks$;
  /** Per option: values that must be accepted, values that must be refused. `undefined` is "left out". */
  const pools: Record<string, { required: boolean; good: (() => unknown)[]; bad: unknown[] }> = {
    backend: { required: true, good: [() => nullBackend()], bad: [null, 42, 'pixi', {}, { sync() {}, render() {}, drawOverlay() {} }] },
    levels: {
      required: true,
      good: [() => ({ main: () => {}, other: (w: World) => void w.spawn(new Actor()) })],
      bad: [null, [], {}, { main: 42 }, 'levels', Object.create({ main: () => {} })],
    },
    startLevel: { required: true, good: [() => 'main', () => 'other'], bad: [42, 'nowhere', 'toString', '', null] },
    classes: { required: false, good: [() => ({ Actor, Mover: class Mover extends Actor {} }), () => undefined], bad: [null, 42, [], { Mover: 42 }, { Plain: class Plain {} }] },
    ticks: { required: false, good: [ticks, () => undefined], bad: [null, 42, {}, 'raf'] },
    clock: { required: false, good: [() => constantClock(16), () => wallClock(), () => undefined], bad: [null, 42, {}, 'wall'] },
    input: { required: false, good: [() => createInput({ bindings: { fire: ['Space'] } }), () => undefined], bad: [null, 42, {}, { frame: {} }] },
    cues: { required: false, good: [() => cueLog(), () => ({ play() {} }), () => undefined], bad: [null, 42, {}, 'beep'] },
    overlay: { required: false, good: [() => true, () => false, () => undefined], bad: [null, 'yes', 1, 0] },
    onError: { required: false, good: [() => () => {}], bad: [null, 42, 'log', {}] },
  };
  const known = Object.keys(pools);
  /** One option: left out, a good value, or a bad one (tagged). */
  const choice = (name: string) => {
    const { required, good, bad } = pools[name]!;
    return fc.oneof(
      fc.constant({ kind: required ? ('bad' as const) : ('good' as const), present: false, value: undefined as unknown }),
      fc.constantFrom(...good).map((make) => ({ kind: 'good' as const, present: true, value: make() })),
      fc.constantFrom(...bad).map((value) => ({ kind: 'bad' as const, present: true, value })),
    );
  };
  const unknownKey = fc.oneof(fc.constantFrom('startlevel', 'tick', 'Clock', 'fixedStep', 'debug', 'constructor', '__proto__'), fc.string({ maxLength: 8 })).filter((k) => !known.includes(k));

  it('either an OptionError naming one of the options at fault, or a run with no errors', () => {
    fc.assert(
      fc.property(fc.record(Object.fromEntries(known.map((name) => [name, choice(name)]))), fc.option(fc.tuple(unknownKey, fc.anything())), (chosen, extra) => {
        const entries: [string, unknown][] = [];
        for (const name of known) if (chosen[name]!.present) entries.push([name, chosen[name]!.value]);
        if (extra !== null) entries.push(extra);
        const options = Object.fromEntries(entries); // own keys, '__proto__' included
        const atFault = known.filter((name) => chosen[name]!.kind === 'bad');
        if (extra !== null) atFault.push(extra[0]);
        const errors: PhaseError[] = [];
        let engine: ReturnType<typeof createWorldEngine> | undefined;
        try {
          engine = createWorldEngine(options as never);
        } catch (error) {
          expect(error, JSON.stringify(atFault)).toBeInstanceOf(OptionError);
          const option = (error as OptionError).option;
          expect(atFault.some((name) => option === name || option.startsWith(`${name}.`)), `${option} of ${JSON.stringify(atFault)}`).toBe(true);
          return;
        }
        expect(atFault, 'accepted silently').toEqual([]);
        engine.errors$.subscribe((e) => errors.push(e));
        for (let i = 0; i < 3; i++) engine.advance();
        expect(errors).toEqual([]);
        expect(engine.frame().count).toBe(3);
        engine.destroy();
      }),
      { numRuns: 300 },
    );
  });

  it('spawn positions, shape sizes and camera zooms of any type: a clear OptionError, or a finite value accepted', () => {
    const w = createWorldEngine(base).world;
    const camera = new Camera();
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withNullPrototype: true }), fc.anything(), (x, y) => {
        const finite = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
        const size = (v: unknown) => finite(v) && (v as number) >= 0;
        const expectRefusedUnless = (ok: boolean, build: () => unknown) => {
          if (ok) expect(build).not.toThrow();
          else refusal(build);
        };
        expectRefusedUnless(finite(x) && finite(y), () => w.spawn(new Actor(), { x, y } as never));
        expectRefusedUnless(size(x), () => circle(x as never));
        expectRefusedUnless(size(x) && size(y), () => box(x as never, y as never));
        expectRefusedUnless(finite(x) && (x as number) > 0, () => (camera.zoom = x as never));
        expectRefusedUnless(false, () => w.addController(x as never));
      }),
      { numRuns: 500 },
    );
  });
});

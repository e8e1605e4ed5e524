import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRapier3d } from 'tickflow/rapier3d';
import { createInput } from 'tickflow';
import {
  createRuntime,
  DEFAULT_RUNTIME_BINDINGS,
  SceneDocumentError,
  type Behavior,
  type BehaviorFactory,
  type Runtime,
  type RuntimeOptions,
  type SceneObjectDoc,
} from 'tickflow/runtime';
import type { PhysicsAdapter } from '../../src/engines/runtime/physics-adapter.js';

// The fixed-tick runtime against /work/shared/seeds/fixed-tick-runtime.txt:
// each test quotes the sentence it checks. Frames are run by hand
// (`advance(t)`), 60 Hz unless a test says otherwise, with the default
// fixed_delta of 1/60 s; the clock gives the first frame 0.

vi.setConfig({ testTimeout: 30_000 });

const FRAME_MS = 1000 / 60;
let runtimes: Runtime[] = [];

afterEach(() => {
  for (const runtime of runtimes) runtime.destroy();
  runtimes = [];
});

function runtime(options: RuntimeOptions): Runtime {
  const made = createRuntime({ onError: (error) => { throw error; }, onDiagnostic: () => {}, ...options });
  runtimes.push(made);
  return made;
}

/** Runs frames at 60 Hz from `from` (a frame count); returns the next one. */
function frames(game: Runtime, count: number, from = 0): number {
  for (let i = 0; i < count; i++) game.advance((from + i) * FRAME_MS);
  return from + count;
}

/** A behavior factory whose callbacks log `name:callback`. */
function logging(log: string[], extra: Partial<Behavior> = {}): BehaviorFactory {
  return (game, self) => {
    const name = (): string => (game.valid(self) ? game.nameOf(self) : `#${self}`);
    return {
      onStart: () => log.push(`${name()}:onStart`),
      fixedUpdate: () => log.push(`${name()}:fixedUpdate`),
      update: () => log.push(`${name()}:update`),
      lateUpdate: () => log.push(`${name()}:lateUpdate`),
      onDestroy: () => log.push(`${name()}:onDestroy`),
      ...extra,
    };
  };
}

const object = (name: string, extra: Partial<SceneObjectDoc> = {}): SceneObjectDoc => ({ name, behaviors: ['log'], ...extra });

describe('callbacks and object lifetime', () => {
  it('"All objects in the initial scene are created before their initial callbacks run"', () => {
    const seen: boolean[] = [];
    runtime({
      scene: { objects: [object('a'), object('b'), object('c')] },
      behaviors: { log: (game) => ({ onStart: () => seen.push(['a', 'b', 'c'].every((n) => game.find(n) !== undefined)) }) },
    });
    expect(seen).toEqual([true, true, true]);
  });

  it('"onStart and onDestroy receive a zero delta; update callbacks receive seconds"', () => {
    const deltas: Record<string, number[]> = {};
    const record = (callback: string) => (_g: Runtime, _s: number, delta: number) => void (deltas[callback] ??= []).push(delta);
    const game = runtime({
      scene: { objects: [object('a')] },
      behaviors: {
        log: () => ({ onStart: record('onStart'), fixedUpdate: record('fixedUpdate'), update: record('update'), lateUpdate: record('lateUpdate'), onDestroy: record('onDestroy') }),
      },
    });
    frames(game, 3);
    game.destroyObject(game.find('a')!);
    frames(game, 1, 3);
    expect(deltas.onStart).toEqual([0]);
    expect(deltas.onDestroy).toEqual([0]);
    expect(deltas.fixedUpdate!.every((d) => d === 1 / 60)).toBe(true);
    expect(deltas.update).toEqual([0, FRAME_MS / 1000, FRAME_MS / 1000].map((d) => expect.closeTo(d, 12))); // the fourth frame's barrier removed it
  });

  it('"A spawn queued by onStart becomes visible at the next fixed-tick barrier, not during the callback that requested it"', () => {
    const log: string[] = [];
    let child = 0;
    const game = runtime({
      scene: { objects: [object('parent', { behaviors: ['parent'] })] },
      behaviors: {
        parent: (g) => ({
          onStart: () => {
            child = g.spawn({ name: 'child', behaviors: ['log'] });
            log.push(`in onStart valid=${g.valid(child)}`);
          },
        }),
        log: logging(log),
      },
    });
    expect(game.valid(child)).toBe(false);
    game.advance(0); // a frame worth 0: no tick, no barrier
    expect(game.valid(child)).toBe(false);
    game.advance(FRAME_MS); // one tick: the barrier creates it, then its onStart, then fixedUpdate
    expect(game.valid(child)).toBe(true);
    expect(log).toEqual(['in onStart valid=false', 'child:onStart', 'child:fixedUpdate', 'child:update', 'child:lateUpdate']);
  });

  it('"Applies structural commands queued by earlier work, in FIFO order"', () => {
    const log: string[] = [];
    const game = runtime({ scene: { objects: [object('a'), object('b')] }, behaviors: { log: logging(log), extra: logging(log) } });
    const a = game.find('a')!;
    const b = game.find('b')!;
    game.destroyObject(b);
    const c = game.spawn(object('c'));
    game.addComponent(a, 'extra');
    game.destroyObject(a);
    log.length = 0;
    frames(game, 2);
    // Frame 0 is worth 0 (no tick); frame 1's tick applies the four commands in the order they were queued.
    expect(log.filter((l) => !/update|lateUpdate/i.test(l) || l.endsWith('fixedUpdate')).slice(0, 5)).toEqual(['b:onDestroy', 'a:onDestroy', 'a:onDestroy', 'c:onStart', 'c:fixedUpdate']);
    expect([game.valid(a), game.valid(b), game.valid(c)]).toEqual([false, false, true]);
  });

  it('"A command queued while this barrier or a callback runs waits until the next tick"', () => {
    const ticksSeen: number[] = [];
    const game = runtime({
      scene: { objects: [object('a', { behaviors: ['chain'] })] },
      behaviors: {
        chain: (g) => ({
          onStart: () => ticksSeen.push(g.stats().ticks),
          onDestroy: () => void g.spawn({ name: 'next', behaviors: ['chain'] }), // queued during the barrier
          fixedUpdate: (_g, self) => g.destroyObject(self), // queued during a callback
        }),
      },
    });
    frames(game, 6);
    // a: created at load (tick 0), destroys itself in tick 1's fixedUpdate; the barrier of tick 2 runs its
    // onDestroy, which queues a spawn: that waits for tick 3, and so on, one step per tick.
    expect(ticksSeen).toEqual([0, 3, 5]);
  });

  it('"onDestroy runs while that object\'s handle and allowed component data are still valid ... After removal, valid(oldHandle) returns false"', () => {
    const inDestroy: unknown[] = [];
    const game = runtime({
      scene: { objects: [object('a', { position: [1, 2, 3], tags: ['crate'] })] },
      behaviors: { log: (g) => ({ onDestroy: (_g, self) => inDestroy.push(g.valid(self), g.nameOf(self), [...g.transform(self).position], g.hasTag(self, 'crate')) }) },
    });
    const a = game.find('a')!;
    game.destroyObject(a);
    game.destroyObject(a); // idempotent: the second is a no-op
    frames(game, 2);
    expect(inDestroy).toEqual([true, 'a', [1, 2, 3], true]);
    expect(game.valid(a)).toBe(false);
    expect(() => game.transform(a)).toThrow(/not a live object/);
  });

  it('an object\'s destroy is its own verb, destroyObject(handle) (the seed\'s structural "destroy"); destroy() is the shell\'s and takes no handle: given one, it refuses, naming destroyObject, and tears nothing down', () => {
    const game = runtime({ scene: { objects: [{ name: 'a' }] }, behaviors: {} });
    const a = game.find('a')!;
    const destroy = game.destroy as (handle?: unknown) => void;
    expect(() => destroy.call(game, a)).toThrow("destroy: the runtime's destroy() takes no handle (it ends the runtime); destroy an object with destroyObject(handle)");
    expect(() => destroy.call(game, undefined)).toThrow(/destroyObject\(handle\)/);
    expect(game.destroyed).toBe(false);
    frames(game, 2);
    expect(game.valid(a), 'nothing queued').toBe(true);
    expect(() => game.destroyObject('a' as never)).toThrow('destroyObject: handle must be an entity handle (a number from spawn or find), got "a"');
    expect('dispose' in game, 'dispose() is gone: destroy() is the same in every engine').toBe(false);
  });

  it('generational handles: a reused slot never validates an old handle', () => {
    const game = runtime({ scene: { objects: [] }, behaviors: {} });
    const first = game.spawn({ name: 'x' });
    frames(game, 2);
    game.destroyObject(first);
    frames(game, 1, 2);
    const second = game.spawn({ name: 'x' });
    frames(game, 1, 3);
    expect(second).not.toBe(first);
    expect([game.valid(first), game.valid(second)]).toEqual([false, true]);
  });

  it('"Removing a behavior component also runs that component\'s onDestroy"; add/remove on a dead handle is a no-op with a diagnostic', () => {
    const log: string[] = [];
    const diagnostics: string[] = [];
    const game = runtime({ scene: { objects: [object('a', { behaviors: ['log', 'extra'] })] }, behaviors: { log: () => ({}), extra: logging(log) }, onDiagnostic: (m) => diagnostics.push(m) });
    const a = game.find('a')!;
    game.removeComponent(a, 'extra');
    game.destroyObject(a);
    game.addComponent(a, 'extra'); // aimed at an object destroyed earlier in the same batch
    game.removeComponent(a, 'log');
    log.length = 0;
    frames(game, 2);
    expect(log.filter((l) => l.endsWith('onDestroy'))).toEqual(['a:onDestroy']); // the component's onDestroy, once; the object's other behavior has none
    expect(diagnostics).toHaveLength(2);
    expect(diagnostics[0]).toMatch(/addComponent: object \d+ is not live/);
    expect(game.stats().diagnostics).toBe(2);
  });

  it('an object spawned and destroyed in one batch never starts: neither onStart nor onDestroy runs', () => {
    const log: string[] = [];
    const game = runtime({ scene: { objects: [] }, behaviors: { log: logging(log) } });
    const x = game.spawn(object('x'));
    game.destroyObject(x);
    frames(game, 3);
    expect(log).toEqual([]);
    expect(game.valid(x)).toBe(false);
  });

  it('"Clearing or replacing a scene runs destruction callbacks; a new scene uses a new session identity"; commands never modify the document', () => {
    const log: string[] = [];
    const scene = { objects: [object('a')] };
    const game = runtime({ scene, behaviors: { log: logging(log) } });
    const session = game.session;
    game.spawn(object('spawned'));
    frames(game, 2);
    expect(game.handles()).toHaveLength(2);
    game.replaceScene(game.document); // restart: "from the document as written"
    log.length = 0;
    frames(game, 1, 2);
    expect(log.slice(0, 3)).toEqual(['a:onDestroy', 'spawned:onDestroy', 'a:onStart']);
    expect(game.session).toBe(session + 1);
    expect(game.handles().map((h) => game.nameOf(h))).toEqual(['a']);
    expect(game.document.objects).toHaveLength(1);
    expect(Object.isFrozen(game.document)).toBe(true);
  });

  it('frame callbacks run in creation order then component order, as methods of their behavior, through components added and removed at barriers', () => {
    const log: string[] = [];
    const tagged = (tag: string): BehaviorFactory => (game, self) => ({
      tag,
      update(this: { tag: string }) {
        log.push(`${game.nameOf(self)}:${this.tag}`); // `this` is the behavior object
      },
    });
    const game = runtime({ scene: { objects: [object('a', { behaviors: ['one'] }), object('b', { behaviors: ['one', 'two'] })] }, behaviors: { one: tagged('one'), two: tagged('two') } });
    frames(game, 1);
    expect(log).toEqual(['a:one', 'b:one', 'b:two']);
    const a = game.find('a')!;
    game.addComponent(a, 'two');
    game.removeComponent(game.find('b')!, 'one');
    const c = game.spawn(object('c', { behaviors: ['two'] }));
    log.length = 0;
    frames(game, 1, 1); // the frame's tick applies the three commands at its barrier; update then sees them
    expect(log).toEqual(['a:one', 'a:two', 'b:two', 'c:two']);
    game.destroyObject(c);
    log.length = 0;
    frames(game, 1, 2);
    expect(log).toEqual(['a:one', 'a:two', 'b:two']);
  });

  it('a callback a behavior gives itself in onStart is called from then on (callbacks are looked up once it has started)', () => {
    const log: string[] = [];
    const game = runtime({
      scene: { objects: [object('late', { behaviors: ['grows'] })] },
      behaviors: {
        grows: () => {
          const behavior: Behavior = {
            onStart: () => {
              behavior.fixedUpdate = () => log.push('fixedUpdate');
              behavior.lateUpdate = () => log.push('lateUpdate');
            },
          };
          return behavior;
        },
      },
    });
    frames(game, 2);
    expect(log).toEqual(['lateUpdate', 'fixedUpdate', 'lateUpdate']); // frame 0 has no tick (first delta 0)
  });

  it('a throwing callback is reported with object, behavior and callback, and the other callbacks still run', () => {
    const errors: string[] = [];
    const log: string[] = [];
    const game = createRuntime({
      scene: { objects: [object('bad', { behaviors: ['bad'] }), object('good')] },
      behaviors: { bad: () => ({ fixedUpdate: () => { throw new Error('boom'); } }), log: logging(log) },
      onError: (error) => errors.push(`${error.object}/${error.behavior}/${error.hook}`),
    });
    runtimes.push(game);
    frames(game, 3);
    expect(errors).toEqual(['bad/bad/fixedUpdate', 'bad/bad/fixedUpdate']);
    expect(log.filter((l) => l === 'good:fixedUpdate')).toHaveLength(2);
  });
});

describe('one rendered frame', () => {
  it('"After its fixed ticks, the runtime calls update once. It then prepares presentation transforms, calls lateUpdate, and makes the final snapshot available to rendering"', () => {
    const log: string[] = [];
    const game = runtime({
      scene: { objects: [object('a')] },
      behaviors: { log: logging(log) },
      backend: { render: (frame) => log.push(`render ticks=${frame.ticks}`), destroy: () => {} },
    });
    game.advance(0);
    log.length = 0;
    game.advance(3 * FRAME_MS); // three ticks in one frame
    expect(log).toEqual(['a:fixedUpdate', 'a:fixedUpdate', 'a:fixedUpdate', 'a:update', 'a:lateUpdate', 'render ticks=3']);
  });

  it('"the runtime blends the previous and current completed simulation poses using the accumulator fraction"', () => {
    let x = 0;
    const game = runtime({
      scene: { objects: [object('mover', { behaviors: ['move'] })] },
      behaviors: { move: (g) => ({ fixedUpdate: (_g, self) => g.setTransform(self, { position: [(x += 1), 0, 0] }) }) },
    });
    const mover = game.find('mover')!;
    game.advance(0);
    game.advance(1.5 * FRAME_MS); // one tick (x 0 -> 1), half a tick left over
    expect(game.stats().alpha).toBeCloseTo(0.5, 9);
    expect(game.presentation(mover).position[0]).toBeCloseTo(0.5, 9); // "up to one fixed tick behind", not a prediction
    expect(game.transform(mover).position[0]).toBe(1);
  });

  it('"rotation follows the shortest quaternion path"', () => {
    const turn = (deg: number): [number, number, number, number] => [0, 0, Math.sin((deg * Math.PI) / 360), Math.cos((deg * Math.PI) / 360)];
    let tick = 0;
    const game = runtime({
      scene: { objects: [object('spinner', { behaviors: ['spin'], rotation: turn(10) })] },
      behaviors: { spin: (g) => ({ fixedUpdate: (_g, self) => g.setTransform(self, { rotation: turn(tick++ === 0 ? -10 : -10) }) }) },
    });
    game.advance(0);
    game.advance(1.5 * FRAME_MS);
    const q = game.presentation(game.find('spinner')!).rotation;
    // Halfway from +10° to -10° about z is 0°, not 180° (the long way round).
    expect(Math.abs(q[3]!)).toBeCloseTo(1, 9);
  });

  it('"Use setPresentation for the camera\'s visual pose; this method is permitted only during lateUpdate"', () => {
    const outcomes: string[] = [];
    const attempt = (where: string) => (g: Runtime, self: number) => {
      try {
        g.setPresentation(self, { position: [9, 9, 9] });
        outcomes.push(`${where}: ok`);
      } catch (error) {
        outcomes.push(`${where}: ${(error as Error).message}`);
      }
    };
    const game = runtime({
      scene: { objects: [object('camera', { behaviors: ['cam'] })] },
      behaviors: { cam: () => ({ fixedUpdate: attempt('fixedUpdate'), update: attempt('update'), lateUpdate: attempt('lateUpdate') }) },
    });
    frames(game, 2);
    expect(outcomes).toEqual([
      'update: setPresentation: allowed only during lateUpdate, called during update',
      'lateUpdate: ok',
      'fixedUpdate: setPresentation: allowed only during lateUpdate, called during fixedUpdate',
      'update: setPresentation: allowed only during lateUpdate, called during update',
      'lateUpdate: ok',
    ]);
    const camera = game.find('camera')!;
    expect([...game.presentation(camera).position]).toEqual([9, 9, 9]);
    expect([...game.transform(camera).position]).toEqual([0, 0, 0]); // the visual pose never writes back
    expect(() => game.setPresentation(camera, { position: [1, 1, 1] })).toThrow(/outside any callback/);
  });

  it('"A non-physical pose changed in update is presented directly for that frame"', () => {
    const game = runtime({
      scene: { objects: [object('marker', { behaviors: ['jump'] })] },
      behaviors: { jump: (g) => ({ update: (_g, self) => g.setTransform(self, { position: [5, 0, 0] }) }) },
    });
    game.advance(0);
    game.advance(1.5 * FRAME_MS); // alpha 0.5: a blend would show 2.5
    expect(game.presentation(game.find('marker')!).position[0]).toBe(5);
  });
});

describe('interpolation history resets', () => {
  const moving = (): RuntimeOptions => ({
    scene: { objects: [object('mover', { behaviors: ['move'] })] },
    behaviors: { move: (g) => ({ fixedUpdate: (_g, self) => g.setTransform(self, { position: [g.transform(self).position[0]! + 1, 0, 0] }) }) },
  });

  it('"Spawn, teleport, scene replacement, and pause transitions reset the relevant interpolation history": teleport', () => {
    const game = runtime(moving());
    const mover = game.find('mover')!;
    game.advance(0);
    game.advance(1.5 * FRAME_MS);
    game.teleport(mover, { position: [100, 0, 0] });
    expect(game.transform(mover).position[0]).toBe(100);
    expect(game.presentation(mover).position[0]).toBe(100); // no streak from 0.5 to 100
    game.advance(2.5 * FRAME_MS); // one tick: 100 -> 101; alpha 0.5
    expect(game.presentation(mover).position[0]).toBeCloseTo(100.5, 9);
  });

  it('... spawn: a spawned object is first presented where it was created', () => {
    const game = runtime({ scene: { objects: [] }, behaviors: {} });
    game.advance(0);
    const x = game.spawn({ name: 'x', position: [7, 0, 0] });
    game.advance(1.5 * FRAME_MS);
    expect(game.presentation(x).position[0]).toBe(7);
  });

  it('... scene replacement: the new scene is presented as written', () => {
    const game = runtime(moving());
    game.advance(0);
    game.advance(3.5 * FRAME_MS);
    game.replaceScene({ objects: [object('mover', { behaviors: ['move'], position: [50, 0, 0] })] });
    game.advance(3.5 * FRAME_MS); // a frame worth 0: the replacement happens at its start
    expect(game.presentation(game.find('mover')!).position[0]).toBe(50);
  });

  it('... pause transitions: pausing presents the current simulation pose history-free, and resuming does not blend across the pause', () => {
    const game = runtime(moving());
    const mover = game.find('mover')!;
    game.advance(0);
    game.advance(1.5 * FRAME_MS); // x 1, presented 0.5
    game.pause();
    game.resume();
    game.advance(2 * FRAME_MS); // no tick, alpha 0.5: without the reset this would present 0.5 again (0 -> 1 blended)
    expect(game.stats().ticksLastFrame).toBe(0);
    expect(game.presentation(mover).position[0]).toBe(1);
  });
});

describe('input', () => {
  function jumpCounter(): { options: RuntimeOptions; fixedJumps: number[]; frameJumps: number[] } {
    const fixedJumps: number[] = [];
    const frameJumps: number[] = [];
    const options: RuntimeOptions = {
      scene: { objects: [object('player', { behaviors: ['player'] })] },
      behaviors: {
        player: (g) => ({
          fixedUpdate: () => void (g.input().jump && fixedJumps.push(g.stats().ticks)),
          update: () => void (g.input().jump && frameJumps.push(g.stats().frames)),
        }),
      },
    };
    return { options, fixedJumps, frameJumps };
  }

  it('"In fixedUpdate, an edge survives a rendered frame with no fixed tick and is consumed once, even when the next frame catches up several ticks"', () => {
    const { options, fixedJumps, frameJumps } = jumpCounter();
    const game = runtime(options);
    game.advance(0);
    game.press('Space');
    game.release('Space'); // "a press and release inside one interval still counts as an edge"
    game.advance(0.5 * FRAME_MS); // a frame with no tick: the tick edge survives it
    expect(game.stats().ticksLastFrame).toBe(0);
    expect(fixedJumps).toEqual([]);
    game.advance(3.5 * FRAME_MS); // three ticks: seen by the first only
    expect(game.stats().ticksLastFrame).toBe(3);
    expect(fixedJumps).toEqual([1]);
    // "In update, input is the current frame's input": the frame that saw the press, once.
    expect(frameJumps).toEqual([2]);
  });

  it('input() is the tick\'s wherever the tick runs: the loop\'s own phase says so (no flag beside it), so a handler added to the tick phase reads the tick\'s edge too', () => {
    const game = runtime({ scene: { objects: [] } });
    const seen: string[] = [];
    game.loop.on('tick', () => void seen.push(`tick ${game.input().jump}`));
    game.loop.on('update', () => void seen.push(`update ${game.input().jump}`));
    game.advance(0);
    game.press('Space');
    game.release('Space');
    game.advance(0.5 * FRAME_MS); // no tick: the tick's edge survives
    game.advance(1.5 * FRAME_MS); // one tick
    expect(seen).toEqual(['update false', 'update true', 'tick true', 'update false']);
  });

  it('held axes: horizontal and vertical from the bound keys, in both phases', () => {
    const axes: string[] = [];
    const game = runtime({
      scene: { objects: [object('p', { behaviors: ['p'] })] },
      behaviors: { p: (g) => ({ fixedUpdate: () => axes.push(`fixed ${g.input().horizontal},${g.input().vertical}`), update: () => axes.push(`frame ${g.input().horizontal},${g.input().vertical}`) }) },
      input: { bindings: { jump: ['KeyJ'] } },
    });
    game.advance(0);
    game.press('ArrowLeft');
    game.press('KeyW');
    game.advance(FRAME_MS);
    expect(axes.slice(-2)).toEqual(['fixed -1,1', 'frame -1,1']);
    expect(() => createRuntime({ scene: { objects: [] }, input: { bindings: { interakt: ['Space'] } as never } })).toThrow(/did you mean 'interact'/);
  });

  // Issue 25, item 4: "`input` is an `Input` in world/state and `RuntimeInputOptions` in the runtime": one Input model.
  it('input may be an Input, as in the world and state engines: input() and inputDevice read it, its latched edges are the tick\'s', () => {
    const { options, fixedJumps, frameJumps } = jumpCounter();
    const input = createInput({ bindings: { ...DEFAULT_RUNTIME_BINDINGS, jump: ['KeyJ'] } });
    const game = runtime({ ...options, input });
    expect(game.inputDevice).toBe(input);
    game.advance(0);
    input.press('KeyJ');
    game.advance(0.5 * FRAME_MS); // no tick: the edge is latched for the next one
    game.advance(3.5 * FRAME_MS);
    expect([fixedJumps, frameJumps]).toEqual([[1], [2]]);
  });

  it('refuses an Input that does not read every runtime action, naming the first it misses', () => {
    const { jump: _jump, ...noJump } = DEFAULT_RUNTIME_BINDINGS;
    expect(() => createRuntime({ scene: { objects: [] }, input: createInput({ bindings: noJump }) as never })).toThrow(
      "createRuntime: input must be an Input that reads every runtime action (left, right, up, down, jump, interact, pause, step; bindings: { ...DEFAULT_RUNTIME_BINDINGS }), or { target, bindings }: one that reads 'jump', got an object",
    );
  });
});

describe('overload, pause and single-step', () => {
  it('"The default catch-up limit is four ticks per frame. Excess whole intervals are dropped and reported as dropped_time; the fractional remainder is retained"', () => {
    let ticks = 0;
    const game = runtime({ scene: { objects: [object('a', { behaviors: ['count'] })] }, behaviors: { count: () => ({ fixedUpdate: () => void ticks++ }) } });
    game.advance(0);
    game.advance(10.25 * FRAME_MS); // a 10.25-interval hitch
    expect(ticks).toBe(4);
    const stats = game.stats();
    expect(stats.droppedLastFrameSeconds).toBeCloseTo(6 / 60, 9); // six whole intervals dropped
    expect(stats.droppedSeconds).toBeCloseTo(6 / 60, 9);
    expect(stats.alpha).toBeCloseTo(0.25, 6); // the fraction kept
    game.advance(11 * FRAME_MS); // 0.25 kept + 0.75 = one tick
    expect(ticks).toBe(5);
  });

  it('"Physics delta is not enlarged to compensate"', async () => {
    const physics = await createRapier3d();
    const steps: number[] = [];
    const step = physics.step.bind(physics);
    (physics as { step: PhysicsAdapter['step'] }).step = (dt, substeps) => {
      steps.push(dt);
      step(dt, substeps);
    };
    const game = runtime({ scene: { objects: [{ name: 'ball', body: { colliders: [{ shape: 'ball', radius: 0.5 }] } }] }, physics });
    game.advance(0);
    game.advance(20 * FRAME_MS);
    expect(steps).toEqual([1 / 60, 1 / 60, 1 / 60, 1 / 60]);
  });

  it('"Player keys P and N pause and single-step. Pause clears accumulated wall time. One step advances one fixed tick and produces a current presentation pose. Resuming does not simulate the time spent paused"', () => {
    const game = runtime({
      scene: { objects: [object('mover', { behaviors: ['move'] })] },
      behaviors: { move: (g) => ({ fixedUpdate: (_g, self) => g.setTransform(self, { position: [g.transform(self).position[0]! + 1, 0, 0] }) }) },
    });
    const mover = game.find('mover')!;
    let t = 0;
    const at = (intervals: number): boolean => game.advance((t += intervals) * FRAME_MS);
    at(0);
    at(1.5); // one tick, half an interval accumulated
    game.press('KeyP');
    at(1); // P: paused from this frame's start: no tick
    game.release('KeyP');
    expect(game.paused).toBe(true);
    const ticksAtPause = game.stats().ticks;
    for (let i = 0; i < 60; i++) at(1); // a second paused
    expect(game.stats().ticks).toBe(ticksAtPause);
    game.press('KeyN');
    at(1); // N: one tick
    game.release('KeyN');
    expect(game.stats().ticks).toBe(ticksAtPause + 1);
    expect(game.stats().ticksLastFrame).toBe(1);
    expect(game.presentation(mover).position[0]).toBe(game.transform(mover).position[0]); // a current presentation pose
    at(1);
    expect(game.stats().ticks).toBe(ticksAtPause + 1); // still paused
    game.press('KeyP');
    at(0.25); // resumed: the half interval from before the pause is gone, and the paused second is not simulated
    game.release('KeyP');
    expect(game.paused).toBe(false);
    expect(game.stats().ticks).toBe(ticksAtPause + 1);
    at(0.8);
    expect(game.stats().ticks).toBe(ticksAtPause + 1); // 1.05 intervals since resuming, minus the resume frame's 0.25: not yet
    at(0.25);
    expect(game.stats().ticks).toBe(ticksAtPause + 2);
  });
});

describe('physics', () => {
  it('the tick\'s four steps in order: barrier, fixedUpdate, physics step, then poses and onCollision', async () => {
    const physics = await createRapier3d();
    const log: string[] = [];
    const wrap = <K extends 'barrier' | 'step' | 'readPoses'>(name: K): void => {
      const original = (physics[name] as (...args: unknown[]) => unknown).bind(physics);
      (physics as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        log.push(name);
        return original(...args);
      };
    };
    wrap('barrier');
    wrap('step');
    wrap('readPoses');
    const game = runtime({
      scene: {
        objects: [
          { name: 'ground', position: [0, -0.5, 0], body: { kind: 'fixed', colliders: [{ shape: 'box', half_extents: [5, 0.5, 5] }] } },
          { name: 'ball', position: [0, 0.52, 0], behaviors: ['ball'], body: { colliders: [{ shape: 'ball', radius: 0.5 }] } },
        ],
      },
      physics,
      behaviors: {
        ball: (g) => ({
          fixedUpdate: () => log.push('fixedUpdate'),
          onCollision: (_g, self, hit) => log.push(`onCollision ${hit.kind} ${g.nameOf(hit.other)} self=${g.nameOf(self)} ny=${hit.normal[1]!.toFixed(0)}`),
        }),
      },
    });
    log.length = 0;
    game.spawn({ name: 'crate', position: [3, 2, 0], body: { colliders: [{ shape: 'box', half_extents: [0.5, 0.5, 0.5] }] } });
    game.advance(0);
    for (let i = 1; i <= 10; i++) game.advance(i * FRAME_MS);
    expect(log.slice(0, 4)).toEqual(['barrier', 'fixedUpdate', 'step', 'readPoses']);
    const hit = log.find((l) => l.startsWith('onCollision begin ground'));
    expect(hit).toBe('onCollision begin ground self=ball ny=-1'); // the normal points from self (the ball) towards other (the ground, below)
    expect(log.indexOf(hit!)).toBeGreaterThan(log.indexOf('readPoses'));
  });

  it('"Physical bodies reject ordinary setTransform; use an explicit teleport"; "A velocity is metres per second: assign it directly"', async () => {
    const physics = await createRapier3d({ gravity: [0, 0, 0] });
    const game = runtime({ scene: { objects: [{ name: 'puck', body: { colliders: [{ shape: 'ball', radius: 0.5 }] } }] }, physics });
    const puck = game.find('puck')!;
    expect(() => game.setTransform(puck, { position: [1, 0, 0] })).toThrow(/is a physical body.*teleport/);
    game.setVelocity(puck, 3, 0, 0); // 3 m/s
    game.advance(0);
    for (let i = 1; i <= 60; i++) game.advance(i * FRAME_MS); // one second
    expect(game.transform(puck).position[0]).toBeCloseTo(3, 3);
    game.teleport(puck, { position: [-10, 0, 0] });
    expect(game.presentation(puck).position[0]).toBe(-10);
    game.advance(61 * FRAME_MS);
    expect(game.transform(puck).position[0]).toBeCloseTo(-10 + 3 / 60, 3); // teleport keeps the velocity
  });

  it('destroying an object frees its body; spawning adds one (the world holds what the scene holds)', async () => {
    const physics = await createRapier3d();
    const game = runtime({ scene: { objects: [] }, physics });
    const handles = Array.from({ length: 10 }, (_, i) => game.spawn({ name: `b${i}`, position: [i, 5, 0], body: { colliders: [{ shape: 'ball', radius: 0.2 }] } }));
    frames(game, 2);
    expect(physics.bodyCount).toBe(10);
    for (const handle of handles) game.destroyObject(handle);
    frames(game, 1, 2);
    expect(physics.bodyCount).toBe(0);
  });
});

describe('scene documents at the runtime', () => {
  it('"Invalid configuration is rejected before the Player starts": every problem named, nothing runs', () => {
    let constructed = 0;
    expect(() =>
      createRuntime({
        scene: { simulation: { fixed_delta: 0, physics_substeps: 1.5 }, objects: [{ name: 'a', behaviors: ['missing'] }] },
        behaviors: { present: () => (constructed++, {}) },
      }),
    ).toThrow(SceneDocumentError);
    try {
      createRuntime({ scene: { simulation: { fixed_delta: 0, physics_substeps: 1.5 }, objects: [{ name: 'a', behaviors: ['missing'] }] }, behaviors: {} });
    } catch (error) {
      expect((error as SceneDocumentError).problems.map((p) => p.path)).toEqual(['simulation.fixed_delta', 'simulation.physics_substeps', 'objects[0].behaviors[0]']);
    }
    expect(constructed).toBe(0);
  });

  it('a body without a physics adapter, and unknown options, are refused by name', () => {
    expect(() => createRuntime({ scene: { objects: [{ name: 'b', body: { colliders: [{ shape: 'ball', radius: 1 }] } }] } })).toThrow(/physics.*objects\[0\] \("b"\) has a body/);
    expect(() => createRuntime({ scene: { objects: [] }, behaviours: {} } as never)).toThrow(/did you mean 'behaviors'/);
  });

  it('the simulation settings are used: fixed_delta and max_catch_up_ticks', () => {
    let ticks = 0;
    const game = runtime({ scene: { simulation: { fixed_delta: 0.01, max_catch_up_ticks: 2 }, objects: [object('a', { behaviors: ['count'] })] }, behaviors: { count: () => ({ fixedUpdate: () => void ticks++ }) } });
    game.advance(0);
    game.advance(35);
    expect(ticks).toBe(2); // 3 whole 10 ms intervals, capped at 2
    expect(game.stats().droppedSeconds).toBeCloseTo(0.01, 9);
  });

  it('spawn validates its object like a document, with paths under "spawn"', () => {
    const game = runtime({ scene: { objects: [] }, behaviors: {} });
    expect(() => game.spawn({ name: 'x', scale: [1, 0, 1] } as SceneObjectDoc)).toThrow(/spawn\.scale\[1\]/);
  });
});

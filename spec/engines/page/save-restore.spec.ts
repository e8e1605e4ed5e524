import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { OptionError } from '../../../operators/option-error.js';
import { syncTest } from '../../../src/replay/index.js';
import { createEngine, EngineError, type PageEngine, type PageEngineSnapshot, type System } from '../../../src/engines/page/index.js';
import type { EngineSnapshot } from '../../../src/engines/shell/engine-snapshot.js';
import { captureConsole } from '../../support/console-capture.js';
import { move, saveRestoreProperty, snapshotHash, type Move } from '../../support/save-restore.js';
import { fakePage } from './fake-page.js';
import { testFrames, vsyncFrames, type TestFrames } from './frames.js';

// Issue 26, item 1: "engine.save() and engine.restore(snapshot) on all five
// presets, the shell's, complete: the preset's state (... the page engine's
// systems' state through a hook), the loop's (frame count, accumulator,
// paced-clock phase, time scale, pause), the engine's input (held keys,
// pointer, pending edges) and the random source's." And: "A game object with
// state the preset cannot see gives it through one documented hook (a
// save/restore pair, or serialisable fields), and the development build
// warns when a restore leaves a field the snapshot did not cover."
//
// The seed (shared-page-loop.txt) is the page engine's: a game is systems
// added with e.add({ step(e) {...} }), whose state lives in the game's own
// variables ("let x = 0; ... engine.add({ step(e, dt) { x += vx * dt; } })"),
// where the engine cannot see it. So a system that keeps state gives it with a
// save()/restore(data) pair. "engine.paused lists why": of those reasons only
// the game's own pause ('manual', engine.pause()) is the game's state; the
// others are the page's (a hidden tab, "its root is scrolled off screen"), and
// "Settling is not a pause".

const captured = captureConsole('warn');

/** A system keeping its state on `this`: hooks are called with the system as `this`. */
class Hopper implements System {
  readonly name = 'hopper';
  x = 0;
  y = 0;
  vy = 0;
  hops = 0;
  aimX = 0;
  read(e: PageEngine): void {
    this.aimX = e.input.pointer.x; // latched in read, used in step
  }
  step(e: PageEngine, dt: number): void {
    this.x += (e.input.axis('ArrowLeft', 'ArrowRight') * 60 + (this.aimX - this.x) * 0.5) * dt;
    if (e.input.pressed('Space') && this.y === 0) {
      this.vy = 3 + e.random.next();
      this.hops++;
    }
    this.vy -= 9.8 * dt;
    this.y = Math.max(0, this.y + this.vy * dt);
    if (this.y === 0 && this.vy < 0) {
      this.vy = 0;
      e.events.emit('land', this.x);
    }
  }
  save() {
    const { x, y, vy, hops, aimX } = this;
    return { x, y, vy, hops, aimX };
  }
  restore(data: unknown): void {
    Object.assign(this, data);
  }
}

/** A system keeping its state in variables its hooks close over, as the seed's examples do. */
function tally(): System & { readonly landings: () => number } {
  let landings = 0;
  let xs: number[] = [];
  return {
    name: 'tally',
    landings: () => landings,
    render(e) {
      for (let i = 0; i < e.events.length; i++) {
        if (e.events.type(i) !== 'land') continue;
        landings++;
        xs = [...xs, e.events.a(i)].slice(-3);
      }
    },
    save: () => ({ landings, xs }),
    restore(data) {
      ({ landings, xs } = data as { landings: number; xs: number[] });
    },
  };
}

interface Game {
  readonly frames: TestFrames;
  readonly hopper: Hopper;
  readonly tally: ReturnType<typeof tally>;
}

const games = new WeakMap<PageEngine, Game>();
const game = (engine: PageEngine): Game => games.get(engine)!;
const errors: unknown[] = [];

/** The game, built the same way every time: a hopper, a tally of landings, and a render-only system with a setting that never changes. */
function build(): PageEngine {
  const frames = testFrames();
  const engine = createEngine({ frames, pause: false, name: 'hopper game', seed: 7, onError: (error) => void errors.push(error) });
  const hopper = engine.add(new Hopper());
  const count = engine.add(tally());
  engine.add({ name: 'hud', scale: 2, render() {} } as System);
  games.set(engine, { frames, hopper, tally: count });
  return engine;
}

type Engine = PageEngine;
const keys = fc.constantFrom('ArrowLeft', 'ArrowRight', 'Space');
const moves: fc.Arbitrary<Move<Engine>> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(0, 1 / 240, 1 / 60, 0.02, 0.05, 0.25).map((s) => move<Engine>(`advance(${s})`, (e) => void e.advance(s))) },
  // Frames from the page's clock: start, two frames `ms` apart, stop. Each run of them starts fresh (no baseline, as any start does),
  // so the frames are worth the same after a restore as before it; frames straight after a restore start fresh by design (see below).
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0, max: 80 }).map((ms) =>
      move<Engine>(`page frames +${ms} ms`, (e) => {
        e.start();
        game(e).frames.tick(1000);
        game(e).frames.tick(1000 + ms);
        e.stop();
      }),
    ),
  },
  { weight: 2, arbitrary: keys.map((key) => move<Engine>(`press ${key}`, (e) => e.input.press(key))) },
  { weight: 2, arbitrary: keys.map((key) => move<Engine>(`release ${key}`, (e) => e.input.release(key))) },
  // A pointer move reaches the game in the next read (the seed: "measures its target here, at most once a frame"); until then
  // it is host input in flight, not state, so the move is the event and the frame that reads it.
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: 400 }).map((x) =>
      move<Engine>(`pointer ${x} and a frame`, (e) => {
        e.input.movePointer(x, 10);
        e.advance(0);
      }),
    ),
  },
  { weight: 1, arbitrary: fc.constant(move<Engine>('pause()', (e) => e.pause())) },
  { weight: 1, arbitrary: fc.constant(move<Engine>('resume()', (e) => e.resume())) },
  { weight: 1, arbitrary: fc.constantFrom(0, 0.5, 1, 2).map((scale) => move<Engine>(`timeScale ${scale}`, (e) => void (e.timeScale = scale))) },
  { weight: 1, arbitrary: fc.constant(move<Engine>('random.next()', (e) => void e.random.next())) },
  { weight: 1, arbitrary: fc.constant(move<Engine>('hopper.hops += 10 (the game, between frames)', (e) => void (game(e).hopper.hops += 10))) },
);

/** What `restore` threw, or undefined. */
function thrownBy(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('page engine: save and restore', () => {
  it('for any schedule of frames, keys, pointer, pause, time scale, random draws and game changes: save at tick N, run k ticks, restore, run the same k ticks: every hash equal', () => {
    fc.assert(saveRestoreProperty(build, moves), { numRuns: 100 });
    expect(errors).toEqual([]);
  });

  it('the snapshot holds the game\'s pause and each system\'s save(), copied, with the loop, the input and the random state, as plain data', () => {
    const engine = build();
    const { hopper } = game(engine);
    engine.input.press('Space');
    engine.advance(1 / 60);
    engine.input.press('ArrowRight');
    engine.pause();
    const snapshot = engine.save();
    expect(snapshot.preset).toBe('page engine');
    expect(snapshot.state).toEqual({ manualPause: true, systems: [{ name: 'hopper', data: hopper.save() }, { name: 'tally', data: { landings: 0, xs: [] } }] });
    expect(snapshot.state.systems[0]!.data).not.toBe(hopper.save());
    expect(snapshot.loop.frame).toEqual(engine.frame());
    expect(snapshot.random).toBe(engine.random.state);
    expect(snapshot.input?.held).toEqual(['Space', 'ArrowRight']); // pause() on an engine not started ('stopped') is no transition: nothing released
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
    expect(structuredClone(snapshot)).toEqual(snapshot);
    engine.destroy();
  });

  it('restores into a second engine built the same way, which then plays as the first would', () => {
    const a = build();
    const b = build();
    a.input.press('Space');
    for (let i = 0; i < 40; i++) a.advance(1 / 60);
    a.input.press('ArrowLeft');
    b.restore(a.save());
    expect(snapshotHash(b)).toBe(snapshotHash(a));
    for (let i = 0; i < 30; i++) {
      a.advance(0.02);
      b.advance(0.02);
    }
    expect(game(b).hopper.save()).toEqual(game(a).hopper.save());
    expect(game(b).tally.landings()).toBe(game(a).tally.landings());
    expect(game(a).tally.landings()).toBeGreaterThan(0);
    expect(snapshotHash(b)).toBe(snapshotHash(a));
    a.destroy();
    b.destroy();
  });

  it('a snapshot names the preset, not the engine: one taken from engine \'a\' restores into engine \'b\'', () => {
    const a = createEngine({ pause: false, name: 'a' });
    const b = createEngine({ pause: false, name: 'b' });
    a.advance(0.1);
    const snapshot = a.save();
    expect(snapshot.preset).toBe('page engine');
    b.restore(snapshot);
    expect(b.frame()).toEqual(a.frame());
    a.destroy();
    b.destroy();
  });

  it('an unconsumed press survives the round trip and is consumed once: a Space pressed before the save hops once after each restore', () => {
    const engine = build();
    const { hopper } = game(engine);
    engine.input.press('Space');
    const snapshot = engine.save();
    for (let round = 0; round < 2; round++) {
      engine.restore(snapshot);
      engine.advance(1 / 60);
      engine.advance(1 / 60);
      expect(hopper.hops, `round ${round}`).toBe(1);
    }
    engine.destroy();
  });

  it('the game\'s pause ("engine.pause()") is restored, with its transition; the page is then asked for no frames', () => {
    const engine = build();
    const { frames } = game(engine);
    const heard: string[] = [];
    engine.start();
    engine.on('pause', (_, reason) => heard.push(`pause ${reason}`));
    engine.on('resume', (_, reason) => heard.push(`resume ${reason}`));
    engine.pause();
    const paused = engine.save();
    engine.resume();
    frames.tick(0);
    expect(frames.pending).toBe(1);
    engine.restore(paused);
    expect([...engine.paused]).toEqual(['manual']);
    expect(frames.pending).toBe(0);
    expect(heard).toEqual(['pause manual', 'resume manual', 'pause manual']);
    engine.destroy();
  });

  it('"Paused, it asks for no frames": a restore neither starts nor stops the engine, and wakes a settled one ("Settling is not a pause") to draw the restored state', () => {
    const frames = testFrames();
    const engine = createEngine({ frames, pause: false, settle: 0 });
    const hopper = engine.add(new Hopper());
    const stopped = engine.save();
    engine.start();
    frames.tick(0);
    frames.tick(16);
    expect(engine.settled).toBe(true);
    expect(frames.pending).toBe(0);
    hopper.x = 99;
    engine.restore(stopped);
    expect(hopper.x).toBe(0);
    expect(engine.paused.size).toBe(0); // still started: 'stopped' is not the game's
    expect(engine.settled).toBe(false);
    expect(frames.pending).toBe(1);
    engine.stop();
    engine.restore(engine.save());
    expect([...engine.paused]).toEqual(['stopped']);
    engine.destroy();
  });

  it('frames from the page\'s clock after a restore start fresh: the first is worth 0, as after any resume (the clock\'s baseline is host time)', () => {
    const engine = build();
    const { frames } = game(engine);
    engine.advance(0.012); // no step yet: 12 ms accumulated
    const snapshot = engine.save();
    engine.start(); // a start is fresh too: the 12 ms are dropped
    frames.tick(5000);
    frames.tick(5020); // 20 ms: one step
    expect(engine.stats().steps).toBe(1);
    engine.restore(snapshot); // the 12 ms are back
    frames.tick(9000); // fresh: worth 0, however long since the last frame
    expect(engine.stats().steps).toBe(0);
    expect(engine.frame().count).toBe(snapshot.loop.frame.count + 1);
    frames.tick(9005); // 5 ms + the 12 restored: one step
    expect(engine.stats().steps).toBe(1);
    engine.destroy();
  });

  describe('two engines on one page clock', () => {
    /** Engines a and b share a scheduler; a is saved, runs on, and (or not) is restored; b's snapshot hash after every frame. */
    function scenario(restoreA: boolean) {
      const frames = testFrames();
      const a = createEngine({ frames, pause: false, name: 'a' });
      const b = createEngine({ frames, pause: false, name: 'b' });
      const hopperA = a.add(new Hopper());
      b.add(new Hopper());
      const tallyB = b.add(tally());
      a.start();
      b.start();
      a.input.press('ArrowRight');
      b.input.press('Space');
      let t = 0;
      const tick = () => frames.tick((t += 16 + (t % 3)));
      for (let i = 0; i < 10; i++) tick();
      const checkpoint = a.save();
      for (let i = 0; i < 10; i++) tick();
      const before = snapshotHash(b);
      if (restoreA) {
        a.restore(checkpoint);
        expect(hopperA.x).toBe((checkpoint.state.systems[0]!.data as { x: number }).x);
        expect(a.frame().count).toBe(checkpoint.loop.frame.count);
      }
      expect(snapshotHash(b), 'b, right after a restored').toBe(before);
      const hashes: string[] = [];
      for (let i = 0; i < 30; i++) {
        tick();
        hashes.push(snapshotHash(b));
      }
      const result = { hashes, landings: tallyB.landings(), bFrames: b.frame().count, requests: frames.requests, pending: frames.pending, aFrames: a.frame().count };
      a.destroy();
      b.destroy();
      return result;
    }

    it('restoring one engine leaves the other\'s frames and state as they would have been; the page still asks for one frame at a time', () => {
      const restored = scenario(true);
      const untouched = scenario(false);
      expect(restored.hashes).toEqual(untouched.hashes);
      expect(restored.landings).toBe(untouched.landings);
      expect(restored.bFrames).toBe(untouched.bFrames);
      expect(restored.requests).toBe(untouched.requests);
      expect(restored.pending).toBe(1);
      expect(restored.aFrames).toBe(untouched.aFrames - 10); // a went back 10 frames, then ran every frame b ran
    });
  });

  it('a capped engine keeps its cap across a restore: "a capped scene asks for 30 frames a second" right after it (the cap\'s grid starts fresh)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const frames = vsyncFrames(60);
      const engine = createEngine({ frames, pause: false, fps: 30 });
      engine.add(new Hopper());
      engine.start();
      vi.advanceTimersByTime(1000);
      const snapshot = engine.save();
      vi.advanceTimersByTime(500);
      engine.restore(snapshot);
      const framesBefore = engine.stats().frames;
      const requestsBefore = frames.requests;
      vi.advanceTimersByTime(2000);
      expect(engine.stats().frames - framesBefore).toBe(60);
      expect(frames.requests - requestsBefore).toBe(60);
      engine.destroy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a value that is not a snapshot of this engine\'s systems, naming the field; the engine is unchanged and no system restored', () => {
    const engine = build();
    const { hopper } = game(engine);
    engine.pause();
    engine.input.press('Space');
    engine.advance(0.3);
    const good = engine.save() as EngineSnapshot<PageEngineSnapshot>;
    engine.resume();
    engine.advance(0.3);
    let restores = 0;
    const restoreHopper = hopper.restore.bind(hopper);
    hopper.restore = (data) => {
      restores++;
      restoreHopper(data);
    };
    const before = snapshotHash(engine);
    const state = good.state;
    const first = state.systems[0]!;
    const second = state.systems[1]!;
    const bad: [unknown, string][] = [
      [null, 'snapshot'],
      [{ ...good, preset: 'state engine' }, 'snapshot.preset'],
      [{ ...good, loop: { ...good.loop, timeScale: -1 } }, 'snapshot.loop.timeScale'],
      [{ ...good, random: 1.5 }, 'snapshot.random'],
      [{ ...good, state: null }, 'snapshot.state'],
      [{ ...good, state: { ...state, manualPause: 'yes' } }, 'snapshot.state.manualPause'],
      [{ ...good, state: { ...state, systems: {} } }, 'snapshot.state.systems'],
      [{ ...good, state: { ...state, systems: [first, second, 3] } }, 'snapshot.state.systems[2]'],
      [{ ...good, state: { ...state, systems: [{ name: 'ghost', data: 1 }, first, second] } }, 'snapshot.state.systems[0].name'],
      [{ ...good, state: { ...state, systems: [first, second, first] } }, 'snapshot.state.systems[2].name'],
      [{ ...good, state: { ...state, systems: [first] } }, 'snapshot.state.systems'],
    ];
    for (const [value, field] of bad) {
      const error = thrownBy(() => engine.restore(value as EngineSnapshot<PageEngineSnapshot>));
      expect(error, field).toBeInstanceOf(OptionError);
      expect((error as OptionError).message, field).toContain(`${field} must be`);
      expect(snapshotHash(engine), field).toBe(before);
      expect(engine.paused.has('manual'), field).toBe(false);
    }
    expect(restores).toBe(0);
    expect((thrownBy(() => engine.restore({ ...good, state: { ...state, systems: [first] } })) as Error).message).toContain("none for 'tally' (added after the save? remove it before restoring)");
    engine.restore(good);
    expect(restores).toBe(1);
    expect(engine.paused.has('manual')).toBe(true);
    engine.destroy();
  });

  it('a system with save has restore and a name of its own (a snapshot finds its state by name)', () => {
    const engine = createEngine({ pause: false });
    engine.add({ name: 'one', step() {}, save: () => 1, restore() {} });
    const refused: [System, string][] = [
      [{ name: 'two', step() {}, save: () => 1 }, 'engine.add: restore must be a function'],
      [{ name: 'two', step() {}, restore() {} }, 'engine.add: save must be a function'],
      [{ step() {}, save: () => 1, restore() {} }, 'engine.add: name must be a non-empty string for a system with save/restore'],
      [{ name: 'one', step() {}, save: () => 1, restore() {} }, 'engine.add: name must be a name no other system with save/restore in this engine has'],
    ];
    for (const [system, message] of refused) {
      const error = thrownBy(() => engine.add(system));
      expect(error, message).toBeInstanceOf(OptionError);
      expect((error as Error).message).toContain(message);
    }
    engine.add({ name: 'one', render() {} }); // without save/restore a name may repeat, as before
    engine.destroy();
  });

  it('save() refuses state a snapshot cannot hold, or a save() that throws, naming the system; nothing changes', () => {
    const engine = createEngine({ pause: false });
    const holder = engine.add({ name: 'holder', step() {}, save: () => ({ items: [1, () => 2] }), restore() {} });
    expect(() => engine.save()).toThrow("save: system 'holder''s save() holds a function at .items[1]");
    engine.remove(holder);
    const boom = new Error('boom');
    engine.add({ name: 'thrower', step() {}, save: () => { throw boom; }, restore() {} });
    const error = thrownBy(() => engine.save()) as Error;
    expect(error.message).toBe("save: system 'thrower': its save() threw, so nothing was saved");
    expect(error.cause).toBe(boom);
    expect(engine.stats().errors).toBe(0);
    engine.destroy();
  });

  it('a restore() that throws stops its engine, as any hook does ("Only its own engine stops"), and is reported; the other systems are restored', () => {
    const reported: unknown[] = [];
    const frames = testFrames();
    const engine = createEngine({ frames, pause: false, onError: (error) => void reported.push(error) });
    const hopper = engine.add(new Hopper());
    const boom = new Error('boom');
    engine.add({ name: 'broken', step() {}, save: () => 0, restore: () => { throw boom; } });
    const snapshot = engine.save();
    hopper.hops = 5;
    engine.start();
    engine.restore(snapshot);
    expect(hopper.hops).toBe(0);
    expect([...engine.paused]).toEqual(['stopped']);
    expect(reported).toHaveLength(1);
    const error = reported[0] as EngineError;
    expect(error).toBeInstanceOf(EngineError);
    expect([error.system, error.hook, error.phase, error.cause]).toEqual(['broken', 'restore', 'outside a frame', boom]);
    engine.destroy();
  });

  it('the sync test stands on it ("roll back k ticks, re-simulate, compare hashes"): the game passes; a system whose state no save covers is found', async () => {
    const input = (e: PageEngine, tick: number) => {
      if (tick % 9 === 2) e.input.press('Space');
      if (tick % 9 === 5) e.input.release('Space');
    };
    const passes = await syncTest(build, { ticks: 60, input });
    expect(passes.ok).toBe(true);
    let unsaved = 0; // kept outside any save()
    const fails = await syncTest(() => {
      const engine = build();
      engine.add({ name: 'leak', step: () => void (game(engine).hopper.x += unsaved++) });
      return engine;
    }, { ticks: 60, input });
    expect(fails.ok).toBe(false);
    expect(fails.firstMismatch?.fields.map((f) => f.path)).toContain('.state.systems[0].data.x');
  });

  it('save and restore refuse inside a frame ("Save/restore inside a frame is refused")', () => {
    const engine = createEngine({ pause: false, onError: () => {} });
    const snapshot = engine.save();
    const refused: string[] = [];
    engine.add({
      step() {
        for (const call of [() => engine.save(), () => engine.restore(snapshot)]) {
          const error = thrownBy(call);
          if (error instanceof Error) refused.push(error.message.slice(0, 30));
        }
      },
    });
    engine.advance(1 / 60);
    expect(refused).toEqual(['save: called inside frame 1 of', 'restore: called inside frame 1']);
    engine.destroy();
  });

  describe('the development build\'s warning: "warns when a restore leaves a field the snapshot did not cover"', () => {
    /** Keeps a count on `this` and has no save/restore; its speed is a setting that never changes. */
    class Counter implements System {
      readonly name = 'counter';
      count = 0;
      speed = 3;
      step(): void {
        this.count += this.speed;
      }
    }

    it('names each system whose own fields changed since it was added, and those fields, once per system', () => {
      const engine = createEngine({ pause: false, name: 'dev' });
      engine.add(new Counter());
      engine.add(new Hopper()); // has save/restore: covered
      engine.add(tally()); // closure state, covered by its save/restore
      engine.add({ name: 'still', speed: 3, render() {} } as System); // a field that never changed: a setting, not state
      const snapshot = engine.save();
      engine.restore(snapshot);
      expect(captured.take()).toEqual([]); // nothing changed yet
      engine.advance(1 / 60);
      engine.restore(snapshot);
      expect(captured.take()).toEqual([
        "restore: page engine 'dev': system 'counter' (count) changed fields since it was added that no snapshot holds, so they keep their values now; " +
          'give the system save() and restore(data) to have them restored (docs/save-restore.md). Warned once per system, in development builds.',
      ]);
      engine.advance(1 / 60);
      engine.restore(snapshot);
      expect(captured.take()).toEqual([]);
      engine.destroy();
    });

    it('a production build warns about nothing', () => {
      vi.stubEnv('NODE_ENV', 'production');
      try {
        const engine = createEngine({ pause: false });
        engine.add(new Counter());
        const snapshot = engine.save();
        engine.advance(1 / 60);
        engine.restore(snapshot);
        expect(captured.take()).toEqual([]);
        engine.destroy();
      } finally {
        vi.unstubAllEnvs();
      }
    });
  });
});

describe('page engine: the host\'s pauses are not the game\'s state', () => {
  const page = fakePage(); // Node has no DOM: a document and a window for the watchers
  const hide = (hidden: boolean): void => page.hide(hidden);

  it('"An engine pauses on its own when the tab is hidden": a snapshot taken in a hidden tab restores the game\'s pause only, and a hidden tab stays paused', () => {
    const engine = createEngine({ frames: testFrames(), pause: { hidden: true, pagehide: false, offscreen: false, typing: false } });
    engine.start();
    hide(true);
    engine.pause();
    const hiddenAndManual = engine.save();
    expect(hiddenAndManual.state.manualPause).toBe(true);
    hide(false);
    engine.resume();
    const running = engine.save();
    engine.restore(hiddenAndManual);
    expect([...engine.paused]).toEqual(['manual']);
    hide(true);
    engine.restore(running);
    expect([...engine.paused]).toEqual(['hidden']);
    hide(false);
    expect(engine.paused.size).toBe(0);
    engine.destroy();
  });
});

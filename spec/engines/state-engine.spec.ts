import { describe, expect, it } from 'vitest';
import {
  constantClock,
  createInput,
  createStateEngine,
  cueLog,
  fitViewport,
  manualTicks,
  nullBackend,
  pacedClock,
  ReadonlyViewError,
  RefusedUpdateError,
  sequenceClock,
  type Diagnostics,
  type FrameRecorder,
  type PhaseError,
  type PickView,
  type StateBackend,
} from '../../src/index.js';
import { phaseOrder } from '../../src/testing/index.js';
import { marbles } from '../marbles.js';

/** A backend that logs what the engine asks of it, in order. */
function loggingBackend(log: string[]) {
  const surface = { scene: { touch: () => log.push('scene written') }, screen: { draw: () => log.push('screen drawn') } };
  const view: PickView = { ray: () => undefined, pick: () => undefined };
  const backend: StateBackend<typeof surface> & { diagnostics?: Diagnostics } = {
    surface,
    view,
    sync: () => (log.push('sync canvases'), fitViewport(800, 600, 1, 800, 600)),
    beginScreen: () => log.push('screen cleared'),
    present: () => log.push('scene rendered'),
    drawOverlay: (d) => {
      backend.diagnostics = d;
      log.push('overlay drawn');
    },
    composite: () => log.push('screen composited'),
    destroy: () => log.push('destroyed'),
  };
  return backend;
}

const quiet = { onError: () => {} };

describe('one frame, in order', () => {
  it('runs the seed\'s steps 3 to 11 in order, touching the scene at 6 and 7 and the screen layer at 4, 6, 8, 9 and 10', () => {
    const log: string[] = [];
    const input = createInput({ bindings: { jump: ['Space'] } });
    const recorder: FrameRecorder = { recording: true, capture: () => log.push('recorder captured') };
    const engine = createStateEngine({
      backend: loggingBackend(log),
      initial: { n: 0 },
      update: (s) => (log.push('update'), { n: s.n + 1 }),
      render: (_s, ctx) => {
        ctx.scene.touch();
        ctx.screen.draw();
      },
      recorder,
      overlay: true,
      input,
      clock: constantClock(16),
    });
    const closed = () => log.push(`input ${input.frame.pressed('jump') ? 'open' : 'closed'}`);
    log.length = 0; // construction syncs once
    input.press('Space');
    engine.advance();
    closed();
    expect(log).toEqual([
      'sync canvases', // 3
      'screen cleared', // 4
      'update', // 5
      'scene written', // 6
      'screen drawn', // 6
      'scene rendered', // 7
      'recorder captured', // 8
      'overlay drawn', // 9
      'screen composited', // 10
      'input closed', // 11: the unconsumed edge was discarded
    ]);
  });

  it(
    'runs its phases as streams, update before render in every frame',
    marbles((m) => {
      const ticks = m.hot('  -a----------b----------|', { a: 0, b: 16 });
      const order = '        -(yzurpkocx)(yzurpkocx)-';
      const engine = createStateEngine({ backend: nullBackend(), ticks, initial: 0, update: (s) => s + 1, ...quiet });
      engine.start();
      m.expect(phaseOrder(engine.loop)).toBeObservable(order, {
        y: 'sync',
        z: 'screen',
        u: 'update',
        r: 'render',
        p: 'present',
        k: 'record',
        o: 'overlay',
        c: 'composite',
        x: 'closeInput',
      });
    }),
  );

  it('"The clock is called once. A declined tick ends the frame": no update, no render, no step', () => {
    const log: string[] = [];
    const engine = createStateEngine({
      backend: loggingBackend(log),
      initial: 0,
      update: (s) => s + 1,
      clock: pacedClock({ fps: 30 }),
    });
    log.length = 0;
    expect(engine.advance(0)).toBe(true);
    log.length = 0;
    expect(engine.advance(1000 / 60)).toBe(false);
    expect(log).toEqual([]);
    expect(engine.state).toBe(1);
    expect(engine.frame().count).toBe(1);
  });
});

describe('update and render', () => {
  it('"The update is handed the current state as a read-only view and returns the next state; ... engine.state reads whatever the most recent frame left"', () => {
    const engine = createStateEngine({
      backend: nullBackend(),
      initial: { x: 0, v: 2 },
      update: (s, { dt }) => ({ ...s, x: s.x + s.v * dt }),
      clock: constantClock(250),
    });
    engine.advance();
    engine.advance();
    expect(engine.state).toEqual({ x: 1, v: 2 });
  });

  it('"Every frame hands the update the elapsed time for that frame, in seconds"; the frame info is in ms', () => {
    const dts: number[] = [];
    const engine = createStateEngine({
      backend: nullBackend(),
      initial: 0,
      update: (s, { dt, frame }) => (dts.push(dt), s + frame.lastDeltaMs),
      clock: sequenceClock([16, 33, 8]),
    });
    for (let i = 0; i < 3; i++) engine.advance();
    expect(dts).toEqual([0.016, 0.033, 0.008]);
    expect(engine.state).toBe(57);
    expect(engine.frame()).toEqual({ count: 3, timeMs: 57, activeMs: 57, lastDeltaMs: 8 });
  });

  it('"An update that returns undefined is refused and the engine keeps the state it had ... The refusal names the rule" (under advance, it reaches the caller)', () => {
    let mutate = false;
    const engine = createStateEngine({
      backend: nullBackend(),
      initial: { score: 1 },
      update: (s) => (mutate ? (undefined as never) : { score: s.score + 1 }),
      readonlyView: false,
    });
    engine.advance();
    mutate = true;
    let caught: unknown;
    try {
      engine.advance();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RefusedUpdateError);
    expect((caught as Error).message).toBe(
      'update returned undefined and was refused: it must return the next state, so the engine keeps the state it had ' +
        '(an update that mutated its view and returned nothing has advanced nothing the engine will read again)',
    );
    expect(engine.state).toEqual({ score: 2 });
    expect(engine.frame().count).toBe(2);
  });

  it('"under run it reaches the host while the loop stays alive"', () => {
    const host = manualTicks();
    const reported: PhaseError[] = [];
    const streamed: PhaseError[] = [];
    let refuse = true;
    const engine = createStateEngine({
      backend: nullBackend(),
      ticks: host.ticks$,
      clock: constantClock(16),
      initial: 0,
      update: (s) => (refuse ? (undefined as never) : s + 1),
      onError: (e) => reported.push(e),
    });
    engine.errors$.subscribe((e) => streamed.push(e));
    engine.start();
    host.advance();
    expect(reported).toHaveLength(1);
    expect(reported[0]!.phase).toBe('update');
    expect(reported[0]!.cause).toBeInstanceOf(RefusedUpdateError);
    expect(streamed).toEqual(reported);
    refuse = false;
    host.advance();
    host.advance();
    expect(engine.running).toBe(true);
    expect(engine.state).toBe(2);
  });

  it('the view is read-only at run time: a write throws an error naming the rule, at any depth', () => {
    const attempts: Array<(s: { score: number; ship: { hp: number }; shots: number[] }) => void> = [
      (s) => ((s as { score: number }).score = 5),
      (s) => ((s.ship as { hp: number }).hp = 0),
      (s) => (s.shots as number[]).push(1),
      (s) => delete (s as { score?: number }).score,
    ];
    for (const attempt of attempts) {
      const engine = createStateEngine({
        backend: nullBackend(),
        initial: { score: 1, ship: { hp: 3 }, shots: [] as number[] },
        update: (s) => {
          attempt(s as never);
          return s as never;
        },
      });
      expect(() => engine.advance()).toThrow(ReadonlyViewError);
      expect(() => engine.advance()).toThrow(/the state view is read-only: update returns the next state/);
      expect(engine.state).toEqual({ score: 1, ship: { hp: 3 }, shots: [] });
    }
  });

  it('a next state built from the view stays readable and read-only frame after frame (views are never wrapped twice)', () => {
    const engine = createStateEngine({
      backend: nullBackend(),
      initial: { n: 0, ship: { hp: 3 } },
      update: (s) => ({ ...s, n: s.n + 1 }),
    });
    for (let i = 0; i < 1000; i++) engine.advance();
    expect(engine.state.n).toBe(1000);
    expect(engine.state.ship.hp).toBe(3);
    expect(() => ((engine.state.ship as { hp: number }).hp = 1)).toThrow(ReadonlyViewError);
  });

  it('render holds a read-only view: "the render cannot change the state"', () => {
    const engine = createStateEngine({
      backend: nullBackend(),
      initial: { n: 0 },
      update: (s) => ({ n: s.n + 1 }),
      render: (s) => ((s as { n: number }).n = 99),
    });
    expect(() => engine.advance()).toThrow(ReadonlyViewError);
    expect(engine.state).toEqual({ n: 1 });
  });
});

describe('engine.apply', () => {
  it('"Between frames a caller may pose the game through engine.apply ... The next frame\'s update receives the state the transition left"', () => {
    const seen: number[] = [];
    const engine = createStateEngine({
      backend: nullBackend(),
      initial: { level: 1 },
      update: (s) => (seen.push(s.level), s),
    });
    engine.advance();
    engine.apply((s) => ({ level: s.level + 9 }));
    expect(engine.state).toEqual({ level: 10 });
    engine.advance();
    expect(seen).toEqual([1, 10]);
  });

  it('refuses a transition that returns undefined, and a call from inside a frame', () => {
    const engine = createStateEngine({ backend: nullBackend(), initial: 1, update: (s) => s, ...quiet });
    expect(() => engine.apply(() => undefined as never)).toThrow(RefusedUpdateError);
    expect(engine.state).toBe(1);
    const inside = createStateEngine({
      backend: nullBackend(),
      initial: 1,
      update: (s) => {
        inside.apply(() => 2);
        return s;
      },
    });
    expect(() => inside.advance()).toThrow('apply: called inside a frame; pose the game between frames');
  });
});

describe('capabilities: "Each function receives only the part of the engine it may use"', () => {
  it('update reads input and plays cues with nothing that draws; render draws with nothing that reads input or plays a cue', () => {
    let updateKeys: string[] = [];
    let renderKeys: string[] = [];
    const engine = createStateEngine({
      backend: nullBackend(),
      initial: 0,
      update: (s, ctx) => ((updateKeys = Object.keys(ctx).sort()), s),
      render: (_s, ctx) => {
        renderKeys = [];
        for (const key in ctx) renderKeys.push(key);
        renderKeys.sort();
      },
    });
    engine.advance();
    expect(updateKeys).toEqual(['cue', 'dt', 'frame', 'input', 'view', 'viewport']);
    expect(renderKeys).toEqual(['frame', 'screen', 'viewport']);
    // and in types:
    createStateEngine({
      backend: nullBackend(),
      initial: 0,
      // @ts-expect-error update has nothing that draws
      update: (s, ctx) => (ctx.screen, s),
      // @ts-expect-error render has nothing that reads input
      render: (_s, ctx) => ctx.input,
    });
  });

  it('"the update reads input ... the input frame is closed so an edge-triggered action is consumed exactly once"', () => {
    const input = createInput({ bindings: { fire: ['Space'] } });
    const fired: boolean[] = [];
    const engine = createStateEngine({
      backend: nullBackend(),
      input,
      initial: 0,
      update: (s, ctx) => {
        fired.push(ctx.input.pressed('fire'), ctx.input.pressed('fire'));
        return s;
      },
    });
    input.press('Space');
    engine.advance();
    engine.advance();
    expect(fired).toEqual([true, false, false, false]);
    expect(input.frame.held('fire')).toBe(true);
  });

  it('cues played by update land in the default cue log with their frame', () => {
    const engine = createStateEngine({
      backend: nullBackend(),
      initial: 0,
      update: (s, ctx) => {
        if (s === 1) ctx.cue('catch', { volume: 0.5 });
        return s + 1;
      },
    });
    engine.advance();
    engine.advance();
    expect((engine.cues as ReturnType<typeof cueLog>).cues).toEqual([
      { name: 'catch', options: { volume: 0.5 }, frame: 2 },
    ]);
  });
});

describe('recorder and overlay', () => {
  it('"The recorder captures the frame after the scene is rendered and the screen layer drawn, and before the diagnostics overlay"; only while recording', () => {
    const log: string[] = [];
    let recording = false;
    const recorder: FrameRecorder = {
      get recording() {
        return recording;
      },
      capture: () => log.push('capture'),
    };
    const engine = createStateEngine({ backend: loggingBackend(log), initial: 0, update: (s) => s, recorder, overlay: true });
    engine.advance();
    expect(log).not.toContain('capture');
    recording = true;
    log.length = 0;
    engine.advance();
    expect(log.slice(log.indexOf('scene rendered'), log.indexOf('overlay drawn') + 1)).toEqual([
      'scene rendered',
      'capture',
      'overlay drawn',
    ]);
  });

  it('destroy() disposes the recorder', () => {
    let disposed = 0;
    const recorder: FrameRecorder = { recording: false, capture: () => {}, dispose: () => disposed++ };
    const engine = createStateEngine({ backend: nullBackend(), initial: 0, update: (s) => s, recorder });
    engine.destroy();
    expect(disposed).toBe(1);
  });

  it('hands the overlay fps, the frame-time graph, declined ticks and the frame count', () => {
    const log: string[] = [];
    const backend = loggingBackend(log);
    const engine = createStateEngine({ backend, initial: 0, update: (s) => s, overlay: true, clock: pacedClock({ intervalMs: 20 }) });
    for (let t = 0; t <= 100; t += 10) engine.advance(t);
    expect(backend.diagnostics).toEqual({ fps: 50, frameTimesMs: [20, 20, 20, 20, 20, 20], declinedTicks: 5, frameCount: 6 });
  });
});

describe('options', () => {
  it('names the option, the value and the rule', () => {
    const base = { backend: nullBackend(), initial: 0, update: (s: number) => s };
    expect(() => createStateEngine({ ...base, backend: undefined as never })).toThrow(
      'createStateEngine: backend must be a state backend (threeBackend() in a browser, nullBackend() in Node), got undefined',
    );
    expect(() => createStateEngine({ ...base, initial: undefined } as never)).toThrow('createStateEngine: initial must be the first state (not undefined), got undefined');
    expect(() => createStateEngine({ ...base, update: 5 as never })).toThrow('createStateEngine: update must be a function (view, context) => next state, got 5');
  });

  it('starts on the page\'s frames by default, and says what to do in Node', () => {
    const engine = createStateEngine({ backend: nullBackend(), initial: 0, update: (s) => s, onError: () => {} });
    const errors: PhaseError[] = [];
    engine.errors$.subscribe((e) => errors.push(e));
    engine.start();
    expect(errors[0]?.message).toContain('animationFrames: there is no requestAnimationFrame here');
    engine.destroy();
  });
});

describe('DeepReadonly', () => {
  it('keeps tuples as tuples, read-only', () => {
    const engine = createStateEngine({
      backend: nullBackend(),
      initial: { at: [1, 2, 3] as [number, number, number] },
      update: (s): { at: [number, number, number] } => ({ at: [s.at[0] + 1, s.at[1], s.at[2]] }),
    });
    engine.advance();
    const at: readonly [number, number, number] = engine.state.at;
    expect(at).toEqual([2, 2, 3]);
    // @ts-expect-error a tuple in the view is read-only
    expect(() => (engine.state.at[0] = 5)).toThrow(ReadonlyViewError);
  });
});

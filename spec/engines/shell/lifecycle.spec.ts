import type { Observable, Subscription } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FrameInfo } from '../../../operators/frame-info.js';
import { constantClock, manualTicks, nullBackend } from '../../../src/index.js';
import { createRuntime, EngineError, type EngineStats } from '../../../src/engines/runtime/index.js';
import { createStateEngine } from '../../../src/engines/state/index.js';
import { createSystemsEngine, SceneSystem } from '../../../src/engines/systems/index.js';
import { Actor, createWorldEngine } from '../../../src/engines/world/index.js';

// Issue 25, item 3: "start, stop, destroy, paused, advance, frame(), stats(),
// errors$ mean the same thing in all five presets ... the shell spec checks
// behaviour for all five (start after stop resumes, destroy twice is quiet,
// destroy from inside each phase ends the frame, a throw in each phase
// reaches errors$ with engine, phase and frame), not typeof."
//
// DESIGN.md: "the lifecycle (start, stop, destroy, idempotent, safe from
// inside a hook; a seed's own verbs such as play/pause or wake sit on top)".

afterEach(() => vi.restoreAllMocks());

/** The shell's vocabulary, as every preset has it. */
interface ShellEngine {
  timeScale: number;
  start(): void;
  stop(): void;
  destroy(): void;
  readonly running: boolean;
  readonly destroyed: boolean;
  readonly paused: boolean | ReadonlySet<string>;
  frame(): FrameInfo;
  stats(): EngineStats;
  readonly errors$: Observable<EngineError>;
  /** The read-only loop: its phases, in frame order, and handlers on them. */
  readonly loop: {
    readonly phaseNames: readonly string[];
    readonly paused: boolean;
    readonly timeScale: number;
    on(name: string, handler: (seconds: number) => void): Subscription;
  };
}

/** One preset, built headless the same way for every check. Add a row for a new preset. */
interface PresetRow<E extends ShellEngine = ShellEngine> {
  readonly name: string;
  /** Its name in errors (`EngineError.engine`). */
  readonly label: string;
  /** Builds it on `ticks` (host timestamps in ms), every frame worth one fixed step, ready to run frames. */
  build(ticks: Observable<number>, onError: (error: EngineError) => void): Promise<E>;
  /** Runs one frame by hand (what the preset's `advance` is). */
  advance(engine: E): void;
  /** What the game stands on (its world, scene, session, state): the same object after a stop and a start. */
  standing(engine: E): unknown;
}

function row<E extends ShellEngine>(preset: PresetRow<E>): PresetRow {
  return preset as unknown as PresetRow;
}

const PRESETS: readonly PresetRow[] = [
  row({
    name: 'world',
    label: 'world engine',
    async build(ticks, onError) {
      const engine = createWorldEngine({ backend: nullBackend(), levels: { only: (w) => void w.spawn(new Actor()) }, startLevel: 'only', ticks, clock: constantClock(1000 / 60), onError });
      await engine.ready;
      return engine;
    },
    advance: (engine) => void engine.advance(),
    standing: (engine) => engine.world,
  }),
  row({
    name: 'state',
    label: 'state engine',
    build: async (ticks, onError) => createStateEngine({ backend: nullBackend(), initial: { n: 0 }, update: (s) => ({ n: s.n + 1 }), ticks, clock: constantClock(1000 / 60), onError }),
    advance: (engine) => void engine.advance(),
    standing: (engine) => engine.backend,
  }),
  row({
    name: 'systems',
    label: 'systems engine',
    async build(ticks, onError) {
      class Idle extends SceneSystem {}
      const engine = createSystemsEngine({ scenes: [{ id: 'main', systems: [Idle], entities: [{ id: 'rock' }] }], startSceneId: 'main', ticks, clock: constantClock(20), onError });
      await engine.play();
      return engine;
    },
    advance: (engine) => void engine.advance(),
    standing: (engine) => engine.scene,
  }),
  row({
    name: 'runtime',
    label: 'runtime',
    build: async (ticks, onError) =>
      createRuntime({ scene: { objects: [{ name: 'still', behaviors: ['still'] }] }, behaviors: { still: () => ({ update() {} }) }, ticks, clock: constantClock(1000 / 60), onError, onDiagnostic: () => {} }),
    advance: (engine) => void engine.advance(),
    standing: (engine) => engine.session,
  }),
];

/** Builds a preset on a manual host, collecting what it reports. */
async function built(preset: PresetRow) {
  const host = manualTicks();
  const reported: EngineError[] = [];
  const engine = await preset.build(host.ticks$, (error) => reported.push(error));
  const streamed: EngineError[] = [];
  engine.errors$.subscribe((error) => streamed.push(error));
  return { host, engine, reported, streamed };
}

describe('the engine shell: one lifecycle, the same behaviour in every preset', () => {
  for (const preset of PRESETS) {
    describe(preset.name, () => {
      it('start() takes host ticks; stop() takes none (the engine stays as it stood, advance() still works); start() after stop() resumes', async () => {
        const { host, engine, reported } = await built(preset);
        engine.start();
        expect(engine.running).toBe(true);
        host.advance();
        expect(engine.frame().count).toBe(1);
        const standing = preset.standing(engine);
        engine.stop();
        expect(engine.running).toBe(false);
        host.advance();
        host.advance();
        expect(engine.frame().count, 'no frame while stopped').toBe(1);
        preset.advance(engine);
        expect(engine.frame().count, 'advance() runs a frame while stopped').toBe(2);
        engine.stop(); // idempotent
        engine.start();
        engine.start(); // idempotent
        expect(engine.running).toBe(true);
        host.advance();
        expect(engine.frame().count, 'host ticks again').toBe(3);
        expect(preset.standing(engine), 'the same game: stop() tore nothing down').toBe(standing);
        expect(engine.destroyed).toBe(false);
        expect(engine.paused, 'stopping is not pausing').toBe(false);
        expect(reported).toEqual([]);
        engine.destroy();
      });

      it('no back door: engine.loop is read-only (assigning paused or timeScale throws, no control is there); the controls are the engine\'s', async () => {
        const { engine, reported } = await built(preset);
        const loop = engine.loop as unknown as Record<string, unknown>;
        expect(() => (loop.paused = true), 'loop.paused = true').toThrow(TypeError);
        expect(engine.paused).toBe(false);
        expect(engine.loop.paused).toBe(false);
        expect(() => (loop.timeScale = 0), 'loop.timeScale = 0').toThrow(TypeError);
        for (const control of ['start', 'stop', 'destroy', 'advance', 'hold', 'step', 'setClock', 'setFixedStep', 'setTap', 'restoreState', 'reportError', 'guardPhase']) {
          expect(loop[control], `loop.${control}`).toBeUndefined();
        }
        engine.timeScale = 0.5;
        expect(engine.loop.timeScale).toBe(0.5);
        const before = engine.frame().timeMs;
        preset.advance(engine);
        expect(engine.frame().timeMs - before, 'a frame worth half its clock delta').toBeCloseTo(engine.frame().lastDeltaMs, 9);
        expect(engine.frame().lastDeltaMs).toBeCloseTo(preset.name === 'systems' ? 10 : 1000 / 120, 9);
        expect(reported).toEqual([]);
        engine.destroy();
      });

      it('destroy() twice is quiet: nothing thrown, nothing reported; afterwards start() and advance() refuse, naming the engine, and stop() does nothing', async () => {
        const { host, engine, reported, streamed } = await built(preset);
        engine.start();
        host.advance();
        engine.destroy();
        expect(() => engine.destroy()).not.toThrow();
        expect(engine.destroyed).toBe(true);
        expect(engine.running).toBe(false);
        expect(() => engine.stop()).not.toThrow();
        expect(() => engine.start()).toThrow(`start: the ${preset.label} was destroyed`);
        expect(() => preset.advance(engine)).toThrow(/was destroyed/);
        host.advance();
        expect(engine.frame().count).toBe(1);
        expect(reported).toEqual([]);
        expect(streamed).toEqual([]);
      });

      it('destroy() from inside each phase ends the frame there: no later phase runs, nothing is reported', async () => {
        const phases = (await built(preset)).engine.loop.phaseNames;
        for (const phase of phases) {
          const { engine, reported } = await built(preset);
          const ran: string[] = [];
          for (const name of phases) engine.loop.on(name, () => void ran.push(name));
          engine.loop.on(phase, () => engine.destroy());
          preset.advance(engine);
          expect(ran, `destroyed in ${phase}`).toEqual(phases.slice(0, phases.indexOf(phase) + 1));
          expect(engine.destroyed).toBe(true);
          expect(reported, `destroyed in ${phase}`).toEqual([]);
        }
      });

      it('a throw in each phase reaches errors$ (and onError) as one EngineError naming the engine, the phase and the frame', async () => {
        const phases = (await built(preset)).engine.loop.phaseNames;
        for (const phase of phases) {
          const { engine, reported, streamed } = await built(preset);
          const boom = new Error(`boom in ${phase}`);
          preset.advance(engine);
          engine.loop.on(phase, () => {
            throw boom;
          });
          try {
            preset.advance(engine);
          } catch (error) {
            expect(preset.name, 'only the state engine throws from advance() (its seed: the error "reaches the host")').toBe('state');
            expect(error).toBe(boom);
          }
          expect(streamed, phase).toEqual(reported);
          expect(streamed.map((e) => [e instanceof EngineError, e.engine, e.phase, e.frame, e.cause]), phase).toEqual([[true, preset.label, phase, 2, boom]]);
          expect(engine.stats().errors).toBe(1);
          engine.destroy();
        }
      });
    });
  }
});

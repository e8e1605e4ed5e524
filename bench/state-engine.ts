import { nullBackend } from '../src/backends/null/null-backend.js';
import { constantClock } from '../src/clocks/scripted-clocks.js';
import { createStateEngine } from '../src/engines/state/state-engine.js';
import type { DeepReadonly } from '../src/engines/state/readonly-view.js';
import type { AllocationReading } from './measure-allocation.js';
import { measureTimes, type TimedSubject, type TimingOptions, type TimingResult } from './measure-time.js';
import * as productionGame from './state-game.js';
import type { SceneState, StateGame, StateWorkload } from './state-game.js';
import { weighFrames } from './weigh-frames.js';

/**
 * The state engine's per-frame cost, beside a plain loop making the same
 * calls (bench/state-game.ts: an update returning a new state of 1,000
 * records, a render writing them into 1,000 retained objects; two updates,
 * "new records" and "shared records").
 *
 * - **plain loop**: `state = update(state, { dt }); render(state)`.
 * - **state engine**: `createStateEngine({ initial, update, render, backend:
 *   nullBackend(), clock: constantClock(1000 / 60), readonlyView })` stepped
 *   by `engine.advance()`: the whole frame (the loop's nine phases, the
 *   null backend's sync/screen/present/composite, input close), with
 *   `readonlyView: false` (production) and `true` (the default: every object
 *   update and render read is a Proxy that refuses writes).
 */

const DT = 1000 / 60 / 1000;
export const STATE_BASELINE = 'plain loop';
export const ENTITIES = 1000;
export const FEW_ENTITIES = 100;
export const STATE_WORKLOADS: readonly StateWorkload[] = ['new records', 'shared records'];

type GameModule = typeof productionGame;

/** One row: something that runs frames, and what it did. */
export interface StateSubject extends TimedSubject {
  readonly how: string;
  readonly workload: StateWorkload;
  readonly entities: number;
  /** Frames run, and update calls (the state's frame counter): equal when every frame ran its update once. */
  frames(): number;
  updates(): number;
  /** Whether the retained objects hold the latest state's positions. */
  rendered(): boolean;
}

function renderedLatest(workload: StateWorkload, game: StateGame, state: DeepReadonly<SceneState>): boolean {
  return game.retained.every((r, i) => {
    const { x, y } = productionGame.placed(workload, state, i);
    return r.position.x === x && r.position.y === y;
  });
}

function plainSubject(module: GameModule, workload: StateWorkload, count: number): StateSubject {
  const game = module.createStateGame(workload, count);
  const context = { dt: DT };
  let state = game.initial as DeepReadonly<SceneState>;
  let frames = 0;
  const { update, render } = game;
  return {
    name: STATE_BASELINE,
    how: '`state = update(state, { dt }); render(state)`',
    workload,
    entities: count,
    run(n) {
      for (let i = 0; i < n; i++) {
        state = update(state, context) as DeepReadonly<SceneState>;
        render(state);
      }
      frames += n;
    },
    frames: () => frames,
    updates: () => state.frame,
    rendered: () => renderedLatest(workload, game, state),
  };
}

function engineSubject(module: GameModule, workload: StateWorkload, count: number, readonlyView: boolean): StateSubject {
  const game = module.createStateGame(workload, count);
  const engine = createStateEngine({
    initial: game.initial,
    update: game.update,
    render: game.render,
    backend: nullBackend(),
    clock: constantClock(1000 / 60),
    readonlyView,
    // A production build (NODE_ENV=production) has neither dev check: the view's nor the determinism warnings'.
    ...(readonlyView ? {} : { determinismWarnings: false }),
  });
  return {
    name: readonlyView ? 'state engine, readonlyView: true (default, dev check)' : 'state engine, readonlyView: false (production)',
    how: '`engine.advance()`: the whole frame, nine phases, null backend',
    workload,
    entities: count,
    run(n) {
      for (let i = 0; i < n; i++) engine.advance();
    },
    frames: () => engine.frame().count,
    updates: () => engine.state.frame,
    rendered: () => renderedLatest(workload, game, engine.state),
  };
}

export interface StateTimingRow {
  readonly subject: StateSubject;
  readonly timing: TimingResult;
  /** Its median CPU ns/frame over the plain loop's in the production table (undisturbed by the dev check's garbage). */
  readonly ratioOfMedians: number;
}

export interface StateAllocationRow {
  readonly subject: StateSubject;
  readonly allocation: AllocationReading;
}

export interface StateBench {
  /**
   * Per workload: the plain loop and the production engine timed together,
   * then the dev-check engine timed against the same plain loop.
   */
  readonly timing: StateTimingRow[];
  /** B/frame of each row at 100 and 1,000 entities. */
  readonly allocation: StateAllocationRow[];
}

export async function benchStateEngine(timing: Omit<TimingOptions, 'baseline'>): Promise<StateBench> {
  // A second instance of the game module: the dev-check rows' update and render see only Proxies.
  const devGame = (await import(new URL('./state-game.js?instance=dev-check', import.meta.url).href)) as GameModule;
  const options = { ...timing, baseline: STATE_BASELINE, minFramesPerBatch: 1 };
  const rowsFor = (workload: StateWorkload, count: number): [StateSubject, StateSubject, StateSubject] => [
    plainSubject(productionGame, workload, count),
    engineSubject(productionGame, workload, count, false),
    engineSubject(devGame, workload, count, true),
  ];

  const timed: StateTimingRow[] = [];
  const weighed: StateSubject[] = [];
  for (const workload of STATE_WORKLOADS) {
    const [plain, production, devCheck] = rowsFor(workload, ENTITIES);
    // Production first, on its own: the dev check leaves the heap full of
    // Proxies and WeakMap entries, whose collections would land in other rows' batches.
    const [plainTiming, productionTiming] = measureTimes([plain, production], options) as [TimingResult, TimingResult];
    const devTiming = measureTimes([plain, devCheck], options)[1]!;
    timed.push(
      { subject: plain, timing: plainTiming, ratioOfMedians: 1 },
      { subject: production, timing: productionTiming, ratioOfMedians: productionTiming.nsPerFrame / plainTiming.nsPerFrame },
      // Over the plain loop's median from the first table: in the second, the dev check's garbage slows the plain loop too.
      { subject: devCheck, timing: devTiming, ratioOfMedians: devTiming.nsPerFrame / plainTiming.nsPerFrame },
    );
    const few = rowsFor(workload, FEW_ENTITIES);
    for (const subject of few) subject.run(200); // warm up (the 1,000-entity rows were warmed by the timing)
    weighed.push(...few, plain, production, devCheck);
  }
  const allocation = weighed.map((subject) => ({
    subject,
    // About 200,000 record updates a sample at most, fewer when that would not fit the young generation.
    allocation: weighFrames((n) => subject.run(n), 200_000 / subject.entities),
  }));
  return { timing: timed, allocation };
}

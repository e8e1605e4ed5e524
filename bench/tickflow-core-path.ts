import { pipe, type Observable } from 'rxjs';
import { clampDelta, deltas } from '../operators/index.js';
import { constantClock, createLoop, manualTicks, wallClock, type Clock, type Loop } from '../src/index.js';
import type { CoreCandidate } from './core-candidate.js';
import { CORE_MAX_DELTA_MS, CORE_MAX_STEPS, CORE_STEP_MS, createPhaseHandlers, createPhaseWork, reportPhaseWork, type PhaseWork } from './phase-work.js';

/** The four phases of the core path: one fixed, three per frame. */
type CorePhase = 'fixed' | 'update' | 'late' | 'render';

/** The core-path loop as a game builds it: a clock, a 60 Hz fixed step capped at 5, four phases. */
export function createCoreLoop(ticks: Observable<number>, clock: Clock = wallClock()): Loop<CorePhase> {
  return createLoop({
    ticks,
    clock,
    fixedStep: { stepMs: CORE_STEP_MS, maxSteps: CORE_MAX_STEPS },
    phases: [{ name: 'fixed', fixed: true }, 'update', 'late', 'render'],
  });
}

/** One-line `loop.on` handlers, as a game writes them; render reads `loop.alpha` (the documented idiom). */
function attachHandlers(loop: Loop<CorePhase>, work: PhaseWork): void {
  loop.on('fixed', work.fixed);
  loop.on('update', work.update);
  loop.on('late', work.late);
  loop.on('render', (dt) => work.render(dt, loop.alpha));
}

function candidate(name: string, how: string, loop: Loop<CorePhase>, work: PhaseWork, onHostTick: (t: number) => void): CoreCandidate {
  return {
    name,
    how,
    onHostTick,
    frames: () => loop.frame().count,
    work: () => reportPhaseWork(work, loop.frame().count),
    dispose: () => loop.destroy(),
  };
}

/** The host-driven row: a tick source the host pushes (`manualTicks`, as `animationFrames()` is pushed by the page). */
function hostDriven(name: string, how: string, clock?: Clock): CoreCandidate {
  const host = manualTicks();
  const loop = createCoreLoop(host.ticks$, clock);
  const work = createPhaseWork();
  attachHandlers(loop, work);
  loop.start();
  return candidate(name, how, loop, work, (timestampMs) => host.tick(timestampMs));
}

/** The label of the built-in-clock row the custom clock is judged against. */
export const TICKFLOW_HOST_DRIVEN = 'tickflow: manualTicks, loop.on handlers';
/** The label of the custom-clock row. */
export const TICKFLOW_CUSTOM_CLOCK = 'tickflow: custom clock pipe(deltas(), clampDelta(250))';
/** The label of the repeating-delta row. */
export const TICKFLOW_REPEATING_DELTA = 'tickflow: manualTicks, constantClock(1000/60) (a repeating delta)';
/** The label of the `loop.advance` row. */
export const TICKFLOW_ADVANCE = 'tickflow: loop.advance(t), loop.on handlers';

/** tickflow fed by `manualTicks().tick(t)`, the built-in `wallClock()`, game code in `loop.on(...)` handlers. */
export function createTickflowHandlers(): CoreCandidate {
  return hostDriven(TICKFLOW_HOST_DRIVEN, '`manualTicks().tick(t)` -> `createLoop` (`wallClock()`, fixedStep 1000/60 cap 5) -> 4 one-line `loop.on` handlers');
}

/**
 * The same loop with a custom clock: a pipe of tickflow's public operators
 * doing the built-in wall clock's work (delta since the previous tick, first
 * tick 0, clamped to [0, 250] ms); timestamps here are all finite, so
 * wallClock's finite-timestamp filter would decline nothing.
 */
export function createTickflowCustomClock(): CoreCandidate {
  return hostDriven(
    TICKFLOW_CUSTOM_CLOCK,
    'the row above with `clock: pipe(deltas(), clampDelta(250))` from tickflow/operators instead of `wallClock()`',
    pipe(deltas(), clampDelta(CORE_MAX_DELTA_MS)),
  );
}

/**
 * The host-driven row with `constantClock(1000/60)`: every frame worth one
 * step whatever the timestamp, so the delta handed to handlers repeats. The
 * row the allocation target "0 B when the delta repeats" is read from; the
 * rest of the work (count, fixed step with cap, four phases) is the same.
 */
export function createTickflowRepeatingDelta(): CoreCandidate {
  return hostDriven(
    TICKFLOW_REPEATING_DELTA,
    'the host-driven row with `clock: constantClock(1000/60)`: every frame one step, the same delta every frame',
    constantClock(CORE_STEP_MS),
  );
}

/** tickflow stepped by `loop.advance(t)` (no tick source), game code in `loop.on(...)` handlers. */
export function createTickflowAdvance(): CoreCandidate {
  const loop = createCoreLoop(manualTicks().ticks$);
  const work = createPhaseWork();
  attachHandlers(loop, work);
  loop.start();
  return candidate(TICKFLOW_ADVANCE, '`loop.advance(t)` per host tick -> the same loop and handlers', loop, work, (timestampMs) => {
    loop.advance(timestampMs);
  });
}

/** The host-driven row with `perPhase` one-line `loop.on` handlers on each of the four phases. */
export function createTickflowManyHandlers(perPhase: number): CoreCandidate {
  const host = manualTicks();
  const loop = createCoreLoop(host.ticks$);
  const handlers = createPhaseHandlers(perPhase);
  for (const handler of handlers.fixed) loop.on('fixed', handler);
  for (const handler of handlers.update) loop.on('update', handler);
  for (const handler of handlers.late) loop.on('late', handler);
  for (const handler of handlers.render) loop.on('render', handler);
  loop.start();
  return {
    name: `tickflow, ${perPhase.toLocaleString('en-US')} loop.on per phase`,
    how: `\`manualTicks().tick(t)\` -> the core-path loop with ${perPhase.toLocaleString('en-US')} one-line \`loop.on\` handlers on each phase`,
    onHostTick: (timestampMs) => host.tick(timestampMs),
    frames: () => loop.frame().count,
    work: () => handlers.report(loop.frame().count, loop.frame().timeMs / 1000),
    dispose: () => loop.destroy(),
  };
}

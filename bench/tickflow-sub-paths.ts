import { Observable } from 'rxjs';
import { clampDeltaMs, DEFAULT_MAX_DELTA_MS } from '../operators/clamp-delta.js';
import { createDeltaBaseline, measureDelta } from '../operators/deltas.js';
import { countFrame, createFrameInfo } from '../operators/frame-info.js';
import { accumulate, createStepAccumulator, createStepPlan } from '../operators/step-accumulator.js';
import { createLoop, manualTicks, wallClock, type Clock } from '../src/index.js';
import type { CoreCandidate } from './core-candidate.js';
import { CORE_MAX_STEPS, CORE_STEP_MS, createPhaseWork, type PhaseWork } from './phase-work.js';
import { createCoreLoop } from './tickflow-core-path.js';

// Pieces of tickflow's core path measured on their own, to show where its
// time and allocation go. Each is a row of the sub-path table, with the same
// host and harness as the main table; the ones that do less than the whole
// core path say so.

function counted(name: string, how: string, work: PhaseWork, onHostTick: (t: number) => void, frames: () => number, dispose = () => {}): CoreCandidate {
  return { name, how, work, onHostTick, frames, dispose };
}

/**
 * The whole core path on tickflow's own step functions, called in a plain
 * function: its arithmetic with no stream in between.
 */
export function createStepFunctionsOnly(): CoreCandidate {
  const work = createPhaseWork();
  const baseline = createDeltaBaseline();
  const info = createFrameInfo();
  const accumulator = createStepAccumulator({ stepMs: CORE_STEP_MS, maxSteps: CORE_MAX_STEPS });
  const plan = createStepPlan(CORE_STEP_MS);
  const stepSeconds = CORE_STEP_MS / 1000;
  return counted(
    'step functions only (measureDelta, clampDeltaMs, countFrame, accumulate)',
    'whole core path, tickflow arithmetic, no streams',
    work,
    (timestampMs) => {
      const rawMs = measureDelta(baseline, timestampMs);
      if (rawMs === undefined) return;
      const deltaMs = clampDeltaMs(rawMs, DEFAULT_MAX_DELTA_MS, 0);
      if (deltaMs === undefined) return;
      countFrame(info, deltaMs);
      accumulate(accumulator, deltaMs, plan);
      for (let i = 0; i < plan.steps; i++) work.fixed(stepSeconds);
      const dtSeconds = deltaMs / 1000;
      work.update(dtSeconds);
      work.late(dtSeconds);
      work.render(dtSeconds);
    },
    () => info.count,
  );
}

/** The floor every row stands on: the host's call with a boxed timestamp, into a tick that only counts. */
export function createHostCallOnly(): CoreCandidate {
  const work = createPhaseWork();
  return counted(
    'host call only (a tick that counts)',
    'the harness floor: one megamorphic call and one boxed timestamp per frame',
    work,
    () => {
      work.tally.frameCalls++;
    },
    () => work.tally.frameCalls,
  );
}

/** Only the host hop: `manualTicks().tick(t)` to one RxJS subscriber. */
export function createHostHopOnly(): CoreCandidate {
  const work = createPhaseWork();
  const host = manualTicks();
  const subscription = host.ticks$.subscribe(() => work.update(0));
  return counted(
    'manualTicks -> 1 subscriber',
    'host hop only (Broadcast -> RxJS Subscriber)',
    work,
    (timestampMs) => host.tick(timestampMs),
    () => work.tally.frameCalls,
    () => subscription.unsubscribe(),
  );
}

/** The host hop and the clock: `manualTicks` piped through `wallClock()` to one subscriber. */
export function createWallClockOnly(): CoreCandidate {
  const work = createPhaseWork();
  const host = manualTicks();
  const subscription = host.ticks$.pipe(wallClock()).subscribe((deltaMs) => work.update(deltaMs));
  return counted(
    'manualTicks -> wallClock() -> 1 subscriber',
    'host hop + clock (filter, deltas, clampDelta), no loop',
    work,
    (timestampMs) => host.tick(timestampMs),
    () => work.tally.frameCalls,
    () => subscription.unsubscribe(),
  );
}

/**
 * A wall clock with the same rules as `wallClock()` (finite filter, delta,
 * clamp to [0, 250]) in one operator instead of three: what fusing the
 * clock's stages would save.
 */
export function fusedWallClock(maxDeltaMs = DEFAULT_MAX_DELTA_MS): Clock {
  return (source) =>
    new Observable<number>((subscriber) => {
      const baseline = createDeltaBaseline();
      return source.subscribe({
        next(timestampMs) {
          const rawMs = measureDelta(baseline, timestampMs);
          if (rawMs === undefined) return;
          const deltaMs = clampDeltaMs(rawMs, maxDeltaMs, 0);
          if (deltaMs !== undefined) subscriber.next(deltaMs);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}

/** The host hop and a fused clock, no loop. */
export function createFusedClockOnly(): CoreCandidate {
  const work = createPhaseWork();
  const host = manualTicks();
  const subscription = host.ticks$.pipe(fusedWallClock()).subscribe((deltaMs) => work.update(deltaMs));
  return counted(
    'manualTicks -> fused wall clock -> 1 subscriber',
    'host hop + a one-operator wall clock, no loop',
    work,
    (timestampMs) => host.tick(timestampMs),
    () => work.tally.frameCalls,
    () => subscription.unsubscribe(),
  );
}

function loopCandidate(name: string, how: string, clock: Clock, fixed: boolean, compileFrames = true): CoreCandidate {
  const work = createPhaseWork();
  const ticks = manualTicks().ticks$;
  const loop = fixed
    ? createLoop({
        ticks,
        clock,
        fixedStep: { stepMs: CORE_STEP_MS, maxSteps: CORE_MAX_STEPS },
        phases: [{ name: 'fixed', fixed: true }, 'update', 'late', 'render'],
      })
    : createLoop({ ticks, clock, phases: ['fixed', 'update', 'late', 'render'] });
  loop.on('fixed', work.fixed);
  loop.on('update', work.update);
  loop.on('late', work.late);
  loop.on('render', work.render);
  loop.start();
  return counted(
    name,
    how,
    work,
    (timestampMs) => {
      loop.advance(timestampMs);
    },
    () => loop.frame().count,
    () => loop.destroy(),
  );
}

/** `loop.advance` with no fixed step: the four phases once per frame. */
export function createLoopWithoutFixedStep(): CoreCandidate {
  return loopCandidate(
    'loop.advance, wallClock, no fixed step (4 plain phases)',
    'loop without the fixed-step group; "fixed" runs once per frame',
    wallClock(),
    false,
  );
}

/** `loop.advance` with one phase and all four handlers on it: does the cost follow phases or handlers? */
export function createLoopOnePhaseFourHandlers(): CoreCandidate {
  const work = createPhaseWork();
  const loop = createLoop({ ticks: manualTicks().ticks$, clock: wallClock(), phases: ['update'] });
  loop.on('update', work.update);
  loop.on('update', work.late);
  loop.on('update', work.render);
  loop.on('update', work.fixed);
  loop.start();
  return counted(
    'loop.advance, wallClock, 1 phase with 4 handlers',
    'one Broadcast emission a frame to 4 handlers, instead of 4 emissions to 1 handler each',
    work,
    (timestampMs) => {
      loop.advance(timestampMs);
    },
    () => loop.frame().count,
    () => loop.destroy(),
  );
}

/**
 * `loop.advance` with a custom clock (the one-operator wall clock above): a
 * clock that is an RxJS operator, not a built-in one, so the loop is never
 * compiled and every tick goes through the clock's subscriber chain and the
 * general dispatch.
 */
export function createLoopWithFusedClock(): CoreCandidate {
  return loopCandidate(
    'loop.advance, a custom clock (an operator), fixed step',
    'whole core path with the one-operator clock above: general path, never compiled',
    fusedWallClock(),
    true,
  );
}

/** The core path with `compileFrames: false`: what compiling the tick saves. */
export function createLoopNeverCompiled(): CoreCandidate {
  return loopCandidate(
    'loop.advance, wallClock, fixed step, compileFrames: false',
    'the core-path row `loop.advance(t)`, general dispatch only (as under a CSP without unsafe-eval)',
    wallClock(),
    true,
    false,
  );
}




import { createLoop, manualTicks, wallClock, type Loop } from '../src/index.js';
import type { CoreCandidate } from './core-candidate.js';
import { CORE_MAX_STEPS, CORE_STEP_MS, createPhaseWork, type PhaseWork } from './phase-work.js';

/** The four phases of the core path: one fixed, three per frame. */
type CorePhase = 'fixed' | 'update' | 'late' | 'render';

/** The core-path loop as a game would build it: wall clock, 60 Hz fixed step capped at 5. */
export function createCoreLoop(ticks = manualTicks().ticks$): Loop<CorePhase> {
  return createLoop({
    ticks,
    clock: wallClock(),
    fixedStep: { stepMs: CORE_STEP_MS, maxSteps: CORE_MAX_STEPS },
    phases: [{ name: 'fixed', fixed: true }, 'update', 'late', 'render'],
  });
}

function attachHandlers(loop: Loop<CorePhase>, work: PhaseWork): void {
  loop.on('fixed', work.fixed);
  loop.on('update', work.update);
  loop.on('late', work.late);
  loop.on('render', work.render);
}

function attachSubscribers(loop: Loop<CorePhase>, work: PhaseWork): void {
  loop.phase('fixed').subscribe(work.fixed);
  loop.phase('update').subscribe(work.update);
  loop.phase('late').subscribe(work.late);
  loop.phase('render').subscribe(work.render);
}

function candidate(name: string, how: string, loop: Loop<CorePhase>, work: PhaseWork, onHostTick: (t: number) => void): CoreCandidate {
  return {
    name,
    how,
    work,
    onHostTick,
    frames: () => loop.frame().count,
    dispose: () => loop.destroy(),
  };
}

/** tickflow fed by `manualTicks().tick(t)`, game code in `loop.on(...)` handlers. */
export function createTickflowHandlers(): CoreCandidate {
  const host = manualTicks();
  const loop = createCoreLoop(host.ticks$);
  const work = createPhaseWork();
  attachHandlers(loop, work);
  loop.start();
  return candidate(
    'tickflow: manualTicks, loop.on handlers',
    '`manualTicks().tick(t)` -> `createLoop` (wallClock, fixedStep) -> 4 `loop.on` handlers',
    loop,
    work,
    (timestampMs) => host.tick(timestampMs),
  );
}

/** tickflow fed by `manualTicks().tick(t)`, game code subscribed to `loop.phase(name)` streams. */
export function createTickflowPhaseStreams(): CoreCandidate {
  const host = manualTicks();
  const loop = createCoreLoop(host.ticks$);
  const work = createPhaseWork();
  attachSubscribers(loop, work);
  loop.start();
  return candidate(
    'tickflow: manualTicks, loop.phase() subscribers',
    '`manualTicks().tick(t)` -> `createLoop` -> 4 `loop.phase(name).subscribe` subscribers',
    loop,
    work,
    (timestampMs) => host.tick(timestampMs),
  );
}

/** tickflow stepped by `loop.advance(t)`, game code in `loop.on(...)` handlers. */
export function createTickflowAdvance(): CoreCandidate {
  const loop = createCoreLoop();
  const work = createPhaseWork();
  attachHandlers(loop, work);
  // Started so the clock is subscribed whatever the version: at the scaffold
  // commit an unstarted loop's advance() declined every tick.
  loop.start();
  return candidate(
    'tickflow: loop.advance(t), loop.on handlers',
    '`loop.advance(t)` -> clock -> 4 `loop.on` handlers',
    loop,
    work,
    (timestampMs) => {
      loop.advance(timestampMs);
    },
  );
}

import type { CoreCandidate } from './core-candidate.js';
import { HandWrittenListLoop } from './hand-written-list-loop.js';
import { HandWrittenLoop } from './hand-written-loop.js';
import { createPhaseHandlers, createPhaseWork, reportPhaseWork } from './phase-work.js';

/** The label of the row every core-path ratio divides by. */
export const HAND_WRITTEN = 'hand-written loop';

/** The core-path baseline: {@link HandWrittenLoop} with one handler per phase. */
export function createHandWrittenCandidate(): CoreCandidate {
  const work = createPhaseWork();
  const loop = new HandWrittenLoop(work);
  return {
    name: HAND_WRITTEN,
    how: 'one function: delta, clamp 250, count, fixed step (cap 5), then fixed × steps, update, late, render(dt, alpha) as plain calls',
    onHostTick: loop.onHostTick,
    frames: () => loop.frameCount,
    work: () => reportPhaseWork(work, loop.frameCount),
    dispose: () => {},
  };
}

/** The listener-count baseline: `perPhase` functions per phase, called from arrays. */
export function createHandWrittenListCandidate(perPhase: number): CoreCandidate {
  const handlers = createPhaseHandlers(perPhase);
  const loop = new HandWrittenListLoop(handlers);
  return {
    name: `hand-written loop, ${perPhase.toLocaleString('en-US')} per phase`,
    how: `the hand-written loop calling ${perPhase.toLocaleString('en-US')} one-line functions per phase from plain arrays`,
    onHostTick: loop.onHostTick,
    frames: () => loop.frameCount,
    work: () => handlers.report(loop.frameCount, loop.timeMs / 1000),
    dispose: () => {},
  };
}

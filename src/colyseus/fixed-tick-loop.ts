import type { Subscribable } from 'rxjs';
import { deltas } from '../../operators/deltas.js';
import { finiteTimestamps } from '../../operators/finite-timestamps.js';
import { pipeSteps } from '../../operators/step-operator.js';
import { createLoop, type Loop } from '../loop/loop.js';
import type { PhaseSpec } from '../loop/phase.js';
import type { PhaseError } from '../loop/phase-error.js';

/**
 * The loop a room and its clients both run: host ticks through the time
 * that passed, unclamped (so a stall shows whole, as dropped time, rather
 * than vanishing in a clamp), and a fixed step of `stepMs` with at most
 * `maxSteps` a host tick, past which whole steps are dropped and the
 * fraction kept: the fixed-tick runtime's rule.
 *
 * @internal
 */
export function fixedTickLoop<const P extends string>(
  ticks: Subscribable<number>,
  phases: readonly (P | PhaseSpec<P>)[],
  stepMs: number,
  maxSteps: number,
  onError: (error: PhaseError) => void,
): Loop<P> {
  return createLoop({ ticks, clock: pipeSteps(finiteTimestamps(), deltas()), phases, fixedStep: { stepMs, maxSteps, overflow: 'keep-fraction' }, onError });
}

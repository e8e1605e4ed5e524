import { map, merge, type Observable } from 'rxjs';
import type { Loop } from '../loop/loop.js';

/**
 * The names of a loop's phases as they run, one emission per phase run
 * (fixed phases once per step), for asserting frame order as a marble:
 *
 * ```ts
 * m.expect(phaseOrder(loop)).toBeObservable('(ur)-(ur)', { u: 'update', r: 'render' });
 * ```
 *
 * Subscribing attaches a listener to every phase, so each phase of every
 * frame is recorded even when nothing else listens. A paused loop's skipped
 * phases do not appear.
 */
export function phaseOrder<P extends string>(loop: Loop<P>): Observable<P> {
  return merge(...loop.phaseNames.map((name) => loop.phase(name).pipe(map(() => name))));
}

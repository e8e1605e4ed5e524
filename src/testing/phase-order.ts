import { map, merge, type Observable } from 'rxjs';

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
 * phases do not appear. Takes a loop, or the read-only view of one an
 * engine shows (`phaseOrder(engine.loop)`).
 */
export function phaseOrder<P extends string>(loop: { readonly phaseNames: readonly P[]; phase(name: P): Observable<number> }): Observable<P> {
  return merge(...loop.phaseNames.map((name) => loop.phase(name).pipe(map(() => name))));
}

// The RxJS operator test matrix every tickflow operator passes: errors and
// completion pass through at the right time, empty/never sources stay so, and
// an early unsubscribe reaches the source. Values are filtered out here (each
// operator's own spec checks them), so only the notifications' timing is
// compared. Throwing user code is tested where tickflow runs user code: the
// loop's phase handlers and clocks (spec/loop).
import { EMPTY, NEVER, filter, type OperatorFunction } from 'rxjs';
import { it } from 'vitest';
import { marbles } from './marbles.js';

export function itPassesTheOperatorMatrix<I, O>(make: () => OperatorFunction<I, O>, sample: I): void {
  const silent = filter(() => false);

  it(
    'passes an error through, at its time',
    marbles((m) => {
      const source = m.cold('  --a--a--#', { a: sample }, 'boom');
      const expected = '       --------#';
      m.expect(source.pipe(make(), silent)).toBeObservable(expected, undefined, 'boom');
    }),
  );

  it(
    'passes completion through; an empty source completes, a never source stays silent',
    marbles((m) => {
      m.expect(m.cold('--a--|', { a: sample }).pipe(make(), silent)).toBeObservable('-----|');
      m.expect(EMPTY.pipe(make())).toBeObservable('|');
      m.expect(NEVER.pipe(make())).toBeObservable('-');
    }),
  );

  it(
    'unsubscribes from its source on an early unsubscribe',
    marbles((m) => {
      const source = m.hot('  --a--a--a--a--|', { a: sample });
      const subs = '          ^-------!';
      m.expect(source.pipe(make(), silent), subs).toBeObservable('---------');
      m.expect(source).toHaveSubscriptions(subs);
    }),
  );
}

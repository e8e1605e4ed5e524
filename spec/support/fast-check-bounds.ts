// Every fast-check property in the suite is bounded in time (issue 25, item
// 7: "no property test that can run away: every fast-check property bounded
// in time, with its seed printed on failure").
//
// Why here and not in each spec: vitest's test timeout cannot stop a
// synchronous property (the timer that would fail it never gets the event
// loop), and a failing property shrinks for as long as it finds smaller
// failures: one pace-judder case shrank for more than 12 minutes on one core.
// fast-check's own clock can stop it, between two runs of the predicate and
// during shrinking alike:
//
// - `interruptAfterTimeLimit`: the whole assert (generation and shrinking)
//   stops PROPERTY_MARGIN_MS before the test's own timeout, so fast-check,
//   not vitest's "timed out", reports, with the seed;
// - `markInterruptAsFailure`: a property stopped before its runs are done
//   fails ("Property interrupted after N tests { seed: ... }") instead of
//   passing on fewer runs than it asked for. A failure found before the limit
//   is reported with the smallest counterexample shrunk so far, and its
//   `{ seed, path }`.
//
// Seeds vary from run to run (fast-check's default), which is safe because
// every property here is a function of what fast-check generated: a failure
// reproduces from the seed and path its message prints. To replay one,
// run that test alone with them:
//
//   FAST_CHECK_SEED=-1743721554 FAST_CHECK_PATH='12:3:0' npx vitest run spec/properties/pace-judder.spec.ts -t 'judder'
//
// (the path replays the failing case directly, shrinking skipped).
import fc from 'fast-check';
import { beforeEach } from 'vitest';

/** How long before its test's timeout a property is stopped: room for fast-check to report, and for the test's own teardown. */
export const PROPERTY_MARGIN_MS = 2_000;
/** The least a property is given, whatever its test's timeout. */
export const MIN_PROPERTY_LIMIT_MS = 1_000;

/** The `{ seed, path }` to replay, from FAST_CHECK_SEED and FAST_CHECK_PATH; nothing when they are not set. */
function replayParameters(): { seed?: number; path?: string; endOnFailure?: boolean } {
  const seed = process.env.FAST_CHECK_SEED;
  if (seed === undefined || seed === '') return {};
  if (!/^-?\d+$/.test(seed)) throw new Error(`FAST_CHECK_SEED must be the whole number a failure printed, got ${seed}`);
  const path = process.env.FAST_CHECK_PATH;
  return { seed: Number(seed), ...(path !== undefined && path !== '' && { path, endOnFailure: true }) };
}

const replay = replayParameters();

beforeEach(({ task }) => {
  fc.configureGlobal({
    interruptAfterTimeLimit: Math.max(MIN_PROPERTY_LIMIT_MS, task.timeout - PROPERTY_MARGIN_MS),
    markInterruptAsFailure: true,
    ...replay,
  });
});

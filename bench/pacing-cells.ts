// The pacing bench's cells: the display rates and targets it measures, and
// issue 19's judder target. Its own file, with no imports, so the specs that
// assert on the same cells (spec/properties/pace-judder.spec.ts) do not load
// the peers bench/pacing-fidelity.ts compares against.

/** The display rates under test, in Hz. */
export const PACING_HOST_RATES_HZ = [60, 75, 120, 144, 165, 240] as const;
/**
 * The targets, in fps: two common ones, two that most of the hosts do not
 * divide, and 144, which some hosts are too slow for (issue 19's judder
 * target names 30, 50, 60 and 144).
 */
export const PACING_TARGETS_FPS = [30, 45, 50, 60, 144] as const;
/** Issue 19: judder "at most +2 points in every jittered cell of the pacing bench". */
export const JUDDER_TARGET_POINTS = 2;

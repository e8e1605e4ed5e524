import { decodeSession } from '../replay/session-format.js';
import { formatReplayReport } from '../replay/format-report.js';
import type { ShellEngine } from '../replay/record-session.js';
import { replay, type ReplayBuild, type ReplayOptions, type ReplayReport } from '../replay/replay-session.js';
import type { Session } from '../replay/session.js';

/** The error a {@link replayTest} fails with: its message is the divergence report. */
export class ReplayDivergenceError extends Error {
  /** Always `'ReplayDivergenceError'`. */
  override readonly name = 'ReplayDivergenceError';

  /** @param report The replay's report (`report.firstDivergence` says where). */
  constructor(readonly report: ReplayReport) {
    super(formatReplayReport(report));
  }
}

/**
 * Turns a recorded session into a test: the returned function replays it on
 * the game `build` makes and fails (throws a {@link ReplayDivergenceError}
 * whose message is the report: frame, tick, fields recorded vs replayed)
 * unless every checkpoint is equal. Hand it to your runner's `it`/`test`; it
 * needs no runner of its own.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { it } from 'vitest';
 * import { replayTest } from 'tickflow/testing';
 * import { buildGame } from './game.js';
 *
 * // A session a player saved: the bug it showed stays fixed.
 * it('replays issue 42 as recorded', replayTest(readFileSync('sessions/issue-42.json', 'utf8'), (host) => buildGame(host)));
 * ```
 *
 * @param session The session, or its JSON text (read when the test runs, so a bad file fails the test, not the collection).
 * @param build Builds the recorded game with the host's `ticks` and `clock` (see `replay`).
 * @param options As `replay`'s (`stateOf`).
 * @return The test body: resolves to the report when the replay is the same.
 */
export function replayTest<E extends ShellEngine>(
  session: Session | string,
  build: ReplayBuild<E>,
  options?: ReplayOptions<E>,
): () => Promise<ReplayReport> {
  return async () => {
    const report = await replay(typeof session === 'string' ? decodeSession(session) : session, build, options);
    if (!report.same) throw new ReplayDivergenceError(report);
    return report;
  };
}

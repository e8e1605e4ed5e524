/**
 * The frame-time spike a rollback causes (issue 27, item 7): a two-peer
 * match (bench/netplay-match.ts) over a simulated link with latency and
 * jitter, so the other player's inputs come late and rollbacks happen as
 * they do in play; machine 0's `session.frame()` timed one by one (wall
 * time: what the player's frame pays), each frame marked by what the session
 * did in it (its counts before and after): a rollback or not, how many ticks
 * it ran again, whether it stalled. The first {@link SPIKE_SKIPPED_FRAMES}
 * frames (synchronizing, and V8 compiling the paths) are left out.
 */
import { median } from './measure-allocation.js';
import { quantile } from './measure-time.js';
import { runtimeGame, stateGame, type NetplayGame } from './netplay-games.js';
import { runMatch, type InputPattern } from './netplay-match.js';

/** The link of the spike match: 50 ms one way, up to 10 ms of jitter, nothing lost. */
export const SPIKE_LINK = { latencyMs: 50, jitterMs: 10, seed: 27 } as const;
export const SPIKE_PATTERN: InputPattern = 'realistic';
export const SPIKE_SKIPPED_FRAMES = 60;

export interface FrameTail {
  readonly frames: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface SpikeRow {
  readonly game: string;
  readonly all: FrameTail;
  readonly withRollback: FrameTail;
  readonly withoutRollback: FrameTail;
  /** Ticks run again per frame with a rollback, mean and most. */
  readonly meanDepth: number;
  readonly maxDepth: number;
  readonly stalledFrames: number;
  /** Frames whose time went over the 60 Hz budget. */
  readonly overBudget: number;
}

const tail = (times: readonly number[]): FrameTail => ({
  frames: times.length,
  p50Ms: times.length === 0 ? NaN : median(times),
  p99Ms: times.length === 0 ? NaN : quantile(times, 0.99),
  maxMs: times.length === 0 ? NaN : Math.max(...times),
});

/** One game's match: machine 0's frames, with and without a rollback. */
export async function measureSpike(name: string, build: () => NetplayGame | Promise<NetplayGame>, seconds: number): Promise<SpikeRow> {
  const frames: { wallMs: number; depth: number; rolledBack: boolean; stalled: boolean }[] = [];
  let sessionOfFirst: { stats(): { rollbacks: number; resimulated: number; stalledFrames: number } } | undefined;
  await runMatch({
    players: 2,
    link: SPIKE_LINK,
    pattern: SPIKE_PATTERN,
    seconds,
    build: () => build(),
    at: (_now, sessions) => {
      sessionOfFirst ??= sessions[0];
    },
    frameOfFirst: (frame) => {
      const before = sessionOfFirst?.stats();
      const start = process.hrtime.bigint();
      frame();
      const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
      const after = sessionOfFirst?.stats();
      if (before === undefined || after === undefined) return;
      frames.push({
        wallMs,
        rolledBack: after.rollbacks > before.rollbacks,
        depth: after.resimulated - before.resimulated,
        stalled: after.stalledFrames > before.stalledFrames,
      });
    },
  });
  const kept = frames.slice(SPIKE_SKIPPED_FRAMES);
  const rolled = kept.filter((f) => f.rolledBack);
  const depths = rolled.map((f) => f.depth);
  return {
    game: name,
    all: tail(kept.map((f) => f.wallMs)),
    withRollback: tail(rolled.map((f) => f.wallMs)),
    withoutRollback: tail(kept.filter((f) => !f.rolledBack).map((f) => f.wallMs)),
    meanDepth: depths.length === 0 ? 0 : depths.reduce((a, b) => a + b, 0) / depths.length,
    maxDepth: depths.length === 0 ? 0 : Math.max(...depths),
    stalledFrames: kept.filter((f) => f.stalled).length,
    overBudget: kept.filter((f) => f.wallMs > 1000 / 60).length,
  };
}

/** The state game, then the runtime at each body count. */
export async function benchSpike(bodyCounts: readonly number[], seconds: number, progress: (line: string) => void = () => {}): Promise<SpikeRow[]> {
  progress('netplay bench: spike, state game');
  const rows = [await measureSpike('state game', () => stateGame(2), seconds)];
  for (const bodies of bodyCounts) {
    progress(`netplay bench: spike, runtime ${bodies} bodies`);
    rows.push(await measureSpike(`runtime, ${bodies} bodies`, () => runtimeGame(bodies, 2, 20), seconds));
  }
  return rows;
}

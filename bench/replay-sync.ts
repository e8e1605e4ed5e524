/**
 * The sync test's cost per tick at k = 2 (`syncTest(build, { ticks: 120,
 * rollback: 2 })`), beside the same engine running the same ticks plainly.
 *
 * Three runs of each game, interleaved round by round, a scavenge before
 * each: the build alone (built, then destroyed), {@link SYNC_TICKS} plain
 * ticks on a fresh build, set up as the sync test sets its engine up (host
 * ticks stopped, a clock that hands tick n its delta, `advance(n)`; the
 * ticks alone timed), and the sync test. Per tick: the sync test's (run −
 * build) / ticks, the plain ticks' time / ticks; medians over rounds.
 * Every tick the sync test saves, runs the tick, hashes the readable state
 * and the whole snapshot (a save), restores k ticks back and re-runs and
 * re-hashes them: k + 1 ticks, k + 2 saves, a restore and k + 1 double
 * hashes a tick.
 *
 * The games: each gallery game the replay bench builds, with no input (the
 * sync test's `input` must depend on the tick alone; the people's scripts
 * do not), and the rollback bench's 200 bodies. A game whose own state sits
 * outside what `save()` holds (a closure, an object the page shares) makes
 * the test stop at its first mismatch: the row says so, and its per-tick
 * figure is over the ticks it ran.
 */
import { map } from 'rxjs';
import type { EngineShell } from '../src/engines/shell/engine-shell.js';
import { syncTest, type SyncTestEngine, type SyncTestReport } from '../src/replay/index.js';
import type { GalleryGame } from './gallery-game.js';
import { collectYoungGeneration, median } from './measure-allocation.js';
import { cpuNowNs } from './measure-time.js';
import { whyUnavailable } from './replay-snapshots.js';

export const SYNC_TICKS = 120;
export const SYNC_ROLLBACK = 2;

/** A game the sync test runs: a name and a build. */
export interface SyncSubject {
  readonly name: string;
  build(): Promise<SyncTestEngine>;
  /** Ticks a run takes; defaults to {@link SYNC_TICKS} (fewer for a game whose sync-test tick costs a large share of a second). */
  readonly ticks?: number;
}

export type SyncRow =
  | { readonly name: string; readonly available: false; readonly why: string }
  | {
      readonly name: string;
      readonly available: true;
      /** Per tick, µs of CPU time: the sync test's, and a plain tick's. */
      readonly syncUs: number;
      readonly plainUs: number;
      /** The two medians' ratio (a per-round ratio of two differences is too noisy for a cheap tick). */
      readonly ratio: number;
      /** The last round's report: whether it passed, the ticks it ran, its first mismatch. */
      readonly report: SyncTestReport;
    };

/** Each gallery game as a sync-test subject (its engine, no person). */
export function gallerySubjects(games: readonly GalleryGame[]): SyncSubject[] {
  return games.map((game) => ({ name: game.name, build: async () => (await game.build()).engine as unknown as SyncTestEngine }));
}

/** CPU ms of an async call. */
async function cpuMs(call: () => Promise<unknown>): Promise<number> {
  collectYoungGeneration();
  const start = cpuNowNs();
  await call();
  return (cpuNowNs() - start) / 1e6;
}

/** The plain run: the build (not timed), then the ticks as the sync test drives them (timed); CPU ms of the ticks. */
async function plainTicks(subject: SyncSubject, ticks: number): Promise<number> {
  const engine = (await subject.build()) as unknown as EngineShell<string> & SyncTestEngine;
  const stepMs = engine.loop.plan().stepMs;
  const deltaMs = stepMs > 0 ? stepMs : 1000 / 60;
  engine.stop();
  const page = engine.preset === 'page engine';
  if (!page) engine.setClock(map(() => deltaMs));
  const ms = await cpuMs(async () => {
    for (let tick = 1; tick <= ticks; tick++) engine.advance(page ? deltaMs / 1000 : tick);
  });
  engine.destroy();
  return ms;
}

export async function benchSyncTest(subjects: readonly SyncSubject[], rounds: number): Promise<SyncRow[]> {
  const rows: SyncRow[] = [];
  for (const subject of subjects) {
    const options = { ticks: subject.ticks ?? SYNC_TICKS, rollback: SYNC_ROLLBACK };
    let report: SyncTestReport;
    try {
      report = await syncTest(() => subject.build(), options); // warm-up, and whether it can run at all
    } catch (error) {
      rows.push({ name: subject.name, available: false, why: whyUnavailable(error) }); // a save the game cannot make, or one not merged yet
      continue;
    }
    const ticks = report.ticks;
    const build: number[] = [];
    const plain: number[] = [];
    const sync: number[] = [];
    for (let round = 0; round < rounds; round++) {
      build.push(await cpuMs(async () => (await subject.build()).destroy()));
      plain.push(await plainTicks(subject, ticks));
      sync.push(await cpuMs(async () => (report = await syncTest(() => subject.build(), options))));
    }
    const syncUs = median(sync.map((ms, round) => ((ms - build[round]!) * 1000) / ticks));
    const plainUs = (median(plain) * 1000) / ticks;
    rows.push({ name: subject.name, available: true, syncUs, plainUs, ratio: syncUs / plainUs, report });
  }
  return rows;
}

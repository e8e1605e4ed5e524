/**
 * A recorded minute of every gallery game (bench/replay-games.ts): the
 * session's size before compression, what it is made of, and how fast a
 * headless replay plays it back.
 *
 * The minute: a 60 Hz host (±1 ms jitter, seeded: bench/host-timeline.ts)
 * for {@link MINUTE_SECONDS} of host time, the person's input before each
 * tick, the engine on its default clock (the wall clock, so every delta is
 * a different float64, the least compressible case); a tick the engine
 * declines while a level loads waits for the load. `recordSession` with its
 * defaults (a checkpoint every 60 frames, fields kept), attached before the
 * first frame; `encodeSession` writes it.
 *
 * The replay: `replay(decodeSession(json), build)` on a fresh engine, timed
 * whole (the build included: what a test runner or the CLI pays), a scavenge
 * before each round. Speed is the session's simulated time (the sum of its
 * recorded deltas) over the replay's time.
 */
import { gzipSync } from 'node:zlib';
import { decodeSession, encodeSession, recordSession, replay, sessionToFile, type ReplayHost, type Session } from '../src/replay/index.js';
import type { GalleryGame } from './gallery-game.js';
import { createJitterTable, hostTimestampMs } from './host-timeline.js';
import { collectYoungGeneration, median } from './measure-allocation.js';
import { cpuNowNs, quantile } from './measure-time.js';

/** Host time a session records. */
export const MINUTE_SECONDS = 60;
const HOST_RATE_HZ = 60;

/** A recorded minute. */
export interface RecordedMinute {
  readonly game: GalleryGame;
  readonly session: Session;
  /** `encodeSession`'s output. */
  readonly json: string;
  /** Its size in bytes (UTF-8), and per minute of host time. */
  readonly bytes: number;
  readonly bytesPerMinute: number;
  /** The same session with hashes only in its checkpoints (what `fieldsEvery: 0` records), in bytes per minute. */
  readonly hashesOnlyBytesPerMinute: number;
  /** The JSON gzipped (`zlib.gzipSync`, level 6), in bytes per minute: for reference, the target is before compression. */
  readonly gzipBytesPerMinute: number;
  /** Bytes of each of the file's fields (its JSON text), largest first. */
  readonly parts: readonly { readonly field: string; readonly bytes: number }[];
  /** Input calls and preset calls recorded, per second of host time. */
  readonly eventsPerSecond: number;
  readonly hostSeconds: number;
}

/** How fast a session replays. */
export interface ReplaySpeed {
  /** The session's simulated time, in s (the sum of its deltas). */
  readonly simulatedSeconds: number;
  /** Median replay CPU time and wall time, in ms, and the CPU times' quartiles. */
  readonly cpuMs: number;
  readonly cpuMsQ1: number;
  readonly cpuMsQ3: number;
  readonly wallMs: number;
  /** Simulated time over the median CPU time, and over the median wall time. */
  readonly timesRealTime: number;
  readonly timesRealTimeWall: number;
  /** Whether every replay ran every frame with every checkpoint equal. */
  readonly same: boolean;
  readonly frames: number;
  readonly checkpoints: number;
}

/** Plays `game` for `seconds` of host time, recording, and encodes the session. */
export async function recordMinute(game: GalleryGame, seconds = MINUTE_SECONDS): Promise<RecordedMinute> {
  const played = await game.build();
  const recording = recordSession(played.engine, {
    ...(game.stateOf === undefined ? {} : { stateOf: game.stateOf as (engine: unknown) => unknown }),
    ...(played.input === undefined ? {} : { input: played.input }),
  });
  const jitter = createJitterTable();
  const ticks = Math.round(seconds * HOST_RATE_HZ);
  for (let i = 0; i < ticks; i++) {
    const t = hostTimestampMs(i, 1000 / HOST_RATE_HZ, jitter);
    played.beforeTick(i, i / HOST_RATE_HZ);
    if (!played.tick(t) && played.settle !== undefined) await played.settle();
  }
  const session = recording.stop();
  played.engine.destroy();
  const json = encodeSession(session);
  const bytes = Buffer.byteLength(json, 'utf8');
  const perMinute = (n: number): number => (n * 60) / seconds;
  const hashesOnly = encodeSession({ ...session, checkpoints: session.checkpoints.map((checkpoint) => ({ ...checkpoint, changes: undefined })) });
  const file = sessionToFile(session) as unknown as Record<string, unknown>;
  const parts = Object.entries(file)
    .map(([field, value]) => ({ field, bytes: Buffer.byteLength(JSON.stringify(value), 'utf8') }))
    .sort((a, b) => b.bytes - a.bytes);
  return {
    game,
    session,
    json,
    bytes,
    bytesPerMinute: perMinute(bytes),
    hashesOnlyBytesPerMinute: perMinute(Buffer.byteLength(hashesOnly, 'utf8')),
    gzipBytesPerMinute: perMinute(gzipSync(json).length),
    parts,
    eventsPerSecond: session.events.length / seconds,
    hostSeconds: seconds,
  };
}

/** Replays a recorded minute `rounds` times on fresh builds. */
export async function measureReplay(minute: RecordedMinute, rounds: number): Promise<ReplaySpeed> {
  const { game } = minute;
  const session = decodeSession(minute.json);
  const build = async (host: ReplayHost) => {
    const played = await game.build(host);
    return played.input === undefined ? played.engine : { engine: played.engine, input: played.input };
  };
  const options = game.stateOf === undefined ? {} : { stateOf: game.stateOf as (engine: unknown) => unknown };
  const cpu: number[] = [];
  const wall: number[] = [];
  let same = true;
  let frames = 0;
  let checkpoints = 0;
  for (let round = 0; round < rounds; round++) {
    collectYoungGeneration();
    const cpuStart = cpuNowNs();
    const wallStart = process.hrtime.bigint();
    const report = await replay(session, build, options);
    wall.push(Number(process.hrtime.bigint() - wallStart) / 1e6);
    cpu.push((cpuNowNs() - cpuStart) / 1e6);
    same &&= report.same;
    frames = report.frames;
    checkpoints = report.checkpoints;
  }
  const simulatedSeconds = session.deltasMs.reduce((sum, ms) => sum + ms, 0) / 1000;
  const cpuMs = median(cpu);
  const wallMs = median(wall);
  return {
    simulatedSeconds,
    cpuMs,
    cpuMsQ1: quantile(cpu, 0.25),
    cpuMsQ3: quantile(cpu, 0.75),
    wallMs,
    timesRealTime: (simulatedSeconds * 1000) / cpuMs,
    timesRealTimeWall: (simulatedSeconds * 1000) / wallMs,
    same,
    frames,
    checkpoints,
  };
}

/**
 * Recording's cost per frame: the same engine recorded (`recordSession`,
 * defaults: a checkpoint every 60 frames, fields kept), recorded with no
 * checkpoint until it stops (the taps alone: deltas, declined ticks, input
 * calls), and unrecorded, side by side in the same interleaved rounds
 * (bench/measure-time.ts), with the same person at the keys and the same
 * 60 Hz host (±1 ms jitter, seeded).
 *
 * - **Paddle Duel** (its real size: a dozen actors): the left paddle played
 *   by `ScriptedPerson`, the right by the AI, its courts built at once
 *   (`loadCourtsAtOnce`); every 900 frames (15 s) the person restarts the
 *   match from the pause menu (Escape, ArrowDown, Enter: the page's own
 *   keys), so the match stays in play rather than over.
 * - **runtime, 100 and 1,000 bodies**: bench/runtime-scene.ts's scene (one
 *   `work` behavior a body), settled for 600 frames; the person holds the
 *   arrows and taps Space (`runtime.press`), which the behaviors ignore and
 *   the recorder records.
 *
 * A subject's unit of work is one checkpoint period, {@link PERIOD_FRAMES}
 * host ticks, so every timed batch holds the same number of checkpoints on
 * the recorded side (a checkpoint hashes the whole checkpoint state; a batch
 * cut between two would sample it unevenly). Figures are per frame.
 *
 * Bytes per frame: heap growth over collection-free samples
 * (bench/weigh-frames.ts, the method of bench/measure-allocation.ts), the
 * recorded side minus the unrecorded; per body, the difference between 1,000
 * and 100 bodies over 900. Where no period of a side runs without a
 * collection (a checkpoint of 1,000 bodies outgrows the young generation),
 * all three sides are weighed through the scavenges instead
 * (bench/weigh-through-scavenges.ts), one period a sample.
 */
import { NEVER } from 'rxjs';
import { createRapier3d } from '../src/backends/rapier/rapier3d.js';
import { createRuntime, type Runtime } from '../src/engines/runtime/runtime.js';
import type { WorldEngine } from '../src/engines/world/world-engine.js';
import { DEFAULT_CHECKPOINT_EVERY, DEFAULT_FIELDS_EVERY, hashState, recordSession, type SessionRecording } from '../src/replay/index.js';
import { recorderStateOf } from '../src/replay/preset-states.js';
import { changesSince, copyState } from '../src/replay/state-changes.js';
import { nullBackend } from '../src/index.js';
import { createPaddleDuel } from '../examples/paddle-duel/paddle-duel.js';
import { ScriptedPerson } from '../examples/paddle-duel/scripted-person.js';
import { LOGICAL_HEIGHT, LOGICAL_WIDTH } from '../examples/paddle-duel/tuning.js';
import { HumanKeys } from './gallery-game.js';
import { HostDriver } from './host-timeline.js';
import { measureAllocation, type AllocationReading } from './measure-allocation.js';
import { measureTimes, type TimedSubject, type TimingOptions, type TimingResult } from './measure-time.js';
import { sceneDocument, work } from './runtime-scene.js';
import { weighFrames } from './weigh-frames.js';
import { weighThroughScavenges } from './weigh-through-scavenges.js';

/** Host ticks per unit of work: one checkpoint period at the recorder's default. */
export const PERIOD_FRAMES = DEFAULT_CHECKPOINT_EVERY;
/** Frames the runtime's bodies fall and come to rest before anything is measured (as bench/runtime.ts). */
const SETTLE_FRAMES = 600;
/** Paddle Duel: the person restarts the match from the pause menu every this many host ticks. */
const RESTART_EVERY_FRAMES = 900;

/** How a side records: not at all, with the recorder's defaults, or with no checkpoint until it stops. */
export type Recording = 'unrecorded' | 'recorded' | 'taps only';

/** `recordSession`'s options for a side. */
function record(engine: Parameters<typeof recordSession>[0], how: Recording): SessionRecording | undefined {
  if (how === 'unrecorded') return undefined;
  return recordSession(engine, how === 'taps only' ? { checkpointEvery: Number.MAX_SAFE_INTEGER } : {});
}

/** One engine, built once per {@link Recording}. */
interface Side extends TimedSubject {
  /** The engine it runs. */
  engine: { preset: string };
  /** Host ticks run, and frames the engine ran (equal when no tick was declined). */
  ticks(): number;
  frames(): number;
  recording: SessionRecording | undefined;
}

/** One row: the engine unrecorded and recorded, timed and weighed side by side. */
export interface OverheadRow {
  readonly name: string;
  /** Actors or bodies the engine steps. */
  readonly actors: number;
  readonly unrecorded: TimingResult;
  readonly recorded: TimingResult;
  /** Recorded with no checkpoint until the end: the taps alone (deltas, declined ticks, input calls). */
  readonly tapsOnly: TimingResult;
  /** Median over rounds of taps-only ÷ unrecorded CPU time. */
  readonly tapsOnlyRatio: number;
  /** Median over rounds of recorded ÷ unrecorded CPU time. */
  readonly ratio: number;
  readonly ratioQ1: number;
  readonly ratioQ3: number;
  readonly unrecordedBytes: AllocationReading;
  readonly recordedBytes: AllocationReading;
  readonly tapsOnlyBytes: AllocationReading;
  /** Whether a side was weighed through scavenges (its periods outgrow the young generation: no collection-free sample). */
  readonly weighedThroughScavenges: boolean;
  /** Whether both sides ran a frame on every host tick. */
  readonly sameWork: boolean;
  /** Checkpoints the recording wrote, over its frames. */
  readonly checkpointsPerFrame: number;
  /** What the recorder adds on top of the taps, each part timed alone on the recorded engine (see {@link timeCheckpointAlone}). */
  readonly checkpointAlone: CheckpointAlone;
}

/** A checkpoint's work timed alone: best CPU time of many, in µs. */
export interface CheckpointAlone {
  /** Reading the checkpoint state and hashing it: every checkpoint. */
  readonly checkpointUs: number;
  /** Finding the fields changed since the last checkpoint that kept them: every {@link DEFAULT_FIELDS_EVERY}th checkpoint. */
  readonly fieldsUs: number;
  /** Amortized over the frames: checkpoint ÷ 60 + fields ÷ 600, in µs a frame. */
  readonly perFrameUs: number;
}

/**
 * The checkpoint's two parts timed alone on an engine, between its frames
 * (the state then is what a checkpoint sees): the preset's state read as a
 * recorder reads it and hashed, and the fields' walk against a copy taken a
 * moment before (a steady game's keyframe). Best of 9 rounds of CPU time:
 * this measures the work itself, below the noise of whole frames timed
 * against each other (a few per cent on this machine).
 */
export function timeCheckpointAlone(engine: { preset: string }): CheckpointAlone {
  const stateOf = recorderStateOf(engine.preset)! as (engine: unknown) => unknown;
  let base = copyState(stateOf(engine));
  const best = (work: () => void): number => {
    for (let i = 0; i < 20; i++) work();
    let bestUs = Infinity;
    for (let round = 0; round < 9; round++) {
      const start = process.cpuUsage();
      for (let i = 0; i < 20; i++) work();
      const used = process.cpuUsage(start);
      bestUs = Math.min(bestUs, (used.user + used.system) / 20);
    }
    return bestUs;
  };
  const checkpointUs = best(() => void hashState(stateOf(engine)));
  const fieldsUs = best(() => {
    base = changesSince(base, stateOf(engine)).base;
  });
  return { checkpointUs, fieldsUs, perFrameUs: checkpointUs / DEFAULT_CHECKPOINT_EVERY + fieldsUs / (DEFAULT_CHECKPOINT_EVERY * DEFAULT_FIELDS_EVERY) };
}

function side(name: string, engine: { advance(t: number): boolean; stats(): { frames: number } }, beforeTick: (index: number) => void, recording: SessionRecording | undefined): Side {
  let index = 0;
  const host = new HostDriver((t) => {
    beforeTick(index++);
    engine.advance(t);
  });
  return { name, engine: engine as unknown as { preset: string }, recording, run: (periods) => host.run(periods * PERIOD_FRAMES), ticks: () => host.ticks, frames: () => engine.stats().frames };
}

/** Paddle Duel with the person at the left paddle and the menu restart; recorded when `record`. */
function paddleDuelSide(how: Recording): Side & { engine: WorldEngine<string> } {
  const { engine, input } = createPaddleDuel({ backend: nullBackend({ logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT }), loadCourtsAtOnce: true, seats: { left: 'demo', right: 'ai' }, ticks: NEVER });
  const person = new ScriptedPerson(input, 'left');
  const menu: { readonly [phase: number]: readonly [string, boolean] } = { 840: ['Escape', true], 841: ['Escape', false], 860: ['ArrowDown', true], 861: ['ArrowDown', false], 880: ['Enter', true], 881: ['Enter', false] };
  const recording = record(engine, how);
  const subject = side(`Paddle Duel, ${how}`, engine, (index) => {
    const key = menu[index % RESTART_EVERY_FRAMES];
    if (key === undefined) person.beforeFrame(engine.world);
    else if (key[1]) input.press(key[0]);
    else input.release(key[0]);
  }, recording);
  return { ...subject, engine: engine as unknown as WorldEngine<string> };
}

async function runtimeSide(bodies: number, how: Recording): Promise<Side & { runtime: Runtime }> {
  const runtime = createRuntime({ scene: sceneDocument(bodies), behaviors: { work }, physics: await createRapier3d(), ticks: NEVER });
  const keys = new HumanKeys(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'], 'Space', (c) => runtime.press(c), (c) => runtime.release(c));
  // Recorded from the first frame (a recording attached later begins with the runtime's snapshot): the settling frames are recorded too.
  const recording = record(runtime, how);
  const subject = side(`runtime, ${bodies} bodies, ${how}`, runtime, (index) => keys.at(index / 60), recording);
  subject.run(SETTLE_FRAMES / PERIOD_FRAMES);
  return { ...subject, runtime };
}

/** Times and weighs the three sides; `maxPeriodsPerSample` bounds a weighing sample (frames that allocate a lot want few). */
function compare(name: string, actors: number, [unrecorded, recorded, tapsOnly]: readonly [Side, Side, Side], timing: Omit<TimingOptions, 'baseline'>, maxPeriodsPerSample: number): OverheadRow {
  const [plain, taped, tapsTime] = measureTimes([unrecorded, recorded, tapsOnly], { ...timing, baseline: unrecorded.name });
  const runs = [unrecorded, recorded, tapsOnly].map((s) => (periods: number): void => s.run(periods));
  // One method for all three, so their differences are the recording's: through the scavenges when any side has no collection-free period.
  const throughScavenges = runs.some((run) => Number.isNaN(measureAllocation(run, { samples: 3, framesPerSample: 1 }).bytesPerFrame));
  const weigh = (run: (periods: number) => void): AllocationReading => {
    if (!throughScavenges) return perFrame(weighFrames(run, maxPeriodsPerSample));
    const { bytes, kept, taken } = weighThroughScavenges(() => run(1));
    return { bytesPerFrame: bytes / PERIOD_FRAMES, keptSamples: kept, takenSamples: taken, framesPerSample: PERIOD_FRAMES };
  };
  const [unrecordedBytes, recordedBytes, tapsOnlyBytes] = runs.map(weigh) as [AllocationReading, AllocationReading, AllocationReading];
  const checkpoints = recorded.recording!.session().checkpoints.length;
  return {
    name,
    actors,
    unrecorded: perFrameTiming(plain!),
    recorded: perFrameTiming(taped!),
    tapsOnly: perFrameTiming(tapsTime!),
    ratio: taped!.ratio,
    ratioQ1: taped!.ratioQ1,
    ratioQ3: taped!.ratioQ3,
    tapsOnlyRatio: tapsTime!.ratio,
    unrecordedBytes,
    recordedBytes,
    tapsOnlyBytes,
    weighedThroughScavenges: throughScavenges,
    sameWork: [unrecorded, recorded, tapsOnly].every((s) => s.frames() === s.ticks()) && unrecorded.ticks() > 0,
    checkpointsPerFrame: checkpoints / recorded.recording!.frames,
    checkpointAlone: timeCheckpointAlone(recorded.engine),
  };
}

const SIDES: readonly Recording[] = ['unrecorded', 'recorded', 'taps only'];

/** A reading per period, as per frame. */
function perFrame(reading: AllocationReading): AllocationReading {
  return { ...reading, bytesPerFrame: reading.bytesPerFrame / PERIOD_FRAMES, framesPerSample: reading.framesPerSample * PERIOD_FRAMES };
}

function perFrameTiming(result: TimingResult): TimingResult {
  return {
    ...result,
    nsPerFrame: result.nsPerFrame / PERIOD_FRAMES,
    bestWallNsPerFrame: result.bestWallNsPerFrame / PERIOD_FRAMES,
    framesPerBatch: result.framesPerBatch * PERIOD_FRAMES,
    cpuNsPerFrameByRound: result.cpuNsPerFrameByRound.map((ns) => ns / PERIOD_FRAMES),
  };
}

/** Paddle Duel recorded and unrecorded. */
export function benchPaddleDuelRecording(timing: Omit<TimingOptions, 'baseline'>): OverheadRow {
  const sides = SIDES.map(paddleDuelSide) as [ReturnType<typeof paddleDuelSide>, ReturnType<typeof paddleDuelSide>, ReturnType<typeof paddleDuelSide>];
  const row = compare('Paddle Duel', sides[0].engine.world.actors.length, sides, { ...timing, minFramesPerBatch: 1 }, 64);
  for (const s of sides) {
    s.recording?.stop();
    s.engine.destroy();
  }
  return row;
}

/** The runtime at each body count, recorded and unrecorded. */
export async function benchRuntimeRecording(bodyCounts: readonly number[], timing: Omit<TimingOptions, 'baseline'>): Promise<OverheadRow[]> {
  const rows: OverheadRow[] = [];
  for (const bodies of bodyCounts) {
    const sides = [await runtimeSide(bodies, 'unrecorded'), await runtimeSide(bodies, 'recorded'), await runtimeSide(bodies, 'taps only')] as const;
    rows.push(compare(`runtime, ${bodies.toLocaleString('en-US')} bodies`, bodies, sides, { ...timing, minFramesPerBatch: 1 }, 4));
    for (const s of sides) {
      s.recording?.stop();
      s.runtime.destroy();
    }
  }
  return rows;
}

/** The recording's own bytes per frame in a row. */
export const ownBytesPerFrame = (row: OverheadRow): number => row.recordedBytes.bytesPerFrame - row.unrecordedBytes.bytesPerFrame;


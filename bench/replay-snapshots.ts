/**
 * `engine.save()` and `engine.restore()`: their cost, what a save allocates
 * and how large a snapshot is, at 100, 1,000 and 5,000 runtime bodies and
 * 10,000 world actors; and the rollback budget: save + restore + 8
 * re-simulated ticks of 200 bodies.
 *
 * - **runtime**: bench/runtime-scene.ts's scene (Rapier 3D, one `work`
 *   behavior a body, with its `save`/`restore` pair), on a constant clock of
 *   one fixed step a frame (so every `advance()` is one tick, after a
 *   restore too), run for {@link SETTLE_TICKS} ticks: the bodies have landed.
 * - **world engine**: bench/world-engine.ts's 10,000 drifters, two
 *   components each, run for 10 frames.
 *
 * One round: run 2 frames, `save()` (timed), run 8 frames, `restore()` of
 * that snapshot (timed): every round saves the same state and restores into
 * the same state, 8 ticks on. A scavenge before each timed call. Medians
 * over the rounds, CPU time (`process.cpuUsage`) and wall time.
 *
 * Bytes a save allocates: bench/weigh-through-scavenges.ts (heap growth
 * over one save, plus what any scavenge during it freed: a snapshot of
 * thousands of bodies outgrows the young generation, so a collection-free
 * sample is not always to be had). Snapshot size: the JSON
 * a session's `start` carries it as (`{"$bytes": base64}` for Rapier's own
 * snapshot), and Rapier's bytes alone.
 *
 * A preset whose `save()` throws "cannot be saved yet" (its save/restore
 * not merged yet) is reported as not available, not as a failure.
 */
import { NEVER } from 'rxjs';
import { createRapier3d } from '../src/backends/rapier/rapier3d.js';
import { constantClock } from '../src/clocks/scripted-clocks.js';
import type { EngineSnapshot } from '../src/engines/shell/engine-snapshot.js';
import { createRuntime, type Runtime } from '../src/engines/runtime/runtime.js';
import { toJsonValue } from '../src/replay/snapshot-json.js';
import { collectYoungGeneration, median } from './measure-allocation.js';
import { cpuNowNs, quantile } from './measure-time.js';
import { FIXED_STEP_MS, sceneDocument, work } from './runtime-scene.js';
import { weighThroughScavenges } from './weigh-through-scavenges.js';
import { createDrifterEngine } from './world-engine.js';

/** Ticks a runtime runs before its snapshots are measured: every body has landed (the highest falls 1.5 m in 0.55 s). */
const SETTLE_TICKS = 60;
/** Ticks a round runs between its save and its restore. */
const TICKS_BETWEEN = 8;

/** What the snapshot bench needs of an engine. */
interface Saveable {
  save(): EngineSnapshot<unknown>;
  restore(snapshot: EngineSnapshot<unknown>): void;
  advance(timestampMs?: number): boolean;
  destroy(): void;
}

/** One timed operation's medians over the rounds. */
export interface OperationTime {
  readonly cpuMs: number;
  readonly cpuMsQ1: number;
  readonly cpuMsQ3: number;
  readonly wallMs: number;
}

/** A row of the save/restore table, or why it has no figures. */
export type SnapshotRow =
  | { readonly name: string; readonly items: number; readonly available: false; readonly why: string }
  | {
      readonly name: string;
      readonly items: number;
      readonly available: true;
      readonly save: OperationTime;
      readonly restore: OperationTime;
      /** Bytes one save allocated (median of the rounds weighed). */
      readonly saveBytes: number;
      /** The snapshot as a session's `start` JSON, in bytes; Rapier's own snapshot's bytes in it (0 for the world engine). */
      readonly jsonBytes: number;
      readonly physicsBytes: number;
    };

/** `cannot be saved yet`: the preset's save/restore is not in this build. */
export const isNotYet = (error: unknown): boolean => error instanceof Error && /cannot be saved yet/.test(error.message);

/** Why a row has no figures: the preset's save is not merged yet, or the game holds what a snapshot cannot (the error's first clause). */
export function whyUnavailable(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return isNotYet(error) ? `not available yet (${message})` : `the game cannot be saved: ${message.split(';')[0]}`;
}

/** Times one call: CPU ns and wall ns. */
export function timeCall(call: () => void): { cpuNs: number; wallNs: number } {
  const cpuStart = cpuNowNs();
  const wallStart = process.hrtime.bigint();
  call();
  return { wallNs: Number(process.hrtime.bigint() - wallStart), cpuNs: cpuNowNs() - cpuStart };
}

export function summarise(times: readonly { cpuNs: number; wallNs: number }[]): OperationTime {
  const cpu = times.map((t) => t.cpuNs / 1e6);
  return { cpuMs: median(cpu), cpuMsQ1: quantile(cpu, 0.25), cpuMsQ3: quantile(cpu, 0.75), wallMs: median(times.map((t) => t.wallNs / 1e6)) };
}

/** The physics bytes in a snapshot: every Uint8Array's length. */
function physicsBytesOf(value: unknown): number {
  if (value instanceof Uint8Array) return value.length;
  if (value === null || typeof value !== 'object') return 0;
  return Object.values(value).reduce((sum: number, item) => sum + physicsBytesOf(item), 0);
}

function measureEngine(name: string, items: number, engine: Saveable, rounds: number): SnapshotRow {
  try {
    engine.save();
  } catch (error) {
    if (isNotYet(error)) return { name, items, available: false, why: whyUnavailable(error) };
    throw error;
  }
  const saves: { cpuNs: number; wallNs: number }[] = [];
  const restores: { cpuNs: number; wallNs: number }[] = [];
  let snapshot: EngineSnapshot<unknown> | undefined;
  for (let round = 0; round < rounds + 2; round++) {
    engine.advance();
    engine.advance();
    collectYoungGeneration();
    const save = timeCall(() => void (snapshot = engine.save()));
    for (let i = 0; i < TICKS_BETWEEN; i++) engine.advance();
    collectYoungGeneration();
    const restore = timeCall(() => engine.restore(snapshot!));
    if (round < 2) continue; // warm-up
    saves.push(save);
    restores.push(restore);
  }
  const saveBytes = weighThroughScavenges(() => engine.save(), Math.min(rounds, 5)).bytes;
  const json = JSON.stringify(toJsonValue(snapshot));
  return {
    name,
    items,
    available: true,
    save: summarise(saves),
    restore: summarise(restores),
    saveBytes,
    jsonBytes: Buffer.byteLength(json, 'utf8'),
    physicsBytes: physicsBytesOf(snapshot),
  };
}

/** The bench scene at `bodies`, on one tick a frame, run `ticks` ticks. */
export async function benchRuntime(bodies: number, ticks = SETTLE_TICKS): Promise<Runtime> {
  const runtime = createRuntime({ scene: sceneDocument(bodies), behaviors: { work }, physics: await createRapier3d(), clock: constantClock(FIXED_STEP_MS), ticks: NEVER });
  for (let i = 0; i < ticks; i++) runtime.advance();
  return runtime;
}

/** The save/restore table: the runtime at each body count, then the world engine. */
export async function benchSnapshots(bodyCounts: readonly number[], worldActors: number, rounds: number): Promise<SnapshotRow[]> {
  const rows: SnapshotRow[] = [];
  for (const bodies of bodyCounts) {
    const runtime = await benchRuntime(bodies);
    rows.push(measureEngine(`runtime, ${bodies.toLocaleString('en-US')} bodies`, bodies, runtime, rounds));
    runtime.destroy();
  }
  const world = createDrifterEngine(worldActors);
  for (let i = 0; i < 10; i++) world.advance();
  rows.push(measureEngine(`world engine, ${worldActors.toLocaleString('en-US')} actors`, worldActors, world, rounds));
  world.destroy();
  return rows;
}

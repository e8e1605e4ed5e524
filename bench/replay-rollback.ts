/**
 * The rollback budget (issue 26: "save + restore + 8 re-simulated ticks of
 * 200 bodies within 4 ms: the budget rollback netplay needs").
 *
 * bench/runtime-scene.ts's scene at {@link ROLLBACK_BODIES} bodies, one tick
 * a frame (a constant clock). The snapshot rolled back to is taken at a
 * tick of {@link ROLLBACK_STATES}: while the bodies fall and the first row
 * lands (tick 20: contacts begin, nothing sleeps), and at rest (tick 600:
 * Rapier has put them to sleep, the cheapest a tick gets). One round, timed
 * whole: `save()` of the present, `restore()` of that snapshot, then
 * {@link RESIMULATED_TICKS} ticks (`advance()`), so every round re-simulates
 * the same ticks from the same state. Beside it, a rollback as GGRS makes
 * one: restore, then each re-simulated tick followed by a save (a session
 * keeps a snapshot of every tick it may roll back to), and its two parts
 * apart: save + restore, and the ticks alone. A scavenge before each timed
 * call; medians over the rounds, CPU and wall time.
 *
 * And the same rollback on Rapier alone (bench/rapier-rollback.ts: the
 * scene written against Rapier by hand, its snapshot taken and restored, the
 * same ticks stepped), in the same rounds: the floor under the runtime's,
 * so the table can say what of the budget is Rapier's and what tickflow's.
 */
import { collectYoungGeneration } from './measure-allocation.js';
import { plainRapierScene } from './rapier-rollback.js';
import { benchRuntime, isNotYet, summarise, timeCall, whyUnavailable, type OperationTime } from './replay-snapshots.js';

export const ROLLBACK_BODIES = 200;
export const RESIMULATED_TICKS = 8;
export const ROLLBACK_STATES = [
  { name: 'falling and landing (from tick 20)', ticks: 20 },
  { name: 'at rest (from tick 600)', ticks: 600 },
] as const;

export type RollbackRow =
  | { readonly name: string; readonly available: false; readonly why: string }
  | {
      readonly name: string;
      readonly available: true;
      /** save + restore + 8 ticks. */
      readonly rollback: OperationTime;
      /** restore + 8 × (tick + save). */
      readonly ggrs: OperationTime;
      /** 8 ticks alone, for scale. */
      readonly ticksAlone: OperationTime;
      /** save + restore alone: the rollback's own part. */
      readonly saveRestore: OperationTime;
      /** The same rollback on Rapier alone: takeSnapshot + restoreSnapshot + 8 ticks. */
      readonly plainRapier: OperationTime;
      /** Rapier alone: takeSnapshot + restoreSnapshot. */
      readonly plainRapierSaveRestore: OperationTime;
    };

export async function benchRollback(rounds: number): Promise<RollbackRow[]> {
  const rows: RollbackRow[] = [];
  for (const state of ROLLBACK_STATES) {
    const runtime = await benchRuntime(ROLLBACK_BODIES, state.ticks);
    const plain = await plainRapierScene(ROLLBACK_BODIES, state.ticks);
    const plainFrom = plain.save();
    let from: ReturnType<typeof runtime.save>;
    try {
      from = runtime.save();
    } catch (error) {
      runtime.destroy();
      plain.destroy();
      if (isNotYet(error)) {
        rows.push({ name: state.name, available: false, why: whyUnavailable(error) });
        continue;
      }
      throw error;
    }
    const resimulate = (): void => {
      for (let i = 0; i < RESIMULATED_TICKS; i++) runtime.advance();
    };
    const rollback = (): void => {
      runtime.save();
      runtime.restore(from);
      resimulate();
    };
    const ggrs = (): void => {
      runtime.restore(from);
      for (let i = 0; i < RESIMULATED_TICKS; i++) {
        runtime.advance();
        runtime.save();
      }
    };
    const saveRestore = (): void => {
      runtime.save();
      runtime.restore(from); // so the ticks alone, next, start from the same state
    };
    const plainRollback = (): void => {
      plain.save();
      plain.restore(plainFrom);
      for (let i = 0; i < RESIMULATED_TICKS; i++) plain.tick();
    };
    const plainSaveRestore = (): void => {
      plain.save();
      plain.restore(plainFrom);
    };
    const operations = [rollback, ggrs, saveRestore, resimulate, plainRollback, plainSaveRestore];
    const times = operations.map((): ReturnType<typeof timeCall>[] => []);
    for (let round = 0; round < rounds + 3; round++) {
      operations.forEach((operation, i) => {
        collectYoungGeneration();
        const time = timeCall(operation);
        if (round >= 3) times[i]!.push(time); // three rounds of warm-up
      });
    }
    runtime.destroy();
    plain.destroy();
    const [rollbackTime, ggrsTime, saveRestoreTime, ticksTime, plainTime, plainSaveRestoreTime] = times.map(summarise);
    rows.push({ name: state.name, available: true, rollback: rollbackTime!, ggrs: ggrsTime!, saveRestore: saveRestoreTime!, ticksAlone: ticksTime!, plainRapier: plainTime!, plainRapierSaveRestore: plainSaveRestoreTime! });
  }
  return rows;
}

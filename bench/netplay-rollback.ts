/**
 * Rollback cost per frame (issue 27, item 7), through the real
 * {@link syncLayer}: what is timed is the session's rollback path, not a
 * re-enactment of it.
 *
 * Two copies of a game, each under its own sync layer (2 players, this
 * machine player 0, the default delay of 2 and window of 8), run the same
 * ticks with the same inputs, frame by frame, interleaved:
 *
 * - **rolled back**: player 1's confirmed input for tick `t - depth` arrives
 *   in frame `t`, and player 1 changes keys every tick, so every
 *   confirmation disproves the prediction (the last confirmed input,
 *   repeated). Each frame the layer loads the state before tick
 *   `t - depth`, runs the `depth` ticks again saving each, then saves and
 *   runs the frame's own tick `t`: `load + depth × (advance + save) + save + advance`.
 * - **not rolled back**: player 1's input for tick `t` arrives before frame
 *   `t` runs, so nothing is predicted: `save + advance`. The same states,
 *   the same inputs: the frame without rollback.
 *
 * One frame is `addLocalInput`, `addRemoteInput` and `advanceFrame`, timed
 * whole (wall and process CPU time), no collection forced: a frame as a
 * player would get it. Medians and 95th percentiles over the timed frames;
 * the sync layer's own counts say each rolled-back frame did roll back and
 * re-advance `depth` ticks.
 *
 * For the runtime rows, Rapier alone (bench/netplay-games.ts's hopping scene
 * on Rapier by hand) takes the same path in the same rounds: restore its own
 * snapshot of `depth` ticks back, then `depth` × (snapshot + step), then the
 * frame's own snapshot + step; its restore + `depth` steps are also timed
 * apart (the snapshots left out): the floor under the runtime's rollback.
 *
 * The runtime rows run twice: saving every tick (the default), and with
 * GGRS's sparse saving (`sparseSaving: true`), where the rolled-back frame
 * is `load + (depth + 1) advances + 1 save` (the one save: the new confirmed
 * tick's state) and Rapier alone takes that path too.
 */
import { syncLayer, type SyncLayer } from '../src/netplay/index.js';
import { median } from './measure-allocation.js';
import { cpuNowNs, quantile } from './measure-time.js';
import { HOP, INPUT_SIZE, plainHoppingScene, runtimeGame, stateGame, UP, type NetplayGame, type PlainHoppingScene } from './netplay-games.js';

export const ROLLBACK_DEPTHS = [1, 4, 8] as const;
/** The target: an 8-tick rollback of this many bodies within {@link ROLLBACK_TARGET_MS}. */
export const TARGET_BODIES = 200;
export const ROLLBACK_TARGET_MS = 4;
/** The 60 Hz frame budget, ms. */
export const FRAME_BUDGET_MS = 1000 / 60;
/** The runtime's ticks before the timed frames: the bodies fall and land (first contacts around tick 20). */
const RUNTIME_SETTLE_TICKS = 20;
const LOCAL_KEYS = new Uint8Array([HOP]);

/** Player 1's keys at `tick`: a change every tick, so every late confirmation disproves the prediction. */
export const alternatingKeys = (tick: number): Uint8Array => new Uint8Array([tick % 2 === 0 ? HOP | UP : 0]);

/** The frames of one subject. */
export interface RollbackSizes {
  readonly warmupFrames: number;
  readonly timedFrames: number;
}

/** Medians and tails of a run of frames, ms. */
export interface FrameSummary {
  readonly frames: number;
  readonly wallMedianMs: number;
  readonly wallP95Ms: number;
  readonly cpuMedianMs: number;
}

export interface RollbackRow {
  readonly game: string;
  /** Whether both layers (and Rapier alone) saved sparsely. */
  readonly sparseSaving: boolean;
  /** 0 for the state game. */
  readonly bodies: number;
  readonly depth: number;
  readonly rolledBack: FrameSummary;
  readonly plain: FrameSummary;
  /** Median over frames of (rolled-back wall ÷ the same frame's plain wall), frame by frame. */
  readonly ratio: number;
  /** From the rolled-back layer's counts over the timed frames. */
  readonly rollbacksPerFrame: number;
  readonly resimulatedPerRollback: number;
  /** Whether the two copies reached the same state once the rolled-back one was given every input and corrected. */
  readonly statesAgree: boolean | undefined;
  /** Rapier alone, runtime rows only: the session's path (restore + depth × (snapshot + step) + snapshot + step), and restore + depth steps alone. */
  readonly rapierAlone?: { readonly sessionPath: FrameSummary; readonly restoreAndSteps: FrameSummary };
}

/** A game under a sync layer, fed player 1's inputs `lateBy` ticks late. */
export interface RollbackDriver {
  readonly sync: SyncLayer<unknown>;
  /** One frame: the local input, the remote input that arrives now, `advanceFrame`. */
  frame(): void;
  /** Gives the remote inputs still owed and corrects: the state every input confirmed. */
  settle(): void;
}

export function rollbackDriver(game: NetplayGame, lateBy: number, sparseSaving = false): RollbackDriver {
  const sync = syncLayer<unknown>({
    players: 2,
    localPlayers: [0],
    inputSize: INPUT_SIZE,
    sparseSaving,
    save: () => game.save(),
    load: (state) => game.load(state),
    advance: (inputs) => game.advance(inputs),
  });
  return {
    sync,
    frame() {
      const tick = sync.currentTick;
      sync.addLocalInput(0, LOCAL_KEYS);
      if (tick - lateBy >= 0) sync.addRemoteInput(1, tick - lateBy, alternatingKeys(tick - lateBy));
      if (sync.advanceFrame() !== 'advanced') throw new Error(`netplay bench: the sync layer stalled at tick ${tick} (${lateBy} late)`);
    },
    settle() {
      for (let tick = Math.max(0, sync.currentTick - lateBy); tick < sync.currentTick; tick++) sync.addRemoteInput(1, tick, alternatingKeys(tick));
      sync.correct();
    },
  };
}

const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

function timeFrame(frame: () => void): { wallMs: number; cpuMs: number } {
  const cpu = cpuNowNs();
  const wall = process.hrtime.bigint();
  frame();
  return { wallMs: Number(process.hrtime.bigint() - wall) / 1e6, cpuMs: (cpuNowNs() - cpu) / 1e6 };
}

export function summariseFrames(times: readonly { wallMs: number; cpuMs?: number }[]): FrameSummary {
  const wall = times.map((t) => t.wallMs);
  return { frames: times.length, wallMedianMs: median(wall), wallP95Ms: quantile(wall, 0.95), cpuMedianMs: times[0]?.cpuMs === undefined ? NaN : median(times.map((t) => t.cpuMs!)) };
}

/** Player `p`'s keys at `tick` as the rolled-back copy finally runs them. */
const confirmedKeyOf = (tick: number) => (player: number): number => (player === 0 ? (tick < 2 ? 0 : HOP) : alternatingKeys(tick)[0]!);

/**
 * Rapier alone on the session's path, one frame at `tick`, from the
 * snapshots of the ticks before (`ring`, by tick): restore of `tick - depth`,
 * then for each tick to `tick`: snapshot (but the one just restored) + step;
 * sparse, only the snapshot of the new confirmed tick (`tick - depth + 1`).
 * Returns the whole frame's wall ms and its restore + steps alone.
 */
function plainFrame(scene: PlainHoppingScene, ring: Map<number, Uint8Array>, tick: number, depth: number, sparse: boolean): { wallMs: number; restoreAndStepsMs: number } {
  let restoreAndSteps = 0;
  const start = nowMs();
  const from = tick - depth;
  let t0 = nowMs();
  scene.restore(ring.get(from)!);
  restoreAndSteps += nowMs() - t0;
  for (let k = from; k <= tick; k++) {
    if (sparse ? k === from + 1 : k > from) ring.set(k, scene.save());
    t0 = nowMs();
    scene.tick(k, confirmedKeyOf(k));
    if (k < tick) restoreAndSteps += nowMs() - t0;
  }
  ring.delete(from - 1);
  return { wallMs: nowMs() - start, restoreAndStepsMs: restoreAndSteps };
}

/** One game at one depth: the two copies (and Rapier alone) interleaved frame by frame. */
async function measureDepth(build: () => Promise<NetplayGame>, bodies: number, depth: number, sizes: RollbackSizes, plainRapier: boolean, sparse = false): Promise<RollbackRow> {
  const lateGame = await build();
  const plainGame = await build();
  const late = rollbackDriver(lateGame, depth, sparse);
  const plain = rollbackDriver(plainGame, 0, sparse);
  const scene = plainRapier ? await plainHoppingScene(bodies, 2, RUNTIME_SETTLE_TICKS) : undefined;
  const ring = new Map<number, Uint8Array>();
  const lateTimes: { wallMs: number; cpuMs: number }[] = [];
  const plainTimes: { wallMs: number; cpuMs: number }[] = [];
  const rapierTimes: { wallMs: number }[] = [];
  const rapierRestoreAndSteps: { wallMs: number }[] = [];
  const ratios: number[] = [];
  let before = late.sync.stats();
  for (let frame = 0; frame < sizes.warmupFrames + sizes.timedFrames; frame++) {
    const timed = frame >= sizes.warmupFrames;
    if (frame === sizes.warmupFrames) before = late.sync.stats();
    const a = timeFrame(() => late.frame());
    const b = timeFrame(() => plain.frame());
    if (timed) {
      lateTimes.push(a);
      plainTimes.push(b);
      ratios.push(a.wallMs / b.wallMs);
    }
    if (scene !== undefined) {
      const tick = frame;
      if (tick < depth) {
        ring.set(tick, scene.save());
        scene.tick(tick, confirmedKeyOf(tick));
      } else {
        const time = plainFrame(scene, ring, tick, depth, sparse);
        if (timed) {
          rapierTimes.push({ wallMs: time.wallMs });
          rapierRestoreAndSteps.push({ wallMs: time.restoreAndStepsMs });
        }
      }
    }
  }
  const after = late.sync.stats();
  late.settle();
  const statesAgree = lateGame.hash() === plainGame.hash();
  lateGame.destroy();
  plainGame.destroy();
  scene?.destroy();
  const rollbacks = after.rollbacks - before.rollbacks;
  return {
    game: lateGame.name,
    sparseSaving: sparse,
    bodies,
    depth,
    rolledBack: summariseFrames(lateTimes),
    plain: summariseFrames(plainTimes),
    ratio: median(ratios),
    rollbacksPerFrame: rollbacks / sizes.timedFrames,
    resimulatedPerRollback: rollbacks === 0 ? 0 : (after.resimulated - before.resimulated) / rollbacks,
    statesAgree,
    ...(scene !== undefined && { rapierAlone: { sessionPath: summariseFrames(rapierTimes), restoreAndSteps: summariseFrames(rapierRestoreAndSteps) } }),
  };
}

/** The state game at each depth, then the runtime at each body count and depth. */
export async function benchRollbackFrames(
  bodyCounts: readonly number[],
  stateSizes: RollbackSizes,
  runtimeSizes: RollbackSizes,
  depths: readonly number[] = ROLLBACK_DEPTHS,
  progress: (line: string) => void = () => {},
): Promise<RollbackRow[]> {
  const rows: RollbackRow[] = [];
  for (const depth of depths) {
    progress(`netplay bench: rollback, state game, depth ${depth}`);
    rows.push(await measureDepth(async () => stateGame(2), 0, depth, stateSizes, false));
  }
  for (const sparse of [false, true]) {
    for (const bodies of bodyCounts) {
      for (const depth of depths) {
        progress(`netplay bench: rollback, runtime ${bodies} bodies, depth ${depth}${sparse ? ', sparse saving' : ''}`);
        rows.push(await measureDepth(() => runtimeGame(bodies, 2, RUNTIME_SETTLE_TICKS), bodies, depth, runtimeSizes, true, sparse));
      }
    }
  }
  return rows;
}

/**
 * The client's re-simulation cost per correction (issue 28, item 7),
 * through the real {@link tickflowClient}: what is timed is its frame, not
 * a re-enactment of its reconciliation.
 *
 * Two clients of the same game, each `tickflowClient` on its own stand-in
 * room (no network: the bench hands each message to the client's handler
 * as colyseus.js would, after decoding), stepped by manual host ticks of
 * one fixed tick each, frame by frame, interleaved (the order alternating):
 *
 * - **reconciling**: a room copy of the game, run here tick by tick with
 *   the client's inputs at their stamps and a second player ("other") whose
 *   input alternates every tick, stays `lead` ticks behind the client; its
 *   state of each tick (`toJsonValue(save())`, as `tickflowRoom` sends it,
 *   with the client's ack and a lead of `bufferTicks`, so the client neither
 *   adds nor skips ticks) reaches the client before each frame. Each frame
 *   the client restores the room's state of tick N = present − lead,
 *   re-applies its unacknowledged inputs, re-runs the `lead` ticks to the
 *   present, finds the present changed (the bot's input was not the one
 *   predicted: a correction every frame), then predicts its own tick.
 * - **predicting only**: the same game, given the room's first state and
 *   nothing after: each frame predicts its one tick.
 *
 * The reconciliation's own cost is the median reconciling frame minus the
 * median predicting frame. The client's default fingerprint is used
 * (`hashState(engine.save())`, before and after re-simulating: for the
 * runtime, Rapier's world included); `present()` is what a game draws (the
 * arena's state; the runtime's poses), recorded after every tick run. The
 * reconciling client's `restore`, `advance` and `save` are timed apart, so
 * the table says where a reconciling frame's time goes.
 */
import { tickflowClient, STATE_MESSAGE, type ClientRoomLike, type RoomInput, type RoomStateMessage } from '../src/colyseus/index.js';
import { manualTicks } from '../src/hosts/manual-ticks.js';
import { keepBytes, toJsonValue } from '../src/replay/snapshot-json.js';
import { median } from './measure-allocation.js';
import { cpuNowNs, quantile } from './measure-time.js';
import { createRoomGame, type RoomGame, type RoomGameKind } from './rooms-games.js';
import { FIXED_STEP_MS } from './runtime-scene.js';

/** The 60 Hz frame, ms. */
export const FRAME_BUDGET_MS = 1000 / 60;
/** Our target (the issue states none): a frame that reconciles fits in half the 60 Hz frame, the rest left to drawing. */
export const RESIM_TARGET_MS = FRAME_BUDGET_MS / 2;
/** The client's default buffer (DEFAULT_BUFFER_TICKS), reported as the lead so it keeps its pace. */
const BUFFER_TICKS = 2;
const ME = 'me';

/** Frames of one row. */
export interface ResimSizes {
  readonly warmupFrames: number;
  readonly timedFrames: number;
}

/** Wall and CPU ms of a run of frames. */
export interface ResimSummary {
  readonly wallMedianMs: number;
  readonly wallP95Ms: number;
  readonly cpuMedianMs: number;
}

export interface ResimRow {
  readonly game: RoomGameKind;
  readonly lead: number;
  readonly frames: number;
  readonly reconciling: ResimSummary;
  readonly predicting: ResimSummary;
  /** Over the timed frames, from the reconciling client's counters: the work check. */
  readonly reconciliations: number;
  readonly corrections: number;
  readonly resimulatedTicks: number;
  /** The reconciling client's restores, advances (predicted and re-run) and saves (its fingerprints), ms a frame, over the timed frames. */
  readonly restoreMsPerFrame: number;
  readonly advanceMsPerFrame: number;
  readonly saveMsPerFrame: number;
}

/** Time spent in a game's calls, ns. */
interface Spent {
  restore: number;
  advance: number;
  save: number;
}

/** A stand-in for a joined colyseus.js room: records what the client sends, hands it what the room sends. */
function standInRoom(): ClientRoomLike & { deliver(type: string, message: unknown): void; readonly inputs: Map<number, Uint8Array> } {
  const handlers = new Map<string, (message: unknown) => void>();
  const inputs = new Map<number, Uint8Array>();
  return {
    sessionId: ME,
    inputs,
    send(type, message) {
      if (type === 'input') {
        const { tick, input } = message as { tick: number; input: Uint8Array };
        inputs.set(tick, input);
      }
    },
    onMessage(type, callback) {
      handlers.set(type, callback);
      return () => handlers.delete(type);
    },
    deliver: (type, message) => handlers.get(type)?.(message),
  };
}

/** Runs `call` and adds its wall time to `spent[key]`. */
function timed<T>(spent: Spent, key: keyof Spent, call: () => T): T {
  const start = process.hrtime.bigint();
  const result = call();
  spent[key] += Number(process.hrtime.bigint() - start);
  return result;
}

function client(game: RoomGame, room: ClientRoomLike, spent: Spent) {
  const host = manualTicks();
  const sim = tickflowClient(room, {
    engine: {
      advance: () => timed(spent, 'advance', () => game.advance()),
      save: () => timed(spent, 'save', () => game.save()),
      restore: (state: unknown) => timed(spent, 'restore', () => game.restore(state)),
    },
    present: () => game.present(),
    inputSize: 1,
    applyInputs: (inputs: readonly RoomInput[]) => game.applyInputs(inputs),
    input: (tick) => Uint8Array.of(Math.floor(tick / 30) % 3),
    ticks: host.ticks$,
    stepMs: FIXED_STEP_MS,
    now: () => host.nowMs,
    onError: (error) => {
      throw error;
    },
  });
  return { host, sim };
}

const message = (tick: number, state: unknown, ack: number | undefined): RoomStateMessage => ({ tick, state: toJsonValue(state, keepBytes), acks: ack === undefined ? {} : { [ME]: [ack, BUFFER_TICKS] } });

function summary(wallMs: readonly number[], cpuMs: readonly number[]): ResimSummary {
  return { wallMedianMs: median(wallMs), wallP95Ms: quantile(wallMs, 0.95), cpuMedianMs: median(cpuMs) };
}

/** One row: `lead` ticks re-simulated a frame, beside frames that only predict. */
export async function measureResim(kind: RoomGameKind, lead: number, sizes: ResimSizes): Promise<ResimRow> {
  const roomGame = await createRoomGame(kind);
  const games = [await createRoomGame(kind), await createRoomGame(kind)];
  const rooms = [standInRoom(), standInRoom()];
  const spent: Spent = { restore: 0, advance: 0, save: 0 };
  const [reconciling, predicting] = [client(games[0]!, rooms[0]!, spent), client(games[1]!, rooms[1]!, { restore: 0, advance: 0, save: 0 })];
  let roomTick = 0;
  for (const room of rooms) room.deliver(STATE_MESSAGE, message(0, roomGame.save(), undefined)); // both start from the room's first state
  const times = [
    { wall: [] as number[], cpu: [] as number[] },
    { wall: [] as number[], cpu: [] as number[] },
  ];
  let before = reconciling.sim.stats();
  const frames = sizes.warmupFrames + sizes.timedFrames;
  try {
    for (let frame = 0; frame < frames; frame++) {
      // The room runs up to `lead` ticks behind the client's present, each tick with the client's input stamped for it and the bot's.
      const inputs = rooms[0]!.inputs;
      while (roomTick < reconciling.sim.tick - lead && inputs.has(roomTick)) {
        roomGame.applyInputs([
          { client: ME, tick: roomTick, appliedTick: roomTick, input: inputs.get(roomTick)!, late: false },
          { client: 'other', tick: roomTick, appliedTick: roomTick, input: Uint8Array.of(1 + (roomTick % 2)), late: false },
        ]);
        inputs.delete(roomTick);
        roomGame.advance();
        roomTick++;
        rooms[0]!.deliver(STATE_MESSAGE, message(roomTick, roomGame.save(), roomTick - 1));
      }
      if (frame === sizes.warmupFrames) {
        before = reconciling.sim.stats();
        Object.assign(spent, { restore: 0, advance: 0, save: 0 });
      }
      const order = frame % 2 === 0 ? [0, 1] : [1, 0];
      for (const which of order) {
        const wall = process.hrtime.bigint();
        const cpu = cpuNowNs();
        [reconciling, predicting][which]!.host.advance(FIXED_STEP_MS);
        const cpuMs = (cpuNowNs() - cpu) / 1e6;
        const wallMs = Number(process.hrtime.bigint() - wall) / 1e6;
        if (frame >= sizes.warmupFrames) {
          times[which]!.wall.push(wallMs);
          times[which]!.cpu.push(cpuMs);
        }
      }
    }
    const after = reconciling.sim.stats();
    return {
      game: kind,
      lead,
      frames: sizes.timedFrames,
      reconciling: summary(times[0]!.wall, times[0]!.cpu),
      predicting: summary(times[1]!.wall, times[1]!.cpu),
      reconciliations: after.reconciliations - before.reconciliations,
      corrections: after.corrections - before.corrections,
      resimulatedTicks: after.resimulatedTicks - before.resimulatedTicks,
      restoreMsPerFrame: spent.restore / 1e6 / sizes.timedFrames,
      advanceMsPerFrame: spent.advance / 1e6 / sizes.timedFrames,
      saveMsPerFrame: spent.save / 1e6 / sizes.timedFrames,
    };
  } finally {
    for (const { sim } of [reconciling, predicting]) sim.stop();
    for (const game of [roomGame, ...games]) game.destroy();
  }
}

/** Every game at every lead. */
export async function benchResim(games: readonly RoomGameKind[], leads: readonly number[], sizes: ResimSizes, progress: (line: string) => void = () => {}): Promise<ResimRow[]> {
  const rows: ResimRow[] = [];
  for (const game of games) {
    for (const lead of leads) {
      progress(`rooms bench: re-simulation, ${game}, lead ${lead}`);
      rows.push(await measureResim(game, lead, sizes));
    }
  }
  return rows;
}

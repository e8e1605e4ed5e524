import { constantClock, type CuePlayer } from 'tickflow';
import { createP2PSession, type DesyncReport, type P2PSession, type TickInput, type Transport } from 'tickflow/netplay';
import type { WorldBackend, WorldEngine } from 'tickflow/world';
import { NEVER } from 'rxjs';
import type { DuelAction } from './bindings.js';
import { SIDES, type Match, type Side } from './match.js';
import { createPaddleDuel } from './paddle-duel.js';
import { fnv1a } from './state-hash.js';

/**
 * Paddle Duel between two machines: the match as a rollback session
 * (`createP2PSession` from tickflow/netplay). Each machine runs the same
 * world engine, player 0 on the left and player 1 on the right; each sends
 * only its own player's input (one byte a tick), predicts the other's, and
 * rolls back when a late input proves the prediction wrong.
 *
 * The engine never takes host ticks: it is built with ticks that never
 * come, a constant 1/60 s clock and courts that open at once (so
 * `engine.save()` is available on every tick, a round change included), and
 * the session steps it with `engine.advance()` inside its `advance(inputs)`,
 * after pressing or releasing each side's keys on the engine's own scripted
 * input as the tick's inputs say. The page calls `session.frame(t)` once per
 * animation frame; when it returns, the engine holds the corrected present.
 *
 * @module
 */

/** How many bytes one player's input for one tick is. */
export const DUEL_INPUT_BYTES = 1;

/** The bits of a player's input byte. */
export const INPUT_UP = 1;
export const INPUT_DOWN = 2;
/** Enter: starts the match again once it is over. */
export const INPUT_CONFIRM = 4;

/** The keys each side's paddle moves with on the engine's scripted input (the two-player bindings: W/S left, arrows right). */
export const SIDE_KEYS: Readonly<Record<Side, { readonly up: string; readonly down: string }>> = {
  left: { up: 'KeyW', down: 'KeyS' },
  right: { up: 'ArrowUp', down: 'ArrowDown' },
};

/** A tick's length online: the session's fixed step and the engine's constant clock, 1/60 s. */
export const ONLINE_STEP_MS = 1000 / 60;

/** The page's "bad network" (its switch wraps the transport in these, both ways): what a poor mobile link can be. */
export const BAD_NETWORK = { latencyMs: 120, jitterMs: 40, loss: 0.1 } as const;

/** What a player holds in one tick. */
export interface DuelPress {
  readonly up: boolean;
  readonly down: boolean;
  readonly confirm: boolean;
}

/** One player's tick as its byte. */
export function encodeDuelInput({ up, down, confirm }: DuelPress): number {
  return (up ? INPUT_UP : 0) | (down ? INPUT_DOWN : 0) | (confirm ? INPUT_CONFIRM : 0);
}

/** The byte back as what was held; a disconnected player holds nothing. */
export function decodeDuelInput(input: TickInput): DuelPress {
  const bits = input.status === 'disconnected' ? 0 : (input.input[0] ?? 0);
  return { up: (bits & INPUT_UP) !== 0, down: (bits & INPUT_DOWN) !== 0, confirm: (bits & INPUT_CONFIRM) !== 0 };
}

/**
 * The match seed both machines agree on without a word: a hash of the
 * room's code (case and spaces aside), so the serves and the engine's
 * random source are the same on every peer of the room.
 */
export function seedFromRoomCode(code: string): number {
  return Number.parseInt(fnv1a(`paddle-duel:${code.trim().toUpperCase()}`), 16) >>> 0;
}

/** The side player `index` plays: 0 left, 1 right. */
export function sideOf(playerIndex: number): Side {
  return SIDES[playerIndex] ?? 'left';
}

/** Options of {@link createOnlineDuel}. */
export interface OnlineDuelOptions {
  /** Where it is drawn: the pixi backend on a page (see {@link latestFrameBackend}), `nullBackend` in Node. */
  backend: WorldBackend;
  /** The network: a transport whose peer ids are player numbers (0 and 1). */
  transport: Transport;
  /** This machine's player: 0 (left) or 1 (right). */
  playerIndex: number;
  /** The match seed, the same on both machines ({@link seedFromRoomCode}). */
  seed: number;
  /** What this machine's player holds for `tick`: a byte of {@link encodeDuelInput}. Called once a tick as the session runs forward. */
  readLocal(tick: number): number;
  /**
   * Where cues play; defaults to the engine's cue log. Only a tick's first
   * run plays its cues: a tick run again after a rollback is silent, so a
   * bounce is heard once (or, when a prediction proved wrong, the bounce
   * that was predicted: rollback games sound what they showed).
   */
  cues?: CuePlayer;
  /** The input delay in ticks; defaults to the session's (2). */
  delay?: number;
  /** Called when a confirmed tick's state differs from the other machine's. */
  onDesync?: (report: DesyncReport) => void;
  /** Called after each tick the session runs (forward or re-simulated), with its inputs: for tests. */
  onTick?: (inputs: readonly TickInput[]) => void;
}

/** A match of Paddle Duel between two machines. */
export interface OnlineDuel {
  readonly engine: WorldEngine<DuelAction>;
  readonly match: Match;
  readonly session: P2PSession;
  /** This machine's side. */
  readonly side: Side;
}

/**
 * Builds this machine's half of an online match: the world engine, stepped
 * only by the session, and the session on `transport`.
 *
 * @example
 * ```ts
 * import { nullBackend } from 'tickflow';
 * import { simulatedLink } from 'tickflow/netplay';
 *
 * const link = simulatedLink({ latencyMs: 60, seed: 1 });
 * const duels = [0, 1].map((me) =>
 *   createOnlineDuel({ backend: nullBackend({ logicalWidth: 960, logicalHeight: 540 }), transport: link.endpoints[me]!, playerIndex: me, seed: 7, readLocal: () => 0 }),
 * );
 * for (let t = 0; t < 5000; t += 1000 / 60) {
 *   link.advanceTo(t);
 *   for (const { session } of duels) session.frame(t);
 * }
 * console.log(duels[0]!.session.stats().checksumsMatched > 0); // true
 * ```
 */
export function createOnlineDuel(options: OnlineDuelOptions): OnlineDuel {
  const { backend, transport, playerIndex, seed, readLocal, cues, delay, onDesync, onTick } = options;
  /** The furthest tick run so far, and whether the tick running now is its first run. */
  let furthestTick = -1;
  let firstRun = false;
  const { engine, match, input } = createPaddleDuel({
    backend,
    clock: constantClock(ONLINE_STEP_MS),
    ticks: NEVER,
    seats: { left: 'player', right: 'player' },
    seed,
    randomSeed: seed,
    loadCourtsAtOnce: true,
    ...(cues !== undefined && { cues: firstRunOnly(cues, () => firstRun) }),
  });
  const hold = (code: string, down: boolean): void => (down ? input.press(code) : input.release(code));
  const session = createP2PSession<ReturnType<typeof engine.save>>({
    transport,
    players: 2,
    localPlayers: [playerIndex],
    inputSize: DUEL_INPUT_BYTES,
    ...(delay !== undefined && { delay }),
    readInput: (_player, tick) => Uint8Array.of(readLocal(tick) & 0xff),
    save: () => engine.save(),
    load: (state) => engine.restore(state),
    advance: (inputs) => {
      let confirm = false;
      inputs.forEach((tickInput, player) => {
        const press = decodeDuelInput(tickInput);
        const keys = SIDE_KEYS[sideOf(player)];
        hold(keys.up, press.up);
        hold(keys.down, press.down);
        confirm ||= press.confirm;
      });
      hold('Enter', confirm);
      const tick = inputs[0]!.tick;
      firstRun = tick > furthestTick;
      furthestTick = Math.max(furthestTick, tick);
      engine.advance();
      onTick?.(inputs);
    },
    checksumOf: sharedState,
    ...(onDesync !== undefined && { onDesync }),
  });
  return { engine, match, session, side: sideOf(playerIndex) };
}

/** A cue player that plays only while `playing()` says so. */
function firstRunOnly(cues: CuePlayer, playing: () => boolean): CuePlayer {
  return {
    play(name, options) {
      if (playing()) cues.play(name, options);
    },
  };
}

/**
 * The part of a snapshot both machines must agree on: all of it but how
 * large each label is drawn, which follows the page's layout (a phone grows
 * text to stay legible) and not the match: a label's `drawnSize` and the
 * `visual` built from it.
 */
export function sharedState(snapshot: ReturnType<WorldEngine<DuelAction>['save']>): unknown {
  const { state } = snapshot;
  const plain = (actor: (typeof state.actors)[number]) =>
    actor.class === 'Label' ? { ...actor, fields: Object.fromEntries(Object.entries(actor.fields).filter(([name]) => name !== 'drawnSize' && name !== 'visual')) } : actor;
  return { ...snapshot, state: { ...state, actors: state.actors.map(plain), departed: state.departed.map(plain) } };
}

import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, functionOption, optionsObject, positiveFinite } from '../../operators/validate.js';
import type { DesyncReport } from './desync-report.js';
import type { InputGuess } from './input-queue-options.js';
import { wholeNumber } from './input-queue-options.js';
import type { TickInput } from './input-status.js';
import type { SyncLayerStats } from './sync-layer.js';
import type { PeerId, Transport } from './transport.js';
import { fromJsonValue, toJsonValue } from '../replay/snapshot-json.js';

/** A tick's length when `stepMs` is not given: 1/60 s. */
export const DEFAULT_STEP_MS = 1000 / 60;

/** How often peers compare state hashes when `checksumEvery` is not given: every 60 ticks (once a second at 60 Hz). */
export const DEFAULT_CHECKSUM_EVERY = 60;

/** How long a peer may be silent before its players are disconnected, when `disconnectAfterMs` is not given: 3 s. */
export const DEFAULT_DISCONNECT_AFTER_MS = 3000;

/**
 * The most a session stretches its tick to let a peer behind it catch up:
 * 10 % (a tick of 16.7 ms lasts at most 18.3 ms), the "at most
 * ~10 %", so a player sees a game slowed a little, never one that skips.
 */
export const MAX_STEP_STRETCH = 0.1;

/** How many frame-advantage samples a peer's average is over: 15 (a second of packets at 60 Hz, each fourth carrying the timing). */
export const ADVANTAGE_WINDOW = 15;

/** The most ticks one `frame()` runs forward: a frame after a long pause (a hidden tab) runs these and drops the rest of its time. */
export const MAX_TICKS_PER_FRAME = 4;

/** Checksums this peer keeps its own of, with the state, to answer a late remote checksum: 8. */
export const KEPT_CHECKSUMS = 8;
/** How many frames' packets repeat a new checksum (the network is unreliable: one copy may be lost). */
export const CHECKSUM_REPEATS = 10;
/** The bytes of a flattened state in one piece, well under any data channel's message limit. */
export const PIECE_BYTES = 1000;
/** How many pieces of a flattened state go out each frame while the other peer lacks them. */
export const PIECES_PER_FRAME = 8;
/** Frame-advantage below this many ticks is noise: the session does not stretch for it. */
export const ADVANTAGE_DEAD_ZONE = 0.5;
/** How much a tick stretches for each tick of frame advantage above the dead zone. */
export const STRETCH_PER_TICK = 0.03;

/** The options of {@link createP2PSession}: the match, the network, and the four things it asks of the game. */
export interface P2PSessionOptions<S> {
  /** The network: a {@link Transport} whose peers are this match's other machines. */
  transport: Transport;
  /** How many players: a whole number from 2 to 8, numbered 0 to `players - 1`. */
  players: number;
  /** The players this machine adds inputs for (at least one). */
  localPlayers: readonly number[];
  /**
   * The transport peer each player is reached at, indexed by player.
   * Defaults to the player's own number (one player per machine, peer ids
   * as player numbers: what `simulatedLink` and a room's join order give).
   * Entries for local players are not read.
   */
  peers?: readonly PeerId[];
  /** How many bytes one player's input for one tick is: a whole number >= 1. */
  inputSize: number;
  /** The local players' input delay, in ticks. Defaults to 2; change it while playing with {@link P2PSession.setDelay}. */
  delay?: number;
  /** How many ticks may be predicted past the last confirmed one; 0 is lockstep. Defaults to 8. */
  window?: number;
  /**
   * The game's guess of a remote player's missing input, from their last
   * confirmed one and the tick; it must depend on nothing else. Defaults to
   * the last confirmed input repeated (all zero bytes before any): "remote
   * inputs predicted as the last confirmed one unless the game predicts".
   */
  predict?: InputGuess;
  /** The input of a player who left, from the tick they left on. Defaults to their last confirmed input. */
  disconnectedInput?: InputGuess;
  /**
   * GGRS's sparse saving: save only states every input before is
   * confirmed, so a rollback saves once instead of once a tick it runs
   * again (see `syncLayer`). For a game whose save costs about what a tick
   * does: the fixed-tick runtime with Rapier (an 8-tick rollback of 200
   * bodies: see bench/NETPLAY-RESULTS.md). Defaults to false.
   */
  sparseSaving?: boolean;
  /** The tick's length in ms, the fixed step the game is written for. Defaults to {@link DEFAULT_STEP_MS} (1/60 s). */
  stepMs?: number;
  /**
   * A local player's input for `tick`, `inputSize` bytes (read the keys and
   * encode them). Called once a tick while the session runs forward.
   */
  readInput(player: number, tick: number): Uint8Array;
  /** The game's whole state now, a value the game will not change afterwards (`engine.save()`). */
  save(): S;
  /** Puts the game back to a state `save` returned (`engine.restore(state)`). */
  load(state: S): void;
  /** Runs one tick with every player's input, in player order, each marked confirmed, predicted or disconnected. */
  advance(inputs: readonly TickInput[]): void;
  /**
   * Peers compare the hash of their state every this many ticks, confirmed
   * ticks only: a whole number >= 0; 0 compares nothing. Defaults to
   * {@link DEFAULT_CHECKSUM_EVERY} (60).
   */
  checksumEvery?: number;
  /**
   * The part of a saved state that must be equal on every peer, hashed and,
   * when the hashes differ, flattened and sent. Defaults to the whole state.
   * Leave out what is one machine's own (a camera, the held keys of an
   * engine's own input).
   */
  checksumOf?: (state: S) => unknown;
  /** Called on this peer when its state after a confirmed tick differs from a peer's, with the fields that differ. */
  onDesync?: (report: DesyncReport) => void;
  /** A peer silent this long (ms of the session's time) has its players disconnected. Defaults to {@link DEFAULT_DISCONNECT_AFTER_MS} (3,000). */
  disconnectAfterMs?: number;
  /** Where an error a game callback throws goes; the session goes on. Defaults to `console.error`. */
  onError?: (error: unknown) => void;
  /**
   * Transport peers that watch the match: each receives every player's
   * confirmed inputs (never a prediction) and runs the game with
   * `createSpectatorSession`, from tick 0 or, when it asks to join late,
   * from a snapshot of a confirmed tick. Whole numbers >= 0, none a player's
   * peer. Defaults to none.
   */
  spectators?: readonly PeerId[];
  /** Writes a saved state as bytes for a spectator that joins late. Defaults to JSON that keeps every number exactly (what a session file's `start` uses). */
  encodeState?: (state: S) => Uint8Array;
}

/** What a {@link P2PSession} knows of one other peer, for a HUD. */
export interface PeerStats {
  /** Its id on the transport. */
  readonly peer: PeerId;
  /** The players it adds inputs for. */
  readonly players: readonly number[];
  /** Round-trip time, smoothed, in ms; `undefined` until measured. */
  readonly pingMs: number | undefined;
  /**
   * Ticks this machine runs ahead of that peer (negative: behind): half the
   * difference of this machine's estimate and the peer's own, each averaged
   * over the last {@link ADVANTAGE_WINDOW} packets, GGRS's way, so what both
   * estimates get wrong alike (a packet waits for the next frame to be read) cancels.
   */
  readonly frameAdvantage: number;
  /** Whether the peer was heard from at all. */
  readonly heard: boolean;
  /** Whether its players were disconnected. */
  readonly disconnected: boolean;
}

/** What a {@link P2PSession} has done, for a HUD and for tests. */
export interface P2PSessionStats extends SyncLayerStats {
  /** `'synchronizing'` until every peer was heard from once, then `'running'`. */
  readonly phase: 'synchronizing' | 'running';
  /** The next tick to run. */
  readonly currentTick: number;
  /** The last tick every player's input is confirmed for (-1 before any). */
  readonly confirmedTick: number;
  /** Ticks run on a prediction now: `currentTick - 1 - confirmedTick`, at least 0. */
  readonly predictionDepth: number;
  /** How much the tick is stretched now to let the slowest peer catch up, from 0 to {@link MAX_STEP_STRETCH}. */
  readonly stretch: number;
  /** Frames in which the session could not run a tick that was due (the prediction window was full). */
  readonly stalledFrames: number;
  /** Messages handed to the transport. */
  readonly packetsSent: number;
  /** Their bytes: the session's payload, without what the transport adds (WebRTC's DTLS, SCTP, UDP and IP headers). */
  readonly bytesSent: number;
  /** Messages received from peers of the match and read. */
  readonly packetsReceived: number;
  /** Packets received that were not the session's or not from a peer of the match: dropped. */
  readonly packetsIgnored: number;
  /** Checksums compared with a peer's and found equal. */
  readonly checksumsMatched: number;
  /** The reports made so far (at most one per peer: the first divergent tick). */
  readonly desyncs: readonly DesyncReport[];
  /** Each other machine, in the order of their first player. */
  readonly peers: readonly PeerStats[];
}


export const WHERE = 'createP2PSession';
const KNOWN_OPTIONS = [
  'transport',
  'players',
  'localPlayers',
  'peers',
  'inputSize',
  'delay',
  'window',
  'predict',
  'disconnectedInput',
  'sparseSaving',
  'stepMs',
  'readInput',
  'save',
  'load',
  'advance',
  'checksumEvery',
  'checksumOf',
  'onDesync',
  'disconnectAfterMs',
  'onError',
  'spectators',
  'encodeState',
] as const;


/** The options with their defaults applied and checked (all but what the sync layer checks itself). */
export type SessionSettings<S> = Required<Omit<P2PSessionOptions<S>, 'peers' | 'delay' | 'window' | 'onDesync' | 'predict' | 'disconnectedInput' | 'sparseSaving'>> &
  Pick<P2PSessionOptions<S>, 'peers' | 'delay' | 'window' | 'onDesync' | 'predict' | 'disconnectedInput' | 'sparseSaving'>;

/** A state as bytes: JSON that keeps every number (and typed arrays, Maps, Sets) exactly. */
export function stateToBytes(state: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(toJsonValue(state)));
}

/** Reads {@link stateToBytes}' bytes back. */
export function stateFromBytes(bytes: Uint8Array): unknown {
  return fromJsonValue(JSON.parse(new TextDecoder().decode(bytes)));
}

/** Checks {@link createP2PSession}'s own options and applies their defaults. @internal */
export function sessionSettings<S>(options: P2PSessionOptions<S>): SessionSettings<S> {
  optionsObject(WHERE, options);
  checkOptionKeys(WHERE, options, KNOWN_OPTIONS);
  const settings: SessionSettings<S> = {
    ...options,
    stepMs: options.stepMs ?? DEFAULT_STEP_MS,
    checksumEvery: options.checksumEvery ?? DEFAULT_CHECKSUM_EVERY,
    checksumOf: options.checksumOf ?? ((state: S) => state),
    disconnectAfterMs: options.disconnectAfterMs ?? DEFAULT_DISCONNECT_AFTER_MS,
    onError: options.onError ?? ((error: unknown) => console.error(error)),
    spectators: options.spectators ?? [],
    encodeState: options.encodeState ?? stateToBytes,
  };
  const { transport } = settings;
  if (typeof transport !== 'object' || transport === null || typeof transport.sendTo !== 'function' || typeof transport.receiveAll !== 'function') {
    throw new OptionError(WHERE, 'transport', 'a Transport: an object with sendTo(peer, bytes) and receiveAll()', transport);
  }
  positiveFinite(WHERE, 'stepMs', settings.stepMs);
  positiveFinite(WHERE, 'disconnectAfterMs', settings.disconnectAfterMs);
  wholeNumber(WHERE, 'checksumEvery', settings.checksumEvery, 0);
  functionOption(WHERE, 'readInput', settings.readInput);
  functionOption(WHERE, 'checksumOf', settings.checksumOf);
  functionOption(WHERE, 'onError', settings.onError);
  functionOption(WHERE, 'encodeState', settings.encodeState);
  const { spectators } = settings;
  const spectatorRule = 'an array of transport peer ids (whole numbers >= 0), none a player\'s';
  if (!Array.isArray(spectators) || spectators.some((id) => typeof id !== 'number' || !Number.isInteger(id) || id < 0 || (settings.peers ?? []).includes(id))) {
    throw new OptionError(WHERE, 'spectators', spectatorRule, spectators);
  }
  if (settings.onDesync !== undefined) functionOption(WHERE, 'onDesync', settings.onDesync);
  return settings;
}


/** The sync layer's option errors, said as this function's. */
export function renamedErrors<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof OptionError && error.where === 'syncLayer') {
      throw new OptionError(WHERE, error.option, error.rule, error.value, error.message.replace('syncLayer:', `${WHERE}:`));
    }
    throw error;
  }
}

/** The peer id of each player (local players: -1), checked. */
export function peerTable(players: number, localPlayers: readonly number[], peers: readonly PeerId[] | undefined): number[] {
  const table: number[] = [];
  const rule = `an array of ${players} peer ids (whole numbers >= 0), one per player`;
  if (peers !== undefined && (!Array.isArray(peers) || peers.length !== players)) throw new OptionError(WHERE, 'peers', rule, peers);
  for (let player = 0; player < players; player++) {
    if (localPlayers.includes(player)) {
      table.push(-1);
      continue;
    }
    const peer = peers === undefined ? player : peers[player];
    if (typeof peer !== 'number' || !Number.isInteger(peer) || peer < 0) throw new OptionError(WHERE, 'peers', rule, peers);
    table.push(peer);
  }
  return table;
}

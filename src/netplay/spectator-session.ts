import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, functionOption, optionsObject, positiveFinite } from '../../operators/validate.js';
import type { TickInput } from './input-status.js';
import { tickInputsOf } from './match-inputs.js';
import { DEFAULT_STEP_MS, MAX_TICKS_PER_FRAME, stateFromBytes } from './p2p-session-options.js';
import { decodeSpectatorMessage, encodeJoinLate, encodeSpectateAck, SNAPSHOT_PIECE, SPECTATE_INPUTS } from './spectator-packets.js';
import type { PeerId, Transport } from './transport.js';

/** How many ticks of inputs a spectator may hold unplayed before it plays two a frame to catch up: 8. */
export const CATCH_UP_AFTER_TICKS = 8;

/** The options of {@link createSpectatorSession}. */
export interface SpectatorSessionOptions<S> {
  /** The network; the host is one of its peers. */
  transport: Transport;
  /** The player's peer whose session lists this one in its `spectators`. */
  host: PeerId;
  /** The match's players, as the players' sessions have them. */
  players: number;
  /** One player's input for one tick, in bytes. */
  inputSize: number;
  /** The tick's length in ms. Defaults to 1/60 s. */
  stepMs?: number;
  /**
   * Start from a snapshot of a confirmed tick the host sends, not from
   * tick 0: for a spectator who arrives while the match is on. Defaults to
   * false (the game starts in the state the players' did, and every tick
   * from 0 is played).
   */
  joinLate?: boolean;
  /** Puts the game in a state read from the host's snapshot (`engine.restore(state)`); needed with `joinLate`. */
  load?: (state: S) => void;
  /** Reads the host's snapshot bytes (its session's `encodeState`). Defaults to the session's default JSON. */
  decodeState?: (bytes: Uint8Array) => S;
  /** Runs one tick with every player's confirmed inputs. */
  advance(inputs: readonly TickInput[]): void;
  /** Where an error the game's calls throw goes; the session goes on. Defaults to `console.error`. */
  onError?: (error: unknown) => void;
}

/** A spectator of a rollback match. See {@link createSpectatorSession}. */
export interface SpectatorSession {
  /**
   * One host frame at `timestampMs`: receives the confirmed inputs, runs
   * the ticks the frame is worth (two a frame while more than
   * {@link CATCH_UP_AFTER_TICKS} wait; none while the next tick's inputs have
   * not come: the tick is declined), and acknowledges. Returns the ticks run.
   */
  frame(timestampMs: number): number;
  /** The next tick to run; -1 while a late joiner waits for its snapshot. */
  readonly currentTick: number;
  /** Ticks whose inputs have come and are not played yet. */
  readonly ticksBehind: number;
}

const WHERE = 'createSpectatorSession';

/**
 * Watches a rollback match: GGRS's `SpectatorSession`. The host (a
 * player's `createP2PSession` with this peer in its `spectators`) sends
 * every player's inputs once they are confirmed, never a prediction, so a
 * spectator never rolls back: it runs each tick once, a little behind the
 * players. One that arrives late asks for a snapshot of a confirmed tick
 * and starts from there.
 *
 * @example
 * ```ts
 * const spectator = createSpectatorSession({
 *   transport, // e.g. joinRoom(...).transport, the host at peer 0
 *   host: 0,
 *   players: 2,
 *   inputSize: 1,
 *   joinLate: true,
 *   load: (state) => engine.restore(state),
 *   advance: (inputs) => { pressKeysOf(engine.input, inputs); engine.advance(); },
 * });
 * requestAnimationFrame(function frame(now) { spectator.frame(now); requestAnimationFrame(frame); });
 * ```
 *
 * @param options The network, the host, the match's shape and the game's calls.
 * @throws {OptionError} naming the option, the rule and the value.
 */
export function createSpectatorSession<S>(options: SpectatorSessionOptions<S>): SpectatorSession {
  optionsObject(WHERE, options);
  checkOptionKeys(WHERE, options, ['transport', 'host', 'players', 'inputSize', 'stepMs', 'joinLate', 'load', 'decodeState', 'advance', 'onError']);
  const { transport, host, players, inputSize, stepMs = DEFAULT_STEP_MS, joinLate = false, load, advance } = options;
  const decodeState = options.decodeState ?? ((bytes: Uint8Array) => stateFromBytes(bytes) as S);
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  if (typeof transport !== 'object' || transport === null || typeof transport.sendTo !== 'function' || typeof transport.receiveAll !== 'function') {
    throw new OptionError(WHERE, 'transport', 'a Transport: an object with sendTo(peer, bytes) and receiveAll()', transport);
  }
  if (typeof host !== 'number' || !Number.isInteger(host) || host < 0) throw new OptionError(WHERE, 'host', 'a transport peer id (a whole number >= 0)', host);
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 2 || players > 8) throw new OptionError(WHERE, 'players', 'a whole number from 2 to 8', players);
  if (typeof inputSize !== 'number' || !Number.isInteger(inputSize) || inputSize < 1) throw new OptionError(WHERE, 'inputSize', 'a whole number >= 1', inputSize);
  positiveFinite(WHERE, 'stepMs', stepMs);
  functionOption(WHERE, 'advance', advance);
  if (joinLate) functionOption(WHERE, 'load', load, 'a function (joinLate starts the game from the host\'s snapshot)');
  return new Spectator<S>(transport, host, players, inputSize, stepMs, joinLate, { load: load ?? (() => {}), decodeState, advance, onError });
}

/** What {@link createSpectatorSession} returns. */
class Spectator<S> implements SpectatorSession {
  currentTick: number;
  private readonly inputs = new Map<number, Uint8Array>();
  /** The last tick whose inputs, and all before it, have come. */
  private received: number;
  private readonly pieces: (Uint8Array | undefined)[] = [];
  private snapshotTick = -1;
  private lastMs: number | undefined;
  private accumulatedMs = 0;
  private frames = 0;

  constructor(
    private readonly transport: Transport,
    private readonly host: PeerId,
    private readonly players: number,
    private readonly inputSize: number,
    private readonly stepMs: number,
    joinLate: boolean,
    private readonly game: { load(state: S): void; decodeState(bytes: Uint8Array): S; advance(inputs: readonly TickInput[]): void; onError(error: unknown): void },
  ) {
    this.currentTick = joinLate ? -1 : 0;
    this.received = -1;
  }

  get ticksBehind(): number {
    return this.currentTick < 0 ? 0 : Math.max(0, this.received - this.currentTick + 1);
  }

  frame(timestampMs: number): number {
    if (typeof timestampMs !== 'number' || !Number.isFinite(timestampMs)) throw new OptionError('SpectatorSession.frame', 'timestampMs', 'a finite number', timestampMs);
    const deltaMs = this.lastMs === undefined ? 0 : Math.max(0, timestampMs - this.lastMs);
    this.lastMs = timestampMs;
    this.receive();
    let ran = 0;
    if (this.currentTick >= 0) {
      this.accumulatedMs = Math.min(this.accumulatedMs + deltaMs, this.stepMs * MAX_TICKS_PER_FRAME);
      let due = Math.floor(this.accumulatedMs / this.stepMs);
      if (due > 0 && this.ticksBehind > CATCH_UP_AFTER_TICKS) due++; // behind: two ticks for one
      for (; ran < due; ran++) {
        const bytes = this.inputs.get(this.currentTick);
        if (bytes === undefined) break; // declined: the next tick's inputs have not come
        this.inputs.delete(this.currentTick);
        try {
          this.game.advance(tickInputsOf(bytes, this.currentTick, this.players, this.inputSize));
        } catch (error) {
          this.game.onError(error);
        }
        this.currentTick++;
      }
      this.accumulatedMs = ran < due ? 0 : Math.max(0, this.accumulatedMs - ran * this.stepMs);
      this.transport.sendTo(this.host, encodeSpectateAck(this.received));
    } else if (this.frames++ % 15 === 0) {
      this.transport.sendTo(this.host, encodeJoinLate()); // again every 15 frames until the snapshot comes: it may be lost
    }
    return ran;
  }

  private receive(): void {
    const stride = this.players * (1 + this.inputSize);
    for (const { from, message } of this.transport.receiveAll()) {
      if (from !== this.host) continue;
      const decoded = decodeSpectatorMessage(message, stride);
      if (decoded?.kind === SPECTATE_INPUTS) {
        decoded.ticks.forEach((bytes, i) => {
          const tick = decoded.firstTick + i;
          if (tick >= Math.max(this.currentTick, 0) && tick > this.received) this.inputs.set(tick, bytes);
        });
        while (this.inputs.has(this.received + 1) || (this.currentTick >= 0 && this.received + 1 < this.currentTick)) this.received++;
      } else if (decoded?.kind === SNAPSHOT_PIECE && this.currentTick < 0) {
        this.receivePiece(decoded.tick, decoded.index, decoded.count, decoded.bytes);
      }
    }
  }

  private receivePiece(tick: number, index: number, count: number, bytes: Uint8Array): void {
    if (this.snapshotTick !== tick) {
      this.snapshotTick = tick;
      this.pieces.length = 0;
    }
    this.pieces.length = count;
    this.pieces[index] = bytes;
    for (let i = 0; i < count; i++) if (this.pieces[i] === undefined) return;
    const whole = new Uint8Array(this.pieces.reduce((sum, piece) => sum + piece!.length, 0));
    let at = 0;
    for (const piece of this.pieces) {
      whole.set(piece!, at);
      at += piece!.length;
    }
    try {
      this.game.load(this.game.decodeState(whole));
    } catch (error) {
      this.game.onError(error);
      return;
    }
    this.currentTick = tick;
    this.received = Math.max(this.received, tick - 1);
    for (const held of [...this.inputs.keys()]) if (held < tick) this.inputs.delete(held);
    while (this.inputs.has(this.received + 1)) this.received++;
  }
}

import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, functionOption, optionsObject } from '../../operators/validate.js';
import {
  DEFAULT_INPUT_CAPACITY,
  DEFAULT_INPUT_DELAY,
  DEFAULT_PREDICTION_WINDOW,
  delayOption,
  wholeNumber,
  type InputGuess,
  type InputQueueOptions,
} from './input-queue-options.js';
import { inputQueue, type InputQueue } from './input-queue.js';
import type { TickInput } from './input-status.js';

/** The fewest players a {@link syncLayer} takes: the "2 to 8 players". */
export const MIN_SYNC_PLAYERS = 2;

/** The most players a {@link syncLayer} takes: 8, as the issue asks (GGPO has 4). */
export const MAX_SYNC_PLAYERS = 8;

/**
 * The options of {@link syncLayer}: the match, and the three things it asks
 * of the game (GGRS's `SaveGameState`, `LoadGameState`, `AdvanceFrame`).
 */
export interface SyncLayerOptions<S> {
  /** How many players: a whole number from 2 to 8. Players are numbered 0 to `players - 1`. */
  players: number;
  /** The players whose inputs this machine adds (at least one; none twice). The others' come from the network. */
  localPlayers: readonly number[];
  /** How many bytes one player's input for one tick is: a whole number >= 1. */
  inputSize: number;
  /** The input delay of the local players, in ticks. Defaults to {@link DEFAULT_INPUT_DELAY} (2). */
  delay?: number;
  /** How many ticks past the last confirmed one may be predicted; 0 is lockstep. Defaults to {@link DEFAULT_PREDICTION_WINDOW} (8). */
  window?: number;
  /**
   * The game's guess of a remote player's missing input, from their last
   * confirmed one and the tick (the same on every machine). Defaults to the
   * last confirmed input repeated: "remote inputs predicted as the last
   * confirmed one unless the game predicts".
   */
  predict?: InputGuess;
  /** The input of a player who left, from the tick they left on. Defaults to their last confirmed input. */
  disconnectedInput?: InputGuess;
  /**
   * GGRS's sparse saving: save only states every input before is confirmed
   * for, instead of the state before every tick. A rollback then loads the
   * last of them and runs a few more ticks again, and when predictions stay
   * right the layer runs again from it once it is `window` ticks old. Worth
   * it when a save costs about as much as a tick (a physics world's bytes).
   * Defaults to false. See {@link syncLayer}.
   */
  sparseSaving?: boolean;
  /**
   * With `sparseSaving`, also keep the state before every tick that is a
   * multiple of this once it is confirmed (the ticks a session hashes), so
   * {@link SyncLayer.stateBefore} has it. 0 for none (the default).
   */
  keepEvery?: number;
  /** Returns the game's whole state now, a value the game will not change afterwards (`engine.save()`). */
  save(): S;
  /** Puts the game back to a state `save` returned (`engine.restore(state)`). It may be loaded more than once. */
  load(state: S): void;
  /** Runs one tick with every player's input for it, in player order, each marked confirmed, predicted or disconnected. Its state must not depend on the marks: a tick predicted right is never run again. */
  advance(inputs: readonly TickInput[]): void;
}

/** What a {@link SyncLayer} has done, for a HUD and for tests. */
export interface SyncLayerStats {
  /** Ticks advanced for the first time: `currentTick`. */
  ticks: number;
  /** Rollbacks: `load` calls. */
  rollbacks: number;
  /** Ticks run again after a rollback. */
  resimulated: number;
  /** `advanceFrame` calls that returned `'stalled'`. */
  stalls: number;
}

/**
 * N players' input timelines and the game's saved states of the last ticks,
 * driving a game through `save`, `load` and `advance`: GGRS's `SyncLayer`.
 * See {@link syncLayer}.
 */
export interface SyncLayer<S> {
  /** How many players. */
  readonly players: number;
  /** The players this machine adds inputs for. */
  readonly localPlayers: readonly number[];
  /** How many ticks may be predicted past {@link confirmedTick}; 0 is lockstep. */
  readonly window: number;
  /** The next tick to run: the game's state is the one after ticks 0 to `currentTick - 1`. */
  readonly currentTick: number;
  /** The last tick through which every player's input is confirmed (-1 before any); a player who left counts as confirmed from then on. */
  readonly confirmedTick: number;
  /**
   * The last tick through which `player`'s inputs are confirmed here (-1
   * before any): for a remote player, what this peer can acknowledge to that
   * player's peer, so it stops resending them.
   *
   * @throws {OptionError} when `player` is not a player of the match.
   */
  confirmedThrough(player: number): number;
  /** The earliest tick run with a prediction now known wrong: the next {@link correct} goes back to it (with sparse saving, to the saved state before it). */
  readonly firstWrongTick: number | undefined;
  /**
   * The latest tick whose state before it is right (every input before it
   * confirmed) and kept, so {@link stateBefore} has it once {@link correct}
   * has run: `min(confirmedTick + 1, currentTick)`, or with sparse saving
   * the latest such state saved. What a session hashes and hands a late
   * spectator.
   */
  readonly settledTick: number;
  /**
   * Adds a local player's input for {@link currentTick}; it is used at
   * `currentTick + delay`. Returns what the queue stored (confirmed inputs
   * by tick), for the session to send to the other peers. Once a tick: a
   * second call before the tick advances (the last frame stalled) is
   * ignored and returns nothing, so the input first given stands.
   *
   * @throws {OptionError} when `player` is not a local player or `input` is not `inputSize` bytes.
   */
  addLocalInput(player: number, input: Uint8Array): TickInput[];
  /**
   * Adds a remote player's confirmed input for `tick`, in any order;
   * duplicates and inputs no longer needed are ignored. When it differs
   * from what was predicted, the next {@link advanceFrame} rolls back.
   *
   * @throws {OptionError} when `player` is not a remote player, or the queue refuses the tick or input.
   */
  addRemoteInput(player: number, tick: number, input: Uint8Array): void;
  /**
   * One frame: {@link correct}, then, if every player's input for
   * {@link currentTick} is within the window, save the state and advance
   * one tick (`'advanced'`); else `'stalled'`, and nothing ran forward: the
   * session has the clock decline the tick.
   *
   * @throws {OptionError} when a local player has no input for {@link currentTick} (call addLocalInput first).
   */
  advanceFrame(): 'advanced' | 'stalled';
  /**
   * If a confirmation proved a prediction wrong: loads the state saved
   * before the first wrong tick and runs every tick from it up to the
   * present again with the inputs known now, saving each. Returns how many
   * ticks ran again (0 when nothing was wrong). `advanceFrame` calls it
   * first; call it alone to bring the game up to date without running a new
   * tick (the match is over, or the game is paused).
   */
  correct(): number;
  /**
   * The rollback path on demand: loads the state saved before `tick` and
   * runs every tick from it up to the present again with the inputs known
   * now, saving each, as {@link correct} does after a wrong prediction.
   * Returns how many ticks ran again. What a sync test calls to check that
   * a game restores and re-simulates to the same state.
   *
   * @throws {OptionError} when `tick` has no saved state (it must be from `currentTick - window` to `currentTick - 1`).
   */
  runAgainFrom(tick: number): number;
  /**
   * Changes a local player's input delay from its next input on, while
   * playing: grown, its last input repeats to fill the gap; shrunk, its next
   * inputs are dropped until the timeline catches up (the queue's rule).
   *
   * @throws {OptionError} when `player` is not a local player or `delay` is not a whole number from 0 to 127.
   */
  setDelay(player: number, delay: number): void;
  /**
   * A remote player left: from `atTick` on their input is the game's
   * disconnected one with the status `'disconnected'`, and the window no
   * longer waits for them. `atTick` defaults to the tick after their last
   * confirmed input, GGRS's rule (every peer must use the same tick: the
   * session will agree on it). Ticks from `atTick` already run become wrong,
   * so the next {@link correct} runs them again. Returns `atTick`.
   *
   * @throws {OptionError} when `player` is not a remote player, or `atTick` is before the oldest saved state
   * (`currentTick - window`) or a confirmed input of theirs, or differs from an earlier disconnect's.
   */
  disconnectPlayer(player: number, atTick?: number): number;
  /** Whether every player's input for {@link currentTick} is within the window (and every local one given). */
  canAdvance(): boolean;
  /**
   * The game's state before `tick` ran (after ticks 0 to `tick - 1`): a
   * saved one for the last `window + 1` ticks (with sparse saving, for the
   * ticks it saved: see {@link settledTick}), `save()` now for
   * {@link currentTick}, `undefined` for any other. Right for every tick
   * whose inputs were all confirmed once {@link correct} has run: what the
   * session hashes to compare peers.
   */
  stateBefore(tick: number): S | undefined;
  /** The counts so far, a fresh object. */
  stats(): SyncLayerStats;
}

const WHERE = 'syncLayer';

const KNOWN_OPTIONS = ['players', 'localPlayers', 'inputSize', 'delay', 'window', 'predict', 'disconnectedInput', 'sparseSaving', 'keepEvery', 'save', 'load', 'advance'] as const;

/**
 * The heart of a rollback session, with no network: GGRS's `SyncLayer`.
 * It keeps one {@link inputQueue} per player and the state the game had
 * before each of the last `window + 1` ticks, and asks the game for exactly
 * three things: `save()`, `load(state)`, `advance(inputs)`.
 *
 * Each {@link SyncLayer.advanceFrame}:
 *
 * 1. **Correct.** If a remote confirmation differs from the prediction a
 *    tick ran with, load the state saved before the first such tick and
 *    re-advance every tick up to the present with the inputs known now,
 *    saving the state before each, all in this call: what is rendered
 *    afterwards is the corrected state.
 * 2. **Advance or stall.** If every player's input for the current tick is
 *    confirmed or within `window` ticks of prediction, save the state and
 *    advance one tick. Else return `'stalled'` without running anything;
 *    the session has the clock decline the tick (never block).
 *
 * Why `window + 1` states are enough: a prediction can only be wrong for a
 * tick at most `window` ticks before the present (the window stopped the
 * game going further ahead of the confirmations), so the oldest state a
 * rollback loads is `currentTick - window`.
 *
 * **Sparse saving** (`sparseSaving: true`, GGRS's mode of the same name)
 * saves a state only when every input before it is confirmed: the state
 * before `confirmedTick + 1`, the one no confirmation can prove wrong. A
 * rollback loads it instead of the state before the first wrong tick, and
 * saves once on the way back instead of once a tick: a depth-8 rollback is
 * `load + 8 advances + 1 save` instead of `load + 8 × (advance + save)`.
 * The price: once the saved state is `window` ticks old, the layer runs
 * again from it to save a newer one, even when no prediction was wrong.
 * Choose it when a save costs about what a tick does (a Rapier world: its
 * bytes); the state engine's small states save in microseconds.
 *
 * ```
 * tick          0 1 2 3 4 5
 * remote input  a a a b        confirmations arrive late: b for tick 3 when tick 5 has run
 * ran with      a a a a a a    the last confirmed input, repeated
 * correct()           ^        load the state before tick 3, run 3, 4, 5 again with b
 * ```
 *
 * @example
 * ```ts
 * import { constantClock, nullBackend } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 * import { syncLayer, type TickInput } from 'tickflow/netplay';
 *
 * let inputs: readonly TickInput[] = []; // the update reads the inputs of the tick it runs
 * const engine = createStateEngine({
 *   backend: nullBackend(),
 *   ticks: { subscribe: () => ({ unsubscribe() {} }) }, // headless: the sync layer steps it
 *   clock: constantClock(1000 / 60),
 *   initial: { x: [0, 0] },
 *   update: (s) => ({ x: s.x.map((x, player) => x + inputs[player]!.input[0]!) }),
 * });
 * const sync = syncLayer({
 *   players: 2,
 *   localPlayers: [0],
 *   inputSize: 1,
 *   delay: 0,
 *   save: () => engine.save(),
 *   load: (state) => engine.restore(state),
 *   advance: (tickInputs) => {
 *     inputs = tickInputs;
 *     engine.advance();
 *   },
 * });
 * for (let tick = 0; tick < 3; tick++) {
 *   sync.addLocalInput(0, new Uint8Array([1])); // returns what to send to the other peer
 *   sync.advanceFrame();
 * }
 * console.log(engine.state.x); // [ 3, 0 ]: player 1's input predicted, as zero bytes
 * sync.addRemoteInput(1, 0, new Uint8Array([2])); // player 1's input for tick 0 comes: the prediction was wrong
 * sync.addLocalInput(0, new Uint8Array([1]));
 * sync.advanceFrame(); // loads the state before tick 0, runs ticks 0 to 2 again, then tick 3
 * console.log(engine.state.x, sync.stats()); // [ 4, 8 ] { ticks: 4, rollbacks: 1, resimulated: 3, stalls: 0 }
 * ```
 *
 * @param options The players, the input size, delay and window, and the game's `save`, `load` and `advance`.
 * @throws {OptionError} naming the option, the rule and the value, e.g. `syncLayer: players must be a whole number from 2 to 8, got 1`.
 */
export function syncLayer<S>(options: SyncLayerOptions<S>): SyncLayer<S> {
  optionsObject(WHERE, options);
  checkOptionKeys(WHERE, options, KNOWN_OPTIONS);
  const { players, localPlayers, inputSize, delay = DEFAULT_INPUT_DELAY, window = DEFAULT_PREDICTION_WINDOW, predict, disconnectedInput, sparseSaving = false, keepEvery = 0, save, load, advance } = options;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < MIN_SYNC_PLAYERS || players > MAX_SYNC_PLAYERS) {
    throw new OptionError(WHERE, 'players', `a whole number from ${MIN_SYNC_PLAYERS} to ${MAX_SYNC_PLAYERS}`, players);
  }
  const rule = `an array of distinct players from 0 to ${players - 1}, at least one`;
  if (!Array.isArray(localPlayers) || localPlayers.length === 0 || new Set(localPlayers).size !== localPlayers.length) {
    throw new OptionError(WHERE, 'localPlayers', rule, localPlayers);
  }
  for (const player of localPlayers as unknown[]) {
    if (typeof player !== 'number' || !Number.isInteger(player) || player < 0 || player >= players) {
      throw new OptionError(WHERE, 'localPlayers', rule, localPlayers);
    }
  }
  wholeNumber(WHERE, 'inputSize', inputSize, 1);
  delayOption(WHERE, 'delay', delay, DEFAULT_INPUT_CAPACITY);
  delayOption(WHERE, 'window', window, DEFAULT_INPUT_CAPACITY);
  functionOption(WHERE, 'save', save);
  functionOption(WHERE, 'load', load);
  functionOption(WHERE, 'advance', advance);
  if (predict !== undefined) functionOption(WHERE, 'predict', predict);
  if (disconnectedInput !== undefined) functionOption(WHERE, 'disconnectedInput', disconnectedInput);
  if (typeof sparseSaving !== 'boolean') throw new OptionError(WHERE, 'sparseSaving', 'true or false', sparseSaving);
  wholeNumber(WHERE, 'keepEvery', keepEvery, 0);
  const guesses = { ...(predict !== undefined && { predict }), ...(disconnectedInput !== undefined && { disconnectedInput }) };
  const saving = { sparse: sparseSaving, keepEvery };
  return new Layer<S>(players, [...localPlayers].sort((a, b) => a - b), inputSize, delay, window, guesses, saving, { save, load, advance });
}

/** The game, as the layer calls it. */
interface Game<S> {
  save(): S;
  load(state: S): void;
  advance(inputs: readonly TickInput[]): void;
}

/** What {@link syncLayer} returns. */
class Layer<S> implements SyncLayer<S> {
  readonly localPlayers: readonly number[];
  currentTick = 0;
  private readonly queues: InputQueue[] = [];
  private readonly local: boolean[] = [];
  /** The state before tick t is in slot `t % ring.length`, with its tick, so a slot never answers for another tick. */
  private readonly ring: ({ tick: number; state: S } | undefined)[];
  private readonly counts = { rollbacks: 0, resimulated: 0, stalls: 0 };
  /** Sparse saving: the latest tick saved with every input before it confirmed (-1 before the first save). */
  private savedTick = -1;

  constructor(
    readonly players: number,
    localPlayers: number[],
    inputSize: number,
    delay: number,
    readonly window: number,
    guesses: Pick<InputQueueOptions, 'predict' | 'disconnectedInput'>,
    private readonly saving: { readonly sparse: boolean; readonly keepEvery: number },
    private readonly game: Game<S>,
  ) {
    this.localPlayers = Object.freeze(localPlayers);
    for (let player = 0; player < players; player++) {
      this.local.push(localPlayers.includes(player));
      this.queues.push(inputQueue({ inputSize, delay, window, ...guesses }));
    }
    this.ring = new Array<undefined>(window + 1).fill(undefined);
  }

  get confirmedTick(): number {
    let confirmed = Infinity;
    // A player who left is known for every tick from then on: the disconnected input, the same on every peer.
    for (const queue of this.queues) if (queue.disconnectedAt === undefined) confirmed = Math.min(confirmed, queue.confirmedThrough);
    return confirmed;
  }

  confirmedThrough(player: number): number {
    const queue = Number.isInteger(player) ? this.queues[player] : undefined;
    if (queue === undefined) throw new OptionError('syncLayer.confirmedThrough', 'player', `a player from 0 to ${this.players - 1}`, player);
    return queue.confirmedThrough;
  }

  get settledTick(): number {
    return this.saving.sparse ? this.savedTick : Math.min(this.confirmedTick + 1, this.currentTick);
  }

  get firstWrongTick(): number | undefined {
    let first: number | undefined;
    for (const queue of this.queues) {
      const wrong = queue.firstWrongTick;
      if (wrong !== undefined && (first === undefined || wrong < first)) first = wrong;
    }
    return first;
  }

  addLocalInput(player: number, input: Uint8Array): TickInput[] {
    const queue = this.queueOf('syncLayer.addLocalInput', player, true);
    if (queue.nextLocalTick > this.currentTick) return []; // this tick has its input: the last frame stalled
    return queue.addLocal(this.currentTick, input);
  }

  addRemoteInput(player: number, tick: number, input: Uint8Array): void {
    this.queueOf('syncLayer.addRemoteInput', player, false).addRemote(tick, input);
  }

  setDelay(player: number, delay: number): void {
    this.queueOf('syncLayer.setDelay', player, true).setDelay(delay);
  }

  disconnectPlayer(player: number, atTick?: number): number {
    const where = 'syncLayer.disconnectPlayer';
    const queue = this.queueOf(where, player, false);
    const tick = atTick ?? queue.disconnectedAt ?? queue.confirmedThrough + 1;
    const earliest = Math.max(queue.confirmedThrough + 1, this.currentTick - this.window);
    if (queue.disconnectedAt === undefined && !(Number.isSafeInteger(tick) && tick >= earliest)) {
      throw new OptionError(where, 'atTick', `a whole number >= ${earliest} (after their last confirmed input, and a tick with a saved state)`, tick);
    }
    queue.disconnect(tick);
    return tick;
  }

  advanceFrame(): 'advanced' | 'stalled' {
    for (const player of this.localPlayers) {
      if (this.queues[player]!.nextLocalTick <= this.currentTick) {
        throw new OptionError('syncLayer.advanceFrame', 'localInput', `an input for tick ${this.currentTick} from every local player: call addLocalInput first`, `none from player ${player}`);
      }
    }
    this.correct();
    if (!this.canAdvance()) {
      this.counts.stalls++;
      return 'stalled';
    }
    if (this.keeps(this.currentTick, this.currentTick)) this.saveBefore(this.currentTick);
    this.run(this.currentTick);
    this.currentTick++;
    this.discard();
    return 'advanced';
  }

  correct(): number {
    const first = this.firstWrongTick;
    if (!this.saving.sparse) return first === undefined ? 0 : this.runAgainFrom(first);
    // Sparse: back to the saved state when a prediction was wrong, or when the next tick, run on a prediction, would
    // leave that state out of the window's reach and a newer confirmed one can be saved on the way.
    const confirmedTo = this.confirmedTick + 1;
    const stale = this.currentTick - this.savedTick >= this.window && this.currentTick > confirmedTo && confirmedTo > this.savedTick;
    return this.savedTick >= 0 && (first !== undefined || stale) ? this.runAgainFrom(this.savedTick) : 0;
  }

  runAgainFrom(first: number): number {
    if (!Number.isSafeInteger(first) || first < this.currentTick - this.window || first >= this.currentTick) {
      throw new OptionError('syncLayer.runAgainFrom', 'tick', `a tick with a saved state, from ${this.currentTick - this.window} to ${this.currentTick - 1}`, first);
    }
    const slot = this.ring[first % this.ring.length];
    if (slot === undefined || slot.tick !== first) {
      // Without sparse saving the window makes this impossible (see syncLayer's doc); with it, a tick may have none.
      throw new OptionError('syncLayer.runAgainFrom', 'tick', `a tick with a saved state (sparse saving keeps only confirmed ones, the latest ${this.savedTick})`, first);
    }
    this.game.load(slot.state);
    this.counts.rollbacks++;
    const settled = Math.min(this.confirmedTick + 1, this.currentTick);
    for (let tick = first; tick < this.currentTick; tick++) {
      if (tick > first && this.keeps(tick, settled)) this.saveBefore(tick); // the state before `first` is the one just loaded
      this.run(tick);
      this.counts.resimulated++;
    }
    return this.currentTick - first;
  }

  canAdvance(): boolean {
    return this.queues.every((queue, player) => (this.local[player] ? queue.nextLocalTick > this.currentTick : true) && queue.canAdvanceTo(this.currentTick));
  }

  stats(): SyncLayerStats {
    return { ticks: this.currentTick, ...this.counts };
  }

  stateBefore(tick: number): S | undefined {
    if (tick === this.currentTick) return this.game.save();
    const slot = Number.isInteger(tick) && tick >= 0 ? this.ring[tick % this.ring.length] : undefined;
    return slot !== undefined && slot.tick === tick ? slot.state : undefined;
  }

  private queueOf(where: string, player: number, local: boolean): InputQueue {
    const queue = Number.isInteger(player) ? this.queues[player] : undefined;
    if (queue === undefined || this.local[player] !== local) {
      const players = this.queues.map((_, p) => p).filter((p) => this.local[p] === local);
      throw new OptionError(where, 'player', `a ${local ? 'local' : 'remote'} player (${players.join(', ')})`, player);
    }
    return queue;
  }

  /**
   * Whether to save the state before `tick`, run up to `settled` (the
   * latest tick every input before is confirmed for): always, or with
   * sparse saving only a confirmed one that is `settled` itself or a
   * multiple of `keepEvery`.
   */
  private keeps(tick: number, settled: number): boolean {
    if (!this.saving.sparse) return true;
    const every = this.saving.keepEvery;
    return tick <= this.confirmedTick + 1 && (tick === settled || (every > 0 && tick % every === 0));
  }

  private saveBefore(tick: number): void {
    this.ring[tick % this.ring.length] = { tick, state: this.game.save() };
    if (this.saving.sparse && tick <= this.confirmedTick + 1 && tick > this.savedTick) this.savedTick = tick;
  }

  private run(tick: number): void {
    this.game.advance(this.queues.map((queue) => queue.inputFor(tick)));
  }

  /** Lets the queues forget inputs no rollback can reach: before the oldest saved tick and the confirmed one. */
  private discard(): void {
    const before = Math.min(this.confirmedTick, this.currentTick - this.window, this.saving.sparse ? this.savedTick : Infinity);
    for (const queue of this.queues) queue.discardBefore(before);
  }
}

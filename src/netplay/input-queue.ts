import { OptionError } from '../../operators/option-error.js';
import { delayOption, inputQueueSettings, wholeNumber, type InputGuess, type InputQueueOptions, type InputQueueSettings } from './input-queue-options.js';
import type { InputStatus, TickInput } from './input-status.js';

/**
 * One player's inputs, tick by tick, as a rollback session sees them: GGRS's
 * `InputQueue`, with no I/O and no timers. See {@link inputQueue}.
 */
export interface InputQueue {
  /** How many bytes every input is. */
  readonly inputSize: number;
  /** The delay `addLocal` applies now, in ticks. */
  readonly delay: number;
  /** How many ticks past {@link confirmedThrough} may be predicted. */
  readonly window: number;
  /** The tick the next `addLocal` must be for. */
  readonly nextLocalTick: number;
  /** The last tick up to which every input is confirmed (`startTick - 1` before any). */
  readonly confirmedThrough: number;
  /** The oldest tick whose input is kept; `discardBefore` moves it on. */
  readonly oldestKept: number;
  /** The tick the player left on, or `undefined` while connected. */
  readonly disconnectedAt: number | undefined;
  /**
   * The earliest tick whose input, as handed out by `inputFor`, is now known
   * wrong (the confirmed input differs from the prediction, or the player
   * left), and that `inputFor` has not handed out again since: where the
   * session must roll back to. `undefined` when there is none.
   */
  readonly firstWrongTick: number | undefined;
  /**
   * Adds this machine's input for `tick`, stored for `tick + delay`. Returns
   * what was stored, in tick order, for the session to send: nothing while a
   * smaller delay catches up, one input normally, and the last input
   * repeated first when the delay grew (see {@link inputQueue}).
   *
   * @throws {OptionError} when `tick` is not {@link nextLocalTick}, `input` is not `inputSize` bytes,
   * the queue has remote inputs, or the stored tick would be `capacity` or more past {@link oldestKept}.
   */
  addLocal(tick: number, input: Uint8Array): TickInput[];
  /**
   * Adds a remote peer's confirmed input for `tick`, in any order. An input
   * for a tick already confirmed, discarded, or from the disconnection on is
   * ignored (the transport duplicates and reorders). Returns
   * {@link firstWrongTick} after it.
   *
   * @throws {OptionError} when `tick` is not a whole number >= `startTick` or is `capacity` or more past
   * {@link oldestKept}, `input` is not `inputSize` bytes, or the queue has local inputs.
   */
  addRemote(tick: number, input: Uint8Array): number | undefined;
  /**
   * The input for `tick`: confirmed, predicted, or disconnected. A prediction
   * is recorded, so a confirmation that differs marks the tick wrong; handing
   * out a tick again clears its wrong mark.
   *
   * @throws {OptionError} when `tick` was discarded, or `canAdvanceTo(tick)` is false (past the window).
   */
  inputFor(tick: number): TickInput;
  /** How many ticks up to `tick` would be predicted: from {@link confirmedThrough} to `tick`, none from the disconnection on. */
  predictionDepth(tick: number): number;
  /** Whether `tick` is within the window: `predictionDepth(tick) <= window`. With window 0, only confirmed ticks. */
  canAdvanceTo(tick: number): boolean;
  /** The confirmed input for `tick` (a copy), or `undefined` when it has not come or was discarded. */
  confirmedAt(tick: number): Uint8Array | undefined;
  /**
   * Changes the delay `addLocal` applies from the next add on.
   *
   * @throws {OptionError} when `delay` is not a whole number from 0 to `capacity - 1`.
   */
  setDelay(delay: number): void;
  /**
   * The player left: from `atTick` on, `inputFor` hands out the game's
   * disconnected input with the status `'disconnected'`, and inputs for
   * those ticks are ignored. A tick from `atTick` on already handed out
   * otherwise becomes wrong. Calling it again with the same tick does
   * nothing. Returns {@link firstWrongTick} after it.
   *
   * @throws {OptionError} when `atTick` is not a whole number >= {@link oldestKept}, or differs from an earlier call's.
   */
  disconnect(atTick: number): number | undefined;
  /**
   * Lets go of the inputs before `tick`, as far as the queue allows: never a
   * tick past {@link confirmedThrough} (a player who left is known from then
   * on), past the last tick handed out, or at
   * or after {@link firstWrongTick}. Returns {@link oldestKept} after it.
   */
  discardBefore(tick: number): number;
}

/** What `inputFor` handed out for a tick. */
interface Handed {
  input: Uint8Array;
  status: InputStatus;
}

/**
 * One player's input timeline for a rollback session: GGRS's `InputQueue`.
 * Inputs are opaque bytes of one size per game (the session encodes them;
 * the game gives the encoding), compared byte by byte.
 *
 * Rules, each GGRS's:
 *
 * 1. **Delay.** A local input added for tick t is stored for t + delay.
 *    The first local input fills the ticks from `startTick` up to its own
 *    with all zero bytes (GGRS's default input). When the delay **grows** by
 *    k, the next add first repeats the last stored input k times, so no tick
 *    is left without one; when it **shrinks** by k, the next k adds are
 *    dropped (their ticks already have inputs), so no tick gets two.
 * 2. **Prediction.** A tick with no confirmed input is predicted from the
 *    last confirmed input before it: repeated, unless the game gives
 *    `predict`. What `inputFor` hands out is recorded; when the confirmed
 *    input differs, that tick is wrong and {@link InputQueue.firstWrongTick}
 *    is the earliest such tick, where the session rolls back to.
 * 3. **Window.** `inputFor(tick)` predicts at most `window` ticks past the
 *    last contiguous confirmed tick; past that, `canAdvanceTo` is false and
 *    the session stalls (its clock declines the tick). Window 0 is lockstep.
 * 4. **Keeping.** Confirmed inputs stay until `discardBefore`, at most
 *    `capacity` ticks; late and duplicate remote inputs are ignored.
 *
 * ```
 * local input   abcdefghi     one local input a tick (a column is a tick): a for tick 0, b for tick 1...
 * setDelay      2--3-1---     delay 2 from the start, 3 from tick 3, 1 from tick 5
 * tick's input  00abccdehi    0 is all zero bytes; c repeats when the delay grew; f and g are dropped when it shrank
 * ```
 *
 * @example
 * ```ts
 * import { inputQueue } from 'tickflow/netplay';
 *
 * const remote = inputQueue({ inputSize: 1 });
 * remote.addRemote(0, new Uint8Array([5]));
 * console.log(remote.inputFor(1)); // { tick: 1, input: Uint8Array [5], status: 'predicted' }
 * console.log(remote.addRemote(1, new Uint8Array([7]))); // 1: roll back to tick 1
 * console.log(remote.inputFor(1).status); // 'confirmed', and firstWrongTick is undefined again
 * ```
 *
 * @param options The input size and the queue's rules; see {@link InputQueueOptions}.
 * @throws {OptionError} naming the option, the rule and the value, e.g. `inputQueue: window must be a whole number from 0 to 127 (capacity - 1), got 2.5`.
 */
export function inputQueue(options: InputQueueOptions): InputQueue {
  return new Queue(inputQueueSettings(options));
}

/** What {@link inputQueue} returns. */
class Queue implements InputQueue {
  readonly inputSize: number;
  readonly window: number;
  delay: number;
  nextLocalTick: number;
  confirmedThrough: number;
  oldestKept: number;
  disconnectedAt: number | undefined;
  private role: 'local' | 'remote' | undefined;
  /** The confirmed input for each kept tick that has one; the queue's own copies. */
  private readonly confirmed = new Map<number, Uint8Array>();
  /** The confirmed input of `oldestKept - 1`, the prediction base once it is discarded (zeros before any). */
  private baseInput: Uint8Array;
  private readonly handed = new Map<number, Handed>();
  private readonly wrong = new Set<number>();
  private lastHanded: number;

  constructor(private readonly settings: InputQueueSettings) {
    this.inputSize = settings.inputSize;
    this.window = settings.window;
    this.delay = settings.delay;
    this.nextLocalTick = settings.startTick;
    this.confirmedThrough = settings.startTick - 1;
    this.oldestKept = settings.startTick;
    this.lastHanded = settings.startTick - 1;
    this.baseInput = new Uint8Array(settings.inputSize);
  }

  get firstWrongTick(): number | undefined {
    let first: number | undefined;
    for (const tick of this.wrong) if (first === undefined || tick < first) first = tick;
    return first;
  }

  addLocal(tick: number, input: Uint8Array): TickInput[] {
    const where = 'inputQueue.addLocal';
    this.claim('local', where);
    if (tick !== this.nextLocalTick) throw new OptionError(where, 'tick', `the next local tick, ${this.nextLocalTick}`, tick);
    this.checkInput(where, input);
    const target = tick + this.delay;
    let expected = this.confirmedThrough + 1;
    if (this.isGone(target) || target < expected) {
      // The delay shrank (this tick already has an input), or the player left.
      this.nextLocalTick++;
      return [];
    }
    this.checkRoom(where, target);
    this.nextLocalTick++;
    const stored: TickInput[] = [];
    const repeated = this.lastConfirmedBefore(expected);
    for (; expected < target; expected++) stored.push(this.store(expected, repeated));
    stored.push(this.store(target, input));
    return stored;
  }

  addRemote(tick: number, input: Uint8Array): number | undefined {
    const where = 'inputQueue.addRemote';
    this.claim('remote', where);
    wholeNumber(where, 'tick', tick, this.settings.startTick);
    this.checkInput(where, input);
    if (tick < this.oldestKept || this.confirmed.has(tick) || this.isGone(tick)) return this.firstWrongTick;
    this.checkRoom(where, tick);
    this.store(tick, input);
    return this.firstWrongTick;
  }

  inputFor(tick: number): TickInput {
    const where = 'inputQueue.inputFor';
    this.checkKept(where, tick);
    if (!this.canAdvanceTo(tick)) {
      throw new OptionError(
        where,
        'tick',
        `at most window (${this.window}) ticks past the last confirmed tick ${this.confirmedThrough}: check canAdvanceTo and stall`,
        tick,
      );
    }
    const handed = this.current(tick);
    this.handed.set(tick, handed);
    this.wrong.delete(tick);
    if (tick > this.lastHanded) this.lastHanded = tick;
    return { tick, input: new Uint8Array(handed.input), status: handed.status };
  }

  predictionDepth(tick: number): number {
    const last = this.disconnectedAt === undefined ? tick : Math.min(tick, this.disconnectedAt - 1);
    return Math.max(0, last - this.confirmedThrough);
  }

  canAdvanceTo(tick: number): boolean {
    return this.predictionDepth(tick) <= this.window;
  }

  confirmedAt(tick: number): Uint8Array | undefined {
    const input = this.confirmed.get(tick);
    return input === undefined ? undefined : new Uint8Array(input);
  }

  setDelay(delay: number): void {
    this.delay = delayOption('inputQueue.setDelay', 'delay', delay, this.settings.capacity);
  }

  disconnect(atTick: number): number | undefined {
    const where = 'inputQueue.disconnect';
    // Repeating the first disconnect is fine even once its tick is discarded.
    if (this.disconnectedAt !== undefined) {
      if (atTick === this.disconnectedAt) return this.firstWrongTick;
      throw new OptionError(where, 'atTick', `the tick of the first disconnect, ${this.disconnectedAt}`, atTick);
    }
    wholeNumber(where, 'atTick', atTick, this.oldestKept);
    this.disconnectedAt = atTick;
    for (const tick of this.confirmed.keys()) if (tick >= atTick) this.confirmed.delete(tick);
    this.confirmedThrough = Math.min(this.confirmedThrough, atTick - 1);
    for (const [tick, handed] of this.handed) if (tick >= atTick && handed.status !== 'disconnected') this.wrong.add(tick);
    return this.firstWrongTick;
  }

  discardBefore(tick: number): number {
    // Every tick from a disconnection on is known (the disconnected input, kept as `baseInput` once discarded), once the ticks before it are confirmed.
    const known = this.disconnectedAt !== undefined && this.confirmedThrough + 1 >= this.disconnectedAt ? Infinity : this.confirmedThrough + 1;
    const limit = Math.min(tick, known, this.lastHanded + 1, this.firstWrongTick ?? Infinity);
    if (!(limit > this.oldestKept)) return this.oldestKept;
    this.baseInput = this.lastConfirmedBefore(limit);
    for (const kept of this.confirmed.keys()) if (kept < limit) this.confirmed.delete(kept);
    for (const kept of this.handed.keys()) if (kept < limit) this.handed.delete(kept);
    this.oldestKept = limit;
    return limit;
  }

  /** What `inputFor(tick)` hands out now. */
  private current(tick: number): Handed {
    if (this.isGone(tick)) {
      const base = this.lastConfirmedBefore(this.disconnectedAt!);
      return { input: this.guess('disconnectedInput', this.settings.disconnectedInput, base, tick), status: 'disconnected' };
    }
    const confirmed = this.confirmed.get(tick);
    if (confirmed !== undefined) return { input: confirmed, status: 'confirmed' };
    return { input: this.guess('predict', this.settings.predict, this.lastConfirmedBefore(tick), tick), status: 'predicted' };
  }

  /** Stores a confirmed input (a copy), moves `confirmedThrough` on, and marks the tick wrong if what was handed out differs. */
  private store(tick: number, input: Uint8Array): TickInput {
    const own = new Uint8Array(input);
    this.confirmed.set(tick, own);
    while (this.confirmed.has(this.confirmedThrough + 1)) this.confirmedThrough++;
    const handed = this.handed.get(tick);
    if (handed !== undefined && !sameBytes(handed.input, own)) this.wrong.add(tick);
    return { tick, input: new Uint8Array(own), status: 'confirmed' };
  }

  /** The confirmed input of the latest kept tick before `tick`, or the base input (zeros before any). */
  private lastConfirmedBefore(tick: number): Uint8Array {
    for (let before = tick - 1; before >= this.oldestKept; before--) {
      const input = this.confirmed.get(before);
      if (input !== undefined) return input;
    }
    return this.baseInput;
  }

  /** Runs a game guess on a copy of `base` and checks and copies what it returns. */
  private guess(option: string, make: InputGuess, base: Uint8Array, tick: number): Uint8Array {
    const made: unknown = make(new Uint8Array(base), tick);
    if (!(made instanceof Uint8Array) || made.length !== this.inputSize) {
      throw new OptionError('inputQueue', option, `a function returning a Uint8Array of inputSize (${this.inputSize}) bytes`, made);
    }
    return new Uint8Array(made);
  }

  /** Whether the player had left by `tick`. */
  private isGone(tick: number): boolean {
    return this.disconnectedAt !== undefined && tick >= this.disconnectedAt;
  }

  /** A queue is local or remote, by its first add; the other add is refused. */
  private claim(role: 'local' | 'remote', where: string): void {
    if (this.role === undefined) this.role = role;
    else if (this.role !== role) {
      throw new OptionError(where, 'queue', `a ${role} player's queue (this one has ${this.role} inputs)`, this.role);
    }
  }

  private checkInput(where: string, input: unknown): void {
    if (!(input instanceof Uint8Array) || input.length !== this.inputSize) {
      throw new OptionError(where, 'input', `a Uint8Array of inputSize (${this.inputSize}) bytes`, input);
    }
  }

  /** `tick` must be a kept tick: a whole number from `oldestKept` to `oldestKept + capacity - 1`. */
  private checkKept(where: string, tick: number): void {
    wholeNumber(where, 'tick', tick, this.oldestKept);
    this.checkRoom(where, tick);
  }

  private checkRoom(where: string, tick: number): void {
    const last = this.oldestKept + this.settings.capacity - 1;
    if (tick > last) {
      throw new OptionError(where, 'tick', `at most oldestKept + capacity - 1 = ${last} (call discardBefore to make room)`, tick);
    }
  }
}

/** Whether two inputs have the same bytes. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

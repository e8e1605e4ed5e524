import { DEFAULT_MAX_LEAD_TICKS, type RoomInput } from './room-inputs.js';

/**
 * What {@link Prediction} asks of the game: the same simulation code the
 * room runs (`applyInputs` then one `advance()` a tick), and the save/restore
 * pair every tickflow engine has.
 */
export interface PredictedGame<S> {
  /** The game's whole state now. */
  save(): S;
  /** Puts the game back to a state (the room's, from a state message). */
  restore(state: S): void;
  /** Hands the game the inputs due at `tick` before it runs: the room's `applyInputs`. */
  applyInputs(inputs: readonly RoomInput[], tick: number): void;
  /** Runs one fixed tick. */
  advance(): void;
  /** A value equal for equal states (a hash): what tells a correction from a confirmed prediction. */
  fingerprint(): string;
}

/** What one {@link Prediction.reconcile} did. */
export interface Reconciliation {
  /** Ticks run again from the room's state up to the present. */
  readonly resimulated: number;
  /** The present after re-simulating differs from the one predicted: a correction the player may see. */
  readonly corrected: boolean;
  /** The client was not ahead of the room's state (before its first state, or fallen behind): it took the state as its present. */
  readonly resynced: boolean;
}

/**
 * The client side of an authoritative room, with no network: the local
 * player's inputs by tick, predicted at once, and the reconciliation rule.
 * {@link tickflowClient} drives it; it is a structure on the game's
 * functions, so the rule is tested directly.
 *
 * **Predict.** {@link step} hands the game the local input for the present
 * tick (`applyInputs`, as the room will) and runs the tick: the player
 * sees their input on the next frame. Others keep the inputs the last room
 * state left them (the game keeps each player's input in its state, so a
 * restore brings the room's), which is "the last known inputs of others".
 *
 * **Reconcile.** For the room's state before tick N, with ack A (the
 * latest stamp of ours the room applied):
 *
 * 1. forget our inputs stamped up to A: the state holds them;
 * 2. restore the state: the game is at tick N as the room saw it;
 * 3. re-apply our unacknowledged inputs and re-run every tick from N up to
 *    the present: each input at its stamp, and those stamped before N
 *    (late: the room has not applied them yet, and will at the first tick
 *    it runs after they arrive) at N, before N's own, in stamp order;
 * 4. compare the present with the one predicted: if they differ, that is a
 *    correction (a remote input changed, or one of ours was late or lost).
 *
 * ```text
 * tick            5 6 7 8 9 10            present 10
 * ours            a b c d e               sent; the room applied through 6 (A = 6) by its state of 8
 * room state 8        ^                   restore it, then
 * re-run                  c+d e           8 with c (stamped 7, late: at 8 first) and d, 9 with e
 * ```
 *
 * @internal
 */
export class Prediction<S> {
  /** The next tick to predict: the game's state is the one before it. -1 until the first room state. */
  tick = -1;
  /** The latest room state's tick (-1 before any). */
  serverTick = -1;
  /** The latest stamp of ours the room acknowledged. */
  ack = -1;
  /** Our inputs not yet acknowledged, by stamp. */
  private readonly own = new Map<number, Uint8Array>();

  /**
   * @param game The simulation.
   * @param client Our session id, the `client` of our inputs.
   * @param onRestored Called right after a room state is restored (before re-simulating), with its tick.
   * @param onAdvanced Called after every tick run (predicted or re-simulated), with the tick the state is now before.
   */
  constructor(
    private readonly game: PredictedGame<S>,
    private readonly client: string,
    private readonly onRestored: (tick: number) => void = () => undefined,
    private readonly onAdvanced: (tick: number) => void = () => undefined,
  ) {}

  /** Whether a room state has arrived: before it there is nothing to predict from. */
  get started(): boolean {
    return this.tick >= 0;
  }

  /** Inputs of ours not acknowledged yet. */
  get unacknowledged(): number {
    return this.own.size;
  }

  /**
   * Predicts one tick: the local input for {@link tick}, kept until the room
   * acknowledges it, handed to the game, and the tick run. Returns the input
   * as the room will receive it (what to send).
   */
  step(input: Uint8Array): { readonly tick: number; readonly input: Uint8Array } {
    if (!this.started) throw new Error('Prediction.step: no room state yet (call reconcile first)');
    const tick = this.tick;
    this.own.set(tick, input);
    this.run(tick, []);
    return { tick, input };
  }

  /**
   * Takes the room's state before tick `tick`, with our ack: the
   * reconciliation rule above. Returns `undefined` for a state no newer
   * than one already taken (a message reordered or doubled on the way).
   */
  reconcile(tick: number, state: S, ack: number): Reconciliation | undefined {
    if (tick <= this.serverTick) return undefined;
    this.serverTick = tick;
    if (ack > this.ack) this.ack = ack;
    for (const stamp of this.own.keys()) {
      // Acknowledged, or so late the room would refuse it anyway: never re-applied again.
      if (stamp <= this.ack || stamp < tick - DEFAULT_MAX_LEAD_TICKS) this.own.delete(stamp);
    }
    if (this.tick <= tick) {
      this.game.restore(state);
      this.tick = tick;
      this.onRestored(tick);
      return { resimulated: 0, corrected: false, resynced: true };
    }
    const predicted = this.game.fingerprint();
    const present = this.tick;
    this.game.restore(state);
    this.tick = tick;
    this.onRestored(tick);
    const late: number[] = [];
    for (const stamp of this.own.keys()) if (stamp < tick) late.push(stamp);
    late.sort((a, b) => a - b);
    this.run(tick, late);
    while (this.tick < present) this.run(this.tick, []);
    return { resimulated: present - tick, corrected: this.game.fingerprint() !== predicted, resynced: false };
  }

  /** Runs tick `tick` (the present) with the late stamps first, then the tick's own input. */
  private run(tick: number, late: readonly number[]): void {
    const inputs: RoomInput[] = [];
    for (const stamp of late) inputs.push(this.inputOf(stamp, tick));
    if (this.own.has(tick)) inputs.push(this.inputOf(tick, tick));
    this.game.applyInputs(inputs, tick);
    this.game.advance();
    this.tick = tick + 1;
    this.onAdvanced(this.tick);
  }

  private inputOf(stamp: number, appliedTick: number): RoomInput {
    return { client: this.client, tick: stamp, appliedTick, input: this.own.get(stamp)!, late: stamp < appliedTick };
  }
}

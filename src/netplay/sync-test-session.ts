import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, functionOption, optionsObject } from '../../operators/validate.js';
import { diffStates, hashState, type FieldDifference } from '../replay/state-hash.js';
import type { TickInput } from './input-status.js';
import { syncLayer, type SyncLayer } from './sync-layer.js';

/** How many ticks a sync test goes back every frame when `checkDistance` is not given: 2, GGRS's default. */
export const DEFAULT_CHECK_DISTANCE = 2;

/** The options of {@link createSyncTestSession}: the players, and the game's four calls as a rollback session takes them. */
export interface SyncTestSessionOptions<S> {
  /** How many players: a whole number from 2 to 8. Every one is local: their inputs come from `readInput`. */
  players: number;
  /** How many bytes one player's input for one tick is. */
  inputSize: number;
  /** How many ticks back each frame rolls: a whole number from 1 to 127. Defaults to {@link DEFAULT_CHECK_DISTANCE} (2). */
  checkDistance?: number;
  /** A player's input for `tick`, `inputSize` bytes. */
  readInput(player: number, tick: number): Uint8Array;
  /** The game's whole state now (`engine.save()`). */
  save(): S;
  /** Puts the game back to a saved state (`engine.restore(state)`). */
  load(state: S): void;
  /** Runs one tick with every player's input. */
  advance(inputs: readonly TickInput[]): void;
  /** The part of a saved state compared; defaults to the whole state (see `createP2PSession`'s option). */
  checksumOf?: (state: S) => unknown;
}

/** A tick whose state differed between its first run and its run after a rollback. */
export interface SyncTestMismatch {
  /** The state compared is the one after ticks 0 to `tick - 1`. */
  readonly tick: number;
  /** The state's hash after the tick's first run. */
  readonly firstHash: string;
  /** Its hash after the run after the rollback. */
  readonly againHash: string;
  /** The fields that differ: the first run's value as `expected`, the re-run's as `actual` (at most 20). */
  readonly fields: readonly FieldDifference[];
}

/** What a {@link SyncTestSession} has done. */
export interface SyncTestStats {
  /** Ticks run for the first time. */
  readonly ticks: number;
  /** Rollbacks: one a frame once `checkDistance` ticks have run. */
  readonly rollbacks: number;
  /** Ticks run again after a rollback. */
  readonly resimulated: number;
  /** States compared with their first run's. */
  readonly compared: number;
}

/** A sync test: the rollback path of a session, alone. See {@link createSyncTestSession}. */
export interface SyncTestSession {
  /**
   * One tick, then the rollback check: reads every player's input, runs
   * the tick, then loads the state `checkDistance` ticks back and runs
   * those ticks again, comparing each state with its first run's.
   * Returns the mismatches this frame found (an empty array when none).
   */
  advanceFrame(): SyncTestMismatch[];
  /** The next tick to run. */
  readonly currentTick: number;
  /** Every mismatch so far, first first. */
  readonly mismatches: readonly SyncTestMismatch[];
  /** Ticks run, rollbacks, ticks re-run, states compared. */
  stats(): SyncTestStats;
}

const WHERE = 'createSyncTestSession';

/**
 * Runs a game through a rollback session's rollback path with no network,
 * to find what a peer would desync on before any peer plays: GGRS's
 * `SyncTestSession`. Every frame it runs one tick, then goes back
 * `checkDistance` ticks (loading the state the session saved there) and runs
 * them again with the same inputs, the very code a late input triggers in a
 * match ({@link syncLayer}'s `runAgainFrom`), and compares each state after
 * the re-run with the same tick's first run, field by field when they differ.
 *
 * A game that passes restores all it runs on (its random source, timers,
 * anything a tick reads) and depends on nothing but its state and its
 * inputs. Run it in CI with the inputs a test scripts.
 *
 * @example
 * ```ts
 * import { createSyncTestSession } from 'tickflow/netplay';
 *
 * let state = { x: 0, sparks: 0 };
 * let hidden = 0; // kept outside the state: a rollback cannot put it back
 * const test = createSyncTestSession({
 *   players: 2,
 *   inputSize: 1,
 *   readInput: (player, tick) => new Uint8Array([(tick + player) % 2]),
 *   save: () => ({ ...state }),
 *   load: (saved) => (state = { ...saved }),
 *   advance: (inputs) => {
 *     hidden++;
 *     state = { x: state.x + inputs[0]!.input[0]! - inputs[1]!.input[0]!, sparks: state.sparks + (hidden % 3 === 0 ? 1 : 0) };
 *   },
 * });
 * for (let i = 0; i < 10; i++) test.advanceFrame();
 * // The first state that differs: the one after tick 0, run again after the first rollback.
 * console.log(test.mismatches[0]?.tick, test.mismatches[0]?.fields[0]?.path); // 1 .sparks
 * ```
 *
 * @param options The players, the input size, the check distance, and the game's calls.
 * @throws {OptionError} naming the option, the rule and the value.
 */
export function createSyncTestSession<S>(options: SyncTestSessionOptions<S>): SyncTestSession {
  optionsObject(WHERE, options);
  checkOptionKeys(WHERE, options, ['players', 'inputSize', 'checkDistance', 'readInput', 'save', 'load', 'advance', 'checksumOf']);
  const { players, inputSize, checkDistance = DEFAULT_CHECK_DISTANCE, readInput, save, load, advance, checksumOf = (state: S) => state } = options;
  if (typeof checkDistance !== 'number' || !Number.isInteger(checkDistance) || checkDistance < 1 || checkDistance > 127) {
    throw new OptionError(WHERE, 'checkDistance', 'a whole number from 1 to 127', checkDistance);
  }
  functionOption(WHERE, 'readInput', readInput);
  functionOption(WHERE, 'checksumOf', checksumOf);
  const localPlayers = Array.from({ length: typeof players === 'number' && players > 0 ? players : 0 }, (_, player) => player);
  let sync: SyncLayer<S>;
  try {
    sync = syncLayer({ players, localPlayers, inputSize, delay: 0, window: checkDistance, save, load, advance });
  } catch (error) {
    if (error instanceof OptionError) throw new OptionError(WHERE, error.option, error.rule, error.value, error.message.replace('syncLayer:', `${WHERE}:`));
    throw error;
  }
  return new SyncTest(sync, checkDistance, readInput, checksumOf);
}

/** What {@link createSyncTestSession} returns. */
class SyncTest<S> implements SyncTestSession {
  readonly mismatches: SyncTestMismatch[] = [];
  /** The first run's part of the state before each of the last ticks, and its hash. */
  private readonly first = new Map<number, { part: unknown; hash: string }>();
  private compared = 0;

  constructor(
    private readonly sync: SyncLayer<S>,
    private readonly checkDistance: number,
    private readonly readInput: (player: number, tick: number) => Uint8Array,
    private readonly checksumOf: (state: S) => unknown,
  ) {}

  get currentTick(): number {
    return this.sync.currentTick;
  }

  advanceFrame(): SyncTestMismatch[] {
    const tick = this.sync.currentTick;
    for (const player of this.sync.localPlayers) this.sync.addLocalInput(player, this.readInput(player, tick));
    this.sync.advanceFrame();
    const part = this.checksumOf(this.sync.stateBefore(tick + 1)!);
    this.first.set(tick + 1, { part, hash: hashState(part) });
    this.first.delete(tick + 1 - this.checkDistance - 1);
    const found: SyncTestMismatch[] = [];
    const from = tick + 1 - this.checkDistance;
    if (from < 0) return found;
    this.sync.runAgainFrom(from);
    for (let after = from + 1; after <= tick + 1; after++) {
      const original = this.first.get(after);
      if (original === undefined) continue;
      const again = this.checksumOf(this.sync.stateBefore(after)!);
      const againHash = hashState(again);
      this.compared++;
      if (againHash === original.hash) continue;
      const mismatch = { tick: after, firstHash: original.hash, againHash, fields: diffStates(original.part, again) };
      found.push(mismatch);
      this.mismatches.push(mismatch);
      this.first.set(after, { part: again, hash: againHash }); // report each divergence once, not again on every later frame
    }
    return found;
  }

  stats(): SyncTestStats {
    const { ticks, rollbacks, resimulated } = this.sync.stats();
    return { ticks, rollbacks, resimulated, compared: this.compared };
  }
}

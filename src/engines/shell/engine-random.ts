import { OptionError } from '../../../operators/option-error.js';
import { createSeededRandom, nextRandom, type SeededRandom } from '../../../operators/seeded-random.js';

/**
 * The seed an engine's random source starts from when the game gives none.
 * A fixed number, not the time: an engine built twice draws the same numbers,
 * so a run is reproducible unless the game asks otherwise.
 */
export const DEFAULT_RANDOM_SEED = 0x7f4a7c15;

/** The rule a `seed` and a restored state must meet (the generator's state is 32 bits). */
export const SEED_RULE = 'a whole number from 0 to 4294967295';

/**
 * An engine's random source: a seeded generator (mulberry32, the one
 * `createSeededRandom` in `tickflow/operators` uses) that game code draws
 * from instead of `Math.random()`, so the same seed gives the same game on
 * every platform.
 *
 * Its whole state is one 32-bit number, {@link state}: a recorder writes it,
 * a sync test or a replay puts it back with {@link restore}, and the draws
 * after resume exactly where they left off.
 *
 * @example
 * ```ts
 * import { constantClock, nullBackend } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 *
 * const engine = createStateEngine({
 *   backend: nullBackend(),
 *   seed: 42,
 *   initial: { x: 0 },
 *   update: (s, { random }) => ({ x: s.x + random.next() }),
 *   clock: constantClock(1000 / 60),
 * });
 * const saved = engine.random.state;
 * const a = engine.random.next();
 * engine.random.restore(saved);
 * engine.random.next() === a; // true
 * ```
 */
export class EngineRandom {
  /** The seed it started from (the engine's `seed` option, or {@link DEFAULT_RANDOM_SEED}). */
  readonly seed: number;
  private readonly generator: SeededRandom;
  private readonly where: string;

  /**
   * @param seed A whole number from 0 to 4294967295; defaults to {@link DEFAULT_RANDOM_SEED}.
   * @param where The factory named in an error (`createStateEngine`).
   * @throws {OptionError} naming `seed` when it breaks the rule.
   */
  constructor(seed: number = DEFAULT_RANDOM_SEED, where = 'EngineRandom') {
    this.generator = createSeededRandom(seed, where);
    this.seed = seed;
    this.where = where;
  }

  /** Draws the next number in [0, 1) and advances the state. */
  next(): number {
    return nextRandom(this.generator);
  }

  /** The generator's state now, a whole number from 0 to 4294967295: what to save with the game's state. */
  get state(): number {
    return this.generator.state >>> 0;
  }

  /**
   * Puts back a state read from `state`: the next draw is the one that
   * followed it.
   *
   * @throws {OptionError} when `state` is not a whole number from 0 to 4294967295.
   */
  restore(state: number): void {
    if (typeof state !== 'number' || !Number.isInteger(state) || state < 0 || state > 0xffffffff) {
      throw new OptionError(`${this.where}: random.restore`, 'state', SEED_RULE, state);
    }
    this.generator.state = state;
  }
}

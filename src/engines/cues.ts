import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, integerAtLeast } from '../../operators/validate.js';

/**
 * Plays named audio cues. Declared by the engines, implemented by a backend:
 * Web Audio in the browser, a log in Node. Only update/tick code is handed
 * one, so a frame's audible behaviour belongs to the simulation.
 */
export interface CuePlayer {
  /** Plays the cue `name`; `options` are the player's own (volume, pitch, ...). */
  play(name: string, options?: Readonly<Record<string, number>>): void;
}

/** One cue as a {@link CueLog} records it. */
export interface CueRecord {
  /** The cue's name, as passed to `play`. */
  readonly name: string;
  /** The options passed with it, or undefined when there were none. */
  readonly options: Readonly<Record<string, number>> | undefined;
  /** The frame count when it played (set by the engine through `frameOf`). */
  readonly frame: number;
}

/** A cue player that plays nothing and records the latest cues: the headless one. */
export interface CueLog extends CuePlayer {
  /** The latest cues, oldest first: at most `limit` of them (the oldest go first). */
  readonly cues: readonly CueRecord[];
  /** How many cues were dropped to keep the log at its limit (so `dropped + cues.length` were played since the last `clear()`). */
  readonly dropped: number;
  /** Forgets every cue (and the dropped count). */
  clear(): void;
}

/** Options of {@link cueLog}. */
export interface CueLogOptions {
  /**
   * How many cues the log keeps; the oldest go first. Defaults to
   * {@link CUE_LOG_LIMIT}. `Infinity` keeps every cue (memory then grows
   * with every cue: about 100 B each).
   */
  limit?: number;
}

/**
 * How many cues a {@link cueLog} keeps unless told otherwise: the same bound
 * as `webAudioCues`'s history (`PLAYED_HISTORY_LIMIT`). An engine runs for
 * hours and plays cues all the while; a log that kept every one grew the
 * heap from 7.9 to 38.5 MB over 300,000 frames with one cue each.
 */
export const CUE_LOG_LIMIT = 1000;

/**
 * A cue player for Node and tests: records each cue with the frame it played
 * in, keeping the latest `limit` ({@link CUE_LOG_LIMIT} unless given).
 * Engines use one when no cue player is given (`engine.cues`).
 *
 * @example
 * ```ts
 * import { cueLog } from 'tickflow';
 *
 * const log = cueLog(() => 0, { limit: 2 });
 * log.play('hit');
 * log.play('score', { volume: 0.5 });
 * log.play('bounce');
 * log.cues.map((cue) => cue.name); // ['score', 'bounce']
 * log.dropped; // 1
 * ```
 *
 * @param frameOf Reports the current frame count; an engine passes its own.
 * @throws {OptionError} for a `frameOf` that is not a function, a `limit` that is not a whole number >= 1 (or
 * Infinity), or an unknown option.
 */
export function cueLog(frameOf: () => number = () => 0, options?: CueLogOptions): CueLog {
  const where = 'cueLog';
  if (typeof frameOf !== 'function') throw new OptionError(where, 'frameOf', 'a function returning the frame count', frameOf);
  if (options !== undefined && (options === null || typeof options !== 'object')) throw new OptionError(where, 'options', 'an object', options);
  checkOptionKeys(where, options, ['limit'] satisfies (keyof CueLogOptions)[]);
  const { limit = CUE_LOG_LIMIT } = options ?? {};
  if (limit !== Infinity) integerAtLeast(where, 'limit', limit, 1);
  const cues: CueRecord[] = [];
  let dropped = 0;
  return {
    cues,
    get dropped() {
      return dropped;
    },
    play(name, playOptions) {
      cues.push({ name, options: playOptions, frame: frameOf() });
      if (cues.length > limit) {
        cues.shift();
        dropped++;
      }
    },
    clear() {
      cues.length = 0;
      dropped = 0;
    },
  };
}

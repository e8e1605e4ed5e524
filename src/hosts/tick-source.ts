import type { Subscribable } from 'rxjs';
import { OptionError } from '../../operators/option-error.js';

/**
 * The rule for a `ticks` option, wherever one is taken (a loop, every
 * engine): one text, so an error reads the same from every factory.
 */
export const TICKS_RULE = 'an Observable of host timestamps in ms (animationFrames(), manualTicks().ticks$, a marble)';

/** `ticks` must be subscribable. @throws {OptionError} naming `where`, `ticks`, the rule and the value. @internal */
export function checkTicks(where: string, ticks: unknown): asserts ticks is Subscribable<number> {
  if (ticks === null || typeof ticks !== 'object' || typeof (ticks as Partial<Subscribable<number>>).subscribe !== 'function') {
    throw new OptionError(where, 'ticks', TICKS_RULE, ticks);
  }
}

import { capFps } from '../../../operators/cap-fps.js';
import { clampDelta } from '../../../operators/clamp-delta.js';
import { deltas } from '../../../operators/deltas.js';
import { OptionError } from '../../../operators/option-error.js';
import { pipeSteps } from '../../../operators/step-operator.js';
import { checkOptionKeys, integerAtLeast, positiveFinite, rateOption } from '../../../operators/validate.js';
import type { Clock } from '../../clocks/clock.js';
import { wallClock } from '../../clocks/wall-clock.js';

/** How often `fixedUpdate` runs when no rate is given: 50 Hz, a 20 ms step (the seed's default). */
export const DEFAULT_FIXED_UPDATE_RATE_HZ = 50;

/**
 * The cap on how often the loop runs when none is given: 0, uncapped. "The
 * configuration in the starter project carries maxFPS: 0. Zero and the
 * engine's internal default both mean uncapped."
 */
export const DEFAULT_MAX_FPS = 0;

/** The largest frame gap the loop believes when none is given, in milliseconds: 250. */
export const DEFAULT_MAX_FRAME_DELTA_MS = 250;

/** The ceiling on catch-up fixed steps in one frame when none is given: 5. */
export const DEFAULT_MAX_FIXED_UPDATES_PER_FRAME = 5;

/**
 * The engine's performance settings, as a game's configuration gives them
 * (`globalOptions.performance`). The names are the seed's; the units are in
 * each field's comment.
 */
export interface PerformanceSettings {
  /** How often `fixedUpdate` runs, in Hz: a finite number > 0 whose step `1000 / fixedUpdateRate` ms is finite. Defaults to {@link DEFAULT_FIXED_UPDATE_RATE_HZ} (50). */
  fixedUpdateRate?: number;
  /**
   * Upper bound on how often the loop runs, in frames per second: a number
   * > 0 whose interval `1000 / maxFPS` ms is finite, or 0 (or `Infinity`) for
   * uncapped. Defaults to {@link DEFAULT_MAX_FPS} (0).
   */
  maxFPS?: number;
  /** Largest frame gap the loop will believe, in milliseconds: a finite number > 0. Defaults to {@link DEFAULT_MAX_FRAME_DELTA_MS} (250). */
  maxFrameDelta?: number;
  /** Ceiling on catch-up steps in one frame: a whole number >= 1. Defaults to {@link DEFAULT_MAX_FIXED_UPDATES_PER_FRAME} (5). */
  maxFixedUpdatesPerFrame?: number;
}

/** The settings with defaults applied and units in the names. */
export interface ResolvedPerformance {
  /** How often `fixedUpdate` runs, in Hz. */
  readonly fixedUpdateRateHz: number;
  /** The fixed step, `1000 / fixedUpdateRateHz`, in milliseconds. */
  readonly fixedStepMs: number;
  /** 0 when uncapped. */
  readonly maxFps: number;
  /** The largest frame gap the loop believes, in milliseconds. */
  readonly maxFrameDeltaMs: number;
  /** The ceiling on catch-up fixed steps in one frame. */
  readonly maxFixedUpdatesPerFrame: number;
}

const KNOWN = ['fixedUpdateRate', 'maxFPS', 'maxFrameDelta', 'maxFixedUpdatesPerFrame'] as const;

/**
 * Applies the defaults and checks every setting, naming the one that is
 * wrong (`createSystemsEngine: globalOptions.performance.maxFPS must be ...`).
 *
 * @throws {OptionError} for a bad or unknown setting.
 */
export function resolvePerformance(settings: PerformanceSettings | undefined, where: string): ResolvedPerformance {
  const path = 'globalOptions.performance';
  if (settings !== undefined && (settings === null || typeof settings !== 'object' || Array.isArray(settings))) {
    throw new OptionError(where, path, 'an object of performance settings', settings);
  }
  checkOptionKeys(`${where}: ${path}`, settings, KNOWN);
  const {
    fixedUpdateRate = DEFAULT_FIXED_UPDATE_RATE_HZ,
    maxFPS = DEFAULT_MAX_FPS,
    maxFrameDelta = DEFAULT_MAX_FRAME_DELTA_MS,
    maxFixedUpdatesPerFrame = DEFAULT_MAX_FIXED_UPDATES_PER_FRAME,
  } = settings ?? {};
  // Each rate's interval (1000 / rate ms) is checked too: 1e-320 Hz is > 0, but its step is Infinity.
  rateOption(where, `${path}.fixedUpdateRate`, fixedUpdateRate);
  if (typeof maxFPS !== 'number' || Number.isNaN(maxFPS) || maxFPS < 0) {
    throw new OptionError(where, `${path}.maxFPS`, 'a number > 0, or 0 (or Infinity) for uncapped', maxFPS);
  }
  if (maxFPS > 0 && maxFPS < Infinity) rateOption(where, `${path}.maxFPS`, maxFPS);
  positiveFinite(where, `${path}.maxFrameDelta`, maxFrameDelta);
  integerAtLeast(where, `${path}.maxFixedUpdatesPerFrame`, maxFixedUpdatesPerFrame, 1);
  return {
    fixedUpdateRateHz: fixedUpdateRate,
    fixedStepMs: 1000 / fixedUpdateRate,
    maxFps: maxFPS === Infinity ? 0 : maxFPS,
    maxFrameDeltaMs: maxFrameDelta,
    maxFixedUpdatesPerFrame,
  };
}

/** The loop's clock when the game gives none: the wall clock clamped to maxFrameDelta, behind the maxFPS cap when there is one. @internal */
export function performanceClock({ maxFps, maxFrameDeltaMs }: ResolvedPerformance): Clock {
  if (maxFps === 0) return wallClock({ maxDeltaMs: maxFrameDeltaMs });
  // The cap skips whole iterations on the pacing grid; the kept ticks' real gaps are the frame deltas.
  return pipeSteps(capFps(maxFps), deltas(), clampDelta(maxFrameDeltaMs));
}

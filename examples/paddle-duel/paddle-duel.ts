import { createInput, type Clock, type CuePlayer, type Input, type PhaseError } from 'tickflow';
import { createWorldEngine, type WorldBackend, type WorldEngine } from 'tickflow/world';
import type { Subscribable } from 'rxjs';
import { PADDLE_DUEL_BINDINGS, type DuelAction } from './bindings.js';
import type { DuelMode } from './duel-mode.js';
import { Match, type MatchOptions } from './match.js';
import { DUEL_CLASSES, paddleDuelLevels, type LevelOptions } from './levels.js';
import { lendSurface } from './surface.js';
import { MIN_TEXT_CSS_PX } from './tuning.js';

/** Options of {@link createPaddleDuel}. */
export interface PaddleDuelOptions extends MatchOptions, Omit<LevelOptions, 'textFloor'> {
  /** Where it is drawn: `await pixiBackend(...)` on a page, `nullBackend(...)` in Node. */
  backend: WorldBackend;
  /** What each frame is worth; defaults to the engine's (the wall clock). */
  clock?: Clock;
  /** Host ticks; defaults to the page's frames. */
  ticks?: Subscribable<number>;
  /**
   * The keyboard and the pointer (a pointer target makes a drag on the court
   * move a person's paddle); defaults to scripted input only
   * (`input.press(code)`), as in Node.
   */
  input?: Input<DuelAction>;
  /** Where cues play; defaults to the engine's cue log. */
  cues?: CuePlayer;
  /** Draws the debug overlay (fps, frame times, collision shapes). */
  overlay?: boolean;
  /** Where errors caught in a frame go; defaults to `console.error`. */
  onError?: (error: PhaseError) => void;
  /**
   * The seed of the engine's own random source (`engine.random`, the
   * engine's `seed` option; not the match's `seed`): a replay's build passes
   * `host.seed`. The game draws from its own seeded streams, not from it.
   */
  randomSeed?: number;
}

/** A match of Paddle Duel: the engine that runs it and the record it keeps. */
export interface PaddleDuel {
  readonly engine: WorldEngine<DuelAction>;
  readonly match: Match;
  readonly input: Input<DuelAction>;
}

/**
 * Builds a match of Paddle Duel on a world engine: two rounds on two courts,
 * first to 3 points each, the AI or people on either side.
 *
 * The same call runs the page (pixi.js backend, the keyboard, the page's
 * frames) and the tests and the delta-time validator (null backend, scripted
 * input, a scripted clock, stepped by `engine.advance()`).
 *
 * @example
 * ```ts
 * import { constantClock, nullBackend } from 'tickflow';
 *
 * const { engine, match } = createPaddleDuel({ backend: nullBackend({ logicalWidth: 960, logicalHeight: 540 }), clock: constantClock(1000 / 60) });
 * while (engine.world.time < 10) engine.advance();
 * console.log(match.totals); // { left: 1, right: 0 }, say
 * ```
 */
export function createPaddleDuel(options: PaddleDuelOptions): PaddleDuel {
  const { backend, clock, ticks, cues, overlay, onError, seats, seed, courtLoadMs, loadArt, loadCourtsAtOnce, randomSeed } = options;
  const match = new Match({ seats, seed });
  const input = options.input ?? createInput({ bindings: PADDLE_DUEL_BINDINGS });
  // The first court may open inside createWorldEngine, before it returns: until then there is no fit.
  let built: WorldEngine<DuelAction> | undefined;
  // Text stays legible however small the court is drawn: 12 CSS px, in logical units of the latest fit.
  const textFloor = (): number => (built === undefined ? 0 : (MIN_TEXT_CSS_PX * built.viewport.pixelRatio) / built.viewport.scale);
  // Lent to the world's objects, which look them up each tick (surface.ts): a drag is found in the court through the fit and camera of the frame that reads it.
  lendSurface(input.frame, { textFloor, screenToWorld: (x, y) => built?.screenToWorld(x, y) ?? { x, y } });
  const engine = createWorldEngine<DuelAction>({
    backend,
    levels: paddleDuelLevels(match, {
      courtLoadMs,
      ...(loadArt !== undefined && { loadArt }),
      ...(loadCourtsAtOnce !== undefined && { loadCourtsAtOnce }),
      textFloor,
    }),
    startLevel: match.firstLevel,
    classes: DUEL_CLASSES,
    input,
    ...(clock !== undefined && { clock }),
    ...(ticks !== undefined && { ticks }),
    ...(cues !== undefined && { cues }),
    ...(overlay !== undefined && { overlay }),
    ...(onError !== undefined && { onError }),
    ...(randomSeed !== undefined && { seed: randomSeed }),
  });
  built = engine;
  // The match reads its record from the open round (so, after a restore, the restored one); not while a level loads, when the world may not be open yet.
  match.follow(() => (engine.transitioning ? undefined : (engine.world.gameMode as DuelMode | undefined)?.record));
  return { engine, match, input };
}

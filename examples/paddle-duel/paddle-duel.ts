import { createInput, type Clock, type CuePlayer, type Input, type PhaseError } from 'tickflow';
import { createWorldEngine, type WorldBackend, type WorldEngine } from 'tickflow/world';
import type { Subscribable } from 'rxjs';
import { PADDLE_DUEL_BINDINGS, type DuelAction } from './bindings.js';
import { setDuelContext } from './duel-context.js';
import { Match, type MatchOptions } from './match.js';
import { paddleDuelLevels, type LevelOptions } from './levels.js';
import { MIN_TEXT_CSS_PX } from './tuning.js';

/** Options of {@link createPaddleDuel}. */
export interface PaddleDuelOptions extends MatchOptions, Omit<LevelOptions, 'screenToWorld' | 'textFloor'> {
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
  /** The engine's random seed (`engine.random`; the match's own streams come from `seed`); a replay passes the recorded one. */
  engineSeed?: number;
  /** Where errors caught in a frame go; defaults to `console.error`. */
  onError?: (error: PhaseError) => void;
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
  const { backend, clock, ticks, cues, overlay, onError, seats, seed, engineSeed, courtLoadMs, loadArt } = options;
  const match = new Match({ seats, seed });
  const input = options.input ?? createInput({ bindings: PADDLE_DUEL_BINDINGS });
  // The first court may open inside createWorldEngine, before it returns: until then there is no fit.
  let built: WorldEngine<DuelAction> | undefined;
  // A drag is found in the court through the fit and camera of the frame that reads it.
  const screenToWorld = (x: number, y: number) => built?.screenToWorld(x, y) ?? { x, y };
  // Text stays legible however small the court is drawn: 12 CSS px, in logical units of the latest fit.
  const textFloor = () => (built === undefined ? 0 : (MIN_TEXT_CSS_PX * built.viewport.pixelRatio) / built.viewport.scale);
  // Where an object a restore makes again finds them (duel-context.ts), set before the first court opens.
  setDuelContext({ match, screenToWorld, textFloor });
  const engine = createWorldEngine<DuelAction>({
    backend,
    levels: paddleDuelLevels(match, {
      courtLoadMs,
      ...(loadArt !== undefined && { loadArt }),
      screenToWorld,
      textFloor,
    }),
    startLevel: match.firstLevel,
    input,
    ...(clock !== undefined && { clock }),
    ...(ticks !== undefined && { ticks }),
    ...(cues !== undefined && { cues }),
    ...(overlay !== undefined && { overlay }),
    ...(onError !== undefined && { onError }),
    ...(engineSeed !== undefined && { seed: engineSeed }),
  });
  built = engine;
  return { engine, match, input };
}

import type { InputView } from '../../input/input.js';
import type { CuePlayer } from '../cues.js';
import type { EngineRandom } from '../shell/engine-random.js';
import type { World } from './world.js';

/**
 * What every tick (controller, actor, component, game mode, timer) is handed:
 * the delta in seconds, the world, this frame's input, the cue player and
 * the engine's seeded random source.
 * Ticks read input and play cues; drawing belongs to the backend.
 */
export interface TickContext<A extends string = string> {
  /** This frame's delta, in seconds. */
  readonly dt: number;
  /** The open world. */
  readonly world: World<A>;
  /** This frame's input: an edge is consumed at most once and discarded when the frame closes. */
  readonly input: InputView<A>;
  /** Plays an audio cue. */
  readonly cue: CuePlayer['play'];
  /** The engine's random source (`engine.random`): draw from it, not from `Math.random()`, so a run can be replayed. */
  readonly random: EngineRandom;
}

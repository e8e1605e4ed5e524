import type { FrameInfo } from '../../../operators/frame-info.js';
import type { EngineRandom } from '../shell/engine-random.js';
import type { EngineStats } from '../shell/engine-shell.js';
import type { SystemsEventListener } from './event-queue.js';
import type { Time } from './time.js';

/**
 * What a system, a scene or a behavior may ask of the engine that runs it
 * (`options.engine`): scene changes, play / pause / stop, events, the shared
 * time, the seeded random source and the counters. The
 * {@link SystemsEngine} is the one implementation; the parts it runs name
 * this interface rather than its class, so they do not depend on the engine
 * that is built from them.
 *
 * @example
 * ```ts
 * import { WorldSystem, type WorldSystemOptions } from 'tickflow/systems';
 *
 * class LevelExit extends WorldSystem {
 *   constructor(private readonly options: WorldSystemOptions) {
 *     super();
 *   }
 *   update(): void {
 *     if (this.reachedTheDoor()) void this.options.engine.loadScene('level-2');
 *   }
 *   private reachedTheDoor(): boolean {
 *     return false;
 *   }
 * }
 * ```
 */
export interface SystemsEngineControls {
  /** The engine's one shared {@link Time}, the same instance the systems read. */
  readonly time: Time;
  /** The engine's seeded random source: draw from it, not from `Math.random()`, so a run can be replayed. */
  readonly random: EngineRandom;
  /** How many events wait for the next frame. */
  readonly queuedEvents: number;
  /** Starts or resumes the game (see {@link SystemsEngine.play}). */
  play(): Promise<void>;
  /** Halts the loop without tearing anything down (see {@link SystemsEngine.pause}). */
  pause(): void;
  /** Destroys the world; a later `play()` builds it again (see {@link SystemsEngine.stop}). */
  stop(): void;
  /** Changes scene (see {@link SystemsEngine.loadScene}). */
  loadScene(sceneId: string): Promise<void>;
  /** Queues an event for the next frame's first phase. */
  dispatchEvent(type: string, payload?: unknown): void;
  /** Listens to one type of event until the returned function removes the listener. */
  addEventListener<T = unknown>(type: string, listener: SystemsEventListener<T>): () => void;
  /** The frames so far. */
  frame(): FrameInfo;
  /** The engine's counters over its whole life (the {@link SystemsEngine}'s own add the systems engine's). */
  stats(): EngineStats;
}

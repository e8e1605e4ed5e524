import type { PageEngine } from './page-engine.js';

/**
 * A system: up to three hooks the engine calls every frame, in this order for
 * the whole page (every engine's read runs before any engine's step, and
 * every step before any render):
 *
 * - `read(engine)`, once a frame: the only hook that may measure the page
 *   (`getBoundingClientRect`, `offsetWidth`, scroll positions); latch what
 *   the step will need.
 * - `step(engine, dtSeconds)`, 0 to `maxSteps` times a frame, `dtSeconds`
 *   always the engine's fixed `step`: plain numbers, no DOM at all, no
 *   allocation. What happened goes on the ring (`engine.events.emit`).
 * - `render(engine, alpha)`, once a frame: DOM writes through
 *   `engine.ledger`; `alpha` in [0, 1) is how far the clock is between the
 *   last step and the next, for smooth drawing.
 *
 * Hooks are called with the system as `this`. A hook that throws stops its
 * engine (see `PageEngine.paused`).
 *
 * @example
 * ```ts
 * engine.add({
 *   name: 'ball',
 *   step(e, dt) { x += vx * dt; },
 *   render(e) { e.ledger.style(ball, 'transform', `translateX(${x}px)`); },
 * });
 * ```
 */
export interface System {
  /** Names the system in phase-rule reports; defaults to `system <n>`. */
  readonly name?: string;
  /** Once a frame, first: the only hook that may measure the page. */
  read?(engine: PageEngine): void;
  /** 0 to `maxSteps` times a frame, with `dtSeconds` the engine's fixed step in seconds: simulation only, no DOM. */
  step?(engine: PageEngine, dtSeconds: number): void;
  /** Once a frame, last: DOM writes through `engine.ledger`; `alpha` in [0, 1) is how far the clock is between the last step and the next. */
  render?(engine: PageEngine, alpha: number): void;
}

/** One added system, as the engine keeps it. @internal */
export interface SystemEntry {
  readonly system: System;
  readonly name: string;
  /** False once removed: a frame under way skips it from then on. */
  active: boolean;
}

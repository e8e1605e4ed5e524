/**
 * How a system or a behavior gives `engine.save()` the state it keeps in its
 * own fields: the one hook for game code the engine cannot see into. Both
 * methods or neither (`save()` refuses one without the other).
 *
 * The engine saves what it holds itself: the scene, its entities (ids,
 * transforms, components, behaviors), `Time` and the queued events. A
 * system's or behavior's own fields (a score, a cooldown, a state machine's
 * state) are the game's: give them through these two methods, or keep them
 * in components, which are saved with the entity. In a development build a
 * restore warns once about each system or behavior class that has fields
 * holding data (numbers, strings, booleans, arrays, plain objects, Maps,
 * Sets) and no hook: if such a field changes while the game plays, the
 * restore did not put it back.
 *
 * `restoreState` runs after the entities and `Time` are back, so it may look
 * entities up (`scene.find(id)`) to re-link references it keeps. It is
 * handed a copy it may keep: the snapshot stays as it was.
 *
 * @example
 * ```ts
 * import { WorldSystem, type WorldSystemOptions } from 'tickflow/systems';
 *
 * class Score extends WorldSystem {
 *   private points = 0;
 *   constructor(options: WorldSystemOptions) {
 *     super();
 *     options.events.addEventListener('coin', () => this.points++);
 *   }
 *   saveState(): { points: number } {
 *     return { points: this.points };
 *   }
 *   restoreState(state: { points: number }): void {
 *     this.points = state.points;
 *   }
 * }
 * ```
 */
export interface SaveHooks {
  /**
   * The instance's own state now, as plain data (numbers, strings, booleans,
   * null, arrays, plain objects, Maps, Sets): `engine.save()` copies it into
   * the snapshot. A throw makes `save()` throw.
   */
  saveState?(): unknown;
  /**
   * Puts back what {@link saveState} returned (a copy). A throw is reported
   * on `errors$` with the system and `'restoreState'`, and the restore goes on.
   */
  restoreState?(state: unknown): void;
}

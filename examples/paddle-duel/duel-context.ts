import type { TextFloor } from './label.js';
import type { Match } from './match.js';
import type { ScreenToWorld } from './player-controller.js';

/**
 * What Paddle Duel's world objects share with the page, outside the world:
 * the match record (it outlives every round's world), the smallest legible
 * text size and the drag's mapping into the court (both read from the
 * engine's fit). Each object is handed these by its constructor and keeps
 * them in fields a snapshot cannot hold (a class instance, functions).
 *
 * An object a restore makes again from its class (`engine.restore`, without
 * its constructor: a restore into the other round's court, or of an actor
 * destroyed since the save) finds them here, in its `restore(data)` hook.
 * `createPaddleDuel` sets them: a restore re-links to the duel built last,
 * so restore one duel at a time (a page has one; a test builds the replay's
 * after the recorded one).
 *
 * @module
 */
export interface DuelContext {
  readonly match: Match;
  readonly textFloor: TextFloor;
  readonly screenToWorld: ScreenToWorld;
}

let current: DuelContext | undefined;

/** The duel built last's context (see the module's comment). */
export function duelContext(): DuelContext {
  if (current === undefined) throw new Error('paddle duel: no duel was built (createPaddleDuel) to restore into');
  return current;
}

/** Called by `createPaddleDuel`. */
export function setDuelContext(context: DuelContext): void {
  current = context;
}

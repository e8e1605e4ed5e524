import { NEVER } from 'rxjs';
import { constantClock, DEFAULT_STEP_MS, nullBackend, type NullSurface } from 'tickflow';
import type { RoomInput } from 'tickflow/colyseus';
import { createStateEngine, type StateEngine } from 'tickflow/state';
import { initialArena, joinArena, leaveArena, setMove, stepArena, type ArenaState } from './arena-rules.js';

/**
 * The arena as a tickflow simulation, the same in the room and in every
 * page: a state engine that takes no host ticks of its own (`ticks: NEVER`)
 * and runs one fixed tick of {@link DEFAULT_STEP_MS} per `advance()`: the
 * room's loop steps it on the server, `tickflowClient`'s in the page. It
 * draws nothing (`nullBackend()`): the page draws from the client's
 * `view()` (arena-view.ts).
 *
 * @module
 */

/** The seed of every room's random source (where gems come back): the same on every machine, restored with the state. */
export const ARENA_SEED = 0x0a7e4a;

/** The arena's engine. */
export type ArenaEngine = StateEngine<ArenaState, NullSurface, string>;

/** The simulation and what the room and the client call on it between ticks. */
export interface ArenaGame {
  readonly engine: ArenaEngine;
  /** `tickflowRoom`'s and `tickflowClient`'s `applyInputs`: each input byte becomes its player's held move. */
  applyInputs(inputs: readonly RoomInput[]): void;
  /** A player joins (the room, on a client's join). */
  join(id: string): void;
  /** A player leaves. */
  leave(id: string): void;
}

/** A fresh arena: its engine at the initial state, seeded with {@link ARENA_SEED}. */
export function createArenaGame(): ArenaGame {
  const engine: ArenaEngine = createStateEngine({
    backend: nullBackend(),
    ticks: NEVER,
    clock: constantClock(DEFAULT_STEP_MS),
    seed: ARENA_SEED,
    initial: initialArena(),
    update: (state, { dt, random }) => stepArena(state as ArenaState, dt, () => random.next()),
  });
  return {
    engine,
    applyInputs(inputs) {
      for (const { client, input } of inputs) engine.apply((state) => setMove(state as ArenaState, client, input[0]!));
    },
    join: (id) => engine.apply((state) => joinArena(state as ArenaState, id)),
    leave: (id) => engine.apply((state) => leaveArena(state as ArenaState, id)),
  };
}

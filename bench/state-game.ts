import { createSeededRandom, nextRandom } from '../operators/seeded-random.js';
import type { DeepReadonly } from '../src/engines/state/readonly-view.js';

/**
 * The state-engine benchmark's game: a state of `count` entity records, an
 * update that returns the next state, and a render that copies each record's
 * position into a retained object (a stand-in for a three.js mesh: render
 * writes `mesh.position.x` and `.y` on 1,000 retained `{ position: { x, y, z } }`
 * objects made once). Two updates, both immutable, as the state engine asks
 * (update gets a read-only view and returns the next state):
 *
 * - **new records**: a new state object with a new array of new records, each
 *   moved by its velocity × dt. Its allocation (a record per entity per
 *   frame) is the game's, the same on both sides; it drowns the engine's own
 *   bytes, which the next update shows.
 * - **shared records**: a new state object with the time advanced, sharing
 *   the array of (unchanged) records; render places each at `x + vx × time`.
 *   The game allocates one small object a frame, so whatever the engine
 *   allocates shows.
 *
 * This module is imported twice by bench/state-engine.ts (the second time
 * under a query string, i.e. as a separate module instance), so the
 * development-check rows, whose update and render only ever see Proxy views,
 * run their own copy of these functions and do not teach the production
 * rows' copy about Proxies.
 */

export interface Entity {
  readonly x: number;
  readonly y: number;
  readonly vx: number;
  readonly vy: number;
}

export interface SceneState {
  /** Frames the update has run. */
  readonly frame: number;
  /** Seconds simulated (the shared-records update places the records by it). */
  readonly time: number;
  readonly entities: readonly Entity[];
}

/** Which update the game runs (see above). */
export type StateWorkload = 'new records' | 'shared records';

/** What render writes into: a stand-in for a retained scene object (a three.js mesh's `position`). */
export interface Retained {
  readonly position: { x: number; y: number; z: number };
}

export interface StateGame {
  readonly initial: SceneState;
  readonly update: (view: DeepReadonly<SceneState>, context: { readonly dt: number }) => SceneState;
  readonly render: (view: DeepReadonly<SceneState>) => void;
  /** The retained objects render writes into. */
  readonly retained: readonly Retained[];
}

export function createStateGame(workload: StateWorkload, count: number, seed = 11): StateGame {
  const random = createSeededRandom(seed);
  const entities: Entity[] = [];
  const retained: Retained[] = [];
  for (let i = 0; i < count; i++) {
    entities.push({
      x: nextRandom(random) * 100,
      y: nextRandom(random) * 100,
      vx: nextRandom(random) * 10 - 5,
      vy: nextRandom(random) * 10 - 5,
    });
    // Fields start as doubles so the first write does not change their representation.
    retained.push({ position: { x: 0.5, y: 0.5, z: 0.5 } });
  }
  const initial: SceneState = { frame: 0, time: 0.5, entities };
  if (workload === 'new records') {
    return {
      initial,
      update(view, context) {
        const dt = context.dt;
        const current = view.entities;
        const next: Entity[] = [];
        for (let i = 0; i < current.length; i++) {
          const e = current[i]!;
          next.push({ x: e.x + e.vx * dt, y: e.y + e.vy * dt, vx: e.vx, vy: e.vy });
        }
        return { frame: view.frame + 1, time: view.time + dt, entities: next };
      },
      render(view) {
        const current = view.entities;
        for (let i = 0; i < current.length; i++) {
          const e = current[i]!;
          const position = retained[i]!.position;
          position.x = e.x;
          position.y = e.y;
        }
      },
      retained,
    };
  }
  return {
    initial,
    update(view, context) {
      return { frame: view.frame + 1, time: view.time + context.dt, entities: view.entities as readonly Entity[] };
    },
    render(view) {
      const time = view.time;
      const current = view.entities;
      for (let i = 0; i < current.length; i++) {
        const e = current[i]!;
        const position = retained[i]!.position;
        position.x = e.x + e.vx * time;
        position.y = e.y + e.vy * time;
      }
    },
    retained,
  };
}

/** Where the game placed entity `i` in the state `view` (what render must have written). */
export function placed(workload: StateWorkload, view: DeepReadonly<SceneState>, i: number): { x: number; y: number } {
  const e = view.entities[i]!;
  return workload === 'new records' ? { x: e.x, y: e.y } : { x: e.x + e.vx * view.time, y: e.y + e.vy * view.time };
}

/**
 * The runtime benches' scene (bench/runtime.ts, bench/replay.ts): a fixed
 * ground box and N dynamic bodies (boxes and balls, alternating, 0.5 m
 * across) dropped in a grid from 0.5-1.5 m onto it, each with one behavior,
 * `work`: `fixedUpdate` adds the tick's delta to a field, `update` counts
 * frames (one line each). `fixed_delta` 1/60 s, 4 physics substeps,
 * `max_catch_up_ticks` 4.
 */
import type { Behavior, BehaviorFactory } from '../src/engines/runtime/behavior.js';
import { parseSceneDocument, type SceneDocument, type SceneObjectDoc } from '../src/engines/runtime/scene-document.js';

export const FIXED_DELTA_SECONDS = 1 / 60;
export const FIXED_STEP_MS = FIXED_DELTA_SECONDS * 1000;
export const PHYSICS_SUBSTEPS = 4;
export const MAX_CATCH_UP_TICKS = 4;
const GRID_WIDTH = 100;
const SPACING_M = 1;
const HALF_SIZE_M = 0.25;

/** The one behavior every object has: one line of work per callback, and its two fields saved and restored with the runtime (the `save`/`restore` hook). */
export interface Work extends Behavior {
  simulatedSeconds: number;
  frames: number;
  save(): { simulatedSeconds: number; frames: number };
  restore(data: unknown): void;
}

export const work: BehaviorFactory = (): Work => ({
  simulatedSeconds: 0,
  frames: 0,
  fixedUpdate(_game, _self, delta) {
    this.simulatedSeconds += delta;
  },
  update() {
    this.frames++;
  },
  save() {
    return { simulatedSeconds: this.simulatedSeconds, frames: this.frames };
  },
  restore(data) {
    ({ simulatedSeconds: this.simulatedSeconds, frames: this.frames } = data as { simulatedSeconds: number; frames: number });
  },
});

/** The scene at `count` bodies, parsed (every setting resolved). */
export function sceneDocument(count: number): SceneDocument {
  const groundHalfM = (GRID_WIDTH * SPACING_M) / 2 + 5;
  const objects: SceneObjectDoc[] = [
    {
      name: 'ground',
      position: [groundHalfM - 5, -0.5, groundHalfM - 5],
      body: { kind: 'fixed', colliders: [{ shape: 'box', half_extents: [groundHalfM, 0.5, groundHalfM] }] },
    },
  ];
  for (let i = 0; i < count; i++) {
    const collider = i % 2 === 0 ? ({ shape: 'box', half_extents: [HALF_SIZE_M, HALF_SIZE_M, HALF_SIZE_M] } as const) : ({ shape: 'ball', radius: HALF_SIZE_M } as const);
    objects.push({
      name: `body${i}`,
      position: [(i % GRID_WIDTH) * SPACING_M, HALF_SIZE_M + 0.5 + (i % 3) * 0.5, Math.floor(i / GRID_WIDTH) * SPACING_M],
      body: { colliders: [collider] },
      behaviors: ['work'],
    });
  }
  const scene = {
    name: 'bench',
    simulation: { fixed_delta: FIXED_DELTA_SECONDS, physics_substeps: PHYSICS_SUBSTEPS, max_catch_up_ticks: MAX_CATCH_UP_TICKS },
    objects,
  };
  return parseSceneDocument(scene, { knownBehaviors: ['work'] }).document;
}

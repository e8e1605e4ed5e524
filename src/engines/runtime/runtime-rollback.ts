import type { PhysicsBridge } from './physics-bridge.js';
import type { RuntimeObject } from './runtime-object.js';

/**
 * What the sync test hashes of a runtime: the part a fixed tick changes.
 * The runtime hands it over; this file never names the runtime. @internal
 */
export interface RollbackParts {
  /** The live objects, in creation order. */
  readonly objects: readonly RuntimeObject[];
  /** Fixed ticks run in the session. */
  readonly tickCount: number;
  /** The physics world, when the runtime has one. */
  readonly bridge: PhysicsBridge | undefined;
}

/** A rolled-back runtime's state, as plain data: what the sync test hashes. */
export interface SimulationState {
  readonly tick: number;
  readonly objects: Record<string, { position: number[]; rotation: number[]; velocity?: number[] }>;
}

/**
 * The state a rollback compares, as plain data: the tick count and every
 * live object's simulation pose (position, rotation) and, for a physical
 * body, its velocity, keyed by name (a repeated name gets `#2`, `#3`...).
 * @internal
 */
export function simulationState({ objects: live, tickCount, bridge }: RollbackParts): SimulationState {
  const objects: Record<string, { position: number[]; rotation: number[]; velocity?: number[] }> = {};
  const velocity = new Float64Array(3);
  for (const object of live) {
    if (object.state !== 'live') continue;
    let key = object.name;
    for (let n = 2; Object.hasOwn(objects, key); n++) key = `${object.name}#${n}`;
    const entry: { position: number[]; rotation: number[]; velocity?: number[] } = { position: [...object.current.position], rotation: [...object.current.rotation] };
    if (object.physical) {
      bridge!.readVelocity(object, velocity);
      entry.velocity = [...velocity];
    }
    objects[key] = entry;
  }
  return { tick: tickCount, objects };
}

import type { BodyHandle, ColliderHandle, CollisionEvent, CollisionKind } from '../../engines/runtime/physics-adapter.js';

/**
 * A reusable {@link CollisionEvent}: the adapter keeps a pool of these and
 * refills them after every step, so delivering events allocates nothing
 * once the pool has grown to the busiest step's size.
 *
 * Internal to the Rapier backend.
 */
export class CollisionRecord implements CollisionEvent {
  kind: CollisionKind = 'begin';
  colliderA: ColliderHandle = 0;
  bodyA: BodyHandle = 0;
  colliderB: ColliderHandle = 0;
  bodyB: BodyHandle = 0;
  sensor = false;
  hasContact = false;
  readonly point = new Float64Array(3);
  readonly normal = new Float64Array(3);
}

export { box, circle, halfExtents, type Collider, type CollisionEvent, type CollisionResponse, type Shape } from './shapes.js';
export { overlaps, type Contact } from './narrowphase.js';
export { CollisionPass, type CollisionPassOptions } from './collision-pass.js';
export { InvalidColliderError, MAX_COLLIDER_ID, type ColliderField } from './invalid-collider-error.js';

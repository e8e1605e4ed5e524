export { box, circle, halfExtents, type Collider, type CollisionEvent, type CollisionResponse, type Shape } from './shapes.js';
export { overlaps, type Contact } from './narrowphase.js';
export { CollisionPass, MAX_COLLIDER_ID } from './collision-pass.js';

import type { DeepReadonly } from 'tickflow/state';
import { nextRandom, type SeededRandom } from 'tickflow/operators';
import type { Orb, Vec3 } from './state.js';
import {
  BOB_AMPLITUDE_UNITS,
  BOB_RADIANS_PER_SECOND,
  CORE_RADIUS_UNITS,
  ORB_HEIGHT_RANGE_UNITS,
  PRECIOUS_SHARE,
  PRECIOUS_SPEED_FACTOR,
  RADIAL_SPEED_UNITS_PER_SECOND,
  RARE_SHARE,
  SPAWN_RADIUS_UNITS,
  TANGENTIAL_SPEED_UNITS_PER_SECOND,
  type OrbValue,
} from './tuning.js';

/**
 * How an orb moves: a spiral in to the core. Pure functions of an orb and a
 * duration in seconds; the update calls them with the frame's delta.
 *
 * The fall towards the core is linear in time, so when an orb reaches the
 * core ({@link escapeAtSeconds}) does not depend on the step size. The
 * angle is not: its rate is the tangential speed over the current radius,
 * which grows as the orb falls in, and an Euler step of that rate lands in a
 * slightly different place for a different step. Both are correct; that is
 * why the delta-time tests compare outcomes and not positions.
 *
 * @module
 */

/** Where an orb is, in world coordinates (y up). */
export function orbPosition(orb: DeepReadonly<Orb>): Vec3 {
  return {
    x: orb.radiusUnits * Math.cos(orb.angleRadians),
    y: orb.heightUnits + BOB_AMPLITUDE_UNITS * Math.sin(orb.bobRadians),
    z: orb.radiusUnits * Math.sin(orb.angleRadians),
  };
}

/**
 * The orb `seconds` later: one explicit Euler step of its spiral (the angle
 * advances at the rate of the radius it starts the step at).
 */
export function advanceOrb(orb: DeepReadonly<Orb>, seconds: number): Orb {
  const angularRadiansPerSecond = orb.tangentialSpeedUnitsPerSecond / orb.radiusUnits;
  return {
    ...orb,
    radiusUnits: orb.radiusUnits - orb.radialSpeedUnitsPerSecond * seconds,
    angleRadians: orb.angleRadians + angularRadiansPerSecond * seconds,
    bobRadians: orb.bobRadians + BOB_RADIANS_PER_SECOND * seconds,
  };
}

/** Whether the orb has fallen into the core. */
export function hasReachedCore(orb: DeepReadonly<Orb>): boolean {
  return orb.radiusUnits <= CORE_RADIUS_UNITS;
}

/**
 * The round time the orb reaches the core. Exact whatever the step size (the
 * fall is linear), so a scripted player can plan against it.
 */
export function escapeAtSeconds(orb: DeepReadonly<Orb>): number {
  return orb.spawnedAtSeconds + (SPAWN_RADIUS_UNITS - CORE_RADIUS_UNITS) / orb.radialSpeedUnitsPerSecond;
}

/**
 * A new orb at the rim, dealt from `random` (which it advances: pass a copy
 * owned by the next state, never the view's generator). Always the same seven
 * draws, so a round's orbs depend only on the seed and the order of spawns.
 *
 * @param number The orb's number within the round (its id is `orb-<number>`).
 * @param spawnedAtSeconds The round time it is due at.
 */
export function spawnOrb(random: SeededRandom, number: number, spawnedAtSeconds: number): Orb {
  const angleRadians = nextRandom(random) * 2 * Math.PI;
  const heightUnits = (nextRandom(random) - 0.5) * ORB_HEIGHT_RANGE_UNITS;
  const bobRadians = nextRandom(random) * 2 * Math.PI;
  const radial = between(RADIAL_SPEED_UNITS_PER_SECOND, nextRandom(random));
  const tangential = between(TANGENTIAL_SPEED_UNITS_PER_SECOND, nextRandom(random));
  const direction = nextRandom(random) < 0.5 ? -1 : 1;
  const value = valueOf(nextRandom(random));
  return {
    id: `orb-${number}`,
    value,
    radiusUnits: SPAWN_RADIUS_UNITS,
    angleRadians,
    heightUnits,
    bobRadians,
    radialSpeedUnitsPerSecond: value === 5 ? radial * PRECIOUS_SPEED_FACTOR : radial,
    tangentialSpeedUnitsPerSecond: direction * tangential,
    spawnedAtSeconds,
  };
}

function between(range: { readonly min: number; readonly max: number }, unit: number): number {
  return range.min + (range.max - range.min) * unit;
}

function valueOf(unit: number): OrbValue {
  if (unit < PRECIOUS_SHARE) return 5;
  if (unit < PRECIOUS_SHARE + RARE_SHARE) return 2;
  return 1;
}

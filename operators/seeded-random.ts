import { OptionError } from './option-error.js';

/**
 * A seeded pseudo-random generator's state (mulberry32). A plain object so a
 * game can keep one in its own state and draw from it deterministically.
 */
export interface SeededRandom {
  /** The 32-bit state; advances on every draw. */
  state: number;
}

/**
 * A generator from a seed. The same seed gives the same draws on every
 * platform: the arithmetic is 32-bit integer math (`Math.imul`, shifts), which
 * JavaScript defines exactly, and one division by 2^32.
 *
 * @param seed A whole number from 0 to 4294967295.
 * @throws {OptionError} when `seed` is not such a number.
 */
export function createSeededRandom(seed: number, where = 'createSeededRandom'): SeededRandom {
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new OptionError(where, 'seed', 'a whole number from 0 to 4294967295', seed);
  }
  return { state: seed };
}

/**
 * Draws the next number in [0, 1) and advances the generator (mulberry32, a
 * well-studied 32-bit generator: small state, fast, passes gjrand's tests for
 * its size; not for cryptography).
 */
export function nextRandom(random: SeededRandom): number {
  let t = (random.state = (random.state + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/**
 * Sine, cosine and arctangent that give the same bits in every JavaScript
 * engine, for the gallery games' simulations (what a replay in Node, a
 * rollback peer or a room's server must compute exactly as the page did).
 *
 * Why not `Math.sin`, `Math.cos`, `Math.atan2`: ECMAScript leaves their
 * approximation to each engine, and engines differ in the last bit. Between
 * Node 20 (V8 11.3) and Debian's Chromium 156 on this project's machine,
 * over 100,000 random arguments each: `Math.sin` differed for 3.3 % of them,
 * `Math.cos` 3.4 %, `Math.atan2` 18.6 % (docs/determinism.md). One such bit
 * in a ball's return angle was enough to make a recorded Paddle Duel session
 * replay in Node with a different state from that return on.
 *
 * These come from stdlib (`@stdlib/math-base-special-*`), a maintained
 * library whose functions are ports of FreeBSD's msun and Go's math package
 * written with `+ - * /`, `Math.floor`, `Math.sqrt` and bit access through
 * typed arrays only, all exactly specified: so every engine on every CPU
 * computes them alike (spec/browser/portable-math.spec.ts compares Chromium's
 * bits with Node's), within two units in the last place of the built-ins.
 * They are slower than the built-ins; use them in the simulation, and the
 * built-ins for what is only drawn.
 *
 * @module
 */
import atan2 from '@stdlib/math-base-special-atan2';
import cos from '@stdlib/math-base-special-cos';
import sin from '@stdlib/math-base-special-sin';

export { atan2, cos, sin };

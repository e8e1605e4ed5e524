// The game's rules, apart from the page: the state is a value, and update
// turns the current state into the next one each frame. Nothing here draws:
// main.ts renders the state with three.js; game.spec.ts tests update in Node.
import type { UpdateContext } from 'tickflow/state';

/** The whole game state: replaced each frame, never changed in place. */
export interface State {
  /** The cube's turn, in radians. */
  readonly angle: number;
  /** How fast it turns, in radians per second. */
  readonly spin: number;
  /** Clicks (or taps) that hit the cube. */
  readonly score: number;
}

export const INITIAL: State = { angle: 0, spin: 1, score: 0 };

/** How fast a held key changes the spin, in radians per second, per second. */
export const SPIN_ACCELERATION = 3;

/** The name the cube's mesh carries: a pick through the view reports it. */
export const CUBE = 'cube';

export type Action = 'slower' | 'faster' | 'fire';
export const BINDINGS = { slower: ['ArrowLeft', 'KeyA'], faster: ['ArrowRight', 'KeyD'], fire: ['Pointer0', 'Space'] };

/** One frame: ← and → change the spin, the cube turns by it, a click (or a tap) on the cube scores. */
export function update(state: State, { dt, input, view }: UpdateContext<Action>): State {
  const spin = state.spin + input.axis('slower', 'faster') * SPIN_ACCELERATION * dt;
  const hit = input.pressed('fire') ? view.pick(input.pointer.x, input.pointer.y) : undefined;
  return { angle: state.angle + spin * dt, spin, score: state.score + (hit?.name === CUBE ? 1 : 0) };
}

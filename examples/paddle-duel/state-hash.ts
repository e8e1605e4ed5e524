import { readOutcome } from 'tickflow/testing';
import type { WorldEngine } from 'tickflow/world';
import { worldEngineState, type WorldState } from 'tickflow/replay';
import type { DuelAction } from './bindings.js';
import type { Match } from './match.js';

/**
 * A fingerprint of a match's whole state, to show that the page and a Node
 * test reach the same state: "the same scenario under a constant clock
 * reaches the same state (compare a hash) stepped in Node and run in
 * Chromium".
 *
 * Unlike the delta-time validator, which compares only what survives a
 * change in step size, this compares everything, positions and velocities
 * included: under one clock, two runs must agree exactly. Numbers are
 * written to 6 decimals, far finer than any divergence would stay.
 *
 * @module
 */

/** Decimals kept of each position and velocity. */
const DECIMALS = 6;

/** The state the hash is taken of, as plain data. */
export interface DuelSnapshot {
  readonly frame: { readonly count: number; readonly timeMs: string };
  readonly outcome: ReturnType<typeof readOutcome>;
  readonly worldTime: string;
  readonly totals: Readonly<Record<string, number>>;
  readonly rounds: readonly string[];
  /** Every live actor: name, position, and a ball's velocity. */
  readonly actors: readonly (readonly string[])[];
}

/** Reads the snapshot of a running match. */
export function duelSnapshot(engine: WorldEngine<DuelAction>, match: Match): DuelSnapshot {
  const world = engine.world;
  const fixed = (n: number): string => n.toFixed(DECIMALS);
  const frame = engine.frame();
  const outcome = readOutcome(engine);
  return {
    frame: { count: frame.count, timeMs: fixed(frame.timeMs) },
    outcome: { ...outcome, elapsedSeconds: Number(fixed(outcome.elapsedSeconds)) },
    worldTime: fixed(world.time),
    totals: { ...match.totals },
    rounds: match.rounds.map((r) => `${r.round}:${r.winner}:${r.points.left}-${r.points.right}`),
    actors: world.actors
      .filter((a) => a.alive)
      .map((a) => {
        const moving = a as { vx?: number; vy?: number };
        const velocity = typeof moving.vx === 'number' && typeof moving.vy === 'number' ? [fixed(moving.vx), fixed(moving.vy)] : [];
        return [a.name, fixed(a.x), fixed(a.y), ...velocity];
      }),
  };
}

/** FNV-1a, 32 bits, of a string's UTF-16 code units, as 8 hex digits: small, and the same in every JavaScript engine. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The hash of a match's snapshot. */
export function duelStateHash(engine: WorldEngine<DuelAction>, match: Match): string {
  return fnv1a(JSON.stringify(duelSnapshot(engine, match)));
}

/**
 * The state a recorded session's checkpoints hash (`recordSession(engine,
 * { stateOf: duelCheckpointState })`, and the same to `replay`): the world
 * engine's own (`worldEngineState`) without the size each label is drawn at.
 * That size follows the page's layout (text grows to a legible size on a
 * small stage; label.ts), not the match, so a session recorded on a phone
 * replays in Node, whose stage has no size, with every checkpoint equal.
 */
export function duelCheckpointState(engine: WorldEngine<DuelAction>): WorldState {
  const state = worldEngineState(engine);
  return { ...state, actors: state.actors.map(({ drawnSize: _drawnSize, ...fields }) => fields) };
}

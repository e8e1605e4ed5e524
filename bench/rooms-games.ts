/**
 * The rooms bench's games (bench/rooms.ts): what a room runs and a client
 * runs again, the same code on both sides, as `tickflowRoom` and
 * `tickflowClient` take it (`advance`, `applyInputs`, a `save` the room
 * sends and the `restore` a client puts it back with).
 *
 * - **state arena**: a state engine of {@link ARENA_BOTS} players that
 *   change direction every {@link ARENA_TURN_TICKS} ticks by themselves,
 *   plus one player per client, moved by its held input byte; every
 *   player's input is in the state (the arena of spec/colyseus and of
 *   bench/rooms-encoding.ts).
 * - **runtime**: bench/runtime-scene.ts's scene (a ground box and N Rapier
 *   bodies with the `work` behavior) on the fixed-tick runtime, one tick an
 *   `advance()`. Body `i` hops every {@link HOP_EVERY_TICKS} ticks (its own
 *   phase), whoever is there, so the scene stays awake (a room at rest,
 *   its bodies asleep, is the cheapest a tick gets, and a room with no
 *   client would be cheaper than one with a client for no reason of the
 *   network's); each client takes a seat, body `seat`, pushed along x by
 *   its held input byte (0 still, 1 right, 2 left). The seats and inputs
 *   live beside the runtime, so the game's `save` carries them.
 *
 * The runtime's `save` comes in two kinds: **exact**, what the room sends
 * by default (`runtime.save()`, Rapier's world included: what a client can
 * restore and re-simulate from), and **poses**, position, rotation and
 * linear velocity of each body as float32 ({@link POSE_FLOATS} a body, the
 * layout of bench/rooms-encoding.ts's "poses and velocities only"): what a
 * client can draw but not restore the engine from.
 */
import { NEVER } from 'rxjs';
import { createRapier3d } from '../src/backends/rapier/rapier3d.js';
import { nullBackend } from '../src/backends/null/null-backend.js';
import { constantClock } from '../src/clocks/scripted-clocks.js';
import type { BehaviorFactory } from '../src/engines/runtime/behavior.js';
import type { EntityHandle } from '../src/engines/runtime/entity-handle.js';
import { createRuntime, type Runtime } from '../src/engines/runtime/runtime.js';
import { createStateEngine } from '../src/engines/state/index.js';
import type { RoomInput } from '../src/colyseus/index.js';
import { FIXED_DELTA_SECONDS, FIXED_STEP_MS, sceneDocument, work, type Work } from './runtime-scene.js';

/** The games a bench room can run. */
export type RoomGameKind = 'state arena' | 'runtime, exact snapshot' | 'runtime, poses only';
export const ROOM_GAME_KINDS: readonly RoomGameKind[] = ['runtime, exact snapshot', 'runtime, poses only', 'state arena'];

/** The room: the runtime at this many bodies. */
export const ROOM_BODIES = 100;
/** Players of the state arena that move by themselves. */
export const ARENA_BOTS = 4;
/** Every how many ticks an arena bot turns. */
export const ARENA_TURN_TICKS = 20;
/** Each body hops once every this many ticks. */
export const HOP_EVERY_TICKS = 40;
const HOP_SPEED_M_S = 3;
/** Floats a body in the poses-only state: position 3, rotation 4, linear velocity 3, angular velocity 3 (the runtime exposes no angular velocity: zeros, as in bench/rooms-encoding.ts). */
export const POSE_FLOATS = 13;
/** Seats of the runtime game: players beyond them are ignored. */
const SEATS = 8;

/** A game as a room and a client run it. */
export interface RoomGame {
  readonly kind: RoomGameKind;
  advance(): void;
  applyInputs(inputs: readonly RoomInput[]): void;
  /** What the room sends. */
  save(): unknown;
  /** What a client draws: the arena's state; the runtime's poses (a copy). */
  present(): unknown;
  /** Puts back what `save` returned (for `poses only`: not possible, throws). */
  restore(state: unknown): void;
  destroy(): void;
}

const DIRECTIONS: readonly (readonly [number, number])[] = [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]];
type ArenaPlayer = { readonly x: number; readonly y: number; readonly move: number };
type Arena = { readonly tick: number; readonly players: Readonly<Record<string, ArenaPlayer>> };

/** The state arena. */
export function stateArena(): RoomGame {
  const bots = Object.fromEntries(Array.from({ length: ARENA_BOTS }, (_, i) => [`bot${i}`, { x: i, y: 0, move: 0 }]));
  const engine = createStateEngine({
    backend: nullBackend(),
    ticks: NEVER,
    clock: constantClock(1000 / 60),
    initial: { tick: 0, players: bots } as Arena,
    update: (s, { dt }) => {
      const players: Record<string, ArenaPlayer> = {};
      let i = 0;
      for (const [id, p] of Object.entries(s.players)) {
        const move = id.startsWith('bot') ? 1 + ((Math.floor(s.tick / ARENA_TURN_TICKS) + i++) % 4) : p.move;
        const [dx, dy] = DIRECTIONS[move] ?? [0, 0];
        players[id] = { x: p.x + dx! * 3 * dt, y: p.y + dy! * 3 * dt, move };
      }
      return { tick: s.tick + 1, players };
    },
  });
  return {
    kind: 'state arena',
    advance: () => void engine.advance(),
    applyInputs(inputs) {
      for (const { client, input } of inputs) {
        engine.apply((s) => ({ ...s, players: { ...s.players, [client]: { x: s.players[client]?.x ?? 0, y: s.players[client]?.y ?? 0, move: input[0]! } } }));
      }
    },
    save: () => engine.save(),
    present: () => engine.state,
    restore: (state) => engine.restore(state as ReturnType<typeof engine.save>),
    destroy: () => engine.destroy(),
  };
}

/** The runtime game at `bodies` bodies, sending an exact snapshot or poses only. */
export async function runtimeRoomGame(bodies: number, send: 'exact' | 'poses'): Promise<RoomGame> {
  let seats: string[] = [];
  let moves: number[] = [];
  const hopping: BehaviorFactory = (game, self) => {
    const index = Number(game.nameOf(self).slice('body'.length));
    const base = work(game, self) as Work;
    return {
      ...base,
      fixedUpdate(g, s, delta) {
        base.fixedUpdate!.call(this, g, s, delta);
        // The tick from work's own saved field, so a restored runtime hops on the same ticks.
        const tick = Math.round((this as Work).simulatedSeconds / FIXED_DELTA_SECONDS);
        const seat = index < seats.length ? index : -1;
        if (tick % HOP_EVERY_TICKS === index % HOP_EVERY_TICKS) g.setVelocity(s, 0, HOP_SPEED_M_S, 0);
        else if (seat >= 0) {
          const velocity = g.velocity(s, new Float64Array(3));
          g.setVelocity(s, [0, 2, -2][moves[seat]!] ?? 0, velocity[1]!, 0);
        }
      },
    };
  };
  const runtime: Runtime = createRuntime({ scene: sceneDocument(bodies), behaviors: { work: hopping }, physics: await createRapier3d(), clock: constantClock(FIXED_STEP_MS), ticks: NEVER });
  const handles: EntityHandle[] = Array.from({ length: bodies }, (_, i) => runtime.find(`body${i}`)!);
  const poses = new Float32Array(bodies * POSE_FLOATS);
  const velocity = new Float64Array(3);
  const posesNow = (): Float32Array => {
    handles.forEach((body, i) => {
      const { position, rotation } = runtime.transform(body);
      poses.set(position, i * POSE_FLOATS);
      poses.set(rotation, i * POSE_FLOATS + 3);
      poses.set(runtime.velocity(body, velocity), i * POSE_FLOATS + 7);
    });
    return poses;
  };
  return {
    kind: send === 'exact' ? 'runtime, exact snapshot' : 'runtime, poses only',
    advance: () => void runtime.advance(),
    applyInputs(inputs) {
      for (const { client, input } of inputs) {
        let seat = seats.indexOf(client);
        if (seat < 0 && seats.length < SEATS) seat = seats.push(client) - 1;
        if (seat >= 0) moves[seat] = input[0]!;
      }
    },
    present: () => Float32Array.from(posesNow()),
    save: () => (send === 'exact' ? { runtime: runtime.save(), seats: [...seats], moves: [...moves] } : { poses: posesNow(), seats: [...seats], moves: [...moves] }),
    restore(state) {
      if (send !== 'exact') throw new Error('rooms bench: a poses-only state cannot restore the runtime');
      const s = state as { runtime: ReturnType<Runtime['save']>; seats: string[]; moves: number[] };
      runtime.restore(s.runtime);
      seats = [...s.seats];
      moves = [...s.moves];
    },
    destroy: () => runtime.destroy(),
  };
}

/** A game of a kind, the runtime at {@link ROOM_BODIES} bodies. */
export function createRoomGame(kind: RoomGameKind, bodies = ROOM_BODIES): Promise<RoomGame> | RoomGame {
  if (kind === 'state arena') return stateArena();
  return runtimeRoomGame(bodies, kind === 'runtime, exact snapshot' ? 'exact' : 'poses');
}

/**
 * The arena's rules, as plain functions on a plain state: up to eight
 * discs in a walled field, each moved by the input its player holds, three
 * gems to collect, a score. The same code runs in the room (the authority)
 * and in every page (the prediction), so everything here is deterministic:
 * no clock, no `Math.random()`; a gem that is taken comes back at a place
 * drawn from the random source it is handed (the engine's seeded one, part
 * of the engine's saved state).
 *
 * Units: the field is {@link ARENA_WIDTH} × {@link ARENA_HEIGHT} world units,
 * times are in seconds, speeds in units a second.
 *
 * @module
 */

/** The field's size, in world units (16:9, the stage's shape). */
export const ARENA_WIDTH = 16;
export const ARENA_HEIGHT = 9;
/** A player's disc, and a gem's, radius in world units. */
export const PLAYER_RADIUS = 0.45;
export const GEM_RADIUS = 0.3;
/** How fast a player moves, in units a second (diagonals too: the direction is normalized). */
export const PLAYER_SPEED = 5;
/** Gems on the field at any time. */
export const GEM_COUNT = 3;
/** The most players a room holds: issue 28's "an arena for 2 to 8 players". */
export const MAX_PLAYERS = 8;
/** How far from the walls a gem comes back, in world units. */
export const GEM_MARGIN = 1;

/** The input byte's bits: what the player holds. */
export const MOVE_LEFT = 1;
export const MOVE_RIGHT = 2;
export const MOVE_UP = 4;
export const MOVE_DOWN = 8;

/** One player. */
export interface ArenaPlayer {
  readonly x: number;
  readonly y: number;
  /** The input byte held (MOVE_* bits): part of the state, so a client restoring the room's state has everyone's last input. */
  readonly move: number;
  readonly score: number;
  /** 0 to 7: where the player started, and their color. */
  readonly slot: number;
}

/** A gem, at its place. */
export interface ArenaGem {
  readonly x: number;
  readonly y: number;
}

/** The whole state of a room. */
export interface ArenaState {
  readonly players: Readonly<Record<string, ArenaPlayer>>;
  readonly gems: readonly ArenaGem[];
  /** Gems taken since the room began. */
  readonly taken: number;
}

/** Where each slot starts: around the middle, away from the walls. */
export const SPAWNS: readonly ArenaGem[] = [
  { x: 3, y: 2.5 }, { x: 13, y: 6.5 }, { x: 13, y: 2.5 }, { x: 3, y: 6.5 },
  { x: 8, y: 1.8 }, { x: 8, y: 7.2 }, { x: 1.8, y: 4.5 }, { x: 14.2, y: 4.5 },
];

/** The first gems, the same in every room. */
const FIRST_GEMS: readonly ArenaGem[] = [{ x: 8, y: 4.5 }, { x: 5.5, y: 4.5 }, { x: 10.5, y: 4.5 }];

/** A room's state before anyone joins. */
export function initialArena(): ArenaState {
  return { players: {}, gems: FIRST_GEMS.slice(0, GEM_COUNT).map((gem) => ({ ...gem })), taken: 0 };
}

/** The input byte for what is held. */
export function encodeMove(held: { left?: boolean; right?: boolean; up?: boolean; down?: boolean }): number {
  return (held.left ? MOVE_LEFT : 0) | (held.right ? MOVE_RIGHT : 0) | (held.up ? MOVE_UP : 0) | (held.down ? MOVE_DOWN : 0);
}

/** The unit direction an input byte asks for ([0, 0] when opposite keys cancel, or none is held); y grows downwards. */
export function moveDirection(move: number): readonly [number, number] {
  const dx = (move & MOVE_RIGHT ? 1 : 0) - (move & MOVE_LEFT ? 1 : 0);
  const dy = (move & MOVE_DOWN ? 1 : 0) - (move & MOVE_UP ? 1 : 0);
  const length = Math.sqrt(dx * dx + dy * dy);
  return length === 0 ? [0, 0] : [dx / length, dy / length];
}

/** Players by id in a fixed order (ids sorted), so every machine resolves contacts the same way. */
function sortedIds(state: ArenaState): string[] {
  return Object.keys(state.players).sort();
}

/** A new player in the lowest free slot, at its spawn; unchanged when the id is in, or all eight slots are taken. */
export function joinArena(state: ArenaState, id: string): ArenaState {
  if (state.players[id] !== undefined) return state;
  const used = new Set(Object.values(state.players).map((player) => player.slot));
  let slot = 0;
  while (used.has(slot)) slot++;
  if (slot >= MAX_PLAYERS) return state;
  const { x, y } = SPAWNS[slot]!;
  return { ...state, players: { ...state.players, [id]: { x, y, move: 0, score: 0, slot } } };
}

/** The state without player `id`. */
export function leaveArena(state: ArenaState, id: string): ArenaState {
  if (state.players[id] === undefined) return state;
  const players = { ...state.players };
  delete players[id];
  return { ...state, players };
}

/** Player `id` now holds `move`; unchanged for an unknown player (one who left, or not yet joined). */
export function setMove(state: ArenaState, id: string, move: number): ArenaState {
  const player = state.players[id];
  if (player === undefined || player.move === move) return state;
  return { ...state, players: { ...state.players, [id]: { ...player, move } } };
}

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

/**
 * The distance between two points: a square root of the squares, exact in
 * every engine, where `Math.hypot` need not be (the room's server runs these
 * rules in Node, each client's prediction in its browser).
 */
const distanceBetween = (a: { x: number; y: number }, b: { x: number; y: number }): number => Math.sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y));

/**
 * One tick of `dt` seconds:
 *
 * 1. each player moves by its held input, {@link PLAYER_SPEED} units a second;
 * 2. players that overlap are pushed apart, half each, pairs in id order;
 * 3. each is kept inside the walls;
 * 4. a gem a player touches is theirs (+1; in id order, so a gem two touch
 *    goes to the first) and comes back at a place drawn from `random`.
 *
 * @param random Numbers in [0, 1): the engine's seeded source, so every machine draws the same places.
 */
export function stepArena(state: ArenaState, dt: number, random: () => number): ArenaState {
  const ids = sortedIds(state);
  const moved = ids.map((id) => {
    const player = state.players[id]!;
    const [dx, dy] = moveDirection(player.move);
    return { id, x: player.x + dx * PLAYER_SPEED * dt, y: player.y + dy * PLAYER_SPEED * dt, move: player.move, score: player.score, slot: player.slot };
  });
  for (let i = 0; i < moved.length; i++) {
    for (let j = i + 1; j < moved.length; j++) {
      const a = moved[i]!;
      const b = moved[j]!;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const distance = Math.sqrt(dx * dx + dy * dy);
      const overlap = 2 * PLAYER_RADIUS - distance;
      if (overlap <= 0) continue;
      // Two discs on one spot part along x, the first to the left.
      const [nx, ny] = distance === 0 ? [1, 0] : [dx / distance, dy / distance];
      a.x -= (nx * overlap) / 2;
      a.y -= (ny * overlap) / 2;
      b.x += (nx * overlap) / 2;
      b.y += (ny * overlap) / 2;
    }
  }
  for (const player of moved) {
    player.x = clamp(player.x, PLAYER_RADIUS, ARENA_WIDTH - PLAYER_RADIUS);
    player.y = clamp(player.y, PLAYER_RADIUS, ARENA_HEIGHT - PLAYER_RADIUS);
  }
  let taken = state.taken;
  const gems = state.gems.map((gem) => {
    const taker = moved.find((player) => distanceBetween(player, gem) < PLAYER_RADIUS + GEM_RADIUS);
    if (taker === undefined) return { x: gem.x, y: gem.y };
    taker.score++;
    taken++;
    return { x: GEM_MARGIN + random() * (ARENA_WIDTH - 2 * GEM_MARGIN), y: GEM_MARGIN + random() * (ARENA_HEIGHT - 2 * GEM_MARGIN) };
  });
  const players: Record<string, ArenaPlayer> = {};
  for (const { id, ...player } of moved) players[id] = player;
  return { players, gems, taken };
}

/**
 * The input byte that steers player `id` towards the nearest gem (0 when it
 * is not in the room, or on the gem): the page's autoplay (`?autoplay=1`),
 * for the gallery's card picture. A key or a touch takes over.
 */
export function steerToNearestGem(state: ArenaState, id: string): number {
  const player = state.players[id];
  if (player === undefined) return 0;
  let best: ArenaGem | undefined;
  for (const gem of state.gems) {
    if (best === undefined || distanceBetween(gem, player) < distanceBetween(best, player)) best = gem;
  }
  if (best === undefined) return 0;
  // Only axes more than a tenth of a unit off: no dithering left and right on the spot.
  const dx = best.x - player.x;
  const dy = best.y - player.y;
  return encodeMove({ left: dx < -0.1, right: dx > 0.1, up: dy < -0.1, down: dy > 0.1 });
}

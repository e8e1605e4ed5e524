import { describe, expect, it } from 'vitest';
import { createArenaGame } from '../../examples/arena/arena-game.js';
import {
  ARENA_HEIGHT,
  ARENA_WIDTH,
  encodeMove,
  GEM_COUNT,
  GEM_MARGIN,
  initialArena,
  joinArena,
  leaveArena,
  MAX_PLAYERS,
  MOVE_DOWN,
  MOVE_LEFT,
  MOVE_RIGHT,
  MOVE_UP,
  moveDirection,
  PLAYER_RADIUS,
  PLAYER_SPEED,
  setMove,
  SPAWNS,
  steerToNearestGem,
  stepArena,
  type ArenaState,
} from '../../examples/arena/arena-rules.js';

// The gallery arena's rules (examples/arena/arena-rules.ts): issue 28, item 5,
// "In the gallery: an arena for 2 to 8 players". The same functions run in the
// room and in every page, so they are checked here as plain functions, and
// through the engine both sides build (arena-game.ts).

const DT = 1 / 60;
const never = (): number => {
  throw new Error('no gem was taken: nothing should be drawn');
};
const withPlayers = (...ids: string[]): ArenaState => ids.reduce(joinArena, initialArena());

describe('the arena: "an arena for 2 to 8 players"', () => {
  it('seats players in the lowest free slot, at its spawn, up to 8; a ninth is not seated', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const full = withPlayers(...ids);
    expect(Object.keys(full.players)).toHaveLength(MAX_PLAYERS);
    ids.forEach((id, slot) => expect(full.players[id]).toEqual({ ...SPAWNS[slot], move: 0, score: 0, slot }));
    expect(joinArena(full, 'i')).toBe(full);
    // A seat given up is the next one taken.
    const left = leaveArena(full, 'c');
    expect(left.players['c']).toBeUndefined();
    expect(joinArena(left, 'i').players['i']!.slot).toBe(2);
    expect(joinArena(full, 'a')).toBe(full); // joining twice changes nothing
  });

  it('moves a player by the input held, PLAYER_SPEED units a second, diagonals as fast as straight lines', () => {
    expect(moveDirection(encodeMove({ right: true }))).toEqual([1, 0]);
    expect(moveDirection(encodeMove({ up: true }))).toEqual([0, -1]);
    expect(moveDirection(MOVE_LEFT | MOVE_RIGHT)).toEqual([0, 0]);
    const [dx, dy] = moveDirection(MOVE_DOWN | MOVE_LEFT);
    expect(Math.hypot(dx, dy)).toBeCloseTo(1, 12);
    let state = setMove(withPlayers('a'), 'a', MOVE_RIGHT);
    const x0 = state.players['a']!.x;
    for (let tick = 0; tick < 60; tick++) state = stepArena(state, DT, never);
    expect(state.players['a']!.x - x0).toBeCloseTo(PLAYER_SPEED, 9);
    expect(state.players['a']!.move).toBe(MOVE_RIGHT); // held until another input comes
  });

  it('keeps players inside the walls and apart from each other', () => {
    let state = setMove(setMove(withPlayers('a', 'b'), 'a', MOVE_UP | MOVE_LEFT), 'b', MOVE_DOWN | MOVE_RIGHT);
    for (let tick = 0; tick < 600; tick++) state = stepArena(state, DT, never);
    expect(state.players['a']).toMatchObject({ x: PLAYER_RADIUS, y: PLAYER_RADIUS });
    expect(state.players['b']).toMatchObject({ x: ARENA_WIDTH - PLAYER_RADIUS, y: ARENA_HEIGHT - PLAYER_RADIUS });
    // Two players run into each other: they end touching, not overlapping.
    state = { ...initialArena(), players: { a: { x: 2, y: 8, move: MOVE_RIGHT, score: 0, slot: 0 }, b: { x: 6, y: 8, move: MOVE_LEFT, score: 0, slot: 1 } } };
    for (let tick = 0; tick < 120; tick++) state = stepArena(state, DT, never);
    const gap = Math.hypot(state.players['a']!.x - state.players['b']!.x, state.players['a']!.y - state.players['b']!.y);
    expect(gap).toBeGreaterThanOrEqual(2 * PLAYER_RADIUS - 1e-9);
    expect(state.players['a']!.x).toBeLessThan(state.players['b']!.x);
  });

  it('scores a gem a player touches, and brings it back at a place drawn from the random source, inside the margin', () => {
    const start = initialArena();
    expect(start.gems).toHaveLength(GEM_COUNT);
    const gem = start.gems[0]!;
    const state: ArenaState = { ...start, players: { a: { x: gem.x - 0.5, y: gem.y, move: 0, score: 0, slot: 0 } } };
    const draws = [0, 1 - 1e-9];
    const next = stepArena(state, DT, () => draws.shift()!);
    expect(next.players['a']!.score).toBe(1);
    expect(next.taken).toBe(1);
    expect(next.gems[0]).toEqual({ x: GEM_MARGIN, y: GEM_MARGIN + (1 - 1e-9) * (ARENA_HEIGHT - 2 * GEM_MARGIN) });
    expect(next.gems.slice(1)).toEqual(start.gems.slice(1));
  });

  it('runs the same on two machines: two engines given the same inputs reach the same state, gems and all', () => {
    const [room, page] = [createArenaGame(), createArenaGame()];
    for (const game of [room, page]) {
      game.join('a');
      game.join('b');
    }
    // Sweep the field so gems are taken and come back at drawn places.
    const moves = [MOVE_RIGHT, MOVE_DOWN, MOVE_LEFT | MOVE_UP, MOVE_RIGHT | MOVE_DOWN, MOVE_UP, MOVE_LEFT];
    for (let tick = 0; tick < 600; tick++) {
      const inputs = [
        { client: 'a', input: Uint8Array.of(moves[Math.floor(tick / 40) % moves.length]!), tick, appliedTick: tick, late: false },
        { client: 'b', input: Uint8Array.of(moves[Math.floor(tick / 55) % moves.length]!), tick, appliedTick: tick, late: false },
      ];
      for (const game of [room, page]) {
        game.applyInputs(inputs);
        game.engine.advance();
      }
    }
    expect(room.engine.state.taken).toBeGreaterThan(0);
    expect(page.engine.save()).toEqual(room.engine.save());
    // A page that restores the room's snapshot and runs on stays equal to it.
    const late = createArenaGame();
    late.engine.restore(room.engine.save());
    room.engine.advance();
    late.engine.advance();
    expect(late.engine.save()).toEqual(room.engine.save());
  });
});

describe("the arena's autoplay (the gallery card's picture)", () => {
  it('steers towards the nearest gem, and takes it', () => {
    let state = joinArena(initialArena(), 'a'); // slot 0 spawns at (3, 2.5); the nearest gem is (5.5, 4.5)
    expect(steerToNearestGem(state, 'a')).toBe(MOVE_RIGHT | MOVE_DOWN);
    expect(steerToNearestGem(state, 'nobody')).toBe(0);
    for (let tick = 0; tick < 120 && state.taken === 0; tick++) state = stepArena(setMove(state, 'a', steerToNearestGem(state, 'a')), DT, () => 0.5);
    expect(state.players['a']!.score).toBe(1);
  });
});

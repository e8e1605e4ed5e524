import { map, NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { Behavior, createSystemsEngine, SceneSystem, type BehaviorOptions, type SceneSystemOptions, type SystemsEngine } from '../../src/engines/systems/index.js';
import { createSyncTestSession, syncLayer, type TickInput } from '../../src/netplay/index.js';
import { hashState } from '../../src/replay/state-hash.js';

// Issue 27, item 1: "a rollback session for any preset whose state can be
// saved and restored (the state engine and the fixed-tick runtime first,
// then systems and world as the save/restore issue makes them
// restorable)". The state engine plays in spec/netplay's matches, the world
// engine in Paddle Duel online, the runtime in the netplay bench's checked
// rollback path (spec/bench/netplay.spec.ts); this is the systems engine:
// its save() and restore() as a session's save and load, one fixed step an
// advance, under the sync test and under a rollback against a lockstep run.

const STEP_MS = 20; // the systems engine's default fixed step (50 Hz)
const PLAYERS = 2;

/** Each player's ship: its input pushes it; a scene system moves every ship and draws from the engine's random source. */
function shipsGame(): { engine: SystemsEngine; run(inputs: readonly TickInput[]): void } {
  let current: readonly TickInput[] = [];
  class Thrust extends Behavior {
    constructor(private readonly options: BehaviorOptions) {
      super();
    }
    fixedUpdate(): void {
      const player = Number(this.options.entity.id.slice('ship'.length));
      const keys = current[player]?.input[0] ?? 0;
      const v = this.options.entity.get<{ x: number; y: number }>('v')!;
      v.x += (keys & 1 ? 1 : 0) - (keys & 2 ? 1 : 0);
      v.y += keys & 4 ? 2 : 0;
    }
  }
  class Move extends SceneSystem {
    constructor(private readonly options: SceneSystemOptions) {
      super();
    }
    fixedUpdate(): void {
      const dt = this.options.time.fixedDeltaTime;
      for (const entity of this.options.scene.entities) {
        const v = entity.get<{ x: number; y: number }>('v')!;
        v.y -= 9.81 * dt;
        entity.transform.x += v.x * dt;
        entity.transform.y += v.y * dt;
        if (entity.transform.y < 0) {
          entity.transform.y = 0;
          v.y = 3 * this.options.engine.random.next();
        }
      }
    }
  }
  const engine = createSystemsEngine({
    scenes: [{ id: 'space', systems: [Move], entities: Array.from({ length: PLAYERS }, (_, p) => ({ id: `ship${p}`, behaviors: [Thrust], components: { v: { x: 0, y: 0 } } })) }],
    startSceneId: 'space',
    clock: map(() => STEP_MS), // every frame one fixed step: an advance() is a tick
    ticks: NEVER,
    seed: 5,
    onError: (error) => {
      throw error;
    },
  });
  void engine.play();
  return {
    engine,
    run(inputs) {
      current = inputs;
      engine.advance(0);
    },
  };
}

/** Keys that change every few ticks, different per player. */
const keysOf = (player: number, tick: number): Uint8Array => new Uint8Array([[1, 4, 2, 5, 0][Math.floor(tick / (3 + player)) % 5]!]);

describe('rollback on the systems engine: engine.save() / engine.restore() as the session\'s save and load', () => {
  it('the sync test: 120 ticks, each rolled back 4 ticks and run again, every state equal to its first run', () => {
    const { engine, run } = shipsGame();
    const test = createSyncTestSession({ players: PLAYERS, inputSize: 1, checkDistance: 4, readInput: keysOf, save: () => engine.save(), load: (state) => engine.restore(state), advance: run });
    for (let tick = 0; tick < 120; tick++) test.advanceFrame();
    expect(test.mismatches).toEqual([]);
    const stats = test.stats();
    expect(stats.ticks).toBe(120);
    expect(stats.rollbacks).toBeGreaterThan(110); // one a frame once 4 ticks have run
    expect(stats.compared).toBe(stats.rollbacks * 4);
    engine.destroy();
  });

  it('player 1\'s inputs arriving 6 ticks late: every frame rolls back, and every tick ends with the state of a lockstep run', () => {
    const reference = shipsGame();
    const expected: string[] = [];
    for (let tick = 0; tick < 90; tick++) {
      reference.run([0, 1].map((player) => ({ tick, input: keysOf(player, tick), status: 'confirmed' as const })));
      expected.push(hashState(reference.engine.save().state));
    }
    const { engine, run } = shipsGame();
    const hashes = new Map<number, string>();
    const sync = syncLayer({
      players: PLAYERS,
      localPlayers: [0],
      inputSize: 1,
      delay: 0,
      save: () => engine.save(),
      load: (state) => engine.restore(state),
      advance: (inputs) => {
        run(inputs);
        hashes.set(inputs[0]!.tick, hashState(engine.save().state));
      },
    });
    for (let tick = 0; tick < 90; tick++) {
      sync.addLocalInput(0, keysOf(0, tick));
      if (tick >= 6) sync.addRemoteInput(1, tick - 6, keysOf(1, tick - 6));
      expect(sync.advanceFrame()).toBe('advanced');
    }
    for (let tick = 84; tick < 90; tick++) sync.addRemoteInput(1, tick, keysOf(1, tick));
    sync.correct();
    expect(sync.stats().rollbacks).toBeGreaterThan(10);
    expect(Array.from({ length: 90 }, (_, tick) => hashes.get(tick))).toEqual(expected);
    engine.destroy();
    reference.engine.destroy();
  });
});

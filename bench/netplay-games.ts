/**
 * The netplay bench's games (bench/netplay.ts): what a rollback session
 * drives through the three things it asks of a game, `save`, `load` and
 * `advance(inputs)`.
 *
 * - **state game**: a state engine of {@link PARTICLES} particles
 *   (x, y, vx, vy each: 400 numbers and a score per player), every player
 *   steering the particles that are theirs with a held-keys byte; the
 *   update returns a new state each tick, as a state-engine game does.
 * - **runtime game**: bench/runtime-scene.ts's scene (a ground box and N
 *   Rapier bodies, each with the `work` behavior) on the fixed-tick runtime,
 *   one tick an `advance()`, with `work` standing for a behavior that also
 *   reads the tick's inputs: while a player holds {@link HOP} a body of
 *   theirs hops every {@link HOP_EVERY_TICKS} ticks (its own phase), so the
 *   scene stays awake and the inputs change what the physics does, as in a
 *   game, instead of coming to rest and sleeping (the cheapest a tick gets).
 * - **Rapier alone**: the same scene and hops on Rapier by hand
 *   (bench/rapier-rollback.ts), for the floor under the runtime's rollback.
 *
 * Body `i` belongs to player `i % players`.
 */
import { NEVER } from 'rxjs';
import { createRapier3d } from '../src/backends/rapier/rapier3d.js';
import { nullBackend } from '../src/backends/null/null-backend.js';
import { constantClock } from '../src/clocks/scripted-clocks.js';
import type { BehaviorFactory } from '../src/engines/runtime/behavior.js';
import { createRuntime } from '../src/engines/runtime/runtime.js';
import { createStateEngine } from '../src/engines/state/index.js';
import type { TickInput } from '../src/netplay/index.js';
import { hashState } from '../src/replay/state-hash.js';
import { plainRapierScene, type PlainRapierScene } from './rapier-rollback.js';
import { FIXED_STEP_MS, sceneDocument, work } from './runtime-scene.js';

/** One byte of held keys a player a tick. */
export const INPUT_SIZE = 1;
/** The held-keys bit that makes a player's bodies hop (runtime) or pushes their particles right (state game). */
export const HOP = 1;
/** The bit that pushes a state-game player's particles up. */
export const UP = 2;
/** A held {@link HOP} makes each of the player's bodies hop once every this many ticks. */
export const HOP_EVERY_TICKS = 40;
/** The upward speed a hop gives, m/s. */
export const HOP_SPEED_M_S = 3;
/** The state game's particles. */
export const PARTICLES = 100;

/** A game as a rollback session drives it. */
export interface NetplayGame<S = unknown> {
  readonly name: string;
  save(): S;
  load(state: S): void;
  /** Runs one tick with these inputs (player order). */
  advance(inputs: readonly TickInput[]): void;
  /** The hash of the state now, to check that two runs reached the same state. */
  hash(): string;
  destroy(): void;
}

interface Particles {
  x: number[];
  y: number[];
  vx: number[];
  vy: number[];
  score: number[];
}

const WORLD = 100;

/** The state game for `players` players. */
export function stateGame(players: number): NetplayGame {
  let current: readonly TickInput[] = [];
  const zeros = (): number[] => new Array<number>(PARTICLES).fill(0);
  const initial: Particles = { x: zeros().map((_, i) => (i * 7) % WORLD), y: zeros().map((_, i) => (i * 13) % WORLD), vx: zeros(), vy: zeros(), score: new Array<number>(players).fill(0) };
  const dt = 1 / 60;
  const engine = createStateEngine({
    backend: nullBackend(),
    ticks: NEVER,
    clock: constantClock(1000 / 60),
    initial,
    update: (s): Particles => {
      const keys = current.map((input) => input.input[0] ?? 0);
      const vx = s.vx.map((v, i) => (v + ((keys[i % players]! & HOP) !== 0 ? 4 : -1) * dt) * 0.99);
      const vy = s.vy.map((v, i) => (v + ((keys[i % players]! & UP) !== 0 ? 4 : -2) * dt) * 0.99);
      const score = [...s.score];
      const x = s.x.map((p, i) => {
        const next = p + vx[i]! * dt;
        if (next < 0 || next > WORLD) {
          vx[i] = -vx[i]!;
          score[i % players]!++;
          return Math.min(WORLD, Math.max(0, next));
        }
        return next;
      });
      const y = s.y.map((p, i) => {
        const next = p + vy[i]! * dt;
        if (next < 0 || next > WORLD) vy[i] = -vy[i]!;
        return Math.min(WORLD, Math.max(0, next));
      });
      return { x, y, vx, vy, score };
    },
  });
  return {
    name: `state game (${PARTICLES} particles, ${PARTICLES * 4 + players} numbers)`,
    save: () => engine.save(),
    load: (state) => engine.restore(state as ReturnType<typeof engine.save>),
    advance(inputs) {
      current = inputs;
      engine.advance();
    },
    hash: () => hashState(engine.state),
    destroy: () => engine.destroy(),
  };
}

/** Whether body `index` of `players` hops at `tick` with these inputs. */
export function hopsAt(index: number, tick: number, players: number, keyOf: (player: number) => number): boolean {
  return (tick + index) % HOP_EVERY_TICKS === 0 && (keyOf(index % players) & HOP) !== 0;
}

/** The runtime game at `bodies` bodies for `players` players, run `ticks` ticks first with nobody holding a key. */
export async function runtimeGame(bodies: number, players: number, ticks = 0): Promise<NetplayGame> {
  let current: readonly TickInput[] = [];
  const keyOf = (player: number): number => current[player]?.input[0] ?? 0;
  // `work`, plus the hop: the scene document names its behavior `work`, so the bench scene is reused as it is.
  const hopping: BehaviorFactory = (game, self) => {
    const index = Number(game.nameOf(self).slice('body'.length));
    const base = work(game, self);
    return {
      ...base,
      fixedUpdate(g, s, delta) {
        base.fixedUpdate!.call(this, g, s, delta);
        const tick = current[0]?.tick ?? -1;
        if (tick >= 0 && hopsAt(index, tick, players, keyOf)) g.setVelocity(s, 0, HOP_SPEED_M_S, 0);
      },
    };
  };
  const runtime = createRuntime({ scene: sceneDocument(bodies), behaviors: { work: hopping }, physics: await createRapier3d(), clock: constantClock(FIXED_STEP_MS), ticks: NEVER });
  for (let i = 0; i < ticks; i++) runtime.advance();
  return {
    name: `runtime, ${bodies} bodies`,
    save: () => runtime.save(),
    load: (state) => runtime.restore(state as ReturnType<typeof runtime.save>),
    advance(inputs) {
      current = inputs;
      runtime.advance();
    },
    hash: () => hashState(runtime.save()),
    destroy: () => runtime.destroy(),
  };
}

/** The same scene and hops on Rapier alone: `tick(keyOf, tick)` sets the hops of that tick, then steps. */
export interface PlainHoppingScene extends Omit<PlainRapierScene, 'tick'> {
  tick(tick: number, keyOf: (player: number) => number): void;
}

/** The bench scene at `bodies` bodies on Rapier alone, with the runtime game's hops, run `ticks` ticks first with nobody holding a key (as {@link runtimeGame}). */
export async function plainHoppingScene(bodies: number, players: number, ticks = 0): Promise<PlainHoppingScene> {
  let hops: { tick: number; keyOf: (player: number) => number } = { tick: -1, keyOf: () => 0 };
  const scene = await plainRapierScene(bodies, ticks, (world, dynamic) => {
    if (hops.tick < 0) return;
    dynamic.forEach((handle, index) => {
      if (hopsAt(index, hops.tick, players, hops.keyOf)) world.getRigidBody(handle).setLinvel({ x: 0, y: HOP_SPEED_M_S, z: 0 }, true);
    });
  });
  return {
    save: () => scene.save(),
    restore: (bytes) => scene.restore(bytes),
    tick(tick, keyOf) {
      hops = { tick, keyOf };
      scene.tick();
    },
    destroy: () => scene.destroy(),
  };
}

// Two small games for the replay specs: a state-engine game and a
// systems-engine game, each built from a host ({ ticks, clock }) the way a
// replay builds them, and a seeded host of jittery timestamps with input.
import { NEVER } from 'rxjs';
import { createSeededRandom, nextRandom } from '../../operators/seeded-random.js';
import type { Clock } from '../../src/clocks/clock.js';
import { createInput, nullBackend, type Input, type NullSurface } from '../../src/index.js';
import { createStateEngine, type StateEngine } from '../../src/engines/state/index.js';
import { createSystemsEngine, SceneSystem, type SceneSystemOptions, type SystemsEngine } from '../../src/engines/systems/index.js';
import type { Subscribable } from 'rxjs';
import { createRuntime, type Runtime } from '../../src/engines/runtime/index.js';
import { Actor, Controller, createWorldEngine, GameMode, type TickContext, type WorldEngine } from '../../src/engines/world/index.js';

export const BINDINGS = { left: ['ArrowLeft'], right: ['ArrowRight'], jump: ['Space'] } as const;
export type Action = keyof typeof BINDINGS;

export interface Host {
  ticks?: Subscribable<number>;
  clock?: Clock;
}

export interface Runner {
  x: number;
  y: number;
  vy: number;
  jumps: number;
  noise: number;
  pointerX: number;
}

/**
 * A state-engine runner: arrows move it, Space jumps (an edge), gravity pulls
 * it down, the pointer's x is kept. With `randomAt`, the update of that frame
 * adds `Math.random()` to `noise`: the non-determinism a replay must find.
 */
export function stateGame(host: Host = {}, randomAt?: number): StateEngine<Runner, NullSurface, Action> {
  const input = createInput({ bindings: BINDINGS });
  return createStateEngine({
    backend: nullBackend(),
    ticks: host.ticks ?? NEVER,
    ...(host.clock === undefined ? {} : { clock: host.clock }),
    input,
    initial: { x: 0, y: 0, vy: 0, jumps: 0, noise: 0, pointerX: 0 },
    update: (s, { dt, input, frame }) => {
      const jump = input.pressed('jump');
      const vy = jump && s.y === 0 ? 5 : s.y > 0 ? s.vy - 9.81 * dt : 0;
      const y = Math.max(0, s.y + vy * dt);
      return {
        x: s.x + input.axis('left', 'right') * 3 * dt,
        y,
        vy: y === 0 ? 0 : vy,
        jumps: s.jumps + (jump ? 1 : 0),
        noise: s.noise + (frame.count === randomAt ? Math.random() : 0),
        pointerX: input.pointer.x,
      };
    },
  });
}

/**
 * A systems-engine game: one scene, a 'player' moved each fixed step by the
 * game's own Input (held arrows), and a 'ball' falling and bouncing. Capped at
 * `maxFPS` so the clock declines ticks.
 */
export function systemsGame(host: Host = {}, maxFPS = 0): { engine: SystemsEngine; input: Input<Action> } {
  const input = createInput({ bindings: BINDINGS });
  class Move extends SceneSystem {
    constructor(private readonly options: SceneSystemOptions) {
      super();
    }
    fixedUpdate(): void {
      const dt = this.options.time.fixedDeltaTime;
      const player = this.options.scene.find('player')!;
      player.transform.x += input.fixed.axis('left', 'right') * 4 * dt;
      if (input.fixed.pressed('jump')) (player.components['score'] as { n: number }).n++;
      const ball = this.options.scene.find('ball')!;
      const v = ball.components['v'] as { y: number };
      v.y -= 9.81 * dt;
      ball.transform.y += v.y * dt;
      if (ball.transform.y < 0) {
        ball.transform.y = -ball.transform.y;
        v.y = -v.y * 0.9;
      }
      ball.transform.rotation += dt;
    }
  }
  const engine = createSystemsEngine({
    scenes: [
      {
        id: 'main',
        systems: [Move],
        entities: [
          { id: 'player', components: { score: { n: 0 } } },
          { id: 'ball', transform: { y: 10 }, components: { v: { y: 0 } } },
        ],
      },
    ],
    startSceneId: 'main',
    ticks: host.ticks ?? NEVER,
    ...(host.clock === undefined ? {} : { clock: host.clock }),
    globalOptions: { performance: { maxFPS, fixedUpdateRate: 50 } },
    onError: () => {},
  });
  return { engine, input };
}

/** One step of a scripted player: a timestamp, and the input calls made before the tick. */
export interface PlayStep {
  readonly timestampMs: number;
  readonly calls: readonly (readonly ['press' | 'release', string] | readonly ['move', number, number])[];
}

/**
 * `frames` ticks of a 60 Hz display with ±`jitterMs` of seeded jitter, a
 * stall now and then, and an input call every few ticks (arrows held and
 * let go, Space tapped, the pointer moved).
 */
export function play(frames: number, seed = 1, jitterMs = 1.5): PlayStep[] {
  const random = createSeededRandom(seed);
  const steps: PlayStep[] = [];
  let t = 1000;
  const keys = ['ArrowLeft', 'ArrowRight', 'Space'];
  const held = new Set<string>();
  for (let i = 0; i < frames; i++) {
    t += 1000 / 60 + (nextRandom(random) * 2 - 1) * jitterMs + (nextRandom(random) < 0.002 ? 300 : 0);
    const calls: PlayStep['calls'][number][] = [];
    if (nextRandom(random) < 0.3) {
      const key = keys[Math.floor(nextRandom(random) * keys.length)]!;
      if (held.has(key)) {
        held.delete(key);
        calls.push(['release', key]);
      } else {
        held.add(key);
        calls.push(['press', key]);
      }
    }
    if (nextRandom(random) < 0.05) calls.push(['move', Math.round(nextRandom(random) * 8000) / 10, Math.round(nextRandom(random) * 6000) / 10]);
    steps.push({ timestampMs: t, calls });
  }
  return steps;
}

/** Plays the steps on an engine through its input: the calls, then the tick. */
export function playOn(engine: { advance(t: number): boolean }, input: Input<string>, steps: readonly PlayStep[]): void {
  for (const { timestampMs, calls } of steps) {
    for (const call of calls) {
      if (call[0] === 'move') input.movePointer(call[1], call[2]);
      else if (call[0] === 'press') input.press(call[1]);
      else input.release(call[1]);
    }
    engine.advance(timestampMs);
  }
}

/**
 * A world-engine game: a ship steered by a Pilot controller from the input,
 * with a velocity of its own, a comet drifting (with `jitterComet`, by a
 * `Math.random()` step in its tick: the non-determinism a replay must find),
 * and a game mode that scores each time the comet wraps.
 */
export function worldGame(host: Host = {}, jitterComet = false): WorldEngine<WorldAction> {
  class Ship extends Actor<WorldAction> {
    vx = 0;
    vy = 0;
    override tick(dt: number): void {
      this.vx += this.drive.x * 200 * dt;
      this.vy += this.drive.y * 200 * dt;
      this.x += this.vx * dt;
      this.y += this.vy * dt;
    }
  }
  class Comet extends Actor<WorldAction> {
    vx = 120;
    override tick(dt: number, { world }: TickContext<WorldAction>): void {
      this.x += this.vx * dt + (jitterComet && world.time > 3 && world.time < 3.02 ? Math.random() : 0);
      if (this.x > 400) {
        this.x -= 800;
        world.gameMode!.scores['laps'] = (world.gameMode!.scores['laps'] ?? 0) + 1;
      }
    }
  }
  class Pilot extends Controller<WorldAction> {
    override tick(_dt: number, { input }: TickContext<WorldAction>): void {
      if (!this.pawn) return;
      this.pawn.drive.x = input.axis('left', 'right');
      this.pawn.drive.y = input.axis('up', 'down');
    }
  }
  return createWorldEngine({
    backend: nullBackend(),
    ticks: host.ticks ?? NEVER,
    ...(host.clock === undefined ? {} : { clock: host.clock }),
    input: createInput({ bindings: { left: ['ArrowLeft'], right: ['ArrowRight'], up: ['ArrowUp'], down: ['ArrowDown'] } }),
    levels: {
      space: (world) => {
        world.spawn(new Comet(), { x: -300, y: -150 });
        const ship = world.spawn(new Ship(), { x: 0, y: 0 });
        world.addController(new Pilot()).possess(ship);
        world.gameMode = new GameMode();
      },
    },
    startLevel: 'space',
  });
}

export type WorldAction = 'left' | 'right' | 'up' | 'down';

/**
 * A fixed-tick runtime game with no physics: a 'player' moved each fixed tick
 * by the held arrows, jumping on Space (an edge latched for the tick); with
 * `randomAt`, the tick of that number nudges it by `Math.random()`.
 */
export function runtimeGame(host: Host = {}, randomAt?: number): Runtime {
  let ticks = 0;
  return createRuntime({
    scene: { simulation: { fixed_delta: 0.02 }, objects: [{ name: 'player', behaviors: ['player'] }, { name: 'marker' }] },
    behaviors: {
      player: () => ({
        fixedUpdate: (game, self, dt) => {
          ticks++;
          const { position } = game.transform(self);
          const { horizontal, vertical, jump } = game.input();
          const nudge = ticks === randomAt ? Math.random() : 0;
          game.setTransform(self, { position: [position[0]! + horizontal * 3 * dt + nudge, position[1]! + (jump ? 1 : 0), position[2]! + vertical * dt] });
        },
      }),
    },
    ticks: host.ticks ?? NEVER,
    ...(host.clock === undefined ? {} : { clock: host.clock }),
    onError: (error) => {
      throw error;
    },
  });
}

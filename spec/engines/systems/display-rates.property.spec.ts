import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededRandom, nextRandom } from '../../../operators/seeded-random.js';
import { SceneSystem, type SceneSystemOptions } from '../../../src/engines/systems/index.js';
import { headless } from './support.js';

// The seed: "The same input must produce the same result on any machine. ...
// Running the simulation on its own clock removes frame rate from the outcome."
//
// The input stream is a list of commands, each for one simulation step (a
// replay: what a player pressed, stamped with the step it applies to). The
// same commands must give the same trajectory, step for step and bit for
// bit, whether the display runs at 30, 60 or 144 Hz.

interface Command {
  readonly step: number;
  readonly thrust: number;
}

interface Run {
  /** x and vy after each fixed step. */
  readonly history: number[];
  readonly steps: number;
}

const DISPLAY_RATES_HZ = [30, 60, 144] as const;

/** Runs the same game under a display at `hz` for `seconds`, its ticks jittered by up to ±jitterMs. */
function simulate(commands: readonly Command[], gravity: number, hz: number, seconds: number, jitterMs: number, seed: number): Run {
  const history: number[] = [];
  const byStep = new Map(commands.map((c) => [c.step, c.thrust]));
  class Physics extends SceneSystem {
    private step = 0;
    private thrust = 0;
    constructor(private readonly o: SceneSystemOptions) {
      super();
    }
    fixedUpdate(): void {
      const dt = this.o.time.fixedDeltaTime;
      this.thrust = byStep.get(this.step) ?? this.thrust;
      for (const entity of this.o.scene.entities) {
        const body = entity.get<{ vx: number; vy: number }>('body')!;
        body.vx += this.thrust * dt;
        body.vy += gravity * dt;
        entity.transform.x += body.vx * dt;
        entity.transform.y += body.vy * dt;
        if (entity.transform.y > 100) {
          entity.transform.y = 100;
          body.vy = 0;
        }
        history.push(entity.transform.x, body.vy);
      }
      this.step++;
    }
  }
  const engine = headless({ scenes: [{ id: 'level', systems: [Physics], entities: [{ id: 'runner', components: { body: { vx: 0, vy: 0 } } }] }] });
  void engine.play();
  const random = createSeededRandom(seed);
  const intervalMs = 1000 / hz;
  for (let i = 0; i * intervalMs <= seconds * 1000; i++) {
    const jitter = i === 0 ? 0 : (nextRandom(random) * 2 - 1) * jitterMs;
    engine.advance(i * intervalMs + jitter);
  }
  return { history, steps: engine.stats().fixedUpdates };
}

const commands = fc.array(
  fc.record({ step: fc.integer({ min: 0, max: 150 }), thrust: fc.double({ min: -50, max: 50, noNaN: true }) }),
  { maxLength: 20 },
);

describe('property: the same input stream gives the same simulation at 30, 60 and 144 Hz display rates', () => {
  it('step for step, bit for bit; and the step count is the elapsed time over the step, whatever the rate', () => {
    fc.assert(
      fc.property(
        commands,
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (input, gravity, jitterMs, seed) => {
          const runs = DISPLAY_RATES_HZ.map((hz) => simulate(input, gravity, hz, 3, jitterMs, seed));
          const common = Math.min(...runs.map((r) => r.history.length));
          for (const run of runs.slice(1)) expect(run.history.slice(0, common)).toEqual(runs[0]!.history.slice(0, common));
          // 3 s at 50 Hz is 150 steps; the last frame's leftover (under one step, plus jitter) may hold one back.
          for (const run of runs) expect(run.steps).toBeGreaterThanOrEqual(148);
          for (const run of runs) expect(run.steps).toBeLessThanOrEqual(150);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000); // 360 three-second runs: seconds on a loaded machine (not a timing assertion)

  it('the contrast the seed describes: integrating per frame in update, the same input does not give the same result', () => {
    const finalX: number[] = [];
    for (const hz of DISPLAY_RATES_HZ) {
      class PerFrame extends SceneSystem {
        constructor(private readonly o: SceneSystemOptions) {
          super();
        }
        update(): void {
          const dt = this.o.time.deltaTime;
          for (const entity of this.o.scene.entities) {
            const body = entity.get<{ vx: number }>('body')!;
            body.vx += 40 * dt; // constant thrust
            entity.transform.x += body.vx * dt;
          }
        }
      }
      const engine = headless({ scenes: [{ id: 'level', systems: [PerFrame], entities: [{ id: 'runner', components: { body: { vx: 0 } } }] }] });
      void engine.play();
      for (let i = 0; i * (1000 / hz) <= 3000; i++) engine.advance(i * (1000 / hz));
      finalX.push(engine.scene!.find('runner')!.transform.x);
    }
    // Semi-implicit Euler over 3 s: 180 + 60·dt. 30 Hz overshoots 144 Hz by more than a unit.
    expect(finalX[0]! - finalX[2]!).toBeGreaterThan(1);
    expect(new Set(finalX).size).toBe(3);
  });
});

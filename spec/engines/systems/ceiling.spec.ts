import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_FIXED_UPDATES_PER_FRAME,
  DEFAULT_MAX_FRAME_DELTA_MS,
  SceneSystem,
  type SystemError,
} from '../../../src/engines/systems/index.js';
import { headless, runTicks } from './support.js';

describe('the safety rails: "the loop clamps the frame gap to maxFrameDelta, and runs at most maxFixedUpdatesPerFrame fixed steps per frame"', () => {
  it('"When it hits that ceiling it discards the backlog instead of carrying it into the next frame."', async () => {
    const engine = headless({ scenes: [{ id: 'a' }] });
    await engine.play();
    engine.advance(0);
    engine.advance(250); // 250 ms at a 20 ms step is 12.5 steps: 5 run, the rest is discarded
    expect(engine.stats().fixedUpdates).toBe(DEFAULT_MAX_FIXED_UPDATES_PER_FRAME);
    expect(engine.stats().droppedMs).toBeCloseTo(250 - 5 * 20, 9); // the 7 whole steps and the half step
    expect(engine.stats().ceilingFrames).toBe(1);
    expect(engine.time.alpha).toBe(0); // the fraction went with the backlog
    engine.advance(270); // the next frame is an ordinary 20 ms: one step, no catch-up
    expect(engine.stats().fixedUpdates).toBe(6);
    expect(engine.stats().ceilingFrames).toBe(1);
  });

  it('"On return, the elapsed time can be minutes": one clamped frame, at most the ceiling\'s steps, and "the simulation falls behind real time"', async () => {
    const engine = headless({ scenes: [{ id: 'a' }] });
    await engine.play();
    engine.advance(0);
    engine.advance(5 * 60_000); // five minutes in the background
    expect(engine.time.deltaTime).toBe(DEFAULT_MAX_FRAME_DELTA_MS / 1000);
    expect(engine.stats().fixedUpdates).toBe(5);
    expect(engine.time.elapsedTime).toBe(0.25);
  });

  it('a ceiling of 2 at 100 Hz: a 35 ms frame runs 2 steps and drops the 15 ms left', async () => {
    const engine = headless({ scenes: [{ id: 'a' }], globalOptions: { performance: { fixedUpdateRate: 100, maxFixedUpdatesPerFrame: 2 } } });
    await engine.play();
    engine.advance(0);
    engine.advance(35);
    expect(engine.stats().fixedUpdates).toBe(2);
    expect(engine.stats().droppedMs).toBeCloseTo(15, 9);
  });
});

describe('errors in fixedUpdate', () => {
  it('a throw in fixedUpdate does not leave the accumulator growing: every frame runs exactly the steps its time is worth, and the other systems still run', async () => {
    const errors: SystemError[] = [];
    let healthySteps = 0;
    class Broken extends SceneSystem {
      fixedUpdate(): void {
        throw new Error('physics exploded');
      }
    }
    class Healthy extends SceneSystem {
      fixedUpdate(): void {
        healthySteps++;
      }
    }
    const engine = headless({ scenes: [{ id: 'a', systems: [Broken, Healthy] }] }, errors);
    await engine.play();
    runTicks(engine, 0, 10_000, 1000 / 60); // ten seconds at 60 Hz
    const { fixedUpdates, droppedMs, ceilingFrames } = engine.stats();
    expect(fixedUpdates).toBe(499); // 599 frames of 16.67 ms = 9983 ms: 499 whole 20 ms steps
    expect(healthySteps).toBe(499);
    expect(droppedMs).toBe(0);
    expect(ceilingFrames).toBe(0);
    expect(engine.time.alpha).toBeLessThan(1);
    expect(errors).toHaveLength(499);
    expect(errors[0]).toMatchObject({ system: 'Broken', hook: 'fixedUpdate', frame: 3 }); // frames 1 and 2 (0 and 16.7 ms) ran no step
  });
});

import { describe, expect, it } from 'vitest';
import { frameHost, type FrameScheduler } from '../../../src/hosts/animation-frames.js';
import { createSystemsEngine, SceneSystem, type SceneSystemOptions } from '../../../src/engines/systems/index.js';
import { headless, loggingSceneSystem } from './support.js';

describe('Time, field by field', () => {
  it('"deltaTime ... is the clamped elapsed time, not the raw one. It never exceeds maxFrameDelta"', async () => {
    const engine = headless({ scenes: [{ id: 'a' }] });
    await engine.play();
    engine.advance(0);
    engine.advance(16);
    expect(engine.time.deltaTime).toBeCloseTo(0.016, 12);
    engine.advance(60_016); // a backgrounded tab comes forward a minute later
    expect(engine.time.deltaTime).toBe(0.25); // DEFAULT_MAX_FRAME_DELTA_MS
    const tight = headless({ scenes: [{ id: 'a' }], globalOptions: { performance: { maxFrameDelta: 100 } } });
    await tight.play();
    tight.advance(0);
    tight.advance(5000);
    expect(tight.time.deltaTime).toBe(0.1);
  });

  it('"fixedDeltaTime never changes. It is 1 / fixedUpdateRate, decided once at startup."', async () => {
    const seen = new Set<number>();
    class Probe extends SceneSystem {
      constructor(private readonly o: SceneSystemOptions) {
        super();
      }
      fixedUpdate(): void {
        seen.add(this.o.time.fixedDeltaTime);
      }
    }
    const engine = headless({ scenes: [{ id: 'a', systems: [Probe] }], globalOptions: { performance: { fixedUpdateRate: 60 } } });
    await engine.play();
    for (const t of [0, 7, 40, 41, 300, 333.3, 334]) engine.advance(t);
    expect([...seen]).toEqual([1 / 60]);
  });

  it('"elapsedTime is the sum of the frame deltas since the loop last started. It is not wall-clock time ... it falls behind real time whenever a frame runs long."', async () => {
    const engine = headless({ scenes: [{ id: 'a' }] });
    await engine.play();
    for (const t of [1000, 1016, 1032, 3032]) engine.advance(t); // the last gap is 2 s, clamped to 0.25
    expect(engine.time.elapsedTime).toBeCloseTo(0.016 + 0.016 + 0.25, 12);
  });

  it('"alpha is the loop\'s leftover. It is the fraction of a fixed step that had accumulated but was not simulated when the frame was drawn" (in [0, 1))', async () => {
    const engine = headless({ scenes: [{ id: 'a' }] });
    await engine.play();
    engine.advance(0);
    engine.advance(25); // 20 ms step: one step, 5 ms left
    expect(engine.time.alpha).toBeCloseTo(0.25, 12);
    engine.advance(40); // 20 ms accumulated: one step, nothing left
    expect(engine.time.alpha).toBe(0);
  });
});

describe('pause and play', () => {
  it('"pause() freezes it, and play() after a pause() resets it to zero" (elapsedTime), with no time charged for the pause', async () => {
    const engine = headless({ scenes: [{ id: 'a' }] });
    await engine.play();
    for (const t of [0, 16, 32]) engine.advance(t);
    expect(engine.time.elapsedTime).toBeCloseTo(0.032, 12);
    engine.pause();
    expect(engine.state).toBe('paused');
    expect(engine.advance(48)).toBe(false); // a paused engine runs no frame
    expect(engine.advance(5000)).toBe(false);
    expect(engine.time.elapsedTime).toBeCloseTo(0.032, 12); // frozen
    await engine.play();
    expect(engine.time.elapsedTime).toBe(0); // reset by play()
    const steps = engine.stats().fixedUpdates;
    engine.advance(9000); // the first frame after the pause is worth nothing
    expect(engine.time.deltaTime).toBe(0);
    expect(engine.stats().fixedUpdates).toBe(steps);
    engine.advance(9016);
    expect(engine.time.elapsedTime).toBeCloseTo(0.016, 12);
  });

  it('"pause() halts the loop without tearing anything down ... Call play() again to resume the same world, in the same scene."', async () => {
    const log: string[] = [];
    const engine = headless({ scenes: [{ id: 'a', systems: [loggingSceneSystem('S', log)] }, { id: 'b' }] });
    await engine.play();
    const scene = engine.scene;
    engine.advance(0);
    log.length = 0;
    engine.pause();
    await engine.play();
    expect(log).toEqual([]); // no hook ran: nothing was torn down or rebuilt
    expect(engine.scene).toBe(scene);
    engine.advance(100);
    expect(log).toContain('S update');
  });

  it('"A paused engine requests no frames" (the issue): pause() stops asking the page for frames; play() asks again', async () => {
    let pending: ((t: number) => void) | undefined;
    let requests = 0;
    const scheduler: FrameScheduler = {
      requestAnimationFrame(callback) {
        requests++;
        pending = callback;
        return requests;
      },
      cancelAnimationFrame() {
        pending = undefined;
      },
    };
    const host = frameHost(scheduler);
    const engine = createSystemsEngine({ scenes: [{ id: 'a' }], startSceneId: 'a', ticks: host.ticks$ });
    await engine.play();
    expect(host.requesting).toBe(true);
    const frame = (t: number) => {
      const callback = pending!;
      pending = undefined;
      callback(t);
    };
    frame(0);
    frame(16);
    expect(engine.stats().frames).toBe(2);
    engine.pause();
    expect(host.requesting).toBe(false);
    const requestsWhilePaused = requests;
    expect(pending).toBeUndefined();
    expect(requests).toBe(requestsWhilePaused);
    await engine.play();
    expect(host.requesting).toBe(true);
    frame(5000);
    expect(engine.stats().frames).toBe(3);
    engine.stop();
    expect(host.requesting).toBe(false);
  });
});

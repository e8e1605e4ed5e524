import { describe, expect, it } from 'vitest';
import { frameHost, type FrameScheduler } from '../../../src/hosts/animation-frames.js';
import { createSystemsEngine, SceneSystem, SystemError, type BehaviorOptions, type SceneSystemOptions } from '../../../src/engines/systems/index.js';
import { headless } from './support.js';

describe('errors: a throwing hook is caught and reported with system, hook and frame', () => {
  it('update, fixedUpdate, a behavior, an event listener and the backend: each reported on errors$ and to onError; the frame\'s other systems still run', async () => {
    const reported: SystemError[] = [];
    const streamed: SystemError[] = [];
    const ran: string[] = [];
    class Bad extends SceneSystem {
      fixedUpdate(): void {
        throw new Error('bad step');
      }
      update(): void {
        throw new Error('bad frame');
      }
    }
    class Good extends SceneSystem {
      constructor(o: SceneSystemOptions) {
        super();
        o.events.addEventListener('boom', () => {
          throw new Error('bad listener');
        });
      }
      fixedUpdate(): void {
        ran.push('Good fixedUpdate');
      }
      update(): void {
        ran.push('Good update');
      }
    }
    class Fragile {
      constructor(readonly o: BehaviorOptions) {}
      update(): void {
        throw new Error('bad script');
      }
    }
    const engine = headless(
      {
        scenes: [{ id: 'a', systems: [Bad, Good], entities: [{ id: 'crate', behaviors: [Fragile] }] }],
        backend: {
          render() {
            throw new Error('bad draw');
          },
          destroy() {},
        },
      },
      reported,
    );
    engine.errors$.subscribe((e) => streamed.push(e));
    await engine.play();
    engine.dispatchEvent('boom');
    engine.advance(0);
    engine.advance(20);
    const summary = (e: SystemError) => `${e.system} ${e.hook} ${e.frame}: ${(e.cause as Error).message}`;
    expect(reported.map(summary)).toEqual([
      'Good event "boom" 1: bad listener',
      'Bad update 1: bad frame',
      'behavior Fragile of entity crate update 1: bad script',
      'backend render 1: bad draw',
      'Bad fixedUpdate 2: bad step',
      'Bad update 2: bad frame',
      'behavior Fragile of entity crate update 2: bad script',
      'backend render 2: bad draw',
    ]);
    expect(streamed).toEqual(reported);
    expect(reported[0]).toBeInstanceOf(SystemError);
    expect(ran).toEqual(['Good update', 'Good fixedUpdate', 'Good update']);
    expect(engine.stats().errors).toBe(8);
  });

  it('an onError that throws itself does not stop the engine', async () => {
    class Bad extends SceneSystem {
      update(): void {
        throw new Error('x');
      }
    }
    const engine = createSystemsEngine({
      scenes: [{ id: 'a', systems: [Bad] }],
      startSceneId: 'a',
      ticks: { subscribe: () => ({ unsubscribe() {} }) },
      onError: () => {
        throw new Error('the handler broke too');
      },
    });
    const original = console.error;
    console.error = () => {};
    try {
      await engine.play();
      expect(engine.advance(0)).toBe(true);
      expect(engine.advance(16)).toBe(true);
    } finally {
      console.error = original;
    }
    expect(engine.stats().frames).toBe(2);
  });

  it('"Nothing a game callback throws may kill the page\'s shared requestAnimationFrame or another engine" (two engines on one frame host)', async () => {
    let pending: ((t: number) => void) | undefined;
    const scheduler: FrameScheduler = {
      requestAnimationFrame: (callback) => ((pending = callback), 1),
      cancelAnimationFrame: () => (pending = undefined),
    };
    const host = frameHost(scheduler);
    class Bad extends SceneSystem {
      update(): void {
        throw new Error('every frame');
      }
    }
    const broken = createSystemsEngine({ scenes: [{ id: 'a', systems: [Bad] }], startSceneId: 'a', ticks: host.ticks$, onError: () => {} });
    const healthy = createSystemsEngine({ scenes: [{ id: 'a' }], startSceneId: 'a', ticks: host.ticks$ });
    await broken.play();
    await healthy.play();
    for (let i = 0; i < 10; i++) pending!(i * 16);
    expect(broken.stats().frames).toBe(10);
    expect(healthy.stats().frames).toBe(10);
    expect(host.requesting).toBe(true);
    broken.destroy();
    healthy.destroy();
  });
});

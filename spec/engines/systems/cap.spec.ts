import { describe, expect, it } from 'vitest';
import { createSeededRandom, nextRandom } from '../../../operators/seeded-random.js';
import { map, merge } from 'rxjs';
import { createSystemsEngine, DEFAULT_MAX_FPS } from '../../../src/engines/systems/index.js';
import { marbles } from '../../marbles.js';
import { headless } from './support.js';

/** Host timestamps at `hz` for `seconds`, each moved by up to ±`jitterMs` (seeded, so the run repeats). */
function host(hz: number, seconds: number, jitterMs = 0, seed = 7): number[] {
  const random = createSeededRandom(seed);
  const count = Math.round(hz * seconds);
  return Array.from({ length: count }, (_, i) => i * (1000 / hz) + (nextRandom(random) * 2 - 1) * jitterMs);
}

describe('maxFPS: "A cap does not slow a frame down. It skips whole iterations of the loop"', () => {
  it(
    '"on a skipped iteration nothing runs at all, event delivery included" (maxFPS 30 on a 60 Hz host)',
    marbles((m) => {
      // 60 Hz: a..f at 0, 16.7, 33.3, 50, 66.7, 83.3 ms. The cap keeps a, c, e.
      const ticks = m.hot('  -a-b-c-d-e-f', { a: 0, b: 1000 / 60, c: 2000 / 60, d: 50, e: 4000 / 60, f: 5000 / 60 });
      const order = '        -(er)(er)(er)';
      const engine = createSystemsEngine({
        scenes: [{ id: 'a' }],
        startSceneId: 'a',
        ticks,
        globalOptions: { performance: { maxFPS: 30 } },
        onError: () => {},
      });
      void engine.play();
      const delivered: number[] = [];
      engine.addEventListener<number>('input', (event) => delivered.push(event.payload));
      // An input arrives on every host tick, before the engine sees it.
      ticks.subscribe((t) => engine.dispatchEvent('input', Math.round(t)));
      // A kept frame delivers events and renders; on b, d and f nothing runs, not even 'events'.
      const loop = engine.loop!;
      m.expect(merge(loop.phase('events').pipe(map(() => 'e')), loop.phase('render').pipe(map(() => 'r')))).toBeObservable(order);
      m.flush();
      // The ticks' inputs land in the queue; only the kept frames deliver, and the skipped one waits.
      expect(engine.stats().skippedTicks).toBe(3);
      // Each tick's input is queued just after the engine saw the tick (it subscribed first), so frame c
      // delivers a's and b's inputs (b's waited through the skipped iteration), frame e delivers c's and d's.
      expect(delivered).toEqual([0, 17, 33, 50]);
      expect(engine.queuedEvents).toBe(2); // e's and f's inputs wait for the next kept frame
    }),
  );

  it('a cap of 60 on a 60 Hz host with ±1 ms jitter delivers 60.0 fps (the pacing grid, not `elapsed < 1000 / maxFPS`)', async () => {
    const engine = headless({ scenes: [{ id: 'a' }], globalOptions: { performance: { maxFPS: 60 } } });
    await engine.play();
    const ticks = host(60, 10, 1);
    for (const t of ticks) engine.advance(t);
    expect(engine.stats().frames).toBe(600);
    expect(engine.stats().skippedTicks).toBe(0);
  });

  it('a cap of 30 on a 144 Hz host with jitter delivers 30 fps on average', async () => {
    const engine = headless({ scenes: [{ id: 'a' }], globalOptions: { performance: { maxFPS: 30 } } });
    await engine.play();
    for (const t of host(144, 10, 0.5)) engine.advance(t);
    expect(Math.abs(engine.stats().frames - 300)).toBeLessThanOrEqual(1);
  });

  it('"Zero and the engine\'s internal default both mean uncapped."', async () => {
    expect(DEFAULT_MAX_FPS).toBe(0);
    for (const performance of [{ maxFPS: 0 }, {}, { maxFPS: Infinity }]) {
      const engine = headless({ scenes: [{ id: 'a' }], globalOptions: { performance } });
      await engine.play();
      for (const t of host(240, 1, 0.3)) engine.advance(t);
      expect(engine.stats().frames).toBe(240);
    }
  });
});

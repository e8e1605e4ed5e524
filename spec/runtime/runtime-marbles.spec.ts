import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createRuntime } from 'tickflow/runtime';
import { marbles } from '../marbles.js';

// The fixed-tick runtime's timing rules as marble diagrams (RxJS TestScheduler through rxjs-marbles):
// host ticks in, callbacks out. fixed_delta is 10 ms, so a frame worth 35 ms runs 3 ticks.
//
//   F fixedUpdate        J fixedUpdate that sees the jump edge
//   u update             U update that sees the jump edge
//   l lateUpdate

describe('the runtime on a marble clock', () => {
  it(
    '"In fixedUpdate, an edge survives a rendered frame with no fixed tick and is consumed once, even when the next frame catches up several ticks"; "The default catch-up limit is four ticks per frame"',
    marbles((m) => {
      const ticks = m.hot('  -a 9ms b 9ms c 9ms d', { a: 0, b: 5, c: 35, d: 100 });
      // a: worth 0. b: 5 ms, no tick (the press at 5 waits). c: 30 ms more = 35 accumulated: 3 ticks, the first sees it.
      // d: 65 ms more = 70 accumulated: 7 intervals, 4 run, 3 dropped (30 ms), the fraction (0) kept.
      const seen = '          -(ul) 6ms (Ul) 6ms (JFFul) 3ms (FFFFul)';
      const out = new Subject<string>();
      const runtime = createRuntime({
        scene: { simulation: { fixed_delta: 0.01 }, objects: [{ name: 'player', behaviors: ['player'] }] },
        behaviors: {
          player: (game) => ({
            fixedUpdate: () => out.next(game.input().jump ? 'J' : 'F'),
            update: () => out.next(game.input().jump ? 'U' : 'u'),
            lateUpdate: () => out.next('l'),
          }),
        },
        ticks,
        onError: (error) => {
          throw error;
        },
      });
      runtime.start();
      m.scheduler.schedule(() => runtime.press('Space'), 5);
      m.scheduler.schedule(() => runtime.release('Space'), 6); // a press and release inside one interval still counts
      m.expect(out).toBeObservable(seen);
      m.scheduler.schedule(() => {
        expect(runtime.stats().droppedLastFrameSeconds).toBeCloseTo(0.03, 9);
        expect(runtime.stats().ticks).toBe(7);
        runtime.destroy();
      }, 40);
    }),
  );

  it(
    '"Pause clears accumulated wall time ... Resuming does not simulate the time spent paused"',
    marbles((m) => {
      // P pressed before frame b; frames b..d are paused (render only); P again before e: e resumes with an empty accumulator.
      const ticks = m.hot('  -a 9ms b 9ms c 9ms d 9ms e 9ms f', { a: 0, b: 15, c: 500, d: 1000, e: 1005, f: 1015 });
      // Paused, b, c and d run no callback. e (5 ms after d) runs no tick: the 985 ms spent paused are not simulated
      // (they would be 4 ticks and dropped time). f: 15 ms since the resume, one tick.
      const seen = '          -(ul) 36ms (ul) 6ms (Ful)';
      const out = new Subject<string>();
      const runtime = createRuntime({
        scene: { simulation: { fixed_delta: 0.01 }, objects: [{ name: 'p', behaviors: ['p'] }] },
        behaviors: { p: () => ({ fixedUpdate: () => out.next('F'), update: () => out.next('u'), lateUpdate: () => out.next('l') }) },
        ticks,
      });
      runtime.start();
      m.scheduler.schedule(() => runtime.press('KeyP'), 5);
      m.scheduler.schedule(() => runtime.release('KeyP'), 6);
      m.scheduler.schedule(() => runtime.press('KeyP'), 35);
      m.scheduler.schedule(() => runtime.release('KeyP'), 36);
      m.expect(out).toBeObservable(seen);
      m.scheduler.schedule(() => expect(runtime.stats().droppedSeconds).toBe(0), 55);
      m.scheduler.schedule(() => runtime.destroy(), 60);
    }),
  );
});

import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { phaseOrder } from '../../../src/testing/index.js';
import { createSystemsEngine, SceneSystem, type SceneSystemOptions, type Time } from '../../../src/engines/systems/index.js';
import { marbles } from '../../marbles.js';

const quiet = { onError: () => {} };

/** A scene system that emits a letter for each fixedUpdate (F) and update (u), and logs delivered events (e). */
function tracer(out: Subject<string>) {
  return class Tracer extends SceneSystem {
    constructor(options: SceneSystemOptions) {
      super();
      options.events.addEventListener('ping', () => out.next('e'));
    }
    fixedUpdate(): void {
      out.next('F');
    }
    update(): void {
      out.next('u');
    }
  };
}

describe('one frame: "the engine delivers queued events first, then runs every accumulated fixedUpdate, then update"', () => {
  it(
    'runs its phases in order: events, fixedUpdate (once per step), time, update, interpolate, render, endFrame',
    marbles((m) => {
      // 50 Hz: a 20 ms step. Deltas 0, 30, 60 ms: 0, 1 and 3 steps (acc 0, 10, 10).
      const ticks = m.hot('   -a 9ms b 9ms c', { a: 0, b: 30, c: 90 });
      const order = '        -(etuirx) 2ms (eFtuirx) 1ms (eFFFtuirx)';
      const engine = createSystemsEngine({ scenes: [{ id: 'main' }], startSceneId: 'main', ticks, ...quiet });
      void engine.play();
      m.expect(phaseOrder(engine.loop!)).toBeObservable(order, {
        e: 'events', F: 'fixedUpdate', t: 'time', u: 'update', i: 'interpolate', r: 'render', x: 'endFrame',
      });
    }),
  );

  it(
    '"fixedUpdate ... In one frame it may run several times, once, or not at all"; events come before it and update after',
    marbles((m) => {
      const ticks = m.hot('   -a 9ms b 9ms c 9ms d', { a: 0, b: 30, c: 90, d: 95 });
      const seen = '          -(eu) 6ms (eFu) 5ms (eFFFu) 3ms (eu)';
      const out = new Subject<string>();
      const engine = createSystemsEngine({ scenes: [{ id: 'main', systems: [tracer(out)] }], startSceneId: 'main', ticks, ...quiet });
      void engine.play();
      // One event queued before each frame: it is delivered first in that frame.
      engine.addEventListener('ping', () => engine.dispatchEvent('ping'));
      engine.dispatchEvent('ping');
      m.expect(out).toBeObservable(seen);
    }),
  );

  it('"So a system that reads state in update sees the result of this frame\'s simulation, not the previous frame\'s."', async () => {
    let simulated = 0;
    const readInUpdate: number[] = [];
    class Sim extends SceneSystem {
      fixedUpdate(): void {
        simulated++;
      }
    }
    class Reader extends SceneSystem {
      update(): void {
        readInUpdate.push(simulated);
      }
    }
    const engine = createSystemsEngine({ scenes: [{ id: 'main', systems: [Reader, Sim] }], startSceneId: 'main', ticks: { subscribe: () => ({ unsubscribe() {} }) }, ...quiet });
    await engine.play();
    engine.advance(0);
    engine.advance(20);
    engine.advance(60);
    // Reader is listed first, yet every update sees that frame's steps (0, then 1, then 1 + 2).
    expect(readInUpdate).toEqual([0, 1, 3]);
  });
});

describe('Time: "The loop refreshes deltaTime, alpha and elapsedTime after the frame\'s fixed steps have run and before update."', () => {
  it(
    '"Read inside fixedUpdate, all three still hold the previous frame\'s values." (update sees this frame\'s)',
    marbles((m) => {
      // Deltas: 0, 30, 60 ms at a 20 ms step. alpha after each frame: 0, 0.5, 0.5.
      const ticks = m.hot('   -a 9ms b 9ms c', { a: 0, b: 30, c: 90 });
      const fixed = new Subject<string>();
      const update = new Subject<string>();
      const show = (t: Time) => `${t.deltaTime.toFixed(3)} ${t.elapsedTime.toFixed(3)} ${t.alpha.toFixed(2)} ${t.fixedDeltaTime}`;
      class Probe extends SceneSystem {
        constructor(private readonly options: SceneSystemOptions) {
          super();
        }
        fixedUpdate(): void {
          fixed.next(show(this.options.time));
        }
        update(): void {
          update.next(show(this.options.time));
        }
      }
      const engine = createSystemsEngine({ scenes: [{ id: 'main', systems: [Probe] }], startSceneId: 'main', ticks, ...quiet });
      void engine.play();
      m.expect(update).toBeObservable('-a 9ms b 9ms c', {
        a: '0.000 0.000 0.00 0.02',
        b: '0.030 0.030 0.50 0.02',
        c: '0.060 0.090 0.50 0.02',
      });
      // Frame b's one step still sees frame a's values; frame c's three steps all see frame b's.
      m.expect(fixed).toBeObservable('-- 9ms b 9ms (ccc)', {
        b: '0.000 0.000 0.00 0.02',
        c: '0.030 0.030 0.50 0.02',
      });
    }),
  );

  it('"It is one shared instance": every system and behavior is handed the same Time, for the engine\'s life', async () => {
    const times: Time[] = [];
    class A extends SceneSystem {
      constructor(o: SceneSystemOptions) {
        super();
        times.push(o.time);
      }
    }
    class B {
      constructor(o: { time: Time }) {
        times.push(o.time);
      }
    }
    const engine = createSystemsEngine({
      systems: [B],
      scenes: [{ id: 'main', systems: [A], entities: [{ behaviors: [B] }] }],
      startSceneId: 'main',
      ticks: { subscribe: () => ({ unsubscribe() {} }) },
    });
    await engine.play();
    engine.destroyWorld();
    await engine.play();
    expect(times).toHaveLength(6);
    for (const time of times) expect(time).toBe(engine.time);
  });
});

import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createSystemsEngine, SceneSystem, type SceneSystemOptions } from '../../../src/engines/systems/index.js';
import { marbles } from '../../marbles.js';
import { headless } from './support.js';

describe('the event queue', () => {
  it(
    '"Nothing drains the event queue while the loop is stopped, so events dispatched during a pause are delivered on the first frame after it."',
    marbles((m) => {
      const ticks = m.hot('    -a 4ms b 4ms c 4ms d 4ms e', { a: 0, b: 16, c: 33, d: 50, e: 66 });
      const pause = m.hot('    ---p 5ms (xq) 1ms r', { p: 'pause', x: 'dispatch', q: 'dispatch', r: 'play' });
      //                       a at 1, pause at 3, two dispatches at 9, play at 14: ticks b and c are never taken; d (16) delivers both
      const delivered = '      ----------------(xy)';
      const engine = createSystemsEngine({ scenes: [{ id: 'a' }], startSceneId: 'a', ticks, onError: () => {} });
      void engine.play();
      const out = new Subject<string>();
      engine.addEventListener<string>('note', (event) => out.next(event.payload));
      let n = 0;
      pause.subscribe((what) => {
        if (what === 'pause') engine.pause();
        else if (what === 'play') void engine.play();
        else engine.dispatchEvent('note', n++ === 0 ? 'x' : 'y');
      });
      m.expect(out).toBeObservable(delivered);
    }),
  );

  it('an event dispatched while an event is being delivered waits for the next frame (no unbounded drain)', async () => {
    const engine = headless({ scenes: [{ id: 'a' }] });
    await engine.play();
    const delivered: number[] = [];
    engine.addEventListener<number>('echo', (event) => {
      delivered.push(event.payload);
      engine.dispatchEvent('echo', event.payload + 1); // a listener that always answers itself
    });
    engine.dispatchEvent('echo', 0);
    engine.advance(0);
    expect(delivered).toEqual([0]);
    expect(engine.queuedEvents).toBe(1);
    engine.advance(16);
    engine.advance(32);
    expect(delivered).toEqual([0, 1, 2]);
  });

  it('events are delivered in dispatch order, each to its type\'s listeners in the order they were added', async () => {
    const engine = headless({ scenes: [{ id: 'a' }] });
    await engine.play();
    const log: string[] = [];
    engine.addEventListener('a', () => log.push('a1'));
    engine.addEventListener('b', () => log.push('b1'));
    engine.addEventListener('a', () => log.push('a2'));
    engine.dispatchEvent('b');
    engine.dispatchEvent('a');
    engine.advance(0);
    expect(log).toEqual(['b1', 'a1', 'a2']);
  });

  it('each engine has its own queue: two engines on a page never deliver each other\'s events', async () => {
    const one = headless({ scenes: [{ id: 'a' }] });
    const two = headless({ scenes: [{ id: 'a' }] });
    await one.play();
    await two.play();
    const got: string[] = [];
    one.addEventListener('hit', () => got.push('one'));
    two.addEventListener('hit', () => got.push('two'));
    one.dispatchEvent('hit');
    one.advance(0);
    two.advance(0);
    expect(got).toEqual(['one']);
  });

  it('a system\'s listeners go with its scene, and stop() empties the queue; page listeners stay', async () => {
    const heard: string[] = [];
    class Ear extends SceneSystem {
      constructor(o: SceneSystemOptions) {
        super();
        o.events.addEventListener('sound', () => heard.push(`ear in ${o.scene.id}`));
      }
    }
    const engine = headless({ scenes: [{ id: 'a', systems: [Ear] }, { id: 'b' }] });
    engine.addEventListener('sound', () => heard.push('page'));
    await engine.play();
    engine.dispatchEvent('sound');
    engine.advance(0);
    await engine.loadScene('b');
    engine.dispatchEvent('sound');
    engine.advance(100);
    expect(heard).toEqual(['page', 'ear in a', 'page']); // listeners in the order added; the ear left with scene a
    engine.dispatchEvent('sound');
    engine.destroyWorld();
    expect(engine.queuedEvents).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_EVENTS_PER_FRAME, EventRing } from '../../../src/engines/page/index.js';
import { testFrames } from './frames.js';

// Seed (shared-page-loop, "One frame"): "Things that happened go on the event
// ring (engine.events.emit)." and "Sound, effects and the HUD read the event
// ring here [render]." Limits: "64 events a frame on the ring (events); full
// means dropped and counted".

const quiet = { onError: () => {}, pause: false as const };

describe('the event ring', () => {
  it('"64 events a frame on the ring (events)": the default capacity is 64', () => {
    expect(DEFAULT_EVENTS_PER_FRAME).toBe(64);
    const engine = createEngine(quiet);
    expect(engine.events.capacity).toBe(64);
    engine.destroy();
  });

  it('holds events in order, a type and two numbers each', () => {
    const ring = new EventRing(4);
    ring.emit('hit', 3, 120);
    ring.emit('miss');
    expect(ring.length).toBe(2);
    expect([ring.type(0), ring.a(0), ring.b(0)]).toEqual(['hit', 3, 120]);
    expect([ring.type(1), ring.a(1), ring.b(1)]).toEqual(['miss', 0, 0]);
    expect(ring.type(2)).toBeUndefined();
    const seen: string[] = [];
    ring.forEach((type, a) => seen.push(`${type}:${a}`));
    expect(seen).toEqual(['hit:3', 'miss:0']);
  });

  it('"full means dropped and counted": past capacity an event is refused and counted, never grown into', () => {
    const ring = new EventRing(2);
    expect(ring.emit('a')).toBe(true);
    expect(ring.emit('b')).toBe(true);
    expect(ring.emit('c')).toBe(false);
    expect(ring.emit('d')).toBe(false);
    expect(ring.length).toBe(2);
    expect(ring.dropped).toBe(2);
    ring.clear();
    expect(ring.length).toBe(0);
    expect(ring.dropped).toBe(2); // the count is a total
    expect(ring.emit('e')).toBe(true);
  });

  it('step emits, render reads the same frame\'s events, and the next frame starts empty; drops show in stats()', () => {
    const frames = testFrames();
    const engine = createEngine({ ...quiet, events: 3, step: 0.01, frames });
    const seen: string[][] = [];
    engine.add({
      name: 'game',
      step: (e) => {
        for (let i = 0; i < 2; i++) e.events.emit('bounce', i);
      },
    });
    engine.add({
      name: 'hud',
      render: (e) => {
        const line: string[] = [];
        for (let i = 0; i < e.events.length; i++) line.push(`${e.events.type(i)}${e.events.a(i)}`);
        seen.push(line);
      },
    });
    engine.start();
    frames.tick(0); // worth 0: no step
    frames.tick(10); // one step: two events
    frames.tick(30); // two steps: four events, room for three
    expect(seen).toEqual([[], ['bounce0', 'bounce1'], ['bounce0', 'bounce1', 'bounce0']]);
    expect(engine.stats().droppedEvents).toBe(1);
    engine.destroy();
  });

  it('another engine\'s render reads this engine\'s ring in the same page frame (every step runs before any render)', () => {
    const frames = testFrames();
    const hud = createEngine({ ...quiet, frames, name: 'hud' });
    const game = createEngine({ ...quiet, frames, name: 'game', step: 0.01 });
    const seen: number[] = [];
    hud.add({ render: () => void seen.push(game.events.length) }); // hud is first on the clock
    game.add({ step: (e) => void e.events.emit('tick') });
    hud.start();
    game.start();
    frames.tick(0);
    frames.tick(10);
    expect(seen).toEqual([0, 1]);
    hud.destroy();
    game.destroy();
  });

  it('refuses a bad capacity by name', () => {
    expect(() => createEngine({ events: 0 })).toThrow('createEngine: events must be a whole number from 1 to 65536, got 0');
    expect(() => createEngine({ events: 2.5 })).toThrow('got 2.5');
  });
});

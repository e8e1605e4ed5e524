// Issue 28, item 2: "remote entities are drawn interpolated a configurable
// delay behind, with tickflow's alpha". StateTimeline is the one mechanism:
// states by tick, sampled at a fractional tick.
import { describe, expect, it } from 'vitest';
import { StateTimeline } from '../../src/colyseus/state-timeline.js';

describe('StateTimeline: states by tick, sampled between two', () => {
  it('samples between the two states around a fractional tick', () => {
    const timeline = new StateTimeline<number>(8);
    timeline.record(8, 80);
    timeline.record(9, 90);
    expect(timeline.sample(8.25)).toEqual({ from: 80, to: 90, alpha: 0.25, tick: 8.25 });
    expect(timeline.sample(8)).toEqual({ from: 80, to: 80, alpha: 0, tick: 8 });
  });

  it('spans a gap (a state lost, a room sending every third tick)', () => {
    // recorded     8   9       11          (10 was lost)
    // sample(9.5)      9 ->11  alpha 0.25
    const timeline = new StateTimeline<string>(8);
    for (const t of [8, 9, 11]) timeline.record(t, `s${t}`);
    expect(timeline.sample(9.5)).toEqual({ from: 's9', to: 's11', alpha: 0.25, tick: 9.5 });
  });

  it('holds at either end: never extrapolates', () => {
    const timeline = new StateTimeline<number>(8);
    expect(timeline.sample(3)).toBeUndefined();
    timeline.record(5, 50);
    timeline.record(6, 60);
    expect(timeline.sample(2)).toEqual({ from: 50, to: 50, alpha: 0, tick: 5 });
    expect(timeline.sample(7.5)).toEqual({ from: 60, to: 60, alpha: 0, tick: 6 });
  });

  it('replaces a tick recorded again (re-simulated), keeps ticks in order, and forgets the oldest past its capacity', () => {
    const timeline = new StateTimeline<number>(3);
    timeline.record(2, 20);
    timeline.record(4, 40);
    timeline.record(3, 30);
    timeline.record(4, 41);
    expect(timeline.sample(3.5)).toEqual({ from: 30, to: 41, alpha: 0.5, tick: 3.5 });
    timeline.record(5, 50);
    expect(timeline.sample(0)).toEqual({ from: 30, to: 30, alpha: 0, tick: 3 });
    timeline.dropAfter(3);
    expect(timeline.newest).toBe(3);
  });
});

// How a client keeps its inputs arriving bufferTicks early: TickSync, on the
// leads the room reports in its state messages.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUFFER_TICKS, MAX_SYNC_TICKS_PER_FRAME, SYNC_SAMPLES, TickSync } from '../../src/colyseus/tick-sync.js';

/** Reports `lead` in `count` messages, our ack moving with the present. */
function feed(sync: TickSync, lead: number, count: number, from: number): void {
  for (let i = 0; i < count; i++) sync.report(from + i, lead, from + i + 10);
}

describe('TickSync: inputs bufferTicks early', () => {
  it(`starts a round trip plus the buffer (${DEFAULT_BUFFER_TICKS}) ahead, ${MAX_SYNC_TICKS_PER_FRAME} extra ticks a frame`, () => {
    const sync = new TickSync(DEFAULT_BUFFER_TICKS);
    sync.start(17.3); // a 288 ms round trip at 60 Hz
    expect(sync.pending).toBe(20);
    const frames: number[] = [];
    for (let tick = 100; sync.pending !== 0; tick += 3) frames.push(sync.take(tick));
    expect(frames).toEqual(new Array(10).fill(2));
    expect(sync.extra).toBe(20);
  });

  it(`waits for ${SYNC_SAMPLES} reports, then runs extra ticks when the least lead is below the buffer`, () => {
    const sync = new TickSync(2);
    feed(sync, 0, SYNC_SAMPLES - 1, 0);
    expect(sync.pending).toBe(0);
    sync.report(SYNC_SAMPLES, -1, 40); // a late one: lead -1
    expect(sync.pending).toBe(3);
    expect(sync.lastLead).toBe(-1);
  });

  it('skips ticks, one a frame, when the least lead is over buffer + 1; within the band it does nothing', () => {
    const sync = new TickSync(2);
    feed(sync, 3, SYNC_SAMPLES, 0);
    expect(sync.pending).toBe(0); // 3 is within [2, 3]
    feed(sync, 5, SYNC_SAMPLES, 100);
    expect(sync.pending).toBe(-3);
    expect([sync.take(200), sync.take(200), sync.take(200), sync.take(200)]).toEqual([-1, -1, -1, 0]);
    expect(sync.skipped).toBe(3);
  });

  it('after an adjustment, ignores leads of inputs sent before it (the feedback is a round trip late)', () => {
    const sync = new TickSync(2);
    feed(sync, 0, SYNC_SAMPLES, 0);
    expect(sync.take(50)).toBe(2); // done at present 50: fence at 52
    feed(sync, 0, SYNC_SAMPLES * 2, 20); // acks 20..59: only those from 52 on count (8 of them)
    expect(sync.pending).toBe(0);
    feed(sync, 0, SYNC_SAMPLES - 8, 60);
    expect(sync.pending).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_LEAD_TICKS, RoomInputs } from '../../src/colyseus/room-inputs.js';

describe('RoomInputs: each input at the tick it was stamped with', () => {
  it('holds an input stamped ahead until the room runs that tick', () => {
    const inputs = new RoomInputs(1, DEFAULT_MAX_LEAD_TICKS);
    expect(inputs.receive('a', { tick: 4, input: new Uint8Array([7]) }, 1)).toBe('on-time');
    expect(inputs.take(1)).toEqual([]);
    expect(inputs.take(3)).toEqual([]);
    expect(inputs.take(4)).toEqual([{ client: 'a', tick: 4, appliedTick: 4, input: new Uint8Array([7]), late: false }]);
    expect(inputs.take(4)).toEqual([]); // handed over once
    expect(inputs.counts()).toEqual({ received: 1, late: 0, rejected: 0 });
  });

  it('applies an input whose tick already ran at the next tick the room runs, and counts it late', () => {
    //  room ran  0 1 2 3 4 5
    //  arrives       a@4   b@2      (b while tick 5 is next)
    const inputs = new RoomInputs(1, DEFAULT_MAX_LEAD_TICKS);
    inputs.receive('a', { tick: 4, input: [1] }, 2);
    expect(inputs.receive('b', { tick: 2, input: [2] }, 5)).toBe('late');
    expect(inputs.take(4).map((i) => i.client)).toEqual(['a']);
    expect(inputs.take(5)).toEqual([{ client: 'b', tick: 2, appliedTick: 5, input: new Uint8Array([2]), late: true }]);
    expect(inputs.counts()).toEqual({ received: 2, late: 1, rejected: 0 });
  });

  it('hands over a tick\'s late inputs first, in stamp order, then its own in the order they arrived', () => {
    const inputs = new RoomInputs(2, DEFAULT_MAX_LEAD_TICKS);
    inputs.receive('a', { tick: 3, input: [1, 1] }, 0);
    inputs.receive('b', { tick: 2, input: [2, 2] }, 3);
    inputs.receive('c', { tick: 3, input: [3, 3] }, 3);
    inputs.receive('b', { tick: 1, input: [4, 4] }, 3);
    expect(inputs.take(3).map((i) => [i.client, i.tick, i.late])).toEqual([['b', 1, true], ['b', 2, true], ['a', 3, false], ['c', 3, false]]);
  });

  it('so a late input never undoes a newer one: a player\'s last input is the newest stamp', () => {
    // 12 arrives early; 11 arrives while 12 is next (late): both at 12, 11 first.
    const inputs = new RoomInputs(1, DEFAULT_MAX_LEAD_TICKS);
    inputs.receive('a', { tick: 12, input: [1] }, 4); // on time, long before
    inputs.receive('a', { tick: 11, input: [0] }, 12); // late: tick 11 ran
    expect(inputs.take(12).map((i) => i.input[0])).toEqual([0, 1]); // held afterwards: 1
  });

  it('keeps its own copy of the bytes', () => {
    const inputs = new RoomInputs(1, DEFAULT_MAX_LEAD_TICKS);
    const bytes = new Uint8Array([9]);
    inputs.receive('a', { tick: 0, input: bytes }, 0);
    bytes[0] = 0;
    expect(inputs.take(0)[0]!.input).toEqual(new Uint8Array([9]));
  });

  it('refuses and counts a malformed message, never throwing', () => {
    const inputs = new RoomInputs(2, DEFAULT_MAX_LEAD_TICKS);
    const bad = [
      undefined, null, 5, 'x', {}, { tick: 1 }, { input: [1, 2] },
      { tick: -1, input: [1, 2] }, { tick: 1.5, input: [1, 2] }, { tick: Number.NaN, input: [1, 2] },
      { tick: 1, input: [1] }, { tick: 1, input: [1, 2, 3] }, { tick: 1, input: [1, 256] }, { tick: 1, input: [1, -1] },
      { tick: 1, input: new Uint8Array(3) }, { tick: '1', input: [1, 2] },
    ];
    for (const message of bad) expect(inputs.receive('a', message, 0)).toBe('malformed');
    expect(inputs.counts()).toEqual({ received: 0, late: 0, rejected: bad.length });
    expect(inputs.pending).toBe(0);
  });

  it(`refuses an input stamped more than maxLeadTicks ahead (default ${DEFAULT_MAX_LEAD_TICKS})`, () => {
    const inputs = new RoomInputs(1, 10);
    expect(inputs.receive('a', { tick: 15, input: [1] }, 5)).toBe('on-time');
    expect(inputs.receive('a', { tick: 16, input: [1] }, 5)).toBe('too-far-ahead');
    expect(inputs.counts()).toEqual({ received: 1, late: 0, rejected: 1 });
    expect(inputs.pending).toBe(1);
  });
});

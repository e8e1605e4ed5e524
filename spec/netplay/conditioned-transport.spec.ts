import { describe, expect, it } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { conditionedTransport, simulatedLink } from '../../src/netplay/index.js';

// The "bad network" switch: a simulated link's faults in the path of a real
// transport, both ways, on the caller's clock. Here the "real" transport is
// a perfect simulatedLink whose time never moves (so it adds nothing).

function pair(conditions: Parameters<typeof conditionedTransport>[1]) {
  const wire = simulatedLink(); // perfect, and always at time 0: instant
  let nowMs = 0;
  const a = conditionedTransport(wire.endpoints[0]!, conditions, () => nowMs);
  const b = wire.endpoints[1]!;
  return { a, b, setNow: (t: number) => (nowMs = t) };
}

describe('conditionedTransport', () => {
  it('delays what it sends by the link latency, on its clock', () => {
    const { a, b, setNow } = pair({ latencyMs: 100, seed: 4 });
    a.sendTo(1, new Uint8Array([7]));
    expect(b.receiveAll()).toEqual([]);
    expect(a.inFlight).toBe(1);
    setNow(99);
    a.receiveAll(); // the transport is pumped whenever it is used: the session receives once a frame
    expect(b.receiveAll()).toEqual([]);
    setNow(100);
    a.receiveAll();
    expect(b.receiveAll().map((p) => [p.from, [...p.message]])).toEqual([[0, [7]]]);
  });

  it('delays what it receives too, naming the real sender', () => {
    const { a, b, setNow } = pair({ latencyMs: 50, seed: 4 });
    b.sendTo(0, new Uint8Array([1, 2]));
    expect(a.receiveAll()).toEqual([]);
    setNow(50);
    expect(a.receiveAll().map((p) => [p.from, [...p.message]])).toEqual([[1, [1, 2]]]);
  });

  it('drops and duplicates as a simulated link seeded with its seed plus the peer id would', () => {
    const { a, b, setNow } = pair({ loss: 0.3, duplicate: 0.2, seed: 11 });
    const reference = simulatedLink({ peers: 2, loss: 0.3, duplicate: 0.2, seed: 11 + 1 });
    for (let i = 0; i < 200; i++) {
      a.sendTo(1, new Uint8Array([i]));
      reference.endpoints[0]!.sendTo(1, new Uint8Array([i]));
    }
    setNow(1);
    a.receiveAll();
    const got = b.receiveAll().map((p) => p.message[0]);
    const expected = reference.endpoints[1]!.receiveAll().map((p) => p.message[0]);
    expect(got).toEqual(expected);
    expect(got.length).toBeLessThan(200 * 0.85);
    expect(new Set(got).size).toBeLessThan(got.length); // some came twice
  });

  it('switched off, passes new packets straight through and still lands those in flight', () => {
    const { a, b, setNow } = pair({ latencyMs: 100, seed: 2 });
    a.sendTo(1, new Uint8Array([1]));
    a.active = false;
    a.sendTo(1, new Uint8Array([2]));
    expect(b.receiveAll().map((p) => p.message[0])).toEqual([2]);
    b.sendTo(0, new Uint8Array([3]));
    expect(a.receiveAll().map((p) => p.message[0])).toEqual([3]);
    setNow(100);
    a.receiveAll();
    expect(b.receiveAll().map((p) => p.message[0])).toEqual([1]);
    expect(a.inFlight).toBe(0);
  });

  it('names what is wrong with its arguments', () => {
    const { b } = pair({});
    expect(() => conditionedTransport({} as never, {}, () => 0)).toThrow(OptionError);
    expect(() => conditionedTransport(b, { loss: 2 }, () => 0)).toThrow(/simulatedLink: loss must be a number from 0 to 1, got 2/);
    expect(() => conditionedTransport(b, { peers: 3 } as never, () => 0)).toThrow(/conditions.peers must be absent/);
    expect(() => conditionedTransport(b, {}, 5 as never)).toThrow(/clock must be a function/);
    expect(() => conditionedTransport(b, { seed: 2 ** 32 }, () => 0)).toThrow(/seed must be a whole number from 0 to 4294967295/); // now, not at the first packet
  });
});

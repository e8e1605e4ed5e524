import { afterEach, describe, expect, it } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { broadcastChannelTransport, type BroadcastChannelTransport } from '../../src/netplay/index.js';

// A Transport between the tabs of one browser (Node has the same
// BroadcastChannel): ordered and reliable, addressed by peer id, the bytes
// copied when sent.

/** A message posted now arrives in another opener of the name one task later. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 10));

let open: BroadcastChannelTransport[] = [];
const transport = (name: string, id: number) => {
  const made = broadcastChannelTransport(name, id);
  open.push(made);
  return made;
};

afterEach(() => {
  for (const t of open) t.close();
  open = [];
});

describe('broadcastChannelTransport', () => {
  it('delivers to the addressed peer only, every message in the order sent, the bytes its own', async () => {
    const [a, b, c] = [0, 1, 2].map((id) => transport('spec:ABCD', id));
    const buffer = new Uint8Array(1);
    for (let i = 0; i < 50; i++) {
      buffer[0] = i;
      a!.sendTo(1, buffer); // the same buffer each time: the transport copies it
    }
    b!.sendTo(0, new Uint8Array([9]));
    await nextTask();
    expect(b!.receiveAll().map((p) => [p.from, p.message[0]])).toEqual(Array.from({ length: 50 }, (_, i) => [0, i]));
    expect(a!.receiveAll().map((p) => [p.from, [...p.message]])).toEqual([[1, [9]]]);
    expect(c!.receiveAll()).toEqual([]);
    expect(b!.receiveAll()).toEqual([]); // taken once
  });

  it('keeps rooms apart by name, ignores what is not its own, and after close sends and receives nothing', async () => {
    const a = transport('spec:ROOM', 0);
    const b = transport('spec:ROOM', 1);
    const elsewhere = transport('spec:OTHER', 1);
    const raw = new BroadcastChannel('spec:ROOM');
    raw.postMessage({ hello: 'not a packet' });
    a.sendTo(1, new Uint8Array([1]));
    await nextTask();
    raw.close();
    expect(b.receiveAll()).toHaveLength(1);
    expect(elsewhere.receiveAll()).toEqual([]);
    b.close();
    b.close(); // idempotent
    a.sendTo(1, new Uint8Array([2]));
    b.sendTo(0, new Uint8Array([3]));
    await nextTask();
    expect(b.receiveAll()).toEqual([]);
    expect(a.receiveAll()).toEqual([]);
  });

  it('names what is wrong with its arguments', () => {
    expect(() => broadcastChannelTransport('', 0)).toThrow(OptionError);
    expect(() => broadcastChannelTransport('x', -1)).toThrow(/id must be a whole number >= 0, got -1/);
    expect(() => broadcastChannelTransport('x', 0, 'no' as unknown as typeof BroadcastChannel)).toThrow(/Channel must be a BroadcastChannel constructor/);
  });
});

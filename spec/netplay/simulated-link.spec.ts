import { describe, expect, it } from 'vitest';
import { Subject, type Observable } from 'rxjs';
import type { Context } from 'rxjs-marbles';
import { manualTicks } from '../../src/index.js';
import { DEFAULT_RANDOM_SEED } from '../../src/engines/shell/engine-random.js';
import {
  DEFAULT_QUEUE_LIMIT,
  DEFAULT_REORDER_MS,
  simulatedLink,
  type SimulatedLink,
  type SimulatedLinkOptions,
  type Transport,
} from '../../src/netplay/index.js';
import { marbles } from '../marbles.js';

// Issue 27, item 4: "Transports, behind one small interface (send to a peer,
// receive; unordered and unreliable assumed: every packet repeats the inputs
// not yet acknowledged): an in-process `simulatedLink({ latency, jitter,
// loss, reorder, duplicate, seed })` on the engines' virtual time, so a whole
// match on a bad network runs as a marble or property test with no sockets".
// DESIGN.md: "an in-process simulated link on virtual time makes every
// network condition a deterministic test."
//
// In the marbles a frame is 1 ms of the link's time. Endpoint 0 sends a
// one-byte packet (the letter) when `sent` shows one; every frame the link
// is moved to the frame's time and endpoint 1 receives.

const letter = (packet: { message: Uint8Array }): string => String.fromCharCode(packet.message[0]!);
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** What endpoint 1 receives, frame by frame, while endpoint 0 sends the letters of `sent`. */
function received(m: Context, options: SimulatedLinkOptions, sent: string): Observable<string> {
  const link = simulatedLink(options);
  const [alice, bob] = link.endpoints;
  const out = new Subject<string>();
  // `sent` is made first, so in a frame with both the send comes before the frame's receive.
  m.hot<string>(sent).subscribe((value) => {
    link.advanceTo(m.scheduler.now());
    alice!.sendTo(bob!.id, bytes(value));
  });
  m.hot('f'.repeat(sent.length + 30)).subscribe(() => {
    link.advanceTo(m.scheduler.now());
    for (const packet of bob!.receiveAll()) out.next(letter(packet));
  });
  return out;
}

/** A marble case: the rule, the link's options, what endpoint 0 sends, what endpoint 1 receives. */
type MarbleCase = [rule: string, options: SimulatedLinkOptions, sent: string, expected: string];

// The marbles line up: read a packet's send and its arrival down a column.
const MARBLE_CASES: MarbleCase[] = [
  [
    'latencyMs: every packet arrives latencyMs after it was sent (jitterMs 0)',
    { latencyMs: 6 },
    'a---b---c---d      ',
    '------a---b---c---d',
  ],
  [
    'with no latency a packet can be received in the frame it was sent',
    {},
    'a---b---c---d      ',
    'a---b---c---d      ',
  ],
  [
    '"reorder": a packet held back reorderMs more arrives behind the one sent after it (seed 16 holds back b alone)',
    { latencyMs: 6, reorder: 0.5, reorderMs: 5, seed: 16 },
    'a---b---c---d      ',
    '------a-------cb--d',
  ],
  [
    '"duplicate" 1: every packet arrives twice (jitterMs 0, so both copies in one frame; a group takes its width in frames)',
    { latencyMs: 6, duplicate: 1 },
    'a---b---c---d         ',
    '------(aa)(bb)(cc)(dd)',
  ],
  [
    '"loss" 1: nothing arrives',
    { latencyMs: 6, loss: 1 },
    'a---b---c---d      ',
    '-------------------',
  ],
  [
    // Seed 14 draws arrivals a 4.55, b 3.06, c 5.06, d 9.87 ms; each is received in the first frame at or after it.
    'jitterMs larger than the time between sends: packets overtake each other ("unordered and unreliable assumed")',
    { latencyMs: 2, jitterMs: 6, seed: 14 },
    'ab-cd      ',
    '----bac---d',
  ],
];

describe('simulatedLink, in marbles', () => {
  for (const [rule, options, sent, expected] of MARBLE_CASES) {
    it(rule, marbles((m) => m.expect(received(m, options, sent)).toBeObservable(expected)));
  }
});

describe('simulatedLink', () => {
  it("does what its doc comment's example says (seed 2: arrives at 46.5 ms)", () => {
    const link = simulatedLink({ latencyMs: 40, jitterMs: 20, loss: 0.05, seed: 2 });
    const [alice, bob] = link.endpoints;
    alice!.sendTo(bob!.id, new Uint8Array([1, 2, 3]));
    link.advanceTo(30);
    expect(bob!.receiveAll().length).toBe(0);
    link.advanceTo(60);
    const [packet, ...more] = bob!.receiveAll();
    expect([packet!.from, packet!.message.join(' '), packet!.arriveAtMs.toFixed(1), more.length]).toEqual([0, '1 2 3', '46.5', 0]);
  });

  it('makes `peers` endpoints (2 by default) whose ids are their indices, and a perfect network by default', () => {
    const link = simulatedLink();
    expect(link.endpoints.map((endpoint) => endpoint.id)).toEqual([0, 1]);
    expect(link.nowMs).toBe(0);
    expect(link.conditions).toEqual({
      peers: 2,
      latencyMs: 0,
      jitterMs: 0,
      loss: 0,
      duplicate: 0,
      reorder: 0,
      reorderMs: DEFAULT_REORDER_MS,
      queueLimit: DEFAULT_QUEUE_LIMIT,
      seed: DEFAULT_RANDOM_SEED,
    });
    expect(simulatedLink({ peers: 4 }).endpoints.map((endpoint) => endpoint.id)).toEqual([0, 1, 2, 3]);
  });

  it('an endpoint is a Transport: two methods, sendTo and receiveAll', () => {
    const transport: Transport = simulatedLink().endpoints[0]!;
    expect(typeof transport.sendTo).toBe('function');
    expect(typeof transport.receiveAll).toBe('function');
  });

  it('names the sender, and gives each endpoint only what was sent to it', () => {
    const link = simulatedLink({ peers: 3, latencyMs: 10 });
    const [a, b, c] = link.endpoints;
    a!.sendTo(2, bytes('from a'));
    b!.sendTo(2, bytes('from b'));
    c!.sendTo(0, bytes('from c'));
    link.advanceTo(10);
    expect(b!.receiveAll()).toEqual([]);
    expect(c!.receiveAll().map((packet) => [packet.from, new TextDecoder().decode(packet.message)])).toEqual([
      [0, 'from a'],
      [1, 'from b'],
    ]);
    expect(a!.receiveAll().map((packet) => packet.from)).toEqual([2]);
    expect(c!.receiveAll()).toEqual([]); // taken once
  });

  it('arrives at the link\'s time, not before: a packet due at 40 ms is not received at 39.9', () => {
    const link = simulatedLink({ latencyMs: 40 });
    const [a, b] = link.endpoints;
    a!.sendTo(1, bytes('x'));
    link.advanceTo(39.9);
    expect(b!.receiveAll()).toEqual([]);
    link.advanceTo(40);
    expect(b!.receiveAll()).toMatchObject([{ from: 0, sentAtMs: 0, arriveAtMs: 40 }]);
  });

  it('"on virtual time": moved by an engine host\'s ticks, it waits for nothing real', () => {
    const host = manualTicks();
    const link = simulatedLink({ latencyMs: 100 });
    host.ticks$.subscribe((t) => link.advanceTo(t));
    const [a, b] = link.endpoints;
    a!.sendTo(1, bytes('x'));
    for (let i = 0; i < 5; i++) host.advance(); // 83.3 ms
    expect(b!.receiveAll()).toEqual([]);
    host.advance(); // 100 ms
    expect(b!.receiveAll()).toHaveLength(1);
    expect(link.nowMs).toBe(host.nowMs);
  });

  it('a time behind the link\'s changes nothing: its time never runs back', () => {
    const link = simulatedLink({ latencyMs: 10 });
    link.advanceTo(50);
    link.advanceTo(20);
    expect(link.nowMs).toBe(50);
    link.endpoints[0]!.sendTo(1, bytes('x'));
    expect(link.endpoints[1]!.receiveAll()).toEqual([]);
    link.advanceTo(60);
    expect(link.endpoints[1]!.receiveAll()).toMatchObject([{ sentAtMs: 50, arriveAtMs: 60 }]);
  });

  describe('bytes are copied on send', () => {
    it('a sender that reuses its buffer does not change a packet in flight', () => {
      const link = simulatedLink({ latencyMs: 16 });
      const [a, b] = link.endpoints;
      const buffer = new Uint8Array([1, 2, 3]);
      a!.sendTo(1, buffer);
      buffer.set([9, 9, 9]);
      a!.sendTo(1, buffer);
      buffer.fill(0);
      link.advanceTo(16);
      expect(b!.receiveAll().map((packet) => [...packet.message])).toEqual([
        [1, 2, 3],
        [9, 9, 9],
      ]);
    });

    it('a view into a larger buffer sends its own bytes only; a Node Buffer is copied too (its slice() would share)', () => {
      const link = simulatedLink();
      const [a, b] = link.endpoints;
      const backing = new Uint8Array([0, 1, 2, 3, 4, 5]);
      a!.sendTo(1, backing.subarray(2, 4));
      const buffer = Buffer.from([7, 8]);
      a!.sendTo(1, buffer);
      backing.fill(0);
      buffer.fill(0);
      const got = b!.receiveAll().map((packet) => packet.message);
      expect(got.map((message) => [...message])).toEqual([
        [2, 3],
        [7, 8],
      ]);
      expect(got.map((message) => message.byteLength === message.buffer.byteLength)).toEqual([true, true]);
    });

    it('each delivered copy of a duplicate has bytes of its own: a receiver may write into one', () => {
      const link = simulatedLink({ duplicate: 1 });
      const [a, b] = link.endpoints;
      a!.sendTo(1, new Uint8Array([5]));
      const [first, second] = b!.receiveAll();
      first!.message[0] = 6;
      expect(second!.message[0]).toBe(5);
    });
  });

  it('bounded queue: a packet sent to an endpoint already holding queueLimit packets is dropped, and counted', () => {
    const link = simulatedLink({ latencyMs: 5, queueLimit: 3 });
    const [a, b] = link.endpoints;
    for (let i = 0; i < 5; i++) a!.sendTo(1, new Uint8Array([i]));
    expect(link.stats()).toEqual({ sent: 5, lost: 0, duplicated: 0, overflowed: 2, delivered: 0, inFlight: 3 });
    link.advanceTo(5);
    expect(b!.receiveAll().map((packet) => packet.message[0])).toEqual([0, 1, 2]);
    a!.sendTo(1, new Uint8Array([5])); // room again once received
    expect(link.stats()).toMatchObject({ overflowed: 2, delivered: 3, inFlight: 1 });
  });

  it('the queue counts arrived packets not yet received: an endpoint that stops reading holds at most queueLimit', () => {
    const link = simulatedLink({ queueLimit: 4 });
    for (let t = 0; t < 100; t++) {
      link.advanceTo(t);
      link.endpoints[0]!.sendTo(1, new Uint8Array([t]));
    }
    expect(link.stats()).toEqual({ sent: 100, lost: 0, duplicated: 0, overflowed: 96, delivered: 0, inFlight: 4 });
    expect(link.endpoints[1]!.receiveAll().map((packet) => packet.message[0])).toEqual([0, 1, 2, 3]);
  });

  it('a refused send changes nothing: no count, no draw (the next packets keep their schedule)', () => {
    const schedule = (link: SimulatedLink) => {
      for (let i = 0; i < 20; i++) link.endpoints[0]!.sendTo(1, new Uint8Array([i]));
      link.advanceTo(1000);
      return link.endpoints[1]!.receiveAll();
    };
    const options = { latencyMs: 10, jitterMs: 30, loss: 0.3, duplicate: 0.3, reorder: 0.3, seed: 5 };
    const refused = simulatedLink(options);
    expect(() => refused.endpoints[0]!.sendTo(7, new Uint8Array([1]))).toThrow();
    expect(refused.stats().sent).toBe(0);
    expect(schedule(refused)).toEqual(schedule(simulatedLink(options)));
  });
});

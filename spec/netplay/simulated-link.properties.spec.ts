import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { simulatedLink, type SimulatedLinkOptions, type SimulatedLinkStats } from '../../src/netplay/index.js';

// Issue 27, item 4: "an in-process `simulatedLink({ latency, jitter, loss,
// reorder, duplicate, seed })` on the engines' virtual time, so a whole match
// on a bad network runs as a marble or property test with no sockets". Item
// 6 asks for links with "latency 0 to 200 ms, jitter, up to 20 % loss,
// reordering, duplicates": the ranges below cover those and more.
//
// Each scenario is a schedule of sends: the link is moved on by `afterMs`,
// packet i (its index in four bytes, then filler) goes from one endpoint to
// another, and every endpoint receives. At the end the link is moved past
// every delay and every endpoint receives once more.

/** One send of a schedule. */
interface Send {
  afterMs: number;
  from: number;
  to: number;
  length: number;
}

/** One packet as an endpoint received it. */
interface Delivery {
  id: number;
  from: number;
  to: number;
  sentAtMs: number;
  arriveAtMs: number;
  receivedAtMs: number;
  /** The receiver's previous receive, in link time: the packet had not arrived then, or was not sent yet. */
  previousReceiveMs: number;
  /** The step of the receiver's previous receive (step i sends packet i; the last drains): -1 before any. */
  previousReceiveStep: number;
  bytesIntact: boolean;
}

const MAX_LATENCY_MS = 200;
const MAX_JITTER_MS = 100;
const MAX_REORDER_MS = 100;
/** Past every delay the options below can draw. */
const DRAIN_MS = MAX_LATENCY_MS + MAX_JITTER_MS + MAX_REORDER_MS + 1;

const seed = fc.integer({ min: 0, max: 0xffffffff });
const ms = (max: number) => fc.double({ min: 0, max, noNaN: true });
const chance = fc.double({ min: 0, max: 1, noNaN: true });

/** A bad network: every option drawn, the seed too. */
const conditions = fc.record({
  peers: fc.integer({ min: 2, max: 4 }),
  latencyMs: ms(MAX_LATENCY_MS),
  jitterMs: ms(MAX_JITTER_MS),
  loss: chance,
  duplicate: chance,
  reorder: chance,
  reorderMs: ms(MAX_REORDER_MS),
  seed,
});

/** Up to 150 sends between endpoints 0 to 3 (taken modulo the link's peers), 0 to 40 ms apart. */
const schedule = fc.array(
  fc.record({ afterMs: ms(40), from: fc.nat(3), to: fc.nat(3), length: fc.integer({ min: 4, max: 32 }) }),
  { maxLength: 150 },
);

/** The bytes of packet `id`: the id, then `length - 4` bytes that follow from it. */
function packetBytes(id: number, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  new DataView(bytes.buffer).setUint32(0, id);
  for (let i = 4; i < length; i++) bytes[i] = (id * 31 + i) & 0xff;
  return bytes;
}

/** Plays `sends` over a link with `options`: every delivery, and the stats after each step. */
function play(options: SimulatedLinkOptions & { peers: number }, sends: readonly Send[]) {
  const link = simulatedLink(options);
  const deliveries: Delivery[] = [];
  const stats: SimulatedLinkStats[] = [];
  const lastReceiveMs = link.endpoints.map(() => -Infinity);
  const lastReceiveStep = link.endpoints.map(() => -1);
  const receiveAll = (step: number) => {
    for (const endpoint of link.endpoints) {
      for (const packet of endpoint.receiveAll()) {
        const id = new DataView(packet.message.buffer, packet.message.byteOffset).getUint32(0);
        const expected = packetBytes(id, sends[id]!.length);
        deliveries.push({
          id,
          from: packet.from,
          to: endpoint.id,
          sentAtMs: packet.sentAtMs,
          arriveAtMs: packet.arriveAtMs,
          receivedAtMs: link.nowMs,
          previousReceiveMs: lastReceiveMs[endpoint.id]!,
          previousReceiveStep: lastReceiveStep[endpoint.id]!,
          bytesIntact: packet.message.length === expected.length && packet.message.every((byte, i) => byte === expected[i]),
        });
      }
      lastReceiveMs[endpoint.id] = link.nowMs;
      lastReceiveStep[endpoint.id] = step;
    }
    stats.push(link.stats());
  };
  const sentAtMs: number[] = [];
  sends.forEach((send, id) => {
    link.advanceTo(link.nowMs + send.afterMs);
    sentAtMs.push(link.nowMs);
    // A buffer reused for every send, overwritten straight after: the link must have copied it.
    const bytes = packetBytes(id, send.length);
    link.endpoints[send.from % options.peers]!.sendTo(send.to % options.peers, bytes);
    bytes.fill(0xee);
    receiveAll(id);
  });
  link.advanceTo(link.nowMs + DRAIN_MS);
  receiveAll(sends.length);
  return { deliveries, stats, sentAtMs, final: link.stats() };
}

/** How many times each id was delivered. */
function timesDelivered(deliveries: readonly Delivery[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const { id } of deliveries) times.set(id, (times.get(id) ?? 0) + 1);
  return times;
}

describe('simulatedLink, for any seeded network and any schedule of sends', () => {
  it('with loss 0 and duplicate 0, every packet arrives exactly once, at the endpoint it was sent to, from its sender, bytes intact', () => {
    fc.assert(
      fc.property(conditions, schedule, (options, sends) => {
        const { deliveries, final } = play({ ...options, loss: 0, duplicate: 0 }, sends);
        const times = timesDelivered(deliveries);
        expect(sends.map((_, id) => times.get(id) ?? 0)).toEqual(sends.map(() => 1));
        for (const delivery of deliveries) {
          const send = sends[delivery.id]!;
          expect([delivery.from, delivery.to, delivery.bytesIntact]).toEqual([send.from % options.peers, send.to % options.peers, true]);
        }
        expect(final).toEqual({ sent: sends.length, lost: 0, duplicated: 0, overflowed: 0, delivered: sends.length, inFlight: 0 });
      }),
    );
  });

  it('arrival - send is within [latency, latency + jitter], or reorderMs more for a held-back packet; it is received at the first receive at or after its arrival', () => {
    // The delay is latency + u * jitter (+ reorderMs), u in [0, 1); a time is
    // sentAtMs + delay in float64, so the difference is checked to 1e-9 ms.
    const EPSILON_MS = 1e-9;
    fc.assert(
      fc.property(conditions, schedule, (options, sends) => {
        const { deliveries, sentAtMs } = play(options, sends);
        const { latencyMs, jitterMs, reorderMs } = options;
        for (const delivery of deliveries) {
          expect(delivery.sentAtMs).toBe(sentAtMs[delivery.id]);
          const delayMs = delivery.arriveAtMs - delivery.sentAtMs;
          const inWindow = (extraMs: number) => delayMs >= latencyMs + extraMs - EPSILON_MS && delayMs <= latencyMs + jitterMs + extraMs + EPSILON_MS;
          expect(inWindow(0) || (options.reorder > 0 && inWindow(reorderMs)), `delay ${delayMs}`).toBe(true);
          expect(delivery.receivedAtMs).toBeGreaterThanOrEqual(delivery.arriveAtMs);
          // Not there at the receiver's receive before: that one came before the send, or before the arrival.
          expect(delivery.previousReceiveStep < delivery.id || delivery.previousReceiveMs < delivery.arriveAtMs).toBe(true);
        }
      }),
    );
  });

  it('with reorder 0, no packet is held back: every delay is within [latency, latency + jitter]', () => {
    fc.assert(
      fc.property(conditions, schedule, (options, sends) => {
        const { deliveries } = play({ ...options, reorder: 0 }, sends);
        for (const { arriveAtMs, sentAtMs } of deliveries) {
          expect(arriveAtMs - sentAtMs).toBeGreaterThanOrEqual(options.latencyMs - 1e-9);
          expect(arriveAtMs - sentAtMs).toBeLessThanOrEqual(options.latencyMs + options.jitterMs + 1e-9);
        }
      }),
    );
  });

  it('each receiveAll hands packets out earliest arrival first', () => {
    fc.assert(
      fc.property(conditions, schedule, (options, sends) => {
        const { deliveries } = play(options, sends);
        for (let i = 1; i < deliveries.length; i++) {
          const [previous, next] = [deliveries[i - 1]!, deliveries[i]!];
          if (previous.to === next.to && previous.receivedAtMs === next.receivedAtMs) {
            expect(next.arriveAtMs).toBeGreaterThanOrEqual(previous.arriveAtMs);
          }
        }
      }),
    );
  });

  it('"deterministic": the same seed, options and sends give the same delivery schedule', () => {
    fc.assert(
      fc.property(conditions, schedule, (options, sends) => {
        expect(play(options, sends)).toEqual(play(options, sends));
      }),
    );
  });

  it('loss 1 delivers nothing: every send is counted lost', () => {
    fc.assert(
      fc.property(conditions, schedule, (options, sends) => {
        const { deliveries, final } = play({ ...options, loss: 1 }, sends);
        expect(deliveries).toEqual([]);
        expect(final).toEqual({ sent: sends.length, lost: sends.length, duplicated: 0, overflowed: 0, delivered: 0, inFlight: 0 });
      }),
    );
  });

  it('more loss only removes packets: every other packet keeps its delay, its copies and its place (six draws per send, used or not)', () => {
    fc.assert(
      fc.property(conditions, chance, schedule, (options, more, sends) => {
        const fewer = play({ ...options, loss: options.loss * more }, sends).deliveries;
        const lossier = play(options, sends).deliveries;
        const kept = new Set(lossier.map((delivery) => delivery.id));
        const strip = ({ id, from, to, sentAtMs, arriveAtMs }: Delivery) => ({ id, from, to, sentAtMs, arriveAtMs });
        expect(lossier.map(strip)).toEqual(fewer.filter((delivery) => kept.has(delivery.id)).map(strip));
      }),
    );
  });

  it('counts add up after every step (sent - lost + duplicated = delivered + inFlight + overflowed), and no endpoint holds more than queueLimit', () => {
    fc.assert(
      fc.property(conditions, fc.integer({ min: 1, max: 8 }), schedule, (options, queueLimit, sends) => {
        const { stats } = play({ ...options, queueLimit }, sends);
        for (const s of stats) {
          expect(s.sent - s.lost + s.duplicated).toBe(s.delivered + s.inFlight + s.overflowed);
          expect(s.inFlight).toBeLessThanOrEqual(queueLimit * options.peers);
        }
      }),
    );
  });
});

// Rates: n sends, each duplicated (or lost, or held back) with probability p
// independently, so the count is Binomial(n, p), standard deviation
// sqrt(n p (1 - p)). The measured rate must be within 5 standard deviations
// of p, plus one packet (a count is whole; at p = 1e-300 the bound is
// otherwise 0 and a count of 0 misses p by 1e-300): a fair generator fails
// one run in about 1.7 million (the normal tail beyond 5 sigma, two-sided),
// and a link whose rate is off by 2 % always fails (n = 20000: the bound is
// at most 1.77 % + 1 packet, at p = 0.5; 0.36 % at p = 0.01).
const SENDS = 20_000;
const SIGMAS = 5;
const withinBound = (count: number, p: number) => {
  const boundCount = SIGMAS * Math.sqrt(SENDS * p * (1 - p)) + 1;
  expect(Math.abs(count - SENDS * p), `${count} of ${SENDS} for p ${p}, bound ${boundCount}`).toBeLessThanOrEqual(boundCount);
};

/** Sends SENDS one-byte packets from endpoint 0 to 1, 1 ms apart, with jitter 0, and receives them all. */
function flood(options: SimulatedLinkOptions) {
  const link = simulatedLink({ latencyMs: 10, queueLimit: 100, ...options });
  const [a, b] = link.endpoints;
  const delaysMs: number[] = [];
  const message = new Uint8Array(1);
  for (let t = 0; t < SENDS; t++) {
    link.advanceTo(t);
    a!.sendTo(1, message);
    for (const packet of b!.receiveAll()) delaysMs.push(packet.arriveAtMs - packet.sentAtMs);
  }
  link.advanceTo(SENDS + 1000);
  for (const packet of b!.receiveAll()) delaysMs.push(packet.arriveAtMs - packet.sentAtMs);
  return { delaysMs, stats: link.stats() };
}

describe('simulatedLink rates over many packets (within 5 standard deviations of the option)', () => {
  it('"duplicate": the share of packets delivered twice approaches the option', () => {
    fc.assert(
      fc.property(chance, seed, (duplicate, s) => {
        const { stats } = flood({ duplicate, seed: s });
        withinBound(stats.duplicated, duplicate);
        expect(stats.delivered).toBe(SENDS + stats.duplicated);
      }),
      { numRuns: 10 },
    );
  });

  it('"loss": the share of packets dropped approaches the option', () => {
    fc.assert(
      fc.property(chance, seed, (loss, s) => {
        const { stats } = flood({ loss, seed: s });
        withinBound(stats.lost, loss);
        expect(stats.delivered).toBe(SENDS - stats.lost);
      }),
      { numRuns: 10 },
    );
  });

  it('"reorder": the share of packets held back reorderMs approaches the option', () => {
    fc.assert(
      fc.property(chance, seed, (reorder, s) => {
        const { delaysMs } = flood({ reorder, reorderMs: 25, seed: s });
        expect(delaysMs).toHaveLength(SENDS);
        withinBound(delaysMs.filter((delayMs) => delayMs === 35).length, reorder);
        expect(delaysMs.every((delayMs) => delayMs === 10 || delayMs === 35)).toBe(true);
      }),
      { numRuns: 10 },
    );
  });
});

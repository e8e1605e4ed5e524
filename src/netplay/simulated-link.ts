import { OptionError } from '../../operators/option-error.js';
import { createSeededRandom, nextRandom, type SeededRandom } from '../../operators/seeded-random.js';
import { linkConditions, type LinkConditions, type SimulatedLinkOptions } from './simulated-link-options.js';
import type { Packet, PeerId, Transport } from './transport.js';

/** A packet a {@link SimulatedEndpoint} received, with the times the link gave it. */
export interface SimulatedPacket extends Packet {
  /** The link's time when it was sent, in ms. */
  readonly sentAtMs: number;
  /** The link's time from which it could be received: `sentAtMs` plus its delay, in ms. */
  readonly arriveAtMs: number;
}

/** One end of a {@link SimulatedLink}: a {@link Transport} whose packets say when they were sent and arrived. */
export interface SimulatedEndpoint extends Transport {
  /** Its peer id, the index in `link.endpoints`: what others `sendTo`, and `from` on what it sends. */
  readonly id: PeerId;
  /**
   * Sends a copy of `message` to `peer` (any endpoint of the link, itself
   * included) at the link's time now.
   *
   * @throws {OptionError} when `peer` is not an endpoint of this link or `message` is not a `Uint8Array`.
   */
  sendTo(peer: PeerId, message: Uint8Array): void;
  /** The packets that arrived by the link's time now and were not received yet, earliest arrival first (ties in send order). */
  receiveAll(): SimulatedPacket[];
}

/**
 * What a {@link SimulatedLink} has done since it was made. Every accepted
 * send ends as exactly one of lost, or queued once or twice; every queued
 * copy is delivered, in flight, or overflowed:
 * `sent - lost + duplicated = delivered + inFlight + overflowed`.
 */
export interface SimulatedLinkStats {
  /** `sendTo` calls (the copies a duplicate adds are not counted here). */
  sent: number;
  /** Sends dropped by `loss`, with their duplicate if they had one. */
  lost: number;
  /** Second copies made by `duplicate`. */
  duplicated: number;
  /** Copies dropped because their endpoint's queue held `queueLimit` packets. */
  overflowed: number;
  /** Copies handed out by `receiveAll`. */
  delivered: number;
  /** Copies queued now: in flight, or arrived and not yet received. */
  inFlight: number;
}

/**
 * An in-process network between `peers` endpoints, on virtual time: nothing
 * moves until the caller says what time it is.
 */
export interface SimulatedLink {
  /** The endpoints; `endpoints[i].id` is `i`. */
  readonly endpoints: readonly SimulatedEndpoint[];
  /** The link's time, in ms: 0 until the first {@link advanceTo}. */
  readonly nowMs: number;
  /** The conditions it runs on: the options with their defaults applied. */
  readonly conditions: Readonly<LinkConditions>;
  /**
   * Moves the link's time to `timeMs`: packets whose arrival time is at or
   * before it can now be received. A time behind `nowMs` changes nothing
   * (the link's time never runs back).
   *
   * @throws {OptionError} when `timeMs` is not a finite number.
   */
  advanceTo(timeMs: number): void;
  /** Its counts so far, a fresh object. */
  stats(): SimulatedLinkStats;
}

/**
 * A network of a few endpoints in one process, with the faults of a real one
 * (latency, jitter, loss, duplicates, packets held back) drawn from a seed,
 * and time the caller moves: so a whole match on a bad network runs in a
 * marble or property test, with no sockets and no waiting.
 *
 * What happens to a packet sent at link time `t`, step by step. Every send
 * takes the same six draws from the seeded generator, in this order,
 * whatever the options and whether it needs them or not, so raising `loss`
 * only removes packets from a schedule and leaves the others' delays and
 * copies as they were.
 *
 * 1. **loss**: with probability `loss` it is dropped, with any duplicate.
 * 2. **delay**: it arrives at `t + latencyMs + u * jitterMs`, `u` uniform in
 *    [0, 1), and can be received from the moment the link's time reaches
 *    that: packets sent closer together than `jitterMs` can overtake each
 *    other, as on a real path.
 * 3. **reorder**: with probability `reorder` it is held back `reorderMs`
 *    more, so it can land behind packets sent up to `reorderMs` after it.
 * 4. **duplicate**: with probability `duplicate` a second copy is queued,
 *    which draws its own delay and hold-back (steps 2 and 3: two more draws).
 *
 * Each copy is queued at its endpoint unless the endpoint already holds
 * `queueLimit` packets, in which case it is dropped. The bytes are copied
 * when sent, and each delivered copy has bytes of its own: a sender may
 * reuse its buffer at once, and a receiver may write into what it got.
 *
 * The schedule depends only on the seed, the options and the calls (which
 * endpoint sent what to whom at which link time, in which order): the same
 * calls on the same seed deliver the same packets at the same times.
 *
 * ```
 * sent        a---b---c---d          endpoint 0 sends one packet every 4 ms (a marble frame is 1 ms)
 * latencyMs 6 ------a---b---c---d    endpoint 1 receives each 6 ms later (jitterMs 0)
 * reorderMs 5 ------a-------cb--d    reorder 0.5, seed 16: b is held back 5 ms more and arrives after c
 * ```
 *
 * @example
 * ```ts
 * import { simulatedLink } from 'tickflow/netplay';
 *
 * const link = simulatedLink({ latencyMs: 40, jitterMs: 20, loss: 0.05, seed: 2 });
 * const [alice, bob] = link.endpoints;
 * alice.sendTo(bob.id, new Uint8Array([1, 2, 3]));
 * link.advanceTo(30);
 * console.log(bob.receiveAll().length); // 0: nothing arrives before 40 ms
 * link.advanceTo(60);
 * const [packet] = bob.receiveAll(); // seed 2 neither drops it (5 %) nor doubles it
 * console.log(packet.from, packet.message.join(' '), packet.arriveAtMs.toFixed(1)); // 0 1 2 3 46.5
 * ```
 *
 * To keep the link on an engine's virtual time, move it from the same ticks:
 * `host.ticks$.subscribe((t) => link.advanceTo(t))`.
 *
 * @param options The network's conditions; see {@link SimulatedLinkOptions}. Defaults to a perfect network between 2 endpoints.
 * @throws {OptionError} naming the option, the rule and the value, e.g. `simulatedLink: loss must be a number from 0 to 1, got 1.5`.
 */
export function simulatedLink(options?: SimulatedLinkOptions): SimulatedLink {
  return new Link(linkConditions(options));
}

/** What {@link simulatedLink} returns. Each endpoint's queue is kept sorted by arrival time, ties in send order. */
class Link implements SimulatedLink {
  readonly endpoints: readonly SimulatedEndpoint[];
  readonly conditions: Readonly<LinkConditions>;
  nowMs = 0;
  private readonly random: SeededRandom;
  private readonly queues: SimulatedPacket[][] = [];
  private readonly counts: Omit<SimulatedLinkStats, 'inFlight'> = { sent: 0, lost: 0, duplicated: 0, overflowed: 0, delivered: 0 };

  constructor(conditions: LinkConditions) {
    this.conditions = Object.freeze({ ...conditions });
    this.random = createSeededRandom(conditions.seed, 'simulatedLink');
    const endpoints: SimulatedEndpoint[] = [];
    for (let id = 0; id < conditions.peers; id++) {
      this.queues.push([]);
      endpoints.push(new LinkEndpoint(this, id));
    }
    this.endpoints = Object.freeze(endpoints);
  }

  advanceTo(timeMs: number): void {
    if (typeof timeMs !== 'number' || !Number.isFinite(timeMs)) {
      throw new OptionError('simulatedLink.advanceTo', 'timeMs', 'a finite number', timeMs);
    }
    if (timeMs > this.nowMs) this.nowMs = timeMs;
  }

  stats(): SimulatedLinkStats {
    let inFlight = 0;
    for (const queue of this.queues) inFlight += queue.length;
    return { ...this.counts, inFlight };
  }

  /** Draws one send's fate and queues its copies (see {@link simulatedLink} for the steps). */
  send(from: PeerId, to: PeerId, message: Uint8Array): void {
    const { peers, loss, duplicate } = this.conditions;
    if (typeof to !== 'number' || !Number.isInteger(to) || to < 0 || to >= peers) {
      throw new OptionError('simulatedLink.sendTo', 'peer', `an endpoint id of this link, a whole number from 0 to ${peers - 1}`, to);
    }
    if (!(message instanceof Uint8Array)) {
      throw new OptionError('simulatedLink.sendTo', 'message', 'a Uint8Array', message);
    }
    this.counts.sent++;
    // Six draws for every send, in a fixed order, used or not.
    const lost = nextRandom(this.random) < loss;
    const delayMs = this.delayMs();
    const doubled = nextRandom(this.random) < duplicate;
    const copyDelayMs = this.delayMs();
    if (lost) {
      this.counts.lost++;
      return;
    }
    this.enqueue(to, from, message, delayMs);
    if (doubled) {
      this.counts.duplicated++;
      this.enqueue(to, from, message, copyDelayMs);
    }
  }

  /** Hands endpoint `id` the packets that arrived by now, earliest first. */
  take(id: PeerId): SimulatedPacket[] {
    const queue = this.queues[id]!;
    let arrived = 0;
    while (arrived < queue.length && queue[arrived]!.arriveAtMs <= this.nowMs) arrived++;
    this.counts.delivered += arrived;
    return queue.splice(0, arrived);
  }

  /** One copy's delay: latency, a jitter draw, and a hold-back draw (two draws). */
  private delayMs(): number {
    const { latencyMs, jitterMs, reorder, reorderMs } = this.conditions;
    const jitterDrawMs = nextRandom(this.random) * jitterMs;
    const heldBackMs = nextRandom(this.random) < reorder ? reorderMs : 0;
    return latencyMs + jitterDrawMs + heldBackMs;
  }

  /** Queues a copy of `message` for `to`, after every packet arriving at or before it, unless the queue is full. */
  private enqueue(to: PeerId, from: PeerId, message: Uint8Array, delayMs: number): void {
    const queue = this.queues[to]!;
    if (queue.length >= this.conditions.queueLimit) {
      this.counts.overflowed++;
      return;
    }
    const sentAtMs = this.nowMs;
    const arriveAtMs = sentAtMs + delayMs;
    // `new Uint8Array(view)` copies the bytes (a Buffer's own slice() would not).
    const packet: SimulatedPacket = { from, message: new Uint8Array(message), sentAtMs, arriveAtMs };
    let low = 0;
    let high = queue.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (queue[middle]!.arriveAtMs <= arriveAtMs) low = middle + 1;
      else high = middle;
    }
    queue.splice(low, 0, packet);
  }
}

/** One end of a {@link Link}. */
class LinkEndpoint implements SimulatedEndpoint {
  constructor(
    private readonly link: Link,
    readonly id: PeerId,
  ) {}

  sendTo(peer: PeerId, message: Uint8Array): void {
    this.link.send(this.id, peer, message);
  }

  receiveAll(): SimulatedPacket[] {
    return this.link.take(this.id);
  }
}

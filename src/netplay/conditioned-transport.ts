import { OptionError } from '../../operators/option-error.js';
import { functionOption } from '../../operators/validate.js';
import { DEFAULT_RANDOM_SEED } from '../engines/shell/engine-random.js';
import { simulatedLink, type SimulatedLink } from './simulated-link.js';
import type { SimulatedLinkOptions } from './simulated-link-options.js';
import type { Packet, PeerId, Transport } from './transport.js';

/** The faults a {@link conditionedTransport} adds: a {@link simulatedLink}'s options but `peers` (one link per peer is made). */
export type TransportConditions = Omit<SimulatedLinkOptions, 'peers'>;

/** A {@link Transport} with a simulated bad network in its path: see {@link conditionedTransport}. */
export interface ConditionedTransport extends Transport {
  /**
   * Whether new packets go through the simulated network (true, the start)
   * or straight through. Packets already in it still arrive at their times
   * when it is switched off, so nothing is lost to the switch itself.
   */
  active: boolean;
  /** Packets still held in the simulated network, both ways. */
  readonly inFlight: number;
}

/**
 * Puts a {@link simulatedLink}'s faults (latency, jitter, loss, duplicates,
 * packets held back) in the path of a real transport, both ways, on real
 * time: the "bad network" switch of a game that wants to show rollback at
 * work between two tabs, or to try itself on a bad line.
 *
 * It reuses the link itself rather than a copy of its rules: for each peer
 * it talks to, a two-endpoint link with `conditions` (its seed plus the peer
 * id), endpoint 0 here and 1 there. A packet sent to the peer crosses the
 * link from 0 to 1 and is handed to `inner` when it arrives there; a packet
 * `inner` received from it crosses from 1 to 0 and is handed to the caller
 * when it arrives. The link's time is `clock()` (e.g. `performance.now`),
 * read whenever the transport is used: the session sends and receives once
 * a frame, so a packet waits up to a frame longer than its drawn delay.
 *
 * Both directions are delayed, so one peer's switch makes the whole path
 * bad: its round trip gains two latencies. The peer at the other end may
 * condition its side as well; the faults then add up.
 *
 * @example
 * ```ts
 * import { broadcastChannelTransport, conditionedTransport } from 'tickflow/netplay';
 *
 * const bad = conditionedTransport(broadcastChannelTransport('my-game:ABCD', 0), { latencyMs: 120, jitterMs: 40, loss: 0.1, seed: 1 }, () => performance.now());
 * // createP2PSession({ transport: bad, ... }); later: bad.active = false (in-flight packets still land)
 * ```
 *
 * @param inner The transport the packets really travel on.
 * @param conditions The simulated network's faults; see {@link SimulatedLinkOptions} (`peers` is not taken).
 * @param clock The time now, in ms; moves forward only (a time behind the last is read as the last).
 * @throws {OptionError} for an `inner` that is not a Transport, a bad condition (named as the link names it), or a `clock` that is not a function.
 */
export function conditionedTransport(inner: Transport, conditions: TransportConditions, clock: () => number): ConditionedTransport {
  const where = 'conditionedTransport';
  if (typeof inner !== 'object' || inner === null || typeof inner.sendTo !== 'function' || typeof inner.receiveAll !== 'function') {
    throw new OptionError(where, 'inner', 'a Transport: an object with sendTo(peer, bytes) and receiveAll()', inner);
  }
  if (conditions !== null && typeof conditions === 'object' && 'peers' in conditions) {
    throw new OptionError(where, 'conditions.peers', 'absent (one two-endpoint link is made per peer)', (conditions as SimulatedLinkOptions).peers);
  }
  simulatedLink({ ...conditions, peers: 2 }); // a link made and dropped: every condition and the seed checked now, not at the first packet
  functionOption(where, 'clock', clock);
  return new Conditioned(inner, conditions, clock);
}

/** Endpoint 0 of each link is this machine; endpoint 1 is the peer. */
const HERE = 0;
const THERE = 1;

/** What {@link conditionedTransport} returns. */
class Conditioned implements ConditionedTransport {
  active = true;
  private readonly links = new Map<PeerId, SimulatedLink>();

  constructor(
    private readonly inner: Transport,
    private readonly conditions: TransportConditions,
    private readonly clock: () => number,
  ) {}

  get inFlight(): number {
    let count = 0;
    for (const link of this.links.values()) count += link.stats().inFlight;
    return count;
  }

  sendTo(peer: PeerId, message: Uint8Array): void {
    if (!this.active) {
      this.inner.sendTo(peer, message);
      return;
    }
    const link = this.linkTo(peer);
    link.advanceTo(this.clock());
    link.endpoints[HERE]!.sendTo(THERE, message);
    this.deliver();
  }

  receiveAll(): Packet[] {
    const arrived: Packet[] = [];
    for (const packet of this.inner.receiveAll()) {
      if (!this.active) {
        arrived.push(packet);
        continue;
      }
      const link = this.linkTo(packet.from);
      link.advanceTo(this.clock());
      link.endpoints[THERE]!.sendTo(HERE, packet.message);
    }
    this.deliver(arrived);
    return arrived;
  }

  /** Moves every link to the clock's time: what reached the peer's end goes out on `inner`; what reached this end goes in `arrived`. */
  private deliver(arrived?: Packet[]): void {
    const nowMs = this.clock();
    for (const [peer, link] of this.links) {
      link.advanceTo(nowMs);
      for (const { message } of link.endpoints[THERE]!.receiveAll()) this.inner.sendTo(peer, message);
      if (arrived === undefined) continue;
      for (const { message } of link.endpoints[HERE]!.receiveAll()) arrived.push({ from: peer, message });
    }
  }

  private linkTo(peer: PeerId): SimulatedLink {
    let link = this.links.get(peer);
    if (link === undefined) {
      // Each peer's link draws its own faults: the same seed would drop the same packets to every peer.
      const seed = ((this.conditions.seed ?? DEFAULT_RANDOM_SEED) + peer) >>> 0;
      link = simulatedLink({ ...this.conditions, peers: 2, seed });
      this.links.set(peer, link);
    }
    return link;
  }
}

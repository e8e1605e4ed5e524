import type { Departure, InputRun } from './session-packets.js';
import type { Peer } from './session-peer.js';
import type { SyncLayer } from './sync-layer.js';
import type { PeerId } from './transport.js';

/** How many ticks of each remote player's confirmed inputs a session keeps for relaying: far more than peers ever differ by. */
const RELAY_TICKS = 600;

/** A player whose machine left, as this machine knows it. */
interface Left {
  /** The last tick of their inputs this machine held when it saw them leave (-1: none); it never changes. */
  readonly last: number;
  /** What each other machine said it held when it saw them leave. */
  readonly reports: Map<PeerId, number>;
  settled: boolean;
}

/**
 * The players whose machine left a match, and the tick from which every
 * machine still playing runs them as disconnected: the same tick on all of
 * them, or their states part.
 *
 * Machines see a player leave at different moments, each holding that
 * player's inputs up to a different tick. Each tells the others the last tick
 * it held when it saw them leave, and stops taking their packets; once every
 * machine still playing has told it, a machine takes the latest of those
 * ticks (so no confirmed input is ever taken back), gets the inputs it lacks
 * from the machines that have them (relayed, like its own: repeated until
 * acknowledged), and disconnects the player from the tick after. Until then
 * the player's inputs are predicted, and the window stops the game going
 * further ahead than with any late peer. GGRS shares each peer's view of
 * every player's last frame too, but takes no agreed tick (its
 * `disconnect_player_by_handle` leaves a TODO where the frames differ).
 *
 * With two machines there is no one to agree with: the one left disconnects
 * the other from the tick after the last input it holds, at once.
 * @internal
 */
export class Departures {
  private readonly left = new Map<number, Left>();
  /** What this machine tells every other (see {@link departed}): made as players leave, not every frame. */
  private readonly told: Departure[] = [];
  /** Each remote player's latest confirmed inputs, by tick, for relaying to a machine that lacks them. */
  private readonly recent = new Map<number, Map<number, Uint8Array>>();

  /** @param relays Whether to keep inputs for relaying: only with 3 or more machines is there anyone to relay to. */
  constructor(private readonly relays: boolean) {}

  /** Whether `player`'s machine left. */
  has(player: number): boolean {
    return this.left.has(player);
  }

  /** Keeps a remote player's confirmed input for relaying. */
  keep(player: number, tick: number, input: Uint8Array): void {
    if (!this.relays) return;
    let inputs = this.recent.get(player);
    if (inputs === undefined) this.recent.set(player, (inputs = new Map()));
    inputs.set(tick, input.slice());
    inputs.delete(tick - RELAY_TICKS);
  }

  /** This machine saw `peer` leave: the last tick of each of its players' inputs held now is what it will tell the others. */
  leave(peer: Peer, sync: SyncLayer<unknown>): void {
    for (const player of peer.players) {
      if (this.left.has(player)) continue;
      const last = sync.confirmedThrough(player);
      this.left.set(player, { last, reports: new Map(), settled: false });
      this.told.push({ player, last });
    }
  }

  /** Another machine's report: the last tick of `player`'s inputs it held when it saw them leave. */
  report(from: PeerId, { player, last }: Departure): void {
    this.left.get(player)?.reports.set(from, last);
  }

  /** What this machine tells every other: each departed player and the last tick of theirs it held (empty, mostly). */
  get departed(): readonly Departure[] {
    return this.told;
  }

  /**
   * Disconnects, in the sync layer, each departed player whose tick is now
   * agreed: every machine still playing (of `peers`, those not
   * disconnected) told its last tick, and this one holds the player's
   * inputs through the latest of them. Returns the players disconnected now.
   */
  settle(sync: SyncLayer<unknown>, peers: readonly Peer[]): number[] {
    const settled: number[] = [];
    if (this.left.size === 0) return settled;
    const playing = peers.filter((peer) => !peer.disconnected);
    for (const [player, left] of this.left) {
      if (left.settled || !playing.every((peer) => left.reports.has(peer.id))) continue;
      if (sync.confirmedThrough(player) < this.agreedLast(left, playing)) continue; // the inputs it lacks are on their way
      left.settled = true;
      sync.disconnectPlayer(player); // from confirmedThrough + 1: the agreed tick
      settled.push(player);
    }
    return settled;
  }

  /** The departed players' inputs `peer` has not acknowledged and this machine holds, as runs (at most 255 ticks each). */
  relayFor(peer: Peer, sync: SyncLayer<unknown>, inputSize: number): InputRun[] {
    const runs: InputRun[] = [];
    for (const [player, left] of this.left) {
      const inputs = this.recent.get(player);
      const from = Math.max(left.reports.get(peer.id) ?? Infinity, peer.acked.get(player) ?? -1) + 1;
      const through = Math.min(sync.confirmedThrough(player), from + 254);
      if (inputs === undefined || !(from <= through) || !inputs.has(from)) continue;
      const bytes = new Uint8Array((through - from + 1) * inputSize);
      let count = 0;
      for (let tick = from; tick <= through && inputs.has(tick); tick++) bytes.set(inputs.get(tick)!, inputSize * count++);
      runs.push({ player, firstTick: from, inputs: bytes.subarray(0, count * inputSize) });
    }
    return runs;
  }

  private agreedLast(left: Left, playing: readonly Peer[]): number {
    let last = left.last;
    for (const peer of playing) last = Math.max(last, left.reports.get(peer.id)!);
    return last;
  }
}

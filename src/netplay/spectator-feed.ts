import type { MatchInputLog } from './match-inputs.js';
import { PIECES_PER_FRAME } from './p2p-session-options.js';
import { splitPieces } from './session-peer.js';
import {
  decodeSpectatorMessage,
  encodeSnapshotPiece,
  encodeSpectateInputs,
  JOIN_LATE,
  MAX_TICKS_PER_PACKET,
  SPECTATE_ACK,
} from './spectator-packets.js';
import type { PeerId } from './transport.js';

/** One spectator, as the session feeding it sees it. */
interface Watcher {
  readonly id: PeerId;
  /** The last tick whose inputs it holds. */
  acked: number;
  /** It asked to join late: it starts from the snapshot of `snapshot.tick`. */
  snapshot: { readonly tick: number; readonly pieces: Uint8Array[]; next: number } | undefined;
  wantsSnapshot: boolean;
}

/** What the feed reads of the session it is part of. */
export interface FeedSource<S> {
  /** Every player's inputs confirmed and run through this tick. */
  readonly finalTick: number;
  /** The first tick a snapshot can be taken before (its state is kept, every input before it confirmed), and that state. */
  snapshot(): { tick: number; state: S } | undefined;
}

/**
 * A rollback session's spectators: each gets every player's confirmed
 * inputs only (never a prediction), from tick 0, or from a snapshot of a
 * confirmed tick when it asked to join late; inputs repeat until the
 * spectator acknowledges them, as the players' own do. @internal
 */
export class SpectatorFeed<S> {
  private readonly watchers = new Map<PeerId, Watcher>();

  constructor(
    spectators: readonly PeerId[],
    private readonly log: MatchInputLog,
    private readonly encodeState: (state: S) => Uint8Array,
  ) {
    for (const id of spectators) this.watchers.set(id, { id, acked: -1, snapshot: undefined, wantsSnapshot: false });
  }

  /** Whether `peer` is a spectator. */
  watches(peer: PeerId): boolean {
    return this.watchers.has(peer);
  }

  /** Reads a spectator's message; false when it is not one (the session counts it ignored). */
  receive(peer: PeerId, bytes: Uint8Array): boolean {
    const watcher = this.watchers.get(peer)!;
    const message = decodeSpectatorMessage(bytes, this.log.tickStride);
    if (message?.kind === SPECTATE_ACK) watcher.acked = Math.max(watcher.acked, message.through);
    else if (message?.kind === JOIN_LATE) watcher.wantsSnapshot = true;
    return message !== undefined && (message.kind === SPECTATE_ACK || message.kind === JOIN_LATE);
  }

  /** Each spectator's packets this frame. */
  send(source: FeedSource<S>, sendTo: (peer: PeerId, bytes: Uint8Array) => void): void {
    for (const watcher of this.watchers.values()) {
      if (watcher.wantsSnapshot && watcher.snapshot === undefined) {
        const taken = source.snapshot();
        if (taken !== undefined) watcher.snapshot = { tick: taken.tick, pieces: splitPieces(this.encodeState(taken.state)), next: 0 };
      }
      const { snapshot } = watcher;
      if (watcher.wantsSnapshot && snapshot === undefined) continue;
      if (snapshot !== undefined && watcher.acked < snapshot.tick - 1) {
        for (let i = 0; i < Math.min(PIECES_PER_FRAME, snapshot.pieces.length); i++) {
          sendTo(watcher.id, encodeSnapshotPiece(snapshot.tick, snapshot.next, snapshot.pieces.length, snapshot.pieces[snapshot.next]!));
          snapshot.next = (snapshot.next + 1) % snapshot.pieces.length;
        }
      }
      const first = Math.max(watcher.acked + 1, snapshot?.tick ?? 0);
      const last = Math.min(source.finalTick, first + MAX_TICKS_PER_PACKET - 1);
      if (last < first) continue;
      const ticks: Uint8Array[] = [];
      for (let tick = first; tick <= last; tick++) ticks.push(this.log.tickBytes(tick)!);
      sendTo(watcher.id, encodeSpectateInputs(first, ticks));
    }
  }
}

import { diffFields, flattenState, hashState, type StateFields } from '../replay/state-hash.js';
import { fieldsFromBytes, fieldsToBytes, type DesyncReport } from './desync-report.js';
import { CHECKSUM_REPEATS, KEPT_CHECKSUMS, PIECES_PER_FRAME } from './p2p-session-options.js';
import { encodeStatePiece, encodeStateReceived, type StatePiece } from './session-packets.js';
import { splitPieces, type Exchange, type OwnChecksum, type Peer } from './session-peer.js';
import type { SyncLayer } from './sync-layer.js';

/** What the checksums call of the game. */
interface ChecksumCalls<S> {
  checksumOf(state: S): unknown;
  onDesync(report: DesyncReport): void;
  onError(error: unknown): void;
}

/**
 * A rollback session's checksums: the hash of the state after every
 * `checksumEvery`-th tick once its inputs are all confirmed (never a
 * predicted tick: no false alarm), the comparison with each peer's, and,
 * when two differ, the exchange of that tick's flattened states and the
 * report of the fields that differ, on both peers. @internal
 */
export class Checksums<S> {
  /** The reports made so far (at most one per peer: its first divergent tick). */
  readonly reports: DesyncReport[] = [];
  /** Checksums compared with a peer's and found equal. */
  matched = 0;
  private nextChecksum: number;
  private readonly own: OwnChecksum[] = [];
  private latest: { tick: number; hash: string; repeats: number } | undefined;

  constructor(
    private readonly checksumEvery: number,
    private readonly game: ChecksumCalls<S>,
  ) {
    this.nextChecksum = checksumEvery;
  }

  /** The latest checksum, for this frame's packets, while it is still repeated ({@link CHECKSUM_REPEATS} frames). */
  toSend(): { tick: number; hash: string } | undefined {
    if (this.latest === undefined || this.latest.repeats <= 0) return undefined;
    this.latest.repeats--;
    return { tick: this.latest.tick, hash: this.latest.hash };
  }

  /** This frame's pieces of the flattened state to a peer whose hash differed, until it has them all. */
  sendPieces(peer: Peer, send: (bytes: Uint8Array) => void): void {
    const exchange = peer.exchange;
    if (exchange === undefined || exchange.delivered) return;
    for (let i = 0; i < Math.min(PIECES_PER_FRAME, exchange.pieces.length); i++) {
      send(encodeStatePiece(exchange.tick, exchange.next, exchange.pieces.length, exchange.pieces[exchange.next]!));
      exchange.next = (exchange.next + 1) % exchange.pieces.length;
    }
  }

  /** A piece of a peer's flattened state: when the last arrives, the report, and "received" goes back (`reply`). */
  receivePiece(peer: Peer, piece: StatePiece, reply: (bytes: Uint8Array) => void): void {
    const exchange = peer.exchange;
    if (exchange === undefined || exchange.tick !== piece.tick || exchange.reported) {
      if (exchange?.reported === true && exchange.tick === piece.tick) reply(encodeStateReceived(piece.tick)); // our "received" was lost
      return;
    }
    if (exchange.received.length !== piece.count) exchange.received.length = piece.count;
    exchange.received[piece.index] = piece.bytes;
    for (let i = 0; i < piece.count; i++) if (exchange.received[i] === undefined) return;
    const whole = new Uint8Array(exchange.received.reduce((sum, bytes) => sum + bytes!.length, 0));
    let at = 0;
    for (const bytes of exchange.received) {
      whole.set(bytes!, at);
      at += bytes!.length;
    }
    const theirs = fieldsFromBytes(whole);
    this.report(peer, exchange, theirs);
    reply(encodeStateReceived(piece.tick));
  }


  /** Hashes each checksum tick whose inputs are all confirmed, then compares with what the peers sent. */
  hashConfirmed(sync: SyncLayer<S>): void {
    if (this.checksumEvery === 0) return;
    const through = sync.settledTick;
    for (; this.nextChecksum <= through; this.nextChecksum += this.checksumEvery) {
      const state = sync.stateBefore(this.nextChecksum);
      if (state === undefined) continue; // confirmations jumped past a tick no longer kept: compare the next
      try {
        const part = this.game.checksumOf(state);
        this.own.push({ tick: this.nextChecksum, hash: hashState(part), state: part });
        if (this.own.length > KEPT_CHECKSUMS) this.own.shift();
        this.latest = { tick: this.nextChecksum, hash: this.own[this.own.length - 1]!.hash, repeats: CHECKSUM_REPEATS };
      } catch (error) {
        this.game.onError(error);
      }
    }
  }

  /** Compares the peers' checksums with this machine's: an equal one counts, the first that differs starts an exchange of the flattened states. */
  compare(peers: readonly Peer[]): void {
    for (const peer of peers) {
      for (const [tick, remoteHash] of peer.checksums) {
        const mine = this.own.find((own) => own.tick === tick);
        if (mine === undefined && tick >= this.nextChecksum) continue; // not hashed here yet
        peer.checksums.delete(tick);
        peer.comparedThrough = Math.max(peer.comparedThrough, tick);
        if (mine === undefined) continue; // hashed here too long ago (the peer runs 8 checksums behind), or skipped: nothing to compare
        if (mine.hash === remoteHash) {
          this.matched++;
          continue;
        }
        if (peer.exchange !== undefined) continue; // the first divergence is the one reported
        const ownFields = flattenState(mine.state);
        peer.exchange = {
          tick,
          localHash: mine.hash,
          remoteHash,
          pieces: splitPieces(fieldsToBytes(ownFields)),
          next: 0,
          delivered: false,
          received: [],
          ownFields,
          reported: false,
        };
      }
    }
  }

  private report(peer: Peer, exchange: Exchange, theirs: StateFields | undefined): void {
    exchange.reported = true;
    const known = exchange.ownFields !== undefined && theirs !== undefined;
    const report: DesyncReport = {
      tick: exchange.tick,
      peer: peer.id,
      peerPlayers: [...peer.players],
      localHash: exchange.localHash,
      remoteHash: exchange.remoteHash,
      fields: known ? diffFields(exchange.ownFields!, theirs) : [],
      fieldsKnown: known,
    };
    this.reports.push(report);
    try {
      this.game.onDesync(report);
    } catch (error) {
      this.game.onError(error);
    }
  }

}

import type { StateFields } from '../replay/state-hash.js';
import { ADVANTAGE_WINDOW, KEPT_CHECKSUMS, PIECE_BYTES } from './p2p-session-options.js';
import type { TickInput } from './input-status.js';
import { MAX_PACKET_RUNS, NO_ECHO, type InputRun } from './session-packets.js';
import type { PeerId } from './transport.js';

/** A state this machine hashed, kept a while for a peer's late checksum. */
export interface OwnChecksum {
  readonly tick: number;
  readonly hash: string;
  readonly state: unknown;
}

/** The exchange of one tick's flattened states with one peer, after the hashes differed. */
export interface Exchange {
  readonly tick: number;
  readonly localHash: string;
  readonly remoteHash: string;
  /** This peer's flattened state as pieces to send; empty when it was no longer kept. */
  readonly pieces: Uint8Array[];
  next: number;
  /** The peer has this peer's whole state: stop sending. */
  delivered: boolean;
  readonly received: (Uint8Array | undefined)[];
  ownFields: StateFields | undefined;
  reported: boolean;
}

/** One other machine of the match. */
export class Peer {
  readonly players: number[] = [];
  heard = false;
  disconnected = false;
  lastHeardMs = 0;
  /** The peer's latest clock value (ms mod 65,536) and when this machine got it, for the echo. */
  echoMs = NO_ECHO;
  echoAtMs = 0;
  pingMs: number | undefined;
  /** Frame packets sent to it: every {@link TIMING_EVERY}-th carries the timing. */
  framesSent = 0;
  private readonly advantages: number[] = [];
  private advantageSum = 0;
  /** The peer's own estimate of its advantage over this machine, as it last sent it. */
  remoteAdvantage = 0;
  /** Checksum ticks up to here were compared (or passed over): their repeats are ignored. */
  comparedThrough = 0;
  /** The last tick of each local player's inputs the peer acknowledged. */
  readonly acked = new Map<number, number>();
  readonly checksums = new Map<number, string>();
  exchange: Exchange | undefined;

  constructor(readonly id: PeerId) {}

  addAdvantage(sample: number): void {
    this.advantages.push(sample);
    this.advantageSum += sample;
    if (this.advantages.length > ADVANTAGE_WINDOW) this.advantageSum -= this.advantages.shift()!;
  }

  /**
   * This machine's inputs the peer has not acknowledged, as runs of
   * consecutive ticks: at most 255 inputs a run (its count is one byte),
   * {@link MAX_PACKET_RUNS} runs a packet, none before `oldest` (a run's
   * first tick is written as a 16-bit offset from the current one).
   */
  unackedRuns(unacked: ReadonlyMap<number, readonly TickInput[]>, oldest: number, inputSize: number): InputRun[] {
    const runs: InputRun[] = [];
    for (const [player, inputs] of unacked) {
      const acked = Math.max(this.acked.get(player) ?? -1, oldest - 1);
      let first = inputs.findIndex((input) => input.tick > acked);
      while (first >= 0 && first < inputs.length && runs.length < MAX_PACKET_RUNS) {
        const count = Math.min(255, inputs.length - first);
        const bytes = new Uint8Array(count * inputSize);
        for (let i = 0; i < count; i++) bytes.set(inputs[first + i]!.input, i * inputSize);
        runs.push({ player, firstTick: inputs[first]!.tick, inputs: bytes });
        first += count;
      }
    }
    return runs;
  }

  /** Keeps a checksum the peer sent, unless that tick was compared already (a checksum repeats over several packets). */
  keepChecksum(tick: number, hash: string): void {
    if (tick <= this.comparedThrough) return;
    this.checksums.set(tick, hash);
    if (this.checksums.size > KEPT_CHECKSUMS * 2) this.checksums.delete(this.checksums.keys().next().value!);
  }

  /** This machine's own estimate, averaged. */
  get localAdvantage(): number {
    return this.advantages.length === 0 ? 0 : this.advantageSum / this.advantages.length;
  }

  get frameAdvantage(): number {
    return (this.localAdvantage - this.remoteAdvantage) / 2;
  }
}


/** A flattened state's bytes in pieces of at most PIECE_BYTES (one empty piece for none). */
export function splitPieces(bytes: Uint8Array): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) pieces.push(bytes.subarray(at, at + PIECE_BYTES));
  return pieces.length === 0 ? [new Uint8Array(0)] : pieces;
}

/**
 * Bytes per second per player (issue 27, item 7: "under 2 KB/s at 60 Hz
 * with 2 players"): matches of 2 and 4 machines (bench/netplay-match.ts,
 * the state game: the payload does not depend on the game) at 60 Hz over
 * the simulated link, at 0, 50 and 150 ms one way with 0 % and 10 % loss,
 * with the realistic and the busy input pattern. Each machine has one
 * player; what it sends (`session.stats().bytesSent`, its packets to every
 * other machine) from {@link STEADY_FROM_SECONDS} to the end, per second,
 * averaged over the machines, is that player's payload rate.
 *
 * On the wire a WebRTC data channel adds, per packet, headers the session
 * never sees ({@link WEBRTC_OVERHEAD}): one SCTP DATA chunk in one SCTP
 * packet in one DTLS record in one UDP datagram over IPv4. The wire column
 * is payload + packets × that, the SACKs the receiver returns (bundled with
 * its own data) counted as half a SACK chunk a packet; ICE consent checks
 * (one STUN pair every ~5 s) are left out.
 */
import type { SimulatedLinkOptions } from '../src/netplay/index.js';
import { stateGame } from './netplay-games.js';
import { INPUT_PATTERNS, runMatch, type InputPattern } from './netplay-match.js';

/**
 * What a WebRTC data channel adds to one message of the session, bytes, and
 * where each figure comes from. DTLS 1.2 with an AES-GCM cipher suite, a
 * common choice of browsers' WebRTC stacks; DTLS 1.3's record header is
 * shorter (and ChaCha20-Poly1305 has no explicit nonce), so this is a
 * common case, not the least.
 */
export const WEBRTC_OVERHEAD = {
  /** RFC 791: the IPv4 header without options (IPv6, RFC 8200: 40). */
  ipv4: 20,
  /** RFC 768. */
  udp: 8,
  /** RFC 6347 §4.1: type, version, epoch, 48-bit sequence number, length. */
  dtlsRecordHeader: 13,
  /** RFC 5288 §3: AES-GCM's 8-byte explicit nonce and 16-byte tag in each record. */
  dtlsAesGcm: 8 + 16,
  /** RFC 4960 §3.1 (RFC 9260): ports, verification tag, checksum. */
  sctpCommonHeader: 12,
  /** RFC 4960 §3.3.1: type, flags, length, TSN, stream id and sequence, PPID (RFC 8831 §6.6 sets it). */
  sctpDataChunkHeader: 16,
  /** RFC 4960 §3.2: a chunk is padded to 4 bytes: 1.5 on average. */
  sctpPaddingMean: 1.5,
  /** RFC 4960 §3.3.4 and §6.2: a SACK chunk (16 bytes with no gap blocks) at least every second packet received, bundled with the receiver's data: 8 a packet. */
  sctpSackShare: 8,
} as const;

/** The per-packet overhead estimated: the sum of {@link WEBRTC_OVERHEAD}. */
export const WEBRTC_BYTES_PER_PACKET = Object.values(WEBRTC_OVERHEAD).reduce((sum, bytes) => sum + bytes, 0);

/** The target, bytes a second a player. */
export const BANDWIDTH_TARGET_BYTES_S = 2000;
export const LATENCIES_MS = [0, 50, 150] as const;
export const LOSSES = [0, 0.1] as const;
export const PEER_COUNTS = [2, 4] as const;
/** The first seconds (synchronizing, the first round trips) are left out. */
export const STEADY_FROM_SECONDS = 2;

export interface BandwidthRow {
  readonly players: number;
  readonly latencyMs: number;
  readonly loss: number;
  readonly pattern: InputPattern;
  /** Payload a player sends a second (to all the others), bytes. */
  readonly payloadBytesS: number;
  /** Packets a player sends a second. */
  readonly packetsS: number;
  readonly bytesPerPacket: number;
  /** payload + packets × {@link WEBRTC_BYTES_PER_PACKET}. */
  readonly wireBytesS: number;
  /** Rollbacks a second and stalled frames a second, machine 0: the match was played, not stalled through. */
  readonly rollbacksS: number;
  readonly stalledFramesS: number;
  readonly confirmedTick: number;
}

export interface BandwidthSizes {
  readonly seconds: number;
  readonly latenciesMs?: readonly number[];
  readonly losses?: readonly number[];
  readonly peerCounts?: readonly number[];
  readonly patterns?: readonly InputPattern[];
}

export async function measureBandwidth(players: number, link: SimulatedLinkOptions, pattern: InputPattern, seconds: number): Promise<BandwidthRow> {
  let steady: { bytesSent: number; packetsSent: number; rollbacks: number; stalledFrames: number }[] | undefined;
  const { stats } = await runMatch({
    players,
    link,
    pattern,
    seconds,
    build: (n) => stateGame(n),
    at: (now, sessions) => {
      if (now === STEADY_FROM_SECONDS * 1000) steady = sessions.map((session) => session.stats());
    },
  });
  const span = seconds - STEADY_FROM_SECONDS;
  const mean = (pick: (i: number) => number): number => stats.reduce((sum, _, i) => sum + pick(i), 0) / stats.length / span;
  const payloadBytesS = mean((i) => stats[i]!.bytesSent - steady![i]!.bytesSent);
  const packetsS = mean((i) => stats[i]!.packetsSent - steady![i]!.packetsSent);
  return {
    players,
    latencyMs: link.latencyMs ?? 0,
    loss: link.loss ?? 0,
    pattern,
    payloadBytesS,
    packetsS,
    bytesPerPacket: payloadBytesS / packetsS,
    wireBytesS: payloadBytesS + packetsS * WEBRTC_BYTES_PER_PACKET,
    rollbacksS: (stats[0]!.rollbacks - steady![0]!.rollbacks) / span,
    stalledFramesS: (stats[0]!.stalledFrames - steady![0]!.stalledFrames) / span,
    confirmedTick: stats[0]!.confirmedTick,
  };
}

/** Every combination of peers, latency, loss and pattern. */
export async function benchBandwidth(sizes: BandwidthSizes, progress: (line: string) => void = () => {}): Promise<BandwidthRow[]> {
  const rows: BandwidthRow[] = [];
  for (const players of sizes.peerCounts ?? PEER_COUNTS) {
    progress(`netplay bench: bytes, ${players} players`);
    for (const latencyMs of sizes.latenciesMs ?? LATENCIES_MS) {
      for (const loss of sizes.losses ?? LOSSES) {
        for (const pattern of sizes.patterns ?? INPUT_PATTERNS) {
          rows.push(await measureBandwidth(players, { latencyMs, loss, seed: 27 + latencyMs + Math.round(loss * 100) }, pattern, sizes.seconds));
        }
      }
    }
  }
  return rows;
}

/**
 * The rollback session's messages on the wire, as bytes: what one peer
 * sends another every frame (inputs, acknowledgements, timing, a checksum),
 * and the two messages that carry a flattened state when checksums differ.
 * Internal to the session; the layout is documented here because it is
 * what a bandwidth figure counts.
 *
 * A frame's packet, integers big-endian, ticks other than the first written
 * as signed 16-bit offsets from it:
 *
 * ```
 * u8   kind = FRAME_PACKET, + HAS_TIMING when the timing follows, + HAS_DEPARTURES when departures follow the runs,
 *        + HAS_CHECKSUM when a checksum ends the packet
 * u32  the sender's current tick T (its next tick to run)
 * [timing, in every TIMING_EVERY-th packet to a peer: what the round trip and the frame advantage are averaged from]
 *   u16  the sender's clock, ms mod 65,536, when it sent this
 *   u16  the last such clock value it received from the addressee (echo)
 *   u16  ms between receiving that echo and sending this (0xffff: no echo yet)
 *   i16  the sender's frame advantage over the addressee, in 1/256 ticks
 * u8   acknowledgements (high 4 bits) and input runs (low 4 bits) that follow
 *        ack: u8 player, i16 (the last tick of that player's inputs the sender holds confirmed) - T; -32768: none
 *        run: u8 player, i16 (its first tick) - T, u8 count, then the inputs run-length coded:
 *             (u8 repeats, inputSize bytes) until the repeats add up to count
 * [u8 count, then per player who left: u8 player, i16 (the last tick of their inputs the sender had when it saw them leave) - T]
 *                                                                 with HAS_DEPARTURES (3 or more players only)
 * [u32 tick, 8 bytes of the 64-bit hash of the state before it]   with HAS_CHECKSUM
 * ```
 *
 * Two players at 60 Hz with k changes among the n unacknowledged inputs in
 * flight: 13 + (k + 1) × (1 + inputSize) bytes, 8 more with the timing and
 * 12 more when a checksum rides along. Held keys repeat tick after tick, so the run-length coding
 * keeps a packet near its header's size whatever the round trip.
 *
 * @module
 */

/** A frame's packet (inputs, acknowledgements, timing). */
export const FRAME_PACKET = 1;
/** Added to a frame packet's kind byte when a checksum ends it. */
const HAS_CHECKSUM = 0x10;
/** Added to a frame packet's kind byte when the timing follows the tick. */
const HAS_TIMING = 0x20;
/** Added to a frame packet's kind byte when departures follow the runs. */
const HAS_DEPARTURES = 0x40;
/** Every how many frame packets to a peer carries the timing: 4 (15 samples a second at 60 Hz, plenty for averages over a second). */
export const TIMING_EVERY = 4;
/** An acknowledgement offset meaning "none confirmed yet". */
const NO_ACK = -0x8000;
/** The most acknowledgements or runs a packet holds (4 bits each). */
export const MAX_PACKET_RUNS = 15;
/** A piece of a flattened state, sent after checksums differed. */
export const STATE_PIECE = 2;
/** "I have your whole state of that tick": stops the pieces. */
export const STATE_RECEIVED = 3;

/** The echo field's value when the sender has heard nothing from the addressee yet. */
export const NO_ECHO = 0xffff;

/** Inputs of one player over consecutive ticks. */
export interface InputRun {
  readonly player: number;
  readonly firstTick: number;
  /** `count × inputSize` bytes. */
  readonly inputs: Uint8Array;
}

/** A frame's packet, decoded. */
export interface FramePacket {
  readonly kind: typeof FRAME_PACKET;
  readonly tick: number;
  /** The clocks and the advantage, in every {@link TIMING_EVERY}-th packet. */
  readonly timing: PacketTiming | undefined;
  readonly acks: readonly { readonly player: number; readonly through: number }[];
  readonly runs: readonly InputRun[];
  /** The players whose machine the sender saw leave, each with the last tick of their inputs it had then (-1: none). */
  readonly departures: readonly Departure[];
  readonly checksum: { readonly tick: number; readonly hash: string } | undefined;
}

/** A player whose machine left, as one peer saw it: the last tick of their inputs it held then. */
export interface Departure {
  readonly player: number;
  readonly last: number;
}

/** A frame packet's timing: its sender's clock, the echo of the addressee's, and the sender's frame advantage. */
export interface PacketTiming {
  readonly sentMs: number;
  readonly echoMs: number;
  readonly holdMs: number;
  /** The sender's frame advantage over the addressee, in ticks (to 1/256). */
  readonly advantage: number;
}

/** One piece of the sender's flattened state of `tick`. */
export interface StatePiece {
  readonly kind: typeof STATE_PIECE;
  readonly tick: number;
  readonly index: number;
  readonly count: number;
  readonly bytes: Uint8Array;
}

/** The sender holds the addressee's whole state of `tick`. */
export interface StateReceived {
  readonly kind: typeof STATE_RECEIVED;
  readonly tick: number;
}

export type SessionMessage = FramePacket | StatePiece | StateReceived;

/**
 * Writes a frame's packet. `hash` is 16 hex digits (hashState's). Ticks are
 * written relative to `tick`: an acknowledgement more than 32,767 ticks
 * behind is written as that far (it only makes the peer resend), and the
 * caller leaves out runs that far away (no peer keeps them).
 */
export function encodeFramePacket(packet: Omit<FramePacket, 'kind'>, inputSize: number): Uint8Array {
  const { tick, timing, acks, runs, departures, checksum } = packet;
  const coded = runs.map((run) => runLengths(run.inputs, inputSize));
  const departed = departures.length > 0;
  let size = 6 + (timing === undefined ? 0 : 8) + acks.length * 3 + (departed ? 1 + departures.length * 3 : 0) + (checksum === undefined ? 0 : 12);
  for (const pairs of coded) size += 4 + pairs.length * (1 + inputSize);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, FRAME_PACKET + (checksum === undefined ? 0 : HAS_CHECKSUM) + (timing === undefined ? 0 : HAS_TIMING) + (departed ? HAS_DEPARTURES : 0));
  view.setUint32(1, tick);
  let at = 5;
  if (timing !== undefined) {
    view.setUint16(at, timing.sentMs);
    view.setUint16(at + 2, timing.echoMs);
    view.setUint16(at + 4, timing.holdMs);
    view.setInt16(at + 6, Math.max(-0x7fff, Math.min(0x7fff, Math.round(timing.advantage * 256))));
    at += 8;
  }
  view.setUint8(at, (acks.length << 4) | runs.length);
  at += 1;
  const writeTick = (player: number, through: number): void => {
    view.setUint8(at, player);
    view.setInt16(at + 1, through < 0 ? NO_ACK : Math.max(-0x7fff, Math.min(0x7fff, through - tick)));
    at += 3;
  };
  for (const { player, through } of acks) writeTick(player, through);
  runs.forEach((run, r) => {
    view.setUint8(at, run.player);
    view.setInt16(at + 1, run.firstTick - tick);
    view.setUint8(at + 3, run.inputs.length / inputSize);
    at += 4;
    for (const { start, repeats } of coded[r]!) {
      view.setUint8(at, repeats);
      bytes.set(run.inputs.subarray(start, start + inputSize), at + 1);
      at += 1 + inputSize;
    }
  });
  if (departed) {
    view.setUint8(at++, departures.length);
    for (const { player, last } of departures) writeTick(player, last);
  }
  if (checksum !== undefined) {
    view.setUint32(at, checksum.tick);
    for (let i = 0; i < 8; i++) view.setUint8(at + 4 + i, parseInt(checksum.hash.slice(i * 2, i * 2 + 2), 16));
  }
  return bytes;
}

/** Writes a piece of a flattened state. */
export function encodeStatePiece(tick: number, index: number, count: number, piece: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(9 + piece.length);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, STATE_PIECE);
  view.setUint32(1, tick);
  view.setUint16(5, index);
  view.setUint16(7, count);
  bytes.set(piece, 9);
  return bytes;
}

/** Writes "I have your state of `tick`". */
export function encodeStateReceived(tick: number): Uint8Array {
  const bytes = new Uint8Array(5);
  new DataView(bytes.buffer).setUint32(1, tick);
  bytes[0] = STATE_RECEIVED;
  return bytes;
}

/**
 * Reads a message; `undefined` for bytes that are not one (a truncated or
 * foreign packet is dropped, as a lost one would be, never thrown: a
 * network's garbage must not stop the game).
 */
export function decodeMessage(bytes: Uint8Array, inputSize: number): SessionMessage | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const kind = view.getUint8(0);
    if (kind === STATE_RECEIVED && bytes.length === 5) return { kind, tick: view.getUint32(1) };
    if (kind === STATE_PIECE && bytes.length >= 9) {
      const index = view.getUint16(5);
      const count = view.getUint16(7);
      return index < count ? { kind, tick: view.getUint32(1), index, count, bytes: bytes.slice(9) } : undefined;
    }
    if ((kind & 0x0f) !== FRAME_PACKET || (kind & ~(0x0f | HAS_CHECKSUM | HAS_TIMING | HAS_DEPARTURES)) !== 0) return undefined;
    const tick = view.getUint32(1);
    let at = 5;
    let timing: PacketTiming | undefined;
    if ((kind & HAS_TIMING) !== 0) {
      timing = { sentMs: view.getUint16(at), echoMs: view.getUint16(at + 2), holdMs: view.getUint16(at + 4), advantage: view.getInt16(at + 6) / 256 };
      at += 8;
    }
    const counts = view.getUint8(at);
    at += 1;
    const readTick = (): { player: number; through: number } => {
      const offset = view.getInt16(at + 1);
      const read = { player: view.getUint8(at), through: offset === NO_ACK ? -1 : tick + offset };
      at += 3;
      return read;
    };
    const acks: { player: number; through: number }[] = [];
    for (let i = 0; i < counts >> 4; i++) acks.push(readTick());
    const runs: InputRun[] = [];
    for (let i = 0; i < (counts & 0x0f); i++) {
      const count = view.getUint8(at + 3);
      const inputs = new Uint8Array(count * inputSize);
      const player = view.getUint8(at);
      const firstTick = tick + view.getInt16(at + 1);
      at += 4;
      for (let filled = 0; filled < count; at += 1 + inputSize) {
        const repeats = view.getUint8(at);
        if (repeats === 0 || filled + repeats > count || at + 1 + inputSize > bytes.length) return undefined;
        for (let k = 0; k < repeats; k++, filled++) inputs.set(bytes.subarray(at + 1, at + 1 + inputSize), filled * inputSize);
      }
      runs.push({ player, firstTick, inputs });
    }
    const departures: Departure[] = [];
    if ((kind & HAS_DEPARTURES) !== 0) {
      const count = view.getUint8(at++);
      for (let i = 0; i < count; i++) {
        const { player, through } = readTick();
        departures.push({ player, last: through });
      }
    }
    let checksum: FramePacket['checksum'];
    if ((kind & HAS_CHECKSUM) !== 0) {
      let hash = '';
      for (let i = 0; i < 8; i++) hash += view.getUint8(at + 4 + i).toString(16).padStart(2, '0');
      checksum = { tick: view.getUint32(at), hash };
      at += 12;
    }
    if (at !== bytes.length) return undefined;
    return { kind: FRAME_PACKET, tick, timing, acks, runs, departures, checksum };
  } catch (error) {
    if (error instanceof RangeError) return undefined; // read past the end: a truncated packet
    throw error;
  }
}

/** Where each group of equal consecutive inputs starts (a byte offset) and how many it holds (at most 255). */
function runLengths(inputs: Uint8Array, inputSize: number): { start: number; repeats: number }[] {
  const pairs: { start: number; repeats: number }[] = [];
  for (let at = 0; at < inputs.length; at += inputSize) {
    const last = pairs[pairs.length - 1];
    if (last !== undefined && last.repeats < 255 && sameInput(inputs, last.start, at, inputSize)) last.repeats++;
    else pairs.push({ start: at, repeats: 1 });
  }
  return pairs;
}

function sameInput(bytes: Uint8Array, a: number, b: number, size: number): boolean {
  for (let i = 0; i < size; i++) if (bytes[a + i] !== bytes[b + i]) return false;
  return true;
}

/**
 * The messages between a rollback session and its spectators, as bytes.
 * Internal; the layout is here because a bandwidth figure counts it.
 *
 * ```
 * SPECTATE_INPUTS   u8 kind, u32 first tick, u8 ticks, then the ticks run-length coded:
 *                     (u8 repeats, one tick: per player u8 status (1: disconnected) and inputSize bytes)
 * SPECTATE_ACK      u8 kind, i32 the last tick whose inputs the spectator holds (-1: none)
 * JOIN_LATE         u8 kind: "send me a snapshot to start from"
 * SNAPSHOT_PIECE    u8 kind, u32 the tick the state is before, u16 index, u16 count, bytes
 * ```
 *
 * Kinds 4 to 7: the rollback session's own are 1 to 3, so a packet is
 * never read as the other's.
 *
 * @module
 */

export const SPECTATE_INPUTS = 4;
export const SPECTATE_ACK = 5;
export const JOIN_LATE = 6;
export const SNAPSHOT_PIECE = 7;

/** The most ticks one inputs packet carries: 60 (a second at 60 Hz; a spectator far behind gets a second a frame). */
export const MAX_TICKS_PER_PACKET = 60;

export type SpectatorMessage =
  | { readonly kind: typeof SPECTATE_INPUTS; readonly firstTick: number; readonly ticks: readonly Uint8Array[] }
  | { readonly kind: typeof SPECTATE_ACK; readonly through: number }
  | { readonly kind: typeof JOIN_LATE }
  | { readonly kind: typeof SNAPSHOT_PIECE; readonly tick: number; readonly index: number; readonly count: number; readonly bytes: Uint8Array };

/** Writes ticks of inputs, each `stride` bytes (what `MatchInputLog.tickBytes` gives), run-length coded. */
export function encodeSpectateInputs(firstTick: number, ticks: readonly Uint8Array[]): Uint8Array {
  const pairs: { tick: Uint8Array; repeats: number }[] = [];
  for (const tick of ticks) {
    const last = pairs[pairs.length - 1];
    if (last !== undefined && last.repeats < 255 && sameBytes(last.tick, tick)) last.repeats++;
    else pairs.push({ tick, repeats: 1 });
  }
  const stride = ticks[0]?.length ?? 0;
  const bytes = new Uint8Array(6 + pairs.length * (1 + stride));
  const view = new DataView(bytes.buffer);
  view.setUint8(0, SPECTATE_INPUTS);
  view.setUint32(1, firstTick);
  view.setUint8(5, ticks.length);
  let at = 6;
  for (const { tick, repeats } of pairs) {
    bytes[at] = repeats;
    bytes.set(tick, at + 1);
    at += 1 + stride;
  }
  return bytes;
}

export function encodeSpectateAck(through: number): Uint8Array {
  const bytes = new Uint8Array(5);
  new DataView(bytes.buffer).setInt32(1, through);
  bytes[0] = SPECTATE_ACK;
  return bytes;
}

export function encodeJoinLate(): Uint8Array {
  return new Uint8Array([JOIN_LATE]);
}

export function encodeSnapshotPiece(tick: number, index: number, count: number, piece: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(9 + piece.length);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, SNAPSHOT_PIECE);
  view.setUint32(1, tick);
  view.setUint16(5, index);
  view.setUint16(7, count);
  bytes.set(piece, 9);
  return bytes;
}

/** Reads a spectator message of ticks `stride` bytes long; `undefined` for anything else (dropped, never thrown). */
export function decodeSpectatorMessage(bytes: Uint8Array, stride: number): SpectatorMessage | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = bytes[0];
  if (kind === JOIN_LATE && bytes.length === 1) return { kind };
  if (kind === SPECTATE_ACK && bytes.length === 5) return { kind, through: view.getInt32(1) };
  if (kind === SNAPSHOT_PIECE && bytes.length >= 9) {
    const index = view.getUint16(5);
    const count = view.getUint16(7);
    return index < count ? { kind, tick: view.getUint32(1), index, count, bytes: bytes.slice(9) } : undefined;
  }
  if (kind !== SPECTATE_INPUTS || bytes.length < 6) return undefined;
  const count = bytes[5]!;
  const ticks: Uint8Array[] = [];
  let at = 6;
  while (ticks.length < count) {
    const repeats = bytes[at];
    if (repeats === undefined || repeats === 0 || at + 1 + stride > bytes.length || ticks.length + repeats > count) return undefined;
    const tick = bytes.slice(at + 1, at + 1 + stride);
    for (let i = 0; i < repeats; i++) ticks.push(tick);
    at += 1 + stride;
  }
  return at === bytes.length ? { kind, firstTick: view.getUint32(1), ticks } : undefined;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

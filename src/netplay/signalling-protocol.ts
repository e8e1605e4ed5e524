/**
 * The messages a signalling server and its clients exchange over a
 * WebSocket, one JSON object a text message, and the checks the server runs
 * on what a client sends. Shared by {@link startSignallingServer} and
 * {@link joinRoom}; no I/O here.
 *
 * A client sends one of:
 *
 * - `{ "type": "create", "players": 3 }`: open a room for 3 players (2 to 8) and be its player 0;
 * - `{ "type": "join", "code": "KXQB" }`: take the next free player index in that room;
 * - `{ "type": "signal", "to": 1, "data": { "description": { "type": "offer", "sdp": "..." } } }`
 *   or `data: { "candidate": { "candidate": "...", "sdpMid": "0", ... } }`: hand
 *   a WebRTC offer, answer or ICE candidate to another player of its room.
 *
 * The server answers with one of:
 *
 * - `{ "type": "joined", "code", "playerIndex", "players" }` to the client it admitted;
 * - `{ "type": "start", "players" }` to every player, once the room is full;
 * - `{ "type": "signal", "from", "data" }`, the relayed `data`, to its addressee;
 * - `{ "type": "error", "error", "message" }`, with one of {@link SignallingErrorCode}.
 *
 * @module
 */

/**
 * The letters of a room code: A to Z without I and O, which read as 1 and 0
 * when a player says or types a code.
 */
export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** How many letters a room code has: 4, 24^4 = 331,776 codes, short enough to say across a room. */
export const ROOM_CODE_LENGTH = 4;

/** The fewest players a room holds. */
export const MIN_ROOM_PLAYERS = 2;

/** The most players a room holds: a full mesh of 8 is 28 connections, GGPO's and GGRS's usual limit. */
export const MAX_ROOM_PLAYERS = 8;

/**
 * Why the server refused a message:
 *
 * - `bad-message`: not JSON, not an object, an unknown `type`, or a field of the wrong kind;
 * - `unknown-room`: no room has that code (a typo, or the room closed);
 * - `room-full`: every player index of the room is taken;
 * - `room-closed`: a player left the room before it was full, so it can never start;
 * - `already-in-room`: a client creates or joins a second room;
 * - `not-in-room`: a client signals before it created or joined a room;
 * - `unknown-peer`: a signal to an index that is not another player present in the room;
 * - `server-full`: no room code was free.
 */
export type SignallingErrorCode =
  | 'bad-message'
  | 'unknown-room'
  | 'room-full'
  | 'room-closed'
  | 'already-in-room'
  | 'not-in-room'
  | 'unknown-peer'
  | 'server-full';

/** A session description as it travels: an offer or an answer. */
export interface SignalDescription {
  readonly type: 'offer' | 'answer';
  readonly sdp: string;
}

/** An ICE candidate as it travels: `RTCIceCandidate.toJSON()`. */
export interface SignalCandidate {
  readonly candidate: string;
  readonly sdpMid?: string | null;
  readonly sdpMLineIndex?: number | null;
  readonly usernameFragment?: string | null;
}

/** What one peer's connection hands another through the server: a description or a candidate, nothing else. */
export type SignalData = { readonly description: SignalDescription } | { readonly candidate: SignalCandidate };

/** A message from a client. */
export type ClientMessage =
  | { readonly type: 'create'; readonly players: number }
  | { readonly type: 'join'; readonly code: string }
  | { readonly type: 'signal'; readonly to: number; readonly data: SignalData };

/** A message from the server. */
export type ServerMessage =
  | { readonly type: 'joined'; readonly code: string; readonly playerIndex: number; readonly players: number }
  | { readonly type: 'start'; readonly players: number }
  | { readonly type: 'signal'; readonly from: number; readonly data: SignalData }
  | { readonly type: 'error'; readonly error: SignallingErrorCode; readonly message: string };

/** A refusal from the server, as {@link joinRoom} rejects with it: `error.code` says which. */
export class SignallingError extends Error {
  /** Always `'SignallingError'`. */
  override readonly name = 'SignallingError';

  /**
   * @param code Why, one of {@link SignallingErrorCode}.
   * @param message What the server said.
   */
  constructor(
    readonly code: SignallingErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A refusal, as {@link parseClientMessage} returns it. */
export interface Refusal {
  readonly error: SignallingErrorCode;
  readonly message: string;
}

/**
 * Reads one text message from a client, or says what is wrong with it. The
 * server relays a signal's `data` only when it is a description or a
 * candidate of the shapes above, so it is no general-purpose relay.
 */
export function parseClientMessage(text: string): ClientMessage | Refusal {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return badMessage(`not JSON: ${excerpt(text)}`);
  }
  if (!isRecord(value)) return badMessage('a message must be a JSON object with a "type"');
  switch (value.type) {
    case 'create': {
      const { players } = value;
      if (typeof players !== 'number' || !Number.isInteger(players) || players < MIN_ROOM_PLAYERS || players > MAX_ROOM_PLAYERS) {
        return badMessage(`create: players must be a whole number from ${MIN_ROOM_PLAYERS} to ${MAX_ROOM_PLAYERS}, got ${excerpt(JSON.stringify(players) ?? 'nothing')}`);
      }
      return { type: 'create', players };
    }
    case 'join': {
      const code = typeof value.code === 'string' ? normalizeRoomCode(value.code) : undefined;
      if (code === undefined) {
        return badMessage(`join: code must be ${ROOM_CODE_LENGTH} letters of ${ROOM_CODE_ALPHABET}, got ${excerpt(JSON.stringify(value.code) ?? 'nothing')}`);
      }
      return { type: 'join', code };
    }
    case 'signal': {
      const { to, data } = value;
      if (typeof to !== 'number' || !Number.isInteger(to) || to < 0) {
        return badMessage(`signal: to must be a player index, got ${excerpt(JSON.stringify(to) ?? 'nothing')}`);
      }
      if (!isSignalData(data)) {
        return badMessage('signal: data must be { description: { type: "offer" | "answer", sdp } } or { candidate: { candidate, sdpMid?, sdpMLineIndex? } }');
      }
      return { type: 'signal', to, data };
    }
    default:
      return badMessage(`unknown type ${excerpt(JSON.stringify(value.type) ?? 'nothing')}: the types are create, join, signal`);
  }
}

/**
 * A room code as the server keys it: upper case, spaces around it trimmed;
 * `undefined` when it is not {@link ROOM_CODE_LENGTH} letters of
 * {@link ROOM_CODE_ALPHABET}.
 */
export function normalizeRoomCode(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  if (upper.length !== ROOM_CODE_LENGTH) return undefined;
  for (const letter of upper) if (!ROOM_CODE_ALPHABET.includes(letter)) return undefined;
  return upper;
}

/** Whether a relayed `data` is a description or a candidate (what joinRoom trusts before it touches a connection). */
export function isSignalData(data: unknown): data is SignalData {
  if (!isRecord(data)) return false;
  const keys = Object.keys(data);
  if (keys.length !== 1) return false;
  const { description, candidate } = data;
  if (description !== undefined) {
    return isRecord(description) && (description.type === 'offer' || description.type === 'answer') && typeof description.sdp === 'string';
  }
  return (
    isRecord(candidate) &&
    typeof candidate.candidate === 'string' &&
    (candidate.sdpMid == null || typeof candidate.sdpMid === 'string') &&
    (candidate.sdpMLineIndex == null || typeof candidate.sdpMLineIndex === 'number')
  );
}

function badMessage(message: string): Refusal {
  return { error: 'bad-message', message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** At most 40 characters of what a client sent, for an error message. */
function excerpt(text: string): string {
  return text.length <= 40 ? text : `${text.slice(0, 40)}...`;
}

import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, functionOption, integerAtLeast, optionsObject } from '../../operators/validate.js';
import { DEFAULT_QUEUE_LIMIT } from './simulated-link-options.js';
import { MAX_ROOM_PLAYERS, MIN_ROOM_PLAYERS, type SignalData } from './signalling-protocol.js';
import type { PeerId } from './transport.js';

/**
 * The parts of the standard `RTCDataChannel` a {@link webrtcTransport}
 * uses: what a browser's and werift's channels both have.
 */
export interface DataChannelLike {
  readonly readyState: string;
  readonly bufferedAmount: number;
  binaryType: string;
  onopen: ((event: unknown) => void) | null | undefined;
  onclose: ((event: unknown) => void) | null | undefined;
  onmessage: ((event: { readonly data: unknown }) => void) | null | undefined;
  send(data: Uint8Array): void;
  close(): void;
}

/**
 * The parts of the standard `RTCPeerConnection` a {@link webrtcTransport}
 * uses. A browser's `RTCPeerConnection` has them, and so has werift's in
 * Node. Typed loosely (events and descriptions as `any`) so that both are
 * accepted as they are.
 */
export interface PeerConnectionLike {
  readonly connectionState: string;
  readonly localDescription: { readonly type: string; readonly sdp: string } | null;
  // Events and descriptions are `any`: browsers and werift type them differently, and the transport reads only the fields named in its code.
  onicecandidate: ((event: any) => void) | null | undefined;
  ondatachannel: ((event: any) => void) | null | undefined;
  onconnectionstatechange: ((event?: any) => void) | null | undefined;
  createDataChannel(label: string, init: { ordered: boolean; maxRetransmits: number }): unknown;
  createOffer(): Promise<{ readonly type?: string; readonly sdp?: string }>;
  createAnswer(): Promise<{ readonly type?: string; readonly sdp?: string }>;
  setLocalDescription(description: any): Promise<unknown>;
  setRemoteDescription(description: any): Promise<unknown>;
  addIceCandidate(candidate: any): Promise<unknown>;
  close(): unknown;
}

/** An `RTCPeerConnection` constructor: `globalThis.RTCPeerConnection` in a browser, werift's in Node. */
export type PeerConnectionConstructor = new (configuration?: any) => PeerConnectionLike;

/** The options of {@link webrtcTransport}. */
export interface WebRtcTransportOptions {
  /** This peer's player index, a whole number from 0 to `players - 1`: what the others `sendTo` to reach it. */
  playerIndex: number;
  /** How many players the match has, this one included: a whole number from 2 to 8. */
  players: number;
  /**
   * Hands `data` (an offer, an answer or an ICE candidate) to player `to`
   * through the signalling channel, which must deliver it to that player's
   * `handleSignal(from, data)` in the order sent. {@link joinRoom} wires it
   * to the signalling server.
   */
  signal: (to: PeerId, data: SignalData) => void;
  /**
   * The `RTCPeerConnection` constructor. Defaults to
   * `globalThis.RTCPeerConnection` (every browser); Node has none, so pass
   * one: `(await import('werift')).RTCPeerConnection`.
   */
  RTCPeerConnection?: PeerConnectionConstructor;
  /**
   * What each connection is constructed with, as is: an `RTCConfiguration`
   * (`{ iceServers: [...] }` for STUN and TURN) or werift's configuration
   * (`{ iceAdditionalHostAddresses: ['127.0.0.1'] }` to connect over
   * loopback only). Defaults to none: host candidates, no STUN, which
   * connects peers on one network.
   */
  rtcConfiguration?: object;
  /** Called once for each remote player whose channel closes (or whose connection fails) after the transport was made. */
  onPeerClosed?: (peer: PeerId) => void;
  /**
   * How many received packets may wait for `receiveAll`: a whole number
   * >= 1. A packet arriving when that many wait is dropped (counted as
   * `overflowed`). Defaults to {@link DEFAULT_QUEUE_LIMIT} (1024).
   */
  queueLimit?: number;
}

/** The options, checked and applied. */
export interface WebRtcTransportSettings extends Required<Omit<WebRtcTransportOptions, 'rtcConfiguration' | 'onPeerClosed'>> {
  rtcConfiguration: object | undefined;
  onPeerClosed: ((peer: PeerId) => void) | undefined;
}

const WHERE = 'webrtcTransport';

const KNOWN_OPTIONS = ['playerIndex', 'players', 'signal', 'RTCPeerConnection', 'rtcConfiguration', 'onPeerClosed', 'queueLimit'] as const;

/**
 * Checks a {@link webrtcTransport}'s options once and applies their defaults.
 *
 * @throws {OptionError} naming the option, its rule and the value, e.g.
 * `webrtcTransport: players must be a whole number from 2 to 8, got 9`.
 */
export function webrtcTransportSettings(options: WebRtcTransportOptions): WebRtcTransportSettings {
  optionsObject(WHERE, options);
  checkOptionKeys(WHERE, options, KNOWN_OPTIONS);
  const { players, playerIndex, signal, rtcConfiguration, onPeerClosed, queueLimit = DEFAULT_QUEUE_LIMIT } = options;
  const RTCPeerConnection = peerConnectionOption(WHERE, options.RTCPeerConnection);
  playerCount(WHERE, 'players', players);
  if (typeof playerIndex !== 'number' || !Number.isInteger(playerIndex) || playerIndex < 0 || playerIndex >= players) {
    throw new OptionError(WHERE, 'playerIndex', `a whole number from 0 to players - 1 (${players - 1})`, playerIndex);
  }
  functionOption(WHERE, 'signal', signal, 'a function (to, data) that hands data to that player');
  rtcConfigurationOption(WHERE, rtcConfiguration);
  if (onPeerClosed !== undefined) functionOption(WHERE, 'onPeerClosed', onPeerClosed, 'a function (peer), or nothing');
  return { players, playerIndex, signal, RTCPeerConnection, rtcConfiguration, onPeerClosed, queueLimit: integerAtLeast(WHERE, 'queueLimit', queueLimit, 1) };
}

/** `value` must be a player count, a whole number from 2 to 8. */
export function playerCount(where: string, option: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < MIN_ROOM_PLAYERS || value > MAX_ROOM_PLAYERS) {
    throw new OptionError(where, option, `a whole number from ${MIN_ROOM_PLAYERS} to ${MAX_ROOM_PLAYERS}`, value);
  }
  return value;
}

/** The `RTCPeerConnection` option, or the runtime's own; a clear refusal when there is neither (Node). */
export function peerConnectionOption(where: string, value: unknown): PeerConnectionConstructor {
  const constructor = value ?? (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection;
  const rule = value === undefined ? "an RTCPeerConnection constructor; this runtime has none, so pass one (in Node, werift's)" : 'an RTCPeerConnection constructor';
  functionOption(where, 'RTCPeerConnection', constructor, rule);
  return constructor as PeerConnectionConstructor;
}

/** `value` must be an object (handed to the constructor as is), or absent. */
export function rtcConfigurationOption(where: string, value: unknown): void {
  if (value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    throw new OptionError(where, 'rtcConfiguration', 'an object (an RTCConfiguration), or nothing', value);
  }
}

import { RTCPeerConnection as WeriftPeerConnection } from 'werift';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import {
  DATA_CHANNEL_INIT,
  MAX_BUFFERED_BYTES,
  webrtcTransport,
  type PeerConnectionConstructor,
  type SignalData,
  type WebRtcTransportOptions,
} from '../../src/netplay/index.js';
import { thrownBy } from '../support/thrown.js';
import { StubPeerConnection } from './fixtures/stub-peer-connection.js';

// Issue 27, item 4: the WebRTC transport, "behind one small interface (send
// to a peer, receive; unordered and unreliable assumed)". These tests play
// the network by hand with a stub RTCPeerConnection, so each rule of the
// transport is seen alone; webrtc-loopback.spec.ts runs it on werift.

// Compile-time: the constructors users pass fit the option's type as they are.
const fits: PeerConnectionConstructor[] = [WeriftPeerConnection, globalThis.RTCPeerConnection];
void fits;

beforeEach(() => {
  StubPeerConnection.made = [];
});

function transport(options: Partial<WebRtcTransportOptions> = {}) {
  const signals: { to: number; data: SignalData }[] = [];
  const made = webrtcTransport({ playerIndex: 1, players: 3, RTCPeerConnection: StubPeerConnection, signal: (to, data) => signals.push({ to, data }), ...options });
  return { transport: made, signals, connections: StubPeerConnection.made };
}

/** Lets the transport's promise chains (offer, answer, candidates) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('webrtcTransport connects a full mesh: one connection per other player, the lower index offers', () => {
  it('player 1 of 3 makes two connections; it offers to player 2 over one unordered, unretransmitted channel, and waits for player 0s', async () => {
    const { signals, connections } = transport({ rtcConfiguration: { iceServers: [] } });
    await settle();
    expect(connections).toHaveLength(2); // to player 0, to player 2
    expect(connections.map((c) => c.configuration)).toEqual([{ iceServers: [] }, { iceServers: [] }]);
    const [toZero, toTwo] = connections;
    expect(toZero!.channels).toEqual([]);
    expect(toTwo!.channels.map((c) => [c.label, c.init])).toEqual([['tickflow', { ordered: false, maxRetransmits: 0 }]]);
    expect(DATA_CHANNEL_INIT).toEqual({ ordered: false, maxRetransmits: 0 });
    expect(signals).toEqual([{ to: 2, data: { description: { type: 'offer', sdp: 'offer sdp 1' } } }]);
  });

  it('answers an offer, and applies candidates that came before it once it is applied, in order', async () => {
    const { transport: t, signals, connections } = transport();
    const toZero = connections[0]!;
    t.handleSignal(0, { candidate: { candidate: 'early 1' } });
    t.handleSignal(0, { candidate: { candidate: 'early 2' } });
    await settle();
    expect(toZero.candidates).toEqual([]);
    t.handleSignal(0, { description: { type: 'offer', sdp: 'their offer' } });
    t.handleSignal(0, { candidate: { candidate: 'late' } });
    await settle();
    expect(toZero.remoteDescriptions).toEqual([{ type: 'offer', sdp: 'their offer' }]);
    expect(toZero.candidates).toEqual([{ candidate: 'early 1' }, { candidate: 'early 2' }, { candidate: 'late' }]);
    expect(signals.filter((s) => s.to === 0)).toEqual([{ to: 0, data: { description: { type: 'answer', sdp: 'answer sdp 0' } } }]);
  });

  it('signals its own candidates to the player the connection is for, and not the end-of-candidates marker', () => {
    const { signals, connections } = transport();
    connections[0]!.findCandidate('candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host');
    connections[0]!.onicecandidate?.({ candidate: null });
    expect(signals).toEqual([{ to: 0, data: { candidate: { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 } } }]);
  });

  it('opened resolves when every channel is open, not before', async () => {
    const { transport: t, connections } = transport();
    let opened = false;
    void t.opened.then(() => (opened = true));
    connections[1]!.channels[0]!.open();
    await settle();
    expect([t.peerState(0), t.peerState(1), t.peerState(2), opened]).toEqual(['connecting', 'open', 'open', false]);
    connections[0]!.deliverChannel().open();
    await settle();
    expect([t.peerState(0), opened]).toEqual(['open', true]);
  });
});

describe('sendTo: best effort, never blocking, never throwing for the network', () => {
  it('drops (and counts) a send to a player whose channel is not open yet', () => {
    const { transport: t, connections } = transport();
    t.sendTo(2, new Uint8Array([1]));
    expect(connections[1]!.channels[0]!.sent).toEqual([]);
    expect(t.stats()).toEqual({ sent: 0, dropped: 1, received: 0, overflowed: 0 });
  });

  it('sends a copy once open: the caller may reuse its buffer at once', () => {
    const { transport: t, connections } = transport();
    const channel = connections[1]!.channels[0]!;
    channel.open();
    const buffer = new Uint8Array([1, 2, 3]);
    t.sendTo(2, buffer);
    buffer[0] = 99;
    expect(channel.sent).toEqual([new Uint8Array([1, 2, 3])]);
    expect(t.stats().sent).toBe(1);
  });

  it(`drops when the channel's send buffer holds ${MAX_BUFFERED_BYTES} bytes, or when the channel refuses the send`, () => {
    const { transport: t, connections } = transport();
    const channel = connections[1]!.channels[0]!;
    channel.open();
    channel.bufferedAmount = MAX_BUFFERED_BYTES;
    t.sendTo(2, new Uint8Array([1]));
    channel.bufferedAmount = 0;
    channel.failWith = new Error('InvalidStateError');
    t.sendTo(2, new Uint8Array([2]));
    expect(channel.sent).toEqual([]);
    expect(t.stats()).toEqual({ sent: 0, dropped: 2, received: 0, overflowed: 0 });
  });

  it('to itself: a copy for its own receiveAll, as simulatedLink does', () => {
    const { transport: t } = transport();
    t.sendTo(1, new Uint8Array([7]));
    expect(t.receiveAll()).toEqual([{ from: 1, message: new Uint8Array([7]) }]);
  });

  it('refuses a peer that is not a player index, or a message that is not bytes, with an OptionError', () => {
    const { transport: t } = transport();
    expect((thrownBy(() => t.sendTo(3, new Uint8Array(1))) as Error).message).toBe('webrtcTransport.sendTo: peer must be a player index, a whole number from 0 to 2, got 3');
    expect(thrownBy(() => t.sendTo(-1, new Uint8Array(1)))).toBeInstanceOf(OptionError);
    expect((thrownBy(() => t.sendTo(2, [1, 2] as unknown as Uint8Array)) as Error).message).toBe('webrtcTransport.sendTo: message must be a Uint8Array, got an array of 2');
    expect((thrownBy(() => t.peerState(1.5)) as Error).message).toBe('webrtcTransport.peerState: peer must be a player index, a whole number from 0 to 2, got 1.5');
  });
});

describe('receiveAll: what arrived, in arrival order, bytes of their own', () => {
  it('takes ArrayBuffers (browsers) and byte views (werift hands Node Buffers), and asks for ArrayBuffers', () => {
    const { transport: t, connections } = transport();
    const fromTwo = connections[1]!.channels[0]!;
    fromTwo.open();
    const fromZero = connections[0]!.deliverChannel();
    fromZero.open();
    expect(fromZero.binaryType).toBe('arraybuffer');
    const pooled = new Uint8Array([0, 0, 5, 6, 0]);
    fromTwo.onmessage!({ data: new Uint8Array([1, 2]).buffer });
    fromZero.onmessage!({ data: pooled.subarray(2, 4) });
    pooled[2] = 99;
    expect(t.receiveAll()).toEqual([
      { from: 2, message: new Uint8Array([1, 2]) },
      { from: 0, message: new Uint8Array([5, 6]) },
    ]);
    expect(t.receiveAll()).toEqual([]);
  });

  it('drops text messages and what arrives when queueLimit packets wait, counting both as overflowed', () => {
    const { transport: t, connections } = transport({ queueLimit: 2 });
    const channel = connections[1]!.channels[0]!;
    channel.open();
    channel.onmessage!({ data: 'text' });
    for (let i = 0; i < 3; i++) channel.onmessage!({ data: new Uint8Array([i]).buffer });
    expect(t.receiveAll().map((p) => p.message[0])).toEqual([0, 1]);
    expect(t.stats()).toEqual({ sent: 0, dropped: 0, received: 2, overflowed: 2 });
  });
});

describe('a closed channel: the player is disconnected, for good', () => {
  it('appears in closedPeers() and onPeerClosed is called once; sends to it drop; opened rejects naming it', async () => {
    const onPeerClosed = vi.fn();
    const { transport: t, connections } = transport({ onPeerClosed });
    const channel = connections[1]!.channels[0]!;
    channel.open();
    channel.close();
    connections[1]!.onconnectionstatechange?.(); // a later state change adds nothing
    expect(t.closedPeers()).toEqual([2]);
    expect(onPeerClosed.mock.calls).toEqual([[2]]);
    expect(t.peerState(2)).toBe('closed');
    t.sendTo(2, new Uint8Array([1]));
    expect(t.stats().dropped).toBe(1);
    await expect(t.opened).rejects.toThrow('webrtcTransport: the channel to player 2 closed after it opened');
  });

  it('a connection whose state becomes failed closes the player too', () => {
    const { transport: t, connections } = transport();
    connections[0]!.connectionState = 'failed';
    connections[0]!.onconnectionstatechange?.();
    expect(t.closedPeers()).toEqual([0]);
  });

  it('close() closes every channel and connection, once, without calling onPeerClosed for its own close', () => {
    const onPeerClosed = vi.fn();
    const { transport: t, connections } = transport({ onPeerClosed });
    connections[1]!.channels[0]!.open();
    t.close();
    t.close();
    expect(connections.map((c) => c.closed)).toEqual([true, true]);
    expect(connections[1]!.channels[0]!.readyState).toBe('closed');
    expect(onPeerClosed).not.toHaveBeenCalled();
    expect(t.closedPeers()).toEqual([0, 2]);
    t.sendTo(2, new Uint8Array([1]));
    t.sendTo(1, new Uint8Array([1])); // itself too
    expect(t.stats().dropped).toBe(2);
    expect(t.receiveAll()).toEqual([]);
  });
});

describe('webrtcTransport refuses bad options, naming the option, the rule and the value', () => {
  const signal = () => undefined;
  const base = { playerIndex: 0, players: 2, signal, RTCPeerConnection: StubPeerConnection };
  const cases: [options: unknown, message: string][] = [
    [undefined, 'webrtcTransport: options must be an options object, got undefined'],
    [{ ...base, player: 0 }, "webrtcTransport: unknown option 'player'; did you mean 'players'?"],
    [{ ...base, players: 1 }, 'webrtcTransport: players must be a whole number from 2 to 8, got 1'],
    [{ ...base, players: 9 }, 'webrtcTransport: players must be a whole number from 2 to 8, got 9'],
    [{ ...base, playerIndex: 2 }, 'webrtcTransport: playerIndex must be a whole number from 0 to players - 1 (1), got 2'],
    [{ ...base, playerIndex: '0' }, 'webrtcTransport: playerIndex must be a whole number from 0 to players - 1 (1), got "0"'],
    [{ ...base, signal: undefined }, 'webrtcTransport: signal must be a function (to, data) that hands data to that player, got undefined'],
    [{ ...base, RTCPeerConnection: {} }, 'webrtcTransport: RTCPeerConnection must be an RTCPeerConnection constructor, got an object'],
    [{ ...base, rtcConfiguration: 'stun:x' }, 'webrtcTransport: rtcConfiguration must be an object (an RTCConfiguration), or nothing, got "stun:x"'],
    [{ ...base, onPeerClosed: true }, 'webrtcTransport: onPeerClosed must be a function (peer), or nothing, got true'],
    [{ ...base, queueLimit: 0 }, 'webrtcTransport: queueLimit must be a whole number >= 1, got 0'],
  ];
  for (const [options, message] of cases) {
    it(message, () => {
      const error = thrownBy(() => webrtcTransport(options as WebRtcTransportOptions));
      expect(error).toBeInstanceOf(OptionError);
      expect((error as OptionError).message).toBe(message);
    });
  }

  it('in Node, which has no RTCPeerConnection of its own, says to pass one', () => {
    expect('RTCPeerConnection' in globalThis).toBe(false);
    expect((thrownBy(() => webrtcTransport({ ...base, RTCPeerConnection: undefined })) as Error).message).toBe(
      'webrtcTransport: RTCPeerConnection must be an RTCPeerConnection constructor; this runtime has none, so pass one (in Node, werift\'s), got undefined',
    );
  });
});

afterEach(() => {
  for (const connection of StubPeerConnection.made) connection.close();
});

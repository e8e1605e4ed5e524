import { OptionError } from '../../operators/option-error.js';
import type { Packet, PeerId, Transport } from './transport.js';

/** A {@link Transport} between the tabs of one browser: see {@link broadcastChannelTransport}. */
export interface BroadcastChannelTransport extends Transport {
  /** Its peer id: what the others `sendTo`, and `from` on what it sends. */
  readonly id: PeerId;
  /** Closes the channel: later sends are dropped, nothing more arrives. Idempotent. */
  close(): void;
}

/** What one message on the channel holds: sender, receiver and the bytes. */
interface ChannelMessage {
  readonly from: PeerId;
  readonly to: PeerId;
  readonly message: Uint8Array;
}

/**
 * A {@link Transport} between tabs (and workers) of one browser on one
 * machine, over a `BroadcastChannel` named `name`: no server, no network.
 * Every peer opens the channel under the same name with its own `id`; a
 * message is posted to every other opener of the name and kept only by the
 * one it is addressed to.
 *
 * Unlike the network a session assumes, a `BroadcastChannel` is ordered and
 * reliable: what one tab posts arrives in every other, whole and in the
 * order posted (HTML's "posted message" task queue), so nothing is ever
 * lost or repeated. The session does not rely on it (it repeats inputs
 * until they are acknowledged either way); to see it play on a bad network,
 * wrap it in {@link conditionedTransport}.
 *
 * `sendTo` copies the bytes at once (`postMessage` structured-clones them),
 * so the caller may reuse its buffer. Messages that are not this transport's
 * (another use of the same name) are ignored.
 *
 * @example
 * ```ts
 * import { broadcastChannelTransport } from 'tickflow/netplay';
 *
 * // In tab A (player 0) and tab B (player 1) of one browser, on the same name:
 * const transport = broadcastChannelTransport('my-game:ABCD', 0); // 1 in tab B
 * transport.sendTo(1, new Uint8Array([1, 2, 3]));
 * // ... one task later, in tab B: transport.receiveAll() -> [{ from: 0, message: Uint8Array [1, 2, 3] }]
 * ```
 *
 * @param name The channel's name: the room every peer of the match opens.
 * @param id This peer's id, a whole number >= 0 (its player number, say).
 * @param Channel The `BroadcastChannel` constructor; defaults to the runtime's own (every browser, Node 18+).
 * @throws {OptionError} for a `name` that is not a non-empty string, an `id` that is not a whole number >= 0, or no `BroadcastChannel`.
 */
export function broadcastChannelTransport(name: string, id: PeerId, Channel: typeof BroadcastChannel = globalThis.BroadcastChannel): BroadcastChannelTransport {
  const where = 'broadcastChannelTransport';
  if (typeof name !== 'string' || name === '') throw new OptionError(where, 'name', 'a non-empty string', name);
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 0) throw new OptionError(where, 'id', 'a whole number >= 0', id);
  if (typeof Channel !== 'function') throw new OptionError(where, 'Channel', 'a BroadcastChannel constructor (this runtime has none)', Channel);
  return new ChannelTransport(new Channel(name), id);
}

/** What {@link broadcastChannelTransport} returns. */
class ChannelTransport implements BroadcastChannelTransport {
  private inbox: Packet[] = [];
  private closed = false;

  constructor(
    private readonly channel: BroadcastChannel,
    readonly id: PeerId,
  ) {
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const data = event.data as Partial<ChannelMessage> | null;
      if (data === null || typeof data !== 'object' || data.to !== this.id || typeof data.from !== 'number' || !(data.message instanceof Uint8Array)) return;
      this.inbox.push({ from: data.from, message: data.message });
    };
  }

  sendTo(peer: PeerId, message: Uint8Array): void {
    if (this.closed) return;
    const posted: ChannelMessage = { from: this.id, to: peer, message };
    this.channel.postMessage(posted);
  }

  receiveAll(): Packet[] {
    const arrived = this.inbox;
    this.inbox = [];
    return arrived;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.channel.onmessage = null;
    this.channel.close();
    this.inbox = [];
  }
}

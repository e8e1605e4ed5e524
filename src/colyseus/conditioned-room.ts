import { OptionError } from '../../operators/option-error.js';
import { functionOption, positiveFinite } from '../../operators/validate.js';
import type { TransportConditions } from '../netplay/conditioned-transport.js';
import { simulatedLink, type SimulatedLink } from '../netplay/simulated-link.js';
import type { ClientRoomLike } from './tickflow-client-options.js';

/** How often a {@link conditionedRoom} hands over what its simulated network delivered, in ms, when not given: 2. */
export const DEFAULT_PUMP_EVERY_MS = 2;

/** A room with a simulated bad network between the client and it: see {@link conditionedRoom}. */
export interface ConditionedRoom extends ClientRoomLike {
  /** Whether new messages go through the simulated network (true, the start) or straight through; those in it still arrive. */
  active: boolean;
  /** Messages held in the simulated network, both ways. */
  readonly inFlight: number;
  /** Stops the pump timer (what is still in flight is dropped). Idempotent. */
  close(): void;
}

/** Endpoint 0 of the link is the client; 1 is the room. */
const CLIENT = 0;
const ROOM = 1;
/** How many messages are remembered for a duplicate to find: far more than are ever in flight at once. */
const REMEMBERED = 4096;

/**
 * Puts a {@link simulatedLink}'s faults (latency, jitter, loss, duplicates,
 * packets held back) between a client and its `colyseus.js` room, both
 * ways, on real time: the "bad network" switch of a game, and the client
 * side conditions of tests against a real server. Colyseus runs on a
 * WebSocket (ordered, reliable); the link makes it behave like the internet
 * a game meets, reordering included, so the client is tested on what its
 * reconciliation must survive.
 *
 * The link decides each message's fate by its own rules (the netplay ones,
 * reused, not copied); a timer every `pumpEveryMs` hands over what arrived.
 *
 * @example
 * ```ts
 * import { Client } from 'colyseus.js';
 * import { conditionedRoom, tickflowClient } from 'tickflow/colyseus';
 *
 * const room = conditionedRoom(await new Client('ws://127.0.0.1:2567').joinOrCreate('arena'), { latencyMs: 75, jitterMs: 20, loss: 0.02 });
 * // tickflowClient(room, ...); a switch: room.active = false
 * ```
 *
 * @param room The joined room.
 * @param conditions The faults, one way (each direction draws its own): a simulated link's options but `peers`.
 * @param clock The time now, in ms. Defaults to `performance.now`.
 * @param pumpEveryMs How often arrivals are handed over. Defaults to {@link DEFAULT_PUMP_EVERY_MS} (2).
 * @throws {OptionError} for a bad room, condition, clock or pump interval.
 */
export function conditionedRoom(
  room: ClientRoomLike,
  conditions: TransportConditions,
  clock: () => number = () => performance.now(),
  pumpEveryMs = DEFAULT_PUMP_EVERY_MS,
): ConditionedRoom {
  const where = 'conditionedRoom';
  if (typeof room?.send !== 'function' || typeof room.onMessage !== 'function') {
    throw new OptionError(where, 'room', 'a joined colyseus.js Room (send, onMessage)', room);
  }
  if (conditions !== null && typeof conditions === 'object' && 'peers' in conditions) {
    throw new OptionError(where, 'conditions.peers', 'absent (the link has the client and the room)', (conditions as { peers: unknown }).peers);
  }
  const link: SimulatedLink = simulatedLink({ ...conditions, peers: 2 });
  functionOption(where, 'clock', clock);
  positiveFinite(where, 'pumpEveryMs', pumpEveryMs);

  const messages = new Map<number, readonly [type: string, message: unknown]>();
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  let nextId = 0;
  const enqueue = (from: number, type: string, message: unknown): void => {
    const id = nextId++;
    messages.set(id, [type, message]);
    messages.delete(id - REMEMBERED);
    link.advanceTo(clock());
    link.endpoints[from]!.sendTo(from === CLIENT ? ROOM : CLIENT, Uint8Array.of(id & 0xff, (id >>> 8) & 0xff, (id >>> 16) & 0xff, id >>> 24));
  };
  const dispatch = (type: string, message: unknown): void => {
    for (const handler of handlers.get(type) ?? []) handler(message);
  };
  const pump = (): void => {
    link.advanceTo(clock());
    for (const end of [ROOM, CLIENT]) {
      for (const { message: bytes } of link.endpoints[end]!.receiveAll()) {
        const entry = messages.get(bytes[0]! | (bytes[1]! << 8) | (bytes[2]! << 16) | (bytes[3]! << 24));
        if (entry === undefined) continue;
        if (end === ROOM) room.send(entry[0], entry[1]);
        else dispatch(entry[0], entry[1]);
      }
    }
  };
  const timer = setInterval(pump, pumpEveryMs);
  (timer as { unref?: () => void }).unref?.();

  const conditioned: ConditionedRoom = {
    active: true,
    sessionId: room.sessionId,
    get inFlight() {
      return link.stats().inFlight;
    },
    send(type, message) {
      if (conditioned.active) enqueue(CLIENT, type, message);
      else room.send(type, message);
    },
    onMessage(type, callback) {
      let set = handlers.get(type);
      if (set === undefined) {
        handlers.set(type, (set = new Set()));
        room.onMessage(type, (message) => (conditioned.active ? enqueue(ROOM, type, message) : dispatch(type, message)));
      }
      set.add(callback);
      return () => set.delete(callback);
    },
    close() {
      clearInterval(timer);
    },
  };
  return conditioned;
}

/**
 * The rooms bench's clients: colyseus.js 0.16 clients in a Node process of
 * their own (forked by bench/rooms-load.ts), so that what they cost (the
 * WebSocket reads, msgpack decoding every state) is not counted as the
 * server's. Each creates one room on the bench's server and stays in it:
 * it receives every state message, and answers each by sending an input
 * stamped two ticks ahead of it (a held byte that changes every
 * {@link HOLD_TICKS} ticks), about as a `tickflowClient` would, without
 * running the game.
 */
import { Client, type Room } from 'colyseus.js';
import { STATE_MESSAGE, PONG_MESSAGE } from '../src/colyseus/index.js';
import type { RoomGameKind } from './rooms-games.js';

/** The messages from the bench. */
export type ClientsRequest = { readonly join: { readonly url: string; readonly rooms: number; readonly game: RoomGameKind } } | { readonly leave: true };

/** What the clients report when they leave: how much they received, and what it cost this process. */
export interface ClientsReading {
  readonly states: number;
  readonly cpuNs: number;
  readonly wallNs: number;
}

/** A client's held input changes every this many ticks. */
export const HOLD_TICKS = 30;

let rooms: Room[] = [];
let states = 0;
let cpuAtJoin = process.cpuUsage();
let joinedAt = process.hrtime.bigint();

async function join(url: string, count: number, game: RoomGameKind): Promise<void> {
  states = 0;
  for (let i = 0; i < count; i++) {
    const room = await new Client(url).create('bench', { game });
    room.onMessage(STATE_MESSAGE, (message: { tick: number }) => {
      states++;
      room.send('input', { tick: message.tick + 2, input: [Math.floor(message.tick / HOLD_TICKS) % 3] });
    });
    room.onMessage(PONG_MESSAGE, () => undefined);
    rooms.push(room);
  }
  cpuAtJoin = process.cpuUsage();
  joinedAt = process.hrtime.bigint();
}

async function leave(): Promise<ClientsReading> {
  const cpu = process.cpuUsage(cpuAtJoin);
  const reading = { states, cpuNs: (cpu.user + cpu.system) * 1000, wallNs: Number(process.hrtime.bigint() - joinedAt) };
  await Promise.all(rooms.map((room) => (room.connection.isOpen ? room.leave() : undefined)));
  rooms = [];
  return reading;
}

const send = (message: unknown): void => void process.send!(message);
process.on('message', (message: ClientsRequest | { exit: true }) => {
  const done = (work: Promise<unknown>): void => void work.then((result) => send({ ok: result ?? true }), (error: Error) => send({ error: String(error.stack ?? error) }));
  if ('join' in message) done(join(message.join.url, message.join.rooms, message.join.game));
  else if ('leave' in message) done(leave());
  else process.exit(0);
});
send({ ready: true });

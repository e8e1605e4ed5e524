/**
 * The rooms bench's server: a Colyseus 0.16 server on 127.0.0.1 in a Node
 * process of its own (forked by bench/rooms-load.ts, which talks to it over
 * the IPC channel), so that its process CPU time is the server's and
 * nothing else's: the clients run in another process
 * (bench/rooms-clients.ts), and the bench's own process (its heap, its
 * replaced `performance.now()`) is not this one.
 *
 * Every room is `tickflowRoom` as a game uses it (a Node timer's host
 * ticks, tickflow's wall clock, the fixed step of 1000/60 ms, the state
 * broadcast after every tick), with a game of bench/rooms-games.ts. The
 * room's tick is timed in two parts, by the process CPU time
 * (`process.cpuUsage()`, microseconds; not the wall time, which a loaded
 * machine's preemption would inflate) read around what `tickflowRoom` calls
 * (all synchronous, on this thread):
 *
 * - **simulation**: from `applyInputs` to the end of `engine.advance()`;
 * - **state out**: from the end of `advance()` to the end of `broadcast`:
 *   the game's `save()`, `toJsonValue` (inside tickflowRoom), and
 *   Colyseus' `broadcast` (msgpack, once, then a write to each client's
 *   WebSocket); `save()` and `broadcast` are also timed alone.
 *
 * What is neither (the timers, tickflow's loop, Colyseus' own patch
 * interval, the sockets' reads and writes the kernel finishes later,
 * garbage collection) is the process CPU time (`process.cpuUsage()`)
 * minus both.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchMaker, Room, Server, type Client } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { tickflowRoom, type TickflowRoom } from '../src/colyseus/index.js';
import { createRoomGame, type RoomGame, type RoomGameKind } from './rooms-games.js';

/** A measurement the bench asks for. */
export interface ServerMeasureRequest {
  readonly rooms: number;
  /** Whether the bench's clients process joined them (one client each), or the server creates them with nobody in. */
  readonly withClients: boolean;
  readonly game: RoomGameKind;
  readonly warmupMs: number;
  readonly measureMs: number;
}

/** What one measurement read, over its window. */
export interface ServerReading {
  readonly rooms: number;
  readonly wallNs: number;
  /** Process CPU, user + system. */
  readonly cpuNs: number;
  /** Fixed ticks the rooms ran, all of them together. */
  readonly roomTicks: number;
  /** Ticks due in the window (rooms × wall ÷ step): fewer run means the process fell behind. */
  readonly dueTicks: number;
  /** Time the rooms dropped at the `maxSteps` cap, all together, in seconds. */
  readonly droppedSeconds: number;
  readonly simulationNs: number;
  readonly stateOutNs: number;
  readonly saveNs: number;
  readonly broadcastNs: number;
  /** Clients in the rooms when the window closed. */
  readonly clients: number;
}

/** The messages from the bench (bench/rooms-load.ts). */
export type ServerRequest = { readonly measure: ServerMeasureRequest } | { readonly reset: { readonly settleMs: number } } | { readonly exit: true };

/** The process CPU time so far, ns (µs resolution). */
const cpuNs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
};

interface Timings {
  ticks: number;
  simulationNs: number;
  stateOutNs: number;
  saveNs: number;
  broadcastNs: number;
}

/** One room of the bench: the game, tickflowRoom on it, the timings. */
class BenchRoom extends Room {
  static readonly live = new Set<BenchRoom>();
  readonly timings: Timings = { ticks: 0, simulationNs: 0, stateOutNs: 0, saveNs: 0, broadcastNs: 0 };
  private game?: RoomGame;
  sim?: TickflowRoom;

  override async onCreate(options: { game: RoomGameKind }): Promise<void> {
    this.autoDispose = false; // disposed by the bench (reset), not when its client leaves
    const game = await createRoomGame(options.game);
    this.game = game;
    const t = this.timings;
    let tickStart = 0;
    let advanced = 0;
    const room = {
      onMessage: (type: string, callback: (client: Client, message: unknown) => void) => this.onMessage(type, callback),
      broadcast: (type: string, message: unknown) => {
        const start = cpuNs();
        this.broadcast(type, message);
        const end = cpuNs();
        t.broadcastNs += end - start;
        t.stateOutNs += end - advanced;
      },
    };
    this.sim = tickflowRoom(room, {
      engine: {
        advance: () => {
          game.advance();
          advanced = cpuNs();
          t.simulationNs += advanced - tickStart;
          t.ticks++;
        },
      },
      inputSize: 1,
      applyInputs: (inputs) => {
        tickStart = cpuNs();
        game.applyInputs(inputs);
      },
      save: () => {
        const start = cpuNs();
        const state = game.save();
        t.saveNs += cpuNs() - start;
        return state;
      },
    });
    BenchRoom.live.add(this);
  }

  override onDispose(): void {
    BenchRoom.live.delete(this);
    this.sim?.stop();
    this.game?.destroy();
  }
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(request: ServerMeasureRequest): Promise<ServerReading> {
  if (!request.withClients) for (let i = 0; i < request.rooms; i++) await matchMaker.createRoom('bench', { game: request.game });
  const deadline = Date.now() + 10_000;
  while (BenchRoom.live.size < request.rooms && Date.now() < deadline) await wait(10);
  if (BenchRoom.live.size !== request.rooms) throw new Error(`rooms bench: ${BenchRoom.live.size} rooms live, ${request.rooms} asked`);
  await wait(request.warmupMs);
  const rooms = [...BenchRoom.live];
  const sum = (read: (room: BenchRoom) => number): number => rooms.reduce((total, room) => total + read(room), 0);
  const before = { ticks: sum((r) => r.timings.ticks), sim: sum((r) => r.timings.simulationNs), out: sum((r) => r.timings.stateOutNs), save: sum((r) => r.timings.saveNs), send: sum((r) => r.timings.broadcastNs), dropped: sum((r) => r.sim!.stats().droppedSeconds) };
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await wait(request.measureMs);
  const cpuSpent = process.cpuUsage(cpu);
  const wallNs = Number(process.hrtime.bigint() - start);
  return {
    rooms: rooms.length,
    wallNs,
    cpuNs: (cpuSpent.user + cpuSpent.system) * 1000,
    roomTicks: sum((r) => r.timings.ticks) - before.ticks,
    dueTicks: rooms.length === 0 ? 0 : (rooms.length * wallNs) / 1e6 / rooms[0]!.sim!.stepMs,
    droppedSeconds: sum((r) => r.sim!.stats().droppedSeconds) - before.dropped,
    simulationNs: sum((r) => r.timings.simulationNs) - before.sim,
    stateOutNs: sum((r) => r.timings.stateOutNs) - before.out,
    saveNs: sum((r) => r.timings.saveNs) - before.save,
    broadcastNs: sum((r) => r.timings.broadcastNs) - before.send,
    clients: sum((r) => r.clients.length),
  };
}

/**
 * Disposes every room (their clients are told to leave), waits until they
 * are gone, then `settleMs`, so the next window does not pay for this one:
 * disposal leaves work behind for a while (an idle server read 55 % of a
 * core 0.3 s after rooms of the exact runtime were disposed, a forced
 * collection did not help; 0.1 % after 1 s).
 */
async function reset(settleMs: number): Promise<void> {
  for (const room of BenchRoom.live) await room.disconnect();
  while (BenchRoom.live.size > 0) await wait(10);
  await wait(settleMs);
}

const http = createServer();
const server = new Server({ transport: new WebSocketTransport({ server: http }), greet: false, gracefullyShutdown: false });
server.define('bench', BenchRoom);
await server.listen(0, '127.0.0.1');
const send = (message: unknown): void => void process.send!(message);
process.on('message', (message: ServerRequest) => {
  const done = (work: Promise<unknown>): void => void work.then((result) => send({ ok: result ?? true }), (error: Error) => send({ error: String(error.stack ?? error) }));
  if ('measure' in message) done(measure(message.measure));
  else if ('reset' in message) done(reset(message.reset.settleMs));
  else void server.gracefullyShutdown(false).then(() => process.exit(0));
});
send({ url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}` });

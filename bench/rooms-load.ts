/**
 * Server CPU per room per tick, and rooms per process (issue 28, item 7):
 * k rooms running at once in one server process (bench/rooms-server.ts), on
 * 127.0.0.1, with one colyseus.js client each in a second process
 * (bench/rooms-clients.ts), or with none. Both processes are forked from
 * here and driven over their IPC channels; each window is a warm-up, then
 * `measureMs` of real time in which the server's process CPU is read.
 *
 * - **per room per tick**: one room of each game, with no client and with
 *   one, beside the idle server (no room): process CPU ÷ ticks run, split
 *   into simulation and state out (see bench/rooms-server.ts).
 * - **rooms per process**: k = 1, 2, 4, 8, ... rooms of a game with a client
 *   each, until the server's share of one core passes
 *   {@link CORE_SHARE_TARGET}, or its rooms fall behind (or k reaches
 *   {@link MAX_ROOMS}); the largest k within it whose rooms kept time is
 *   the answer, beside the projection from one room's cost.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ClientsReading, ClientsRequest } from './rooms-clients.js';
import type { RoomGameKind } from './rooms-games.js';
import type { ServerReading, ServerRequest } from './rooms-server.js';

/** The bound: rooms one process holds within this share of one core. */
export const CORE_SHARE_TARGET = 0.5;
/** The scan stops here whatever the share. */
export const MAX_ROOMS = 64;

/** The windows of a run. */
export interface LoadSizes {
  readonly warmupMs: number;
  readonly measureMs: number;
  /** The scan's largest k (a quick run stops early). */
  readonly maxRooms: number;
  /** The wait after a window's rooms are disposed (see bench/rooms-server.ts: disposal leaves work behind). */
  readonly settleMs: number;
}

/** One window: the server's reading and, with clients, theirs. */
export interface LoadRow {
  readonly game: RoomGameKind | 'idle server';
  readonly withClients: boolean;
  readonly server: ServerReading;
  readonly clients?: ClientsReading;
}

/** Everything this part measured. */
export interface LoadBench {
  readonly idle: LoadRow;
  /** One room of each game, without and with a client. */
  readonly perRoom: readonly LoadRow[];
  /** The scan of each game scanned, k rising. */
  readonly scans: readonly { readonly game: RoomGameKind; readonly rows: readonly LoadRow[] }[];
}

type Reply = { ok: unknown } | { error: string } | { url: string } | { ready: true };

/** A forked bench process and a request-reply over its IPC channel (one request at a time). */
class Child {
  private readonly replies: Reply[] = [];
  private waiting?: { resolve: (reply: Reply) => void; reject: (error: Error) => void };
  readonly process: ChildProcess;

  constructor(script: string) {
    // A child's output goes to stderr: stdout is the bench's markdown.
    this.process = fork(fileURLToPath(new URL(script, import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 2, 2, 'ipc'] });
    this.process.on('message', (reply: Reply) => {
      // Only the bench's own replies: Colyseus' @pm2/io also talks on a forked process' IPC channel ("axm:..." messages).
      if (!['ok', 'error', 'url', 'ready'].some((key) => typeof reply === 'object' && reply !== null && key in reply)) return;
      const waiting = this.waiting;
      this.waiting = undefined;
      if (waiting !== undefined) waiting.resolve(reply);
      else this.replies.push(reply);
    });
    this.process.on('exit', (code) => this.waiting?.reject(new Error(`rooms bench: ${script} exited (${code})`)));
  }

  next(): Promise<Reply> {
    const queued = this.replies.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  async ask<T>(message: unknown): Promise<T> {
    this.process.send(message as never);
    const reply = await this.next();
    if ('error' in reply) throw new Error(reply.error);
    return (reply as { ok: T }).ok;
  }

  exit(): void {
    if (this.process.connected) this.process.send({ exit: true });
  }
}

/** Runs the per-room windows and the scans. */
export async function benchLoad(sizes: LoadSizes, perRoomGames: readonly RoomGameKind[], scanGames: readonly RoomGameKind[], progress: (line: string) => void = () => {}): Promise<LoadBench> {
  const server = new Child('./rooms-server.ts');
  const clients = new Child('./rooms-clients.ts');
  try {
    const { url } = (await server.next()) as { url: string };
    await clients.next();
    const window = async (game: RoomGameKind | 'idle server', rooms: number, withClients: boolean, measureMs = sizes.measureMs): Promise<LoadRow> => {
      progress(`rooms bench: ${game}, ${rooms} room(s), ${withClients ? 'a client each' : 'no client'}, ${measureMs} ms`);
      const kind: RoomGameKind = game === 'idle server' ? 'state arena' : game; // the idle server runs no room of it
      if (withClients && rooms > 0) await clients.ask({ join: { url, rooms, game: kind } } satisfies ClientsRequest);
      const request: ServerRequest = { measure: { rooms, withClients, game: kind, warmupMs: sizes.warmupMs, measureMs } };
      const reading = await server.ask<ServerReading>(request);
      const clientReading = withClients && rooms > 0 ? await clients.ask<ClientsReading>({ leave: true } satisfies ClientsRequest) : undefined;
      await server.ask({ reset: { settleMs: sizes.settleMs } } satisfies ServerRequest);
      return { game, withClients, server: reading, ...(clientReading === undefined ? {} : { clients: clientReading }) };
    };
    // One window per game first, not reported: the server's first rooms pay for compiling the code and loading Rapier.
    for (const game of new Set([...perRoomGames, ...scanGames])) await window(game, 1, false, sizes.warmupMs);
    const idle = await window('idle server', 0, false);
    const perRoom: LoadRow[] = [];
    for (const game of perRoomGames) for (const withClients of [false, true]) perRoom.push(await window(game, 1, withClients));
    const scans: { game: RoomGameKind; rows: LoadRow[] }[] = [];
    for (const game of scanGames) {
      const rows: LoadRow[] = [];
      for (let k = 1; k <= Math.min(sizes.maxRooms, MAX_ROOMS); k *= 2) {
        const row = await window(game, k, true);
        rows.push(row);
        if (coreShare(row.server) > CORE_SHARE_TARGET || !keptTime(row)) break; // past the bound, or the process (or the machine) could not keep up: more rooms say nothing new
      }
      scans.push({ game, rows });
    }
    return { idle, perRoom, scans };
  } finally {
    server.exit();
    clients.exit();
  }
}

/** The server's share of one core over a window. */
export const coreShare = (reading: ServerReading): number => reading.cpuNs / reading.wallNs;

/** Process CPU per room per tick, ns. */
export const cpuPerRoomTick = (reading: ServerReading): number => reading.cpuNs / reading.roomTicks;

/**
 * Whether a window's rooms ran the ticks due (within one a room, the
 * window's edges) and dropped no time: a room that did not is not held,
 * whatever the share (on a loaded machine the process gets less than the
 * share it asks for, and falls behind below 50 %).
 */
export const keptTime = (row: LoadRow): boolean => row.server.roomTicks >= Math.floor(row.server.dueTicks) - row.server.rooms && row.server.droppedSeconds === 0;

/** The largest k of a scan held within the target: a share within it, and every tick due run. */
export function largestWithin(rows: readonly LoadRow[]): LoadRow | undefined {
  return rows.filter((row) => coreShare(row.server) <= CORE_SHARE_TARGET && keptTime(row)).at(-1);
}

/**
 * Rooms projected from one room's cost: the target share less the idle
 * server's, over one room's share with its client less the idle server's.
 */
export function projectedRooms(oneRoom: ServerReading, idle: ServerReading): number {
  const idleShare = coreShare(idle);
  return Math.floor((CORE_SHARE_TARGET - idleShare) / (coreShare(oneRoom) - idleShare));
}

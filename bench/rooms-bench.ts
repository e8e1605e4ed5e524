/**
 * The rooms bench's configurations and what it measured (bench/rooms.ts
 * runs it, bench/rooms-tables.ts prints it).
 */
import type { RoomGameKind } from './rooms-games.js';
import type { LoadBench, LoadSizes } from './rooms-load.js';
import type { ResimRow, ResimSizes } from './rooms-resim.js';

/** The sizes of a run. */
export interface RoomsBenchConfig {
  readonly name: 'full' | 'quick';
  readonly load: LoadSizes;
  /** Games measured one room at a time, with no client and with one. */
  readonly perRoomGames: readonly RoomGameKind[];
  /** Games whose rooms per process are scanned (k = 1, 2, 4, ...). */
  readonly scanGames: readonly RoomGameKind[];
  readonly resimGames: readonly RoomGameKind[];
  /** Ticks between the room's state and the client's present: about a round trip plus the buffer (6: 50 ms each way; 12: 100 ms). */
  readonly leads: readonly number[];
  readonly resim: ResimSizes;
}

const RUNTIME_KINDS: readonly RoomGameKind[] = ['runtime, exact snapshot', 'runtime, poses only'];

export const FULL: RoomsBenchConfig = {
  name: 'full',
  load: { warmupMs: 1000, measureMs: 5000, maxRooms: 64, settleMs: 1000 },
  perRoomGames: [...RUNTIME_KINDS, 'state arena'],
  scanGames: RUNTIME_KINDS,
  resimGames: ['state arena', 'runtime, exact snapshot'],
  leads: [6, 12],
  resim: { warmupFrames: 60, timedFrames: 300 },
};

/** A smoke run: every part, short windows, k up to 2. */
export const QUICK: RoomsBenchConfig = {
  ...FULL,
  name: 'quick',
  load: { warmupMs: 1000, measureMs: 1000, maxRooms: 2, settleMs: 1000 },
  resim: { warmupFrames: 30, timedFrames: 20 },
};

/** Everything the section measured. */
export interface RoomsBench {
  readonly config: RoomsBenchConfig;
  readonly load: LoadBench;
  /** bench/rooms-encoding.ts's rows. */
  readonly encoding: readonly string[][];
  readonly resim: readonly ResimRow[];
}

/** The configuration `TICKFLOW_BENCH_ROOMS` asks for: `quick` for a smoke run, else the full one. */
export const roomsConfigFromEnvironment = (): RoomsBenchConfig => (process.env['TICKFLOW_BENCH_ROOMS'] === 'quick' ? QUICK : FULL);

/**
 * Issue 28, item 7: authoritative rooms, measured. Part of `npm run bench`
 * (bench/run.ts prints it), or alone:
 *
 *   npm run bench:rooms                                     # node --import tsx bench/rooms.ts
 *   TICKFLOW_BENCH_ROOMS=quick npm run bench:rooms          # a smoke run: 1 s windows, k up to 2
 *
 * 1. Server CPU per room per tick, for the runtime with 100 Rapier bodies
 *    (exact snapshot, and poses only) and the state arena, with no client
 *    and with one: a real Colyseus server on 127.0.0.1 in a process of its
 *    own, its process CPU read over a window, split into simulation and
 *    state out (bench/rooms-load.ts, bench/rooms-server.ts).
 * 2. Rooms per process within 50 % of a core: k = 1, 2, 4, ... rooms at
 *    once, a colyseus.js client each in another process, until the share
 *    passes 50 %; beside the projection from one room.
 * 3. Bytes per second per client, snapshots and schema patches
 *    (bench/rooms-encoding.ts).
 * 4. The client's re-simulation cost per correction at leads of 6 and 12
 *    ticks, through the real `tickflowClient` (bench/rooms-resim.ts).
 *
 * Every engine here is built as a production build builds it
 * (`NODE_ENV=production` while the section runs, the forked server and
 * clients included), as in bench/netplay.ts.
 */
import { pathToFileURL } from 'node:url';
import { runSectionAlone } from './bench-header.js';
import { roomsConfigFromEnvironment, type RoomsBench, type RoomsBenchConfig } from './rooms-bench.js';
import { benchRoomsEncoding } from './rooms-encoding.js';
import { benchLoad } from './rooms-load.js';
import { benchResim } from './rooms-resim.js';
import { printRooms } from './rooms-tables.js';

/** Runs the four parts one after another. */
export async function benchRooms(config: RoomsBenchConfig, progress: (line: string) => void = () => {}): Promise<RoomsBench> {
  const previous = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    const load = await benchLoad(config.load, config.perRoomGames, config.scanGames, progress);
    progress('rooms bench: bytes per client');
    const encoding = await benchRoomsEncoding();
    const resim = await benchResim(config.resimGames, config.leads, config.resim, progress);
    return { config, load, encoding, resim };
  } finally {
    if (previous === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = previous;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = roomsConfigFromEnvironment();
  await runSectionAlone(`\`npm run bench:rooms\` (\`node --import tsx bench/rooms.ts\`)${config.name === 'quick' ? ' with TICKFLOW_BENCH_ROOMS=quick' : ''}`, async (print) =>
    printRooms(print, await benchRooms(config, (line) => console.error(line))),
  );
}

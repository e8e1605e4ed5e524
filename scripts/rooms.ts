/**
 * `npm run rooms`: Gem Arena's Colyseus server (examples/arena/server/) and
 * the gallery, in one command, and where both are, plainly:
 *
 * ```text
 *   Gem Arena: http://localhost:5173/arena/
 *   Room server (Colyseus): ws://127.0.0.1:2567
 *   Open the page in two windows (or a phone, with --host) and play. Ctrl+C stops both.
 * ```
 *
 * The room server listens on its own port, 2567 (`ROOMS_PORT=N` for
 * another; the page is then opened with `?server=`), on 127.0.0.1 only,
 * unless `--host` serves the network: then both listen on every address,
 * and a phone opens the page's network address and finds the room server
 * on the same host (examples/arena/rooms-address.ts says why two ports).
 * The gallery takes `npm start`'s options (`--port`, `--host`).
 */
import { createServer } from 'node:net';
import { DEFAULT_ROOMS_PORT } from '../examples/arena/rooms-address.js';
import { startArenaServer, type ArenaServer } from '../examples/arena/server/arena-server.js';
import { startGallery } from './gallery-server.js';
import { roomsPort, startOptions } from './start-options.js';

const COMMAND = 'npm run rooms';
let asked;
let port;
try {
  asked = startOptions(process.argv.slice(2), process.env, COMMAND);
  port = roomsPort(process.env, DEFAULT_ROOMS_PORT);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const host = asked.host === true ? '0.0.0.0' : (asked.host ?? '127.0.0.1');
let rooms: ArenaServer;
try {
  // Colyseus prints a taken port's stack before it rejects: ask the system first, and say it in one line.
  await portFree(port, host);
  rooms = await startArenaServer(port, host);
} catch (error) {
  const taken = (error as { code?: string }).code === 'EADDRINUSE';
  console.error(
    taken
      ? `${COMMAND}: port ${port} is taken (is ${COMMAND} already running?). ROOMS_PORT=${port + 1} ${COMMAND} uses another.`
      : `${COMMAND}: the room server could not listen on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
// The page finds the room server at its own host name and port 2567; another port is named in its address.
const search = port === DEFAULT_ROOMS_PORT ? '' : `?server=ws://127.0.0.1:${port}`;
const { server, url, phone } = await startGallery(asked, COMMAND, `/arena/${search}`);
const phoneSearch = phone === undefined || port === DEFAULT_ROOMS_PORT ? '' : `?server=ws://${new URL(phone).hostname}:${port}`;
console.log(
  `\n  Gem Arena: ${url}arena/${search}\n  Room server (Colyseus): ws://${host}:${rooms.port}\n` +
    (phone === undefined ? '' : `  On a phone on the same network: ${phone}arena/${phoneSearch}\n`) +
    '  Open the page in two windows (or on a phone, with --host) and play. Ctrl+C stops both.\n',
);
server.bindCLIShortcuts({ print: true });
const stop = (): void => {
  void Promise.allSettled([rooms.shutdown(), server.close()]).then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

/** Resolves when `port` on `host` can be listened on now; rejects with the system's error (EADDRINUSE) when not. */
function portFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

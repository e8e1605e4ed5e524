/**
 * `npm start`: serves the examples gallery (examples/) with the repository's
 * Vite config, opens it in the default browser when there is one, and says
 * plainly where it is, on a line of its own:
 *
 * ```text
 *   tickflow examples: http://localhost:5173/
 *   Open that address in a browser. Ctrl+C stops the server.
 * ```
 *
 * The address is the one Vite really bound: another free port when 5173 is
 * taken, unless a port was asked for (`npm start -- --port 8080`, or
 * `PORT=8080 npm start`), which is that port or an error. `npm start --
 * --host` serves the network too, and names the address a phone on the same
 * network opens (start-options.ts). Vite's own banner and its keyboard
 * shortcuts (h + enter) follow. Gem Arena needs its room server as well:
 * `npm run rooms` (rooms.ts) starts both.
 */
import { startGallery } from './gallery-server.js';
import { startOptions } from './start-options.js';

let asked;
try {
  asked = startOptions(process.argv.slice(2), process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const { server, url, phone } = await startGallery(asked, 'npm start');
console.log(
  `\n  tickflow examples: ${url}\n  Open that address in a browser. Ctrl+C stops the server.\n` +
    (phone === undefined ? '' : `  On a phone on the same network: ${phone}\n`),
);
server.bindCLIShortcuts({ print: true });

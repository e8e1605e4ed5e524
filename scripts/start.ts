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
 * shortcuts (h + enter) follow.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { startOptions } from './start-options.js';

const repo = fileURLToPath(new URL('../', import.meta.url));
let asked;
try {
  asked = startOptions(process.argv.slice(2), process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const server = await createServer({
  configFile: resolve(repo, 'vite.config.ts'),
  server: {
    ...asked,
    // Opens the gallery in the default browser where there is one (listen() does it); harmless where there is none.
    open: process.env.CI === undefined ? '/' : false,
  },
});
try {
  await server.listen();
} catch (error) {
  // A port asked for and taken: say so, with no stack (Vite: "Port 8080 is already in use").
  console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
  await server.close();
  process.exit(1);
}
server.printUrls();
const url = server.resolvedUrls?.local[0] ?? `http://localhost:${server.config.server.port ?? 5173}/`;
const phone = server.resolvedUrls?.network[0];
console.log(
  `\n  tickflow examples: ${url}\n  Open that address in a browser. Ctrl+C stops the server.\n` +
    (phone === undefined ? '' : `  On a phone on the same network: ${phone}\n`),
);
server.bindCLIShortcuts({ print: true });

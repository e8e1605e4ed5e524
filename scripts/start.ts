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
 * taken. Vite's own banner and its keyboard shortcuts (h + enter) follow.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const repo = fileURLToPath(new URL('../', import.meta.url));
const server = await createServer({
  configFile: resolve(repo, 'vite.config.ts'),
  // Opens the gallery in the default browser where there is one (listen() does it); harmless where there is none.
  server: { open: process.env.CI === undefined ? '/' : false },
});
await server.listen();
server.printUrls();
const url = server.resolvedUrls?.local[0] ?? `http://localhost:${server.config.server.port ?? 5173}/`;
console.log(`\n  tickflow examples: ${url}\n  Open that address in a browser. Ctrl+C stops the server.\n`);
server.bindCLIShortcuts({ print: true });

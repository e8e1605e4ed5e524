/**
 * The gallery's Vite dev server as `npm start` and `npm run rooms` run it:
 * the repository's Vite config, the port and host asked for
 * (start-options.ts), the default browser opened at `openPath` when there
 * is one. A port asked for and taken is said plainly, with no stack, and
 * the process exits.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import type { StartOptions } from './start-options.js';

const repo = fileURLToPath(new URL('../', import.meta.url));

/** The running gallery and its addresses. */
export interface Gallery {
  readonly server: ViteDevServer;
  /** The gallery's address on this machine, ending in `/`. */
  readonly url: string;
  /** Its address on the network (`--host`), for a phone; undefined without. */
  readonly phone: string | undefined;
}

/**
 * Starts the gallery.
 *
 * @param command What the error line calls the command.
 * @param openPath The page to open in the default browser (not under CI).
 */
export async function startGallery(asked: StartOptions, command: string, openPath = '/'): Promise<Gallery> {
  const server = await createServer({
    configFile: resolve(repo, 'vite.config.ts'),
    server: {
      ...asked,
      // Opens the page in the default browser where there is one (listen() does it); harmless where there is none.
      open: process.env.CI === undefined ? openPath : false,
    },
  });
  try {
    await server.listen();
  } catch (error) {
    // A port asked for and taken: say so, with no stack (Vite: "Port 8080 is already in use").
    console.error(`${command}: ${error instanceof Error ? error.message : String(error)}`);
    await server.close();
    process.exit(1);
  }
  server.printUrls();
  const url = server.resolvedUrls?.local[0] ?? `http://localhost:${server.config.server.port ?? 5173}/`;
  return { server, url, phone: server.resolvedUrls?.network[0] };
}

/**
 * What `npm start` is asked for: a port (`--port N`, or `PORT=N`), and
 * whether to serve the network too (`--host`, as `vite --host`: every
 * address, so a phone on the same network can open the gallery; or
 * `--host=<address>` for one).
 *
 * ```sh
 * npm start                       # localhost, port 5173 (the next free one when it is taken)
 * npm start -- --port 8080        # exactly 8080, or an error saying it is taken
 * PORT=8080 npm start             # the same
 * npm start -- --host             # also on this machine's network addresses, for a phone
 * ```
 */
import { parseArgs } from 'node:util';

/** What `npm start` passes to Vite's `server` options. */
export interface StartOptions {
  /** The port; undefined: Vite's default (5173, or the next free one). */
  readonly port?: number;
  /** True when a port was asked for: then it is that port or an error, never another. */
  readonly strictPort: boolean;
  /** `true`: every address (the network too); a string: that address; undefined: localhost only. */
  readonly host?: true | string;
}

/**
 * Reads `npm start`'s arguments (after `--`) and environment.
 *
 * @param command What the errors call the command (`npm run rooms` reads the same options).
 * @throws {Error} naming the option, the value and the rule: a port that is not a whole number from 1 to 65535,
 *   an unknown option.
 */
export function startOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, command = 'npm start'): StartOptions {
  // `--host=<address>` names one address; a bare `--host` means every address (parseArgs has no optional values).
  const hostAddress = argv.find((arg) => arg.startsWith('--host='))?.slice('--host='.length);
  const { values } = parseArgs({
    args: argv.filter((arg) => !arg.startsWith('--host=')),
    options: { port: { type: 'string' }, host: { type: 'boolean' } },
    strict: true,
  });
  const asked = values.port ?? env['PORT'];
  const where = values.port !== undefined ? '--port' : 'PORT';
  let port: number | undefined;
  if (asked !== undefined && asked !== '') {
    port = Number(asked);
    if (!/^\d+$/.test(asked) || port < 1 || port > 65535) throw new Error(portRule(command, where, asked));
  }
  const host = hostAddress !== undefined && hostAddress !== '' ? hostAddress : values.host === true ? true : undefined;
  return { ...(port === undefined ? {} : { port }), strictPort: port !== undefined, ...(host === undefined ? {} : { host }) };
}

/** The rule a port breaks, as `command`'s error says it. */
function portRule(command: string, where: string, asked: string): string {
  return `${command}: ${where} must be a whole number from 1 to 65535, got ${JSON.stringify(asked)}`;
}

/**
 * `npm run rooms`' own option: the Colyseus server's port, `ROOMS_PORT=N`
 * (default `fallback`, 2567 for the arena; the page looks there unless
 * told `?server=`).
 *
 * @throws {Error} for a port that is not a whole number from 1 to 65535.
 */
export function roomsPort(env: Readonly<Record<string, string | undefined>>, fallback: number): number {
  const asked = env['ROOMS_PORT'];
  if (asked === undefined || asked === '') return fallback;
  const port = Number(asked);
  if (!/^\d+$/.test(asked) || port < 1 || port > 65535) throw new Error(portRule('npm run rooms', 'ROOMS_PORT', asked));
  return port;
}

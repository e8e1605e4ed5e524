// The command runs in Node; the library's build config includes no Node types, so this file names them.
/// <reference types="node" />
import { MAX_ROOM_PLAYERS, MIN_ROOM_PLAYERS } from '../netplay/signalling-protocol.js';
import { DEFAULT_SIGNALLING_HOST, DEFAULT_SIGNALLING_PORT, startSignallingServer, type SignallingServer } from '../netplay/signalling-server.js';
import { commandIo, EXIT_OK, EXIT_USAGE, messageOf, type CommandIo } from './command-io.js';

export const SIGNAL_USAGE = `Usage: tickflow signal [--port ${DEFAULT_SIGNALLING_PORT}] [--host ${DEFAULT_SIGNALLING_HOST}]

Runs a WebSocket signalling server for netplay's joinRoom: players create a
room for ${MIN_ROOM_PLAYERS} to ${MAX_ROOM_PLAYERS} and get a four-letter code, the others join with it,
and the server relays their WebRTC offers, answers and ICE candidates until
every data channel is open. Game traffic goes peer to peer, never through it.
It runs until Ctrl-C (SIGINT) or SIGTERM. Needs the ws package (npm i ws).

  --port N     the TCP port, 0 to 65535; 0 picks a free one (default ${DEFAULT_SIGNALLING_PORT})
  --host H     the address to listen on (default ${DEFAULT_SIGNALLING_HOST}, this machine only;
               0.0.0.0 lets other devices on the network join)

Exit status: 0 when stopped, 2 on a usage error or when it cannot listen
(the port is taken, ws is not installed). Every failure is a message.`;

interface SignalArgs {
  port: number;
  host: string;
}

function parseSignalArgs(args: readonly string[]): SignalArgs | string {
  let port = DEFAULT_SIGNALLING_PORT;
  let host = DEFAULT_SIGNALLING_HOST;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--port') {
      const value = args[++i];
      port = Number(value);
      if (value === undefined || value.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
        return `--port must be a whole number from 0 to 65535, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`;
      }
    } else if (arg === '--host') {
      const value = args[++i];
      if (value === undefined || value.startsWith('--')) return '--host needs an address, such as 127.0.0.1';
      host = value;
    } else return arg.startsWith('--') ? `unknown option ${arg}` : `unexpected argument ${JSON.stringify(arg)}`;
  }
  return { port, host };
}

/**
 * `tickflow signal`: see {@link SIGNAL_USAGE}. Resolves once the server has
 * stopped, which is when the promise `stop()` returns settles: by default
 * on SIGINT or SIGTERM.
 *
 * @param stop Called once the server listens; what it returns settles when the server should stop. Tests pass their own.
 */
export async function runSignalCommand(args: readonly string[], io: Partial<CommandIo> = {}, stop: () => Promise<unknown> = interrupted): Promise<number> {
  const { out, err } = commandIo(io);
  if (args.includes('--help') || args.includes('-h')) {
    out(SIGNAL_USAGE);
    return EXIT_OK;
  }
  const parsed = parseSignalArgs(args);
  if (typeof parsed === 'string') {
    err(`tickflow signal: ${parsed}\n\n${SIGNAL_USAGE}`);
    return EXIT_USAGE;
  }
  let server: SignallingServer;
  try {
    server = await startSignallingServer(parsed);
  } catch (error) {
    const inUse = (error as { code?: string }).code === 'EADDRINUSE' ? ' (the port is in use: pick another with --port)' : '';
    err(`tickflow signal: could not listen on ${parsed.host}:${parsed.port}: ${messageOf(error)}${inUse}`);
    return EXIT_USAGE;
  }
  out(`tickflow signal: listening on ${server.url} (rooms of ${MIN_ROOM_PLAYERS} to ${MAX_ROOM_PLAYERS} players); Ctrl-C stops it`);
  await stop().catch(() => undefined);
  await server.close();
  out('tickflow signal: stopped');
  return EXIT_OK;
}

/** Settles on the first SIGINT or SIGTERM, and stops listening for them then, so a second Ctrl-C ends the process as usual. */
function interrupted(): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}

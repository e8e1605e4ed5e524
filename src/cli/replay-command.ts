// The command runs in Node; the library's build config includes no Node types, so this file names them.
/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatReplayReport } from '../replay/format-report.js';
import type { ShellEngine } from '../replay/record-session.js';
import { replay, type ReplayBuild, type ReplayReport } from '../replay/replay-session.js';
import { decodeSession } from '../replay/session-format.js';
import type { Session } from '../replay/session.js';
import { commandIo, EXIT_MISMATCH, EXIT_OK, EXIT_USAGE, messageOf, type CommandIo } from './command-io.js';

export const REPLAY_USAGE = `Usage: tickflow replay <session.json> <build-module> [--json]

Replays a recorded session (tickflow/replay's encodeSession) on the game the
build module makes, headless, and compares every checkpoint: it prints
whether the replay is the same, or the first frame and tick where it
differs and the fields that differ, recorded vs replayed.

The build module exports \`build\` (or a default export): a function that
takes { ticks, clock } and returns the engine (or { engine, input }), as
replay(session, build) takes it; and, if the recording used one, \`stateOf\`.
A TypeScript module is loaded through tsx when it is installed.

  --json   print the report as JSON (without the replayed session)

Exit status: 0 when every checkpoint is equal, 1 when the replay differs,
2 on a usage error (a session file that is not a session, of another format
or tickflow version, a module that would not load or exports no build, a
build of another preset). Every failure is a message, never a stack trace.`;

interface ReplayArgs {
  session: string;
  module: string;
  json: boolean;
}

function parseReplayArgs(args: readonly string[]): ReplayArgs | string {
  const paths: string[] = [];
  let json = false;
  for (const arg of args) {
    if (arg === '--json') json = true;
    else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else paths.push(arg);
  }
  if (paths.length < 2) return paths.length === 0 ? 'no session file given' : 'no build module given';
  if (paths.length > 2) return `one session and one build module, got ${paths.length} paths`;
  return { session: paths[0]!, module: paths[1]!, json };
}

/** `tickflow replay <session.json> <build-module>`: see {@link REPLAY_USAGE}. */
export async function runReplayCommand(args: readonly string[], io: Partial<CommandIo> = {}): Promise<number> {
  const { out, err, importModule, cwd } = commandIo(io);
  const parsed = parseReplayArgs(args);
  if (typeof parsed === 'string') {
    err(`tickflow replay: ${parsed}\n\n${REPLAY_USAGE}`);
    return EXIT_USAGE;
  }
  let session: Session;
  try {
    session = decodeSession(await readFile(resolve(cwd, parsed.session), 'utf8'));
  } catch (error) {
    err(`tickflow replay: could not read ${parsed.session}: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  let loaded: Record<string, unknown>;
  try {
    loaded = await importModule(pathToFileURL(resolve(cwd, parsed.module)).href);
  } catch (error) {
    err(`tickflow replay: could not load ${parsed.module}: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  const build = loaded.build ?? loaded.default;
  const stateOf = loaded.stateOf;
  if (typeof build !== 'function') {
    err(`tickflow replay: ${parsed.module} exports no build function (as \`build\` or its default export: ({ ticks, clock }) => engine)`);
    return EXIT_USAGE;
  }
  if (stateOf !== undefined && typeof stateOf !== 'function') {
    err(`tickflow replay: ${parsed.module} exports a stateOf that is not a function: (engine) => state`);
    return EXIT_USAGE;
  }
  let report: ReplayReport;
  try {
    report = await replay(session, build as ReplayBuild<ShellEngine>, stateOf === undefined ? {} : { stateOf: stateOf as (engine: ShellEngine) => unknown });
  } catch (error) {
    err(`tickflow replay: the replay of ${parsed.session} could not run: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  if (parsed.json) {
    const { replayed: _replayed, ...shown } = report;
    out(JSON.stringify(shown, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value), 2));
  } else out(formatReplayReport(report));
  return report.same ? EXIT_OK : EXIT_MISMATCH;
}

// The command runs in Node; the library's build config includes no Node types, so this file names them.
/// <reference types="node" />
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { OptionError } from '../../operators/option-error.js';
import { formatOutcomeTable } from '../testing/outcome-table.js';
import { validateDeltaTime, type DeltaTimeReport, type DeltaTimeScenario } from '../testing/validate-delta-time.js';
import { commandIo, EXIT_MISMATCH, EXIT_OK, EXIT_USAGE, messageOf, type CommandIo } from './command-io.js';

/** The command's help text. */
export const USAGE = `Usage: tickflow validate <scenario-module>... [--scenario <name>] [--json]

Runs each delta-time scenario the modules export under a constant clock, a
repeating sequence and a seeded jitter, to the same simulated time, and
compares the outcomes that survive a change in step size: the elapsed time,
and what each scenario reads at the end (for a world engine: the level, the
match phase, the scores, the live actors and who possesses what; for a state
engine: whatever its outcome() reads from the state).

A module exports its scenarios as \`scenarios\` (an array), as its default
export, or as named exports ({ name, simulatedSeconds, create(clock),
outcome(engine) }; worldScenario() builds one for a world engine).
A TypeScript module is loaded through tsx when it is installed.

  --scenario <name>  run only the scenario with this name (repeatable)
  --json             print the reports as JSON instead of tables

Exit status: 0 when every outcome agrees, 1 when one differs or a scenario
throws, 2 on a usage error (a module that would not load, or holds no
scenario or a malformed one). Every failure is a message, never a stack trace.

       tickflow play <scene.json> --validate [--ticks N] [--behaviors <module>]

Validates a fixed-tick runtime scene and runs it headless (tickflow play with
no arguments says more).

       tickflow replay <session.json> <build-module> [--json]

Replays a recorded session and compares every checkpoint; exit 0 same, 1
divergent, 2 usage or bad file (tickflow replay with no arguments says more).

       tickflow signal [--port 8787] [--host 127.0.0.1]

Runs the WebSocket signalling server netplay's joinRoom connects through,
with room codes, until Ctrl-C (tickflow signal --help says more).`;

/**
 * Runs `tickflow <args>`. The only command is `validate`, on one module or
 * several (their scenarios run in order, and one table each is printed).
 *
 * @example
 * ```ts
 * process.exitCode = await runTickflowCommand(['validate', 'examples/paddle-duel/scenarios.ts', 'examples/orbit-catch/scenarios.ts']);
 * ```
 *
 * @return The exit status: {@link EXIT_OK}, {@link EXIT_MISMATCH} or {@link EXIT_USAGE}.
 */
export async function runTickflowCommand(args: readonly string[], io: Partial<CommandIo> = {}): Promise<number> {
  const { out, err, importModule, cwd } = commandIo(io);
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    (command === undefined ? err : out)(USAGE);
    return command === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (command === 'play') return (await import('./play-command.js')).runPlayCommand(rest, io);
  if (command === 'replay') return (await import('./replay-command.js')).runReplayCommand(rest, io);
  if (command === 'signal') return (await import('./signal-command.js')).runSignalCommand(rest, io);
  if (command !== 'validate') {
    err(`tickflow: unknown command "${command}"\n\n${USAGE}`);
    return EXIT_USAGE;
  }

  const parsed = parseValidateArgs(rest);
  if (typeof parsed === 'string') {
    err(`tickflow validate: ${parsed}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  let scenarios: DeltaTimeScenario[] = [];
  for (const module of parsed.modules) {
    let loaded: Record<string, unknown>;
    try {
      loaded = await importModule(pathToFileURL(resolve(cwd, module)).href);
    } catch (error) {
      err(`tickflow validate: could not load ${module}: ${messageOf(error)}`);
      return EXIT_USAGE;
    }
    const found = collectScenarios(loaded);
    if (found.length === 0) {
      const withoutOutcome = Object.values(loaded)
        .flatMap((value) => (Array.isArray(value) ? value : [value]))
        .some((value) => isScenario({ outcome: () => ({}), ...(value as object) }));
      const hint = withoutOutcome ? '; it has scenarios with no outcome(engine): for a world engine, build each with worldScenario() from tickflow/testing' : '';
      err(`tickflow validate: ${module} exports no scenario ({ name, simulatedSeconds, create(clock), outcome(engine) })${hint}`);
      return EXIT_USAGE;
    }
    scenarios.push(...found);
  }
  const modules = parsed.modules.join(', ');
  if (parsed.only.length > 0) {
    const unknown = parsed.only.filter((name) => !scenarios.some((s) => s.name === name));
    if (unknown.length > 0) {
      err(`tickflow validate: no scenario named ${unknown.map((n) => JSON.stringify(n)).join(', ')} in ${modules}; it has ${scenarios.map((s) => JSON.stringify(s.name)).join(', ')}`);
      return EXIT_USAGE;
    }
    scenarios = scenarios.filter((s) => parsed.only.includes(s.name));
  }

  const reports: DeltaTimeReport[] = [];
  for (const scenario of scenarios) {
    let report: DeltaTimeReport;
    try {
      report = await validateDeltaTime(scenario);
    } catch (error) {
      // A malformed scenario is a module that holds none (2); a scenario that throws is a failed run (1).
      const malformed = error instanceof OptionError;
      err(`tickflow validate: scenario ${JSON.stringify(scenario.name)} ${malformed ? 'is malformed' : 'threw'}: ${messageOf(error)}`);
      return malformed ? EXIT_USAGE : EXIT_MISMATCH;
    }
    reports.push(report);
    if (!parsed.json) out(`${formatOutcomeTable(report)}\n`);
  }
  const failed = reports.filter((r) => !r.ok);
  if (parsed.json) out(JSON.stringify(reports, null, 2));
  else {
    out(
      failed.length === 0
        ? `✓ ${reports.length} scenario${reports.length === 1 ? '' : 's'}: every outcome agrees under every clock`
        : `✗ ${failed.length} of ${reports.length} scenarios differ between clocks: ${failed.map((r) => r.scenario).join('; ')}`,
    );
  }
  return failed.length === 0 ? EXIT_OK : EXIT_MISMATCH;
}

interface ValidateArgs {
  modules: string[];
  only: string[];
  json: boolean;
}

function parseValidateArgs(args: readonly string[]): ValidateArgs | string {
  const modules: string[] = [];
  const only: string[] = [];
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--json') json = true;
    else if (arg === '--scenario') {
      const name = args[++i];
      if (name === undefined) return '--scenario needs a name';
      only.push(name);
    } else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else modules.push(arg);
  }
  if (modules.length === 0) return 'which scenario module?';
  return { modules, only, json };
}

/** Whether a value looks like a {@link DeltaTimeScenario}. */
export function isScenario(value: unknown): value is DeltaTimeScenario {
  const s = value as Partial<DeltaTimeScenario> | null;
  return (
    s != null &&
    typeof s === 'object' &&
    typeof s.name === 'string' &&
    typeof s.create === 'function' &&
    typeof s.outcome === 'function' &&
    typeof s.simulatedSeconds === 'number'
  );
}

/**
 * The scenarios a module exports: its `scenarios` array if it has one, else
 * its default export (a scenario or an array), else every named export that
 * is a scenario. Each scenario once, in the order found.
 */
export function collectScenarios(loaded: Record<string, unknown>): DeltaTimeScenario[] {
  const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
  let found: unknown[];
  if (loaded.scenarios !== undefined) found = asList(loaded.scenarios);
  else if (loaded.default !== undefined) found = asList(loaded.default);
  else found = Object.values(loaded);
  return [...new Set(found.filter(isScenario))];
}


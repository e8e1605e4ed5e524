// The command runs in Node; the library's build config includes no Node types, so this file names them.
/// <reference types="node" />
/**
 * What every `tickflow` command shares: its exit statuses, its input and
 * output ({@link CommandIo}), loading a user's module, and a failure's
 * message. The commands (validate, play, replay) import this file and never
 * each other, so the dispatcher can load them on demand.
 */

/** The command succeeded: every scenario is delta-time independent, the scene ran clean, the replay matched. */
export const EXIT_OK = 0;
/** Some outcome differed between clocks, a behavior threw, a replay diverged (or a run reported an error). */
export const EXIT_MISMATCH = 1;
/** The command could not run: bad arguments, a file or module that would not load or holds no scenario. */
export const EXIT_USAGE = 2;

/** What a command prints, and how it loads a user's module. Node's by default; tests pass their own. */
export interface CommandIo {
  /** A line of output. */
  out(line: string): void;
  /** A line of error output. */
  err(line: string): void;
  /** Loads a module by absolute file URL. */
  importModule(url: string): Promise<Record<string, unknown>>;
  /** Where relative module paths start from. */
  cwd: string;
}

/** The I/O a command runs with: what the caller passed, and Node's for the rest. */
export function commandIo(io: Partial<CommandIo>): CommandIo {
  const { out = (line) => console.log(line), err = (line) => console.error(line), importModule = importScenarioModule, cwd = process.cwd() } = io;
  return { out, err, importModule, cwd };
}

/** What a failure says, for a message line (never its stack). @internal */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Imports a scenario module. Node cannot import TypeScript by itself, so a
 * `.ts` module that fails to load natively is loaded again through tsx's
 * `tsImport`, when tsx is installed; under tsx (`npm run validate` here) it
 * loads natively.
 */
export async function importScenarioModule(url: string): Promise<Record<string, unknown>> {
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ERR_UNKNOWN_FILE_EXTENSION' || !/\.[cm]?tsx?$/.test(url)) throw error;
  }
  // A specifier in a variable: tsx is an optional helper of the command, not a dependency of the library.
  const tsxApi = 'tsx/esm/api';
  let tsImport: (specifier: string, parentUrl: string) => Promise<unknown>;
  try {
    ({ tsImport } = (await import(tsxApi)) as { tsImport: typeof tsImport });
  } catch {
    throw new Error('it is TypeScript and tsx is not installed: npm i -D tsx, or point the command at compiled JavaScript');
  }
  return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
}

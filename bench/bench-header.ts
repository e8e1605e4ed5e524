/**
 * What a bench that runs on its own prints first, and the load average it
 * says beside its figures: the Chromium benches (bench/first-load.ts,
 * bench/whole-games.ts) print these when run alone, and only their section
 * when `npm run bench` runs them (`--section`); the section benches run in
 * `npm run bench`'s own process (bench/netplay.ts, bench/rooms.ts) print
 * theirs through {@link runSectionAlone}.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** The load average over 1, 5 and 15 minutes, as `1.20 / 3.40 / 5.60`. */
export const loadAverage = (): string => os.loadavg().map((x) => x.toFixed(2)).join(' / ');

/** Prints a bench's title, the command that runs it, the date and the machine. */
export function printBenchHeader(print: (text?: string) => void, title: string, command: string): void {
  print(`# ${title}\n`);
  print(`- command: ${command}`);
  print(`- date: ${new Date().toISOString()}`);
  print(`- node ${process.version}, ${process.platform} ${process.arch}, CPU: ${os.cpus()[0]?.model ?? 'unknown'}, nproc ${os.availableParallelism()}`);
  print();
}

/** The commit measured, and whether src/ or bench/ had uncommitted changes (the bench runs the working tree). */
export function sourceCommit(): string {
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'src', 'bench').length > 0 ? ' + uncommitted changes' : ' (clean)'}`;
  } catch {
    return 'unknown (no git)';
  }
}

/**
 * Runs a section bench alone (bench/netplay.ts, bench/rooms.ts): its header
 * lines (the command, the date and commit, the machine, the load average),
 * the section, then the load average again and the time it took.
 */
export async function runSectionAlone(command: string, run: (print: (text?: string) => void) => Promise<void>): Promise<void> {
  const print = (text = ''): void => console.log(text);
  const started = process.hrtime.bigint();
  print(`- command: ${command}`);
  print(`- date: ${new Date().toISOString()}; source: ${sourceCommit()}`);
  print(`- node ${process.version}; CPU: ${os.cpus()[0]?.model ?? 'unknown'}, nproc ${os.availableParallelism()}`);
  print(`- load average at start (1/5/15 min): ${loadAverage()}\n`);
  await run(print);
  print(`- load average at end (1/5/15 min): ${loadAverage()}; ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(0)} s`);
}

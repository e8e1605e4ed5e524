/**
 * What a bench that runs on its own prints first, and the load average it
 * says beside its figures: the Chromium benches (bench/first-load.ts,
 * bench/whole-games.ts) print these when run alone, and only their section
 * when `npm run bench` runs them (`--section`).
 */
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

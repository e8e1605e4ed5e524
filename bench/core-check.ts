// `npm run bench:core-check`: node --expose-gc --import tsx bench/core-check.ts
//
// Only the core check of `npm run bench` (bench/core-floor-check.ts, issue
// 29): the host-driven core path against its floor row, up to three runs;
// exits with 1, naming the row, the ratios and the rule, when every run is
// above 2×. A timing measurement: run it on a machine as quiet as the bench's.
import os from 'node:os';
import { checkCoreAgainstFloor, coreFloorFailure, printCoreFloorCheck } from './core-floor-check.js';
import { BENCH_TIMING } from './measure-time.js';

const print = (text = ''): void => console.log(text);
print('# tickflow core check\n');
print('- command: `npm run bench:core-check` (`node --expose-gc --import tsx bench/core-check.ts`)');
print(`- load average at start (1/5/15 min): ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}\n`);
const check = await checkCoreAgainstFloor(BENCH_TIMING, (run, index) => print(`run ${index + 1}: ${run.ratio.toFixed(2)}× the floor row`));
print();
printCoreFloorCheck(check, print);
print(`- load average at end (1/5/15 min): ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
if (check.failed) {
  console.error(coreFloorFailure(check));
  process.exitCode = 1;
}

// scratch: ns per frame for one row, in this process
import { createJitterTable, hostTimestampMs } from './host-timeline.js';
const [mod, factory] = process.argv.slice(2);
const m = await import(mod!);
const c = m[factory!]();
const jitter = createJitterTable();
const interval = 1000 / 60;
let i = 0;
const run = (n: number) => { for (let k = 0; k < n; k++) c.onHostTick(hostTimestampMs(i++, interval, jitter)); };
run(200_000);
const results: number[] = [];
for (let r = 0; r < 15; r++) {
  const n = 200_000;
  const t0 = process.hrtime.bigint();
  run(n);
  results.push(Number(process.hrtime.bigint() - t0) / n);
}
results.sort((a, b) => a - b);
console.log(factory, 'median ns/frame', results[7]!.toFixed(1), 'min', results[0]!.toFixed(1), 'frames', c.frames());

// scratch: run one row for N frames (for instruction counting)
import { createJitterTable, hostTimestampMs } from './host-timeline.js';
const [mod, factory, nArg] = process.argv.slice(2);
const m = await import(mod!);
const c = m[factory!]();
const jitter = createJitterTable();
const interval = 1000 / 60;
const n = Number(nArg);
for (let i = 0; i < n; i++) c.onHostTick(hostTimestampMs(i, interval, jitter));
console.log(c.frames());

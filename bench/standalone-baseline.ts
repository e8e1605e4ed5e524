// `node --expose-gc --import tsx bench/standalone-baseline.ts [rounds] [batchMs] [gapMs] [--inlinable-host]`
//
// The hand-written baseline on its own: one process, no other row, no
// harness around it (no child-process protocol, no interleaved rounds), the
// same host driver and the same loop code. It prints one JSON line: the
// median CPU ns per frame and its quartiles over `rounds` batches of about
// `batchMs` each, with `gapMs` of sleep between batches (bench/run.ts sets it
// to the time the other rows of a round take, so these batches are spread
// over as long a stretch of the machine's load as the harness's are).
// bench/run.ts runs it after the core-path table to show the harness's
// baseline costs what the same code costs alone.
//
// `--inlinable-host` skips making the host's call site megamorphic, so V8 may
// inline the loop into the driver and keep the timestamp unboxed: what a
// driver that calls one function from a plain loop measures, and what no
// browser does (requestAnimationFrame calls its callback from C++).
import { createHandWrittenCandidate } from './hand-written-rows.js';
import { HostDriver, makeHostCallMegamorphic } from './host-timeline.js';
import { collectYoungGeneration, median } from './measure-allocation.js';
import { calibrateBatch, cpuNowNs, quantile, timeRun, warmUp } from './measure-time.js';

const [roundsArg = '31', batchMsArg = '8', gapMsArg = '0'] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const inlinableHost = process.argv.includes('--inlinable-host');
if (!inlinableHost) makeHostCallMegamorphic();
const candidate = createHandWrittenCandidate();
const host = new HostDriver(candidate.onHostTick);
const subject = { run: (frames: number) => host.run(frames) };
const frames = calibrateBatch(subject, warmUp(subject, 1000, 200), Number(batchMsArg), 1000);
const nsPerFrame: number[] = [];
for (let round = 0; round < Number(roundsArg); round++) {
  Atomics.wait(sleeper, 0, 0, Number(gapMsArg)); // sleeps: no CPU time
  collectYoungGeneration();
  nsPerFrame.push(timeRun(subject, frames).cpuNs / frames);
}
console.log(
  JSON.stringify({
    nsPerFrame: median(nsPerFrame),
    q1: quantile(nsPerFrame, 0.25),
    q3: quantile(nsPerFrame, 0.75),
    inlinableHost,
    frames: candidate.frames(),
    hostTicks: host.ticks,
    processCpuNs: cpuNowNs(),
  }),
);

// The page engine on one page of 10, 50 and 200 engines (issue 11, "Bench").
// A standalone script (bench/run.ts is the lead's):
//
//   NODE_ENV=production node --expose-gc --import tsx bench/page-engine.ts
//
// (NODE_ENV=production: what a production build pays, with the development
// phase checks' per-hook bookkeeping off; without it the checks' enter/leave
// calls run too, though Node has no DOM to patch.)
//
// 1. requestAnimationFrame calls per frame (target: exactly 1), on a
//    scheduler that counts requests.
// 2. Per-frame scheduling overhead: N engines of one system each (read, step,
//    render doing the same small work) against the same systems called by a
//    hand-written single rAF loop (one accumulator per engine, the same
//    page-wide phase order), CPU time per frame, ratio and µs, against the
//    16.7 ms frame budget.
// 3. Timer wake-ups a second for capped engines (fps 30) on a 60 Hz host run
//    on real timers for 2 s: the target is one per delivered frame, not one
//    per vsync.
//
// Runs in Node: no DOM, so the phase checks and the automatic pauses are off
// (pause: false), as in a production build. Speed in a real browser is left
// to a browser run; this measures the scheduler's own cost.
import { createEngine, PHASE_CHECKS, type FrameScheduler, type PageEngine } from '../src/engines/page/index.js';
import { markdownTable, fixed } from './markdown-table.js';
import { measureTimes, type TimedSubject } from './measure-time.js';

const ENGINE_COUNTS = [10, 50, 200] as const;
const FRAME_MS = 1000 / 60;
const STEP_MS = 1000 / 60;
const MAX_STEPS = 4;
const BUDGET_MS = 1000 / 60;

/** A scheduler the bench drives: `tick(ts)` runs the requested frames; it counts requests. */
function countingFrames(): FrameScheduler & { requests: number; tick(ts: number): void } {
  let pending: ((ts: number) => void) | undefined;
  const frames = {
    requests: 0,
    requestAnimationFrame(callback: (ts: number) => void) {
      frames.requests++;
      pending = callback;
      return 1;
    },
    cancelAnimationFrame() {
      pending = undefined;
    },
    tick(ts: number) {
      const callback = pending;
      pending = undefined;
      callback?.(ts);
    },
  };
  return frames;
}

/** The work of one system: a little arithmetic per hook, kept observable so it is not optimised away. */
class Work {
  measured = 0;
  x = 0;
  v = 1;
  drawn = 0;
  read(): void {
    this.measured = (this.measured + 1) & 1023;
  }
  step(dt: number): void {
    this.x += this.v * dt;
    if (this.x > 10 || this.x < 0) this.v = -this.v;
  }
  render(alpha: number): void {
    this.drawn += this.x + alpha;
  }
}

function pageEngines(count: number) {
  const frames = countingFrames();
  const works: Work[] = [];
  const engines: PageEngine[] = [];
  for (let i = 0; i < count; i++) {
    const work = new Work();
    works.push(work);
    const engine = createEngine({ frames, pause: false, maxSteps: MAX_STEPS, name: `e${i}` });
    engine.add({
      read: () => work.read(),
      step: (_e, dt) => work.step(dt),
      render: (_e, alpha) => work.render(alpha),
    });
    engine.start();
    engines.push(engine);
  }
  let ts = 0;
  return {
    frames,
    engines,
    works,
    run(n: number) {
      for (let f = 0; f < n; f++) frames.tick((ts += FRAME_MS));
    },
  };
}

/** The same systems by hand: one rAF callback, each engine's accumulator, the phases page-wide. */
function handWritten(count: number) {
  const works = Array.from({ length: count }, () => new Work());
  const accumulated = new Float64Array(count);
  const steps = new Int32Array(count);
  let previous = NaN;
  let ts = 0;
  const onFrame = (timestampMs: number): void => {
    const deltaMs = previous !== previous ? 0 : timestampMs - previous;
    previous = timestampMs;
    for (let i = 0; i < count; i++) {
      let acc = accumulated[i]! + deltaMs;
      let n = Math.floor(acc / STEP_MS + 1e-9);
      if (n > MAX_STEPS) {
        n = MAX_STEPS;
        acc = 0;
      } else acc -= n * STEP_MS;
      accumulated[i] = acc;
      steps[i] = n;
    }
    for (let i = 0; i < count; i++) works[i]!.read();
    for (let i = 0; i < count; i++) for (let s = 0; s < steps[i]!; s++) works[i]!.step(STEP_MS / 1000);
    for (let i = 0; i < count; i++) works[i]!.render(accumulated[i]! / STEP_MS);
  };
  return {
    works,
    run(n: number) {
      for (let f = 0; f < n; f++) onFrame((ts += FRAME_MS));
    },
  };
}

// -- 1 and 2 ------------------------------------------------------------------

const timingRows: string[][] = [];
const rafRows: string[][] = [];
for (const count of ENGINE_COUNTS) {
  const page = pageEngines(count);
  const hand = handWritten(count);
  const subjects: TimedSubject[] = [
    { name: 'hand-written', run: (n) => hand.run(n) },
    { name: 'page engine', run: (n) => page.run(n) },
  ];
  const framesBefore = page.engines[0]!.stats().frames;
  const requestsBefore = page.frames.requests;
  const results = measureTimes(subjects, {
    rounds: 7,
    batchMs: 40,
    warmupMs: 300,
    baseline: 'hand-written',
    minFramesPerBatch: count >= 200 ? 50 : 200,
  });
  const framesRun = page.engines[0]!.stats().frames - framesBefore;
  const requests = page.frames.requests - requestsBefore;
  const everyEngineRan = page.engines.every((e) => e.stats().frames === page.engines[0]!.stats().frames);
  rafRows.push([String(count), String(framesRun), String(requests), fixed(requests / framesRun, 3), everyEngineRan ? 'yes' : 'NO']);
  const mine = results.find((r) => r.name === 'page engine')!;
  const base = results.find((r) => r.name === 'hand-written')!;
  const overheadUs = (mine.nsPerFrame - base.nsPerFrame) / 1000;
  timingRows.push([
    String(count),
    fixed(base.nsPerFrame / 1000, 2),
    fixed(mine.nsPerFrame / 1000, 2),
    `${fixed(mine.ratio, 2)}× (${fixed(mine.ratioQ1, 2)}–${fixed(mine.ratioQ3, 2)})`,
    fixed(overheadUs, 2),
    fixed(overheadUs / count, 3),
    `${fixed((100 * mine.nsPerFrame) / 1e6 / BUDGET_MS, 2)} %`,
  ]);
  // Keep the work observable.
  if (page.works.reduce((s, w) => s + w.drawn, 0) === -1 || hand.works.reduce((s, w) => s + w.drawn, 0) === -1) console.log('');
  for (const e of page.engines) e.destroy();
}

console.log(`(phase checks ${PHASE_CHECKS ? 'on: a development build' : 'off: a production build'})\n`);
console.log('## requestAnimationFrame calls per frame (target: exactly 1)\n');
console.log(markdownTable(['engines', 'frames', 'rAF calls', 'calls per frame', 'every engine ran every frame'], rafRows));
console.log('\n## Per-frame scheduling cost: the page engine against a hand-written single rAF loop (same systems, same phase order)\n');
console.log(
  markdownTable(
    ['engines', 'hand-written µs/frame', 'page engine µs/frame', 'ratio (q1–q3)', 'overhead µs/frame', 'overhead µs/engine', 'of the 16.7 ms budget'],
    timingRows,
  ),
);

// -- 3 ------------------------------------------------------------------------

/** A 60 Hz host on real timers: a request runs at the next vsync of performance.now(). */
function realVsyncFrames(): FrameScheduler & { callbacks: number; requests: number } {
  const frames = {
    callbacks: 0,
    requests: 0,
    requestAnimationFrame(callback: (ts: number) => void) {
      frames.requests++;
      const now = performance.now();
      const vsync = (Math.floor(now / FRAME_MS) + 1) * FRAME_MS;
      return setTimeout(() => {
        frames.callbacks++;
        callback(vsync);
      }, Math.ceil(vsync - now)) as unknown as number;
    },
    cancelAnimationFrame(handle: number) {
      clearTimeout(handle as unknown as ReturnType<typeof setTimeout>);
    },
  };
  return frames;
}

const wakeRows: string[][] = [];
const SECONDS = 2;
for (const count of ENGINE_COUNTS) {
  const frames = realVsyncFrames();
  const engines = Array.from({ length: count }, (_, i) => {
    const e = createEngine({ frames, pause: false, fps: 30, name: `capped ${i}` });
    e.add({ step: () => {} });
    e.start();
    return e;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const before = engines.map((e) => e.stats());
  const requestsBefore = frames.requests;
  const t0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const seconds = (performance.now() - t0) / 1000;
  let delivered = 0;
  let wakeups = 0;
  let declined = 0;
  for (const [i, e] of engines.entries()) {
    const s = e.stats();
    delivered += s.frames - before[i]!.frames;
    wakeups += s.timerWakeups - before[i]!.timerWakeups;
    declined += s.declined - before[i]!.declined;
  }
  const requests = frames.requests - requestsBefore;
  for (const e of engines) e.destroy();
  wakeRows.push([
    String(count),
    fixed(delivered / count / seconds, 1),
    fixed(wakeups / count / seconds, 1),
    fixed(wakeups / Math.max(1, delivered), 3),
    fixed(declined / count / seconds, 2),
    fixed(requests / seconds, 1),
  ]);
}
console.log('\n## Capped engines (fps: 30) on a 60 Hz host, real timers for 2 s (target: one wake-up per delivered frame)\n');
console.log(
  markdownTable(
    ['engines', 'frames/s per engine', 'timer wake-ups/s per engine', 'wake-ups per delivered frame', 'declined ticks/s per engine', 'page rAF calls/s'],
    wakeRows,
  ),
);
console.log(
  '\nmotion\'s `frame` batching (read/update/render across callers) is not compared here: it is not a dependency of this repository.',
);

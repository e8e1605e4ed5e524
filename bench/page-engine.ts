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
//    16.7 ms frame budget. Beside them, motion's `frame` batching (motion
//    14.14.0, a dev dependency): N callers, each with
//    `frame.read(read, true)`, `frame.update(update, true)` and
//    `frame.render(render, true)` as motion's users write them, doing the
//    same work (the update runs the caller's own fixed-step accumulator, the
//    hand-written loop's code, since motion has no fixed step). Motion reads
//    its time from performance.now(); here it takes the driver's timestamps
//    through its own manual-timing switch (MotionGlobalConfig.useManualTiming,
//    with frameData.timestamp and delta set before each frame), which skips
//    one performance.now() call a frame, so its row is if anything a little
//    flattered. Motion's rAF is the global one, captured when motion loads,
//    so the bench installs a counting requestAnimationFrame first.
// 3. Timer wake-ups a second for capped engines (fps 30) on a 60 Hz host run
//    on real timers for 2 s: the target is one per delivered frame, not one
//    per vsync.
//
// Runs in Node: no DOM, so the phase checks and the automatic pauses are off
// (pause: false), as in a production build. Speed in a real browser is left
// to a browser run; this measures the scheduler's own cost.
import { createEngine, PHASE_CHECKS, type FrameScheduler, type PageEngine } from '../src/engines/page/index.js';
import { animationFrames, createLoop, wallClock } from '../src/index.js';
import { markdownTable, fixed } from './markdown-table.js';
import { measureTimes, type TimedSubject } from './measure-time.js';
import { measureAllocation } from './measure-allocation.js';

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
  reads = 0;
  measured = 0;
  x = 0;
  v = 1;
  drawn = 0;
  read(): void {
    this.reads++;
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

// motion's frame loop: the window's requestAnimationFrame, captured when motion
// loads; so the counting one goes in first, and motion loads after it.
const motionFrames = countingFrames();
Object.assign(globalThis, {
  requestAnimationFrame: motionFrames.requestAnimationFrame,
  cancelAnimationFrame: motionFrames.cancelAnimationFrame,
});
const { frame, cancelFrame, frameData, MotionGlobalConfig } = await import('motion');
MotionGlobalConfig.useManualTiming = true;

/**
 * The same systems as motion's users batch them: each caller schedules its
 * read, update and render with keepAlive; update runs the caller's own
 * fixed-step accumulator (the hand-written loop's arithmetic).
 */
function motionCallers(count: number) {
  const works = Array.from({ length: count }, () => new Work());
  const callbacks: ((data: { delta: number }) => void)[] = [];
  for (const work of works) {
    let accumulatedMs = 0;
    const read = (): void => work.read();
    const update = ({ delta }: { delta: number }): void => {
      let acc = accumulatedMs + delta;
      let n = Math.floor(acc / STEP_MS + 1e-9);
      if (n > MAX_STEPS) {
        n = MAX_STEPS;
        acc = 0;
      } else acc -= n * STEP_MS;
      accumulatedMs = acc;
      for (let s = 0; s < n; s++) work.step(STEP_MS / 1000);
    };
    const render = (): void => work.render(accumulatedMs / STEP_MS);
    frame.read(read, true);
    frame.update(update, true);
    frame.render(render, true);
    callbacks.push(read, update, render);
  }
  let ts = 0;
  return {
    frames: motionFrames,
    works,
    run(n: number) {
      for (let f = 0; f < n; f++) {
        // The driver's timestamps, as the others get them (first frame worth 0, as theirs).
        ts += FRAME_MS;
        frameData.delta = frameData.timestamp === 0 ? 0 : ts - frameData.timestamp;
        frameData.timestamp = ts;
        motionFrames.tick(ts);
      }
    },
    destroy() {
      for (const callback of callbacks) cancelFrame(callback);
      motionFrames.tick(ts); // the last keepAlive frame runs nothing and asks for no next one
      frameData.timestamp = 0;
    },
  };
}

/** `count` page engines and one createLoop loop on one scheduler: requestAnimationFrame calls per frame. */
function withLoopCallsPerFrame(count: number): number {
  const frames = countingFrames();
  const engines = Array.from({ length: count }, (_, i) => {
    const e = createEngine({ frames, pause: false, name: `l${i}` });
    e.add({ step: () => {} });
    e.start();
    return e;
  });
  const loop = createLoop({ ticks: animationFrames(frames), clock: wallClock(), phases: ['update'] });
  loop.on('update', () => {});
  loop.start();
  const before = frames.requests;
  const n = 600;
  for (let f = 1; f <= n; f++) frames.tick(f * FRAME_MS);
  const perFrame = (frames.requests - before) / n;
  for (const e of engines) e.destroy();
  loop.destroy();
  return perFrame;
}

// -- 1 and 2 ------------------------------------------------------------------

const timingRows: string[][] = [];
const rafRows: string[][] = [];
const everyRan = (works: readonly Work[]) => works.every((w) => w.reads === works[0]!.reads);
for (const count of ENGINE_COUNTS) {
  const page = pageEngines(count);
  const hand = handWritten(count);
  const motionRow = motionCallers(count);
  const subjects: TimedSubject[] = [
    { name: 'hand-written', run: (n) => hand.run(n) },
    { name: 'page engine', run: (n) => page.run(n) },
    { name: 'motion frame', run: (n) => motionRow.run(n) },
  ];
  const framesBefore = page.engines[0]!.stats().frames;
  const requestsBefore = page.frames.requests;
  const motionReadsBefore = motionRow.works[0]!.reads;
  const motionRequestsBefore = motionFrames.requests;
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
  const motionFramesRun = motionRow.works[0]!.reads - motionReadsBefore;
  const motionRequests = motionFrames.requests - motionRequestsBefore;
  const withLoop = withLoopCallsPerFrame(count);
  rafRows.push([
    String(count),
    String(framesRun),
    String(requests),
    fixed(requests / framesRun, 3),
    everyEngineRan ? 'yes' : 'NO',
    fixed(withLoop, 3),
    fixed(motionRequests / motionFramesRun, 3),
    everyRan(motionRow.works) ? 'yes' : 'NO',
  ]);
  const base = results.find((r) => r.name === 'hand-written')!;
  const bytesPerFrame = new Map(subjects.map((subject) => [subject.name, measureAllocation((n) => subject.run(n)).bytesPerFrame]));
  const callsPerFrame: Record<string, string> = {
    'hand-written': '1 (by construction)',
    'page engine': fixed(requests / framesRun, 3),
    'motion frame': fixed(motionRequests / motionFramesRun, 3),
  };
  for (const row of results) {
    const overheadUs = (row.nsPerFrame - base.nsPerFrame) / 1000;
    const isBase = row === base;
    timingRows.push([
      String(count),
      row.name,
      fixed(row.nsPerFrame / 1000, 2),
      isBase ? '1' : `${fixed(row.ratio, 2)}× (${fixed(row.ratioQ1, 2)}–${fixed(row.ratioQ3, 2)})`,
      isBase ? '' : fixed(overheadUs, 2),
      isBase ? '' : fixed(overheadUs / count, 3),
      callsPerFrame[row.name]!,
      fixed(bytesPerFrame.get(row.name)!, 1),
      `${fixed((100 * row.nsPerFrame) / 1e6 / BUDGET_MS, 2)} %`,
    ]);
  }
  // Keep the work observable.
  const drawn = [page.works, hand.works, motionRow.works].flat().reduce((sum, w) => sum + w.drawn, 0);
  if (drawn === -1) console.log('');
  for (const e of page.engines) e.destroy();
  motionRow.destroy();
}

console.log(`(phase checks ${PHASE_CHECKS ? 'on: a development build' : 'off: a production build'})\n`);
console.log('## requestAnimationFrame calls per frame (target: exactly 1)\n');
console.log(
  markdownTable(
    [
      'engines',
      'frames',
      'rAF calls',
      'calls per frame',
      'every engine ran every frame',
      'calls per frame with a createLoop loop too',
      'motion frame: calls per frame',
      'motion: every caller ran every frame',
    ],
    rafRows,
  ),
);
console.log(
  '\n## Per-frame scheduling cost: the page engine and motion\'s frame batching against a hand-written single rAF loop (same systems, same phase order)\n',
);
console.log(
  markdownTable(
    ['engines / callers', 'row', 'µs/frame', 'ratio to hand-written (q1–q3)', 'overhead µs/frame', 'overhead µs/caller', 'rAF calls per frame', 'B allocated per frame', 'of the 16.7 ms budget'],
    timingRows,
  ),
);
console.log(`
What motion's \`frame\` does not do, so the reading is fair: it batches the
three phases across callers on one requestAnimationFrame and nothing more.
No fixed step (the callers here run their own accumulator, the hand-written
loop's code), so no maxSteps cap or dropped-time count either; no settle (a
keepAlive callback runs every frame until its caller cancels it); no fps cap;
no automatic pause (hidden tab, off screen, typing); no event ring, ledger or
phase checks; and no isolation: a callback that throws stops motion's frame
loop for every caller on the page (checked below). The page engine's row
pays for all of those (the pause watchers are off here, pause: false).
"B allocated per frame" is measured over each row's own frames (V8's GC
profiler, bench/measure-allocation.ts): motion's render steps keep their
queues in Sets that are cleared every frame.
`);

// motion's frame loop after a callback throws (run last: it ends motion's loop for this process).
{
  const survivor = new Work();
  const read = (): void => survivor.read();
  const bug = (): void => {
    if (survivor.reads === 3) throw new Error('a bug in one caller');
  };
  frame.read(read, true);
  frame.update(bug, true);
  let thrown = 0;
  let ts = 1e6;
  for (let f = 0; f < 10; f++) {
    try {
      frameData.timestamp = ts += FRAME_MS;
      motionFrames.tick(ts);
    } catch {
      thrown++;
    }
  }
  cancelFrame(bug);
  const later = new Work();
  frame.read(() => later.read(), true); // a new caller, after the throw
  for (let f = 0; f < 10; f++) motionFrames.tick((ts += FRAME_MS));
  const page = pageEngines(2);
  page.engines[1]!.add({ step: () => { throw new Error('a bug in one engine'); } });
  const quiet = console.error;
  console.error = () => {};
  page.run(10);
  console.error = quiet;
  console.log(
    `A throwing callback: motion's frame ran the other caller ${survivor.reads} of 20 frames ` +
      `(${thrown} throw escaped into the rAF callback) and a caller added afterwards ${later.reads} of 10; ` +
      `the page engine with one throwing engine: the other ran ${page.engines[0]!.stats().frames} of 10, ` +
      `${page.frames.requests} rAF calls for 10 frames (one pending).`,
  );
  for (const e of page.engines) e.destroy();
}

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


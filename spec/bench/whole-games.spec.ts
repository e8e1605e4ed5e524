// Issue 29 item 3's bench reads a Chromium trace and a sampling heap profile (bench/whole-games.ts). What it reads
// from each is checked here on hand-made ones: which thread is the page's, what a frame's main-thread time is, which
// pauses count, whose code a sample is charged to, and how the profile is cut into windows at the page's marks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { originOf, SourceOrigins, WINDOW_MARK, type ProfileNode, type SamplingProfile } from '../../bench/whole-games-heap.js';
import { readTrace, type TraceEvent } from '../../bench/whole-games-trace.js';

const REPO = '/repo/';

describe('readTrace: frames, main-thread CPU a frame, GC pauses', () => {
  const thread = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', ts: 0, pid, tid, args: { name } });
  const begin = (pid: number, ts: number): TraceEvent => ({ name: 'AnimationFrame', ph: 'b', ts, pid, tid: 1 });
  const task = (pid: number, ts: number, dur: number, tdur?: number): TraceEvent => ({ name: 'ThreadControllerImpl::RunTask', ph: 'X', ts, pid, tid: 1, dur, ...(tdur === undefined ? {} : { tdur }) });
  const gc = (name: string, ts: number, dur: number, pid = 10, tdur?: number): TraceEvent => ({ name, ph: 'X', ts, pid, tid: 1, dur, ...(tdur === undefined ? {} : { tdur }) });
  // The page's renderer (pid 10) began four frames, another renderer (pid 20) one.
  const events: TraceEvent[] = [
    thread(10, 1, 'CrRendererMain'),
    thread(20, 1, 'CrRendererMain'),
    thread(10, 2, 'Compositor'),
    task(10, 500, 900, 300), // before the first frame: left out
    begin(10, 1_000),
    task(10, 1_100, 15_000, 1_400), // waits on the GPU: 15 ms of wall time, 1.4 ms of CPU
    task(10, 16_000, 200, 100),
    begin(10, 17_000),
    task(10, 17_100, 2_000), // no tdur: its wall time counts
    begin(10, 33_000),
    begin(10, 50_000),
    task(10, 50_100, 3_000, 3_000), // in the last begun frame, which has no end: left out
    { name: 'ThreadControllerImpl::RunTask', ph: 'X', ts: 17_200, pid: 10, tid: 2, dur: 5_000, tdur: 5_000 }, // the compositor's
    begin(20, 5_000),
    gc('MinorGC', 2_000, 1_200),
    gc('MajorGC', 20_000, 5_500, 10, 2_500), // descheduled for 3 ms of its 5.5
    gc('MinorGC', 21_000, 9_000, 20), // another page's
  ];

  it('takes the renderer main thread that began the most frames, a frame from one begin to the next', () => {
    const reading = readTrace(events);
    expect(reading.frames).toBe(3);
    expect(reading.perFrame.intervalMs).toEqual([16, 16, 17]);
    expect(reading.seconds).toBeCloseTo(0.049, 9);
  });

  it("sums the CPU time of the thread's tasks that started in each frame (wall time where a task has none)", () => {
    expect(readTrace(events).perFrame.cpuMs).toEqual([1.5, 2, 0]);
  });

  it("counts the page thread's MinorGC and MajorGC pauses, not another renderer's: their lengths, and their CPU times", () => {
    expect(readTrace(events).gc).toEqual({ minorMs: [1.2], majorMs: [5.5], cpuMs: [1.2, 2.5], majorReasons: ['not incremental'] });
  });

  it('names what started each major GC: the reason of the last incremental marking started on the thread before it', () => {
    const start = (ts: number, gcReason: string, pid = 10): TraceEvent => ({ name: 'V8.GCIncrementalMarkingStart', ph: 'X', ts, pid, tid: 1, dur: 50, args: { value: { gc_reason: gcReason } } });
    const reading = readTrace([
      ...events,
      // Out of order in the trace, as events of different sources can be: read in time order.
      gc('MajorGC', 40_000, 17_000),
      start(30_000, 'memory reducer'),
      start(31_000, 'task', 20), // another page's
      start(45_000, 'task'),
      gc('MajorGC', 60_000, 3_000),
      gc('MajorGC', 70_000, 9_000), // a full GC with no marking started for it
    ]).gc;
    expect(reading.majorMs).toEqual([5.5, 17, 3, 9]);
    expect(reading.majorReasons).toEqual(['not incremental', 'memory reducer', 'task', 'not incremental']);
  });

  it('throws when no renderer main thread began a frame', () => {
    expect(() => readTrace([thread(10, 1, 'CrRendererMain')])).toThrow(/no renderer main thread that began a frame/);
  });
});

describe('originOf: whose a source file is', () => {
  it.each([
    ['/repo/src/loop/loop.ts', 'tickflow'],
    ['/repo/operators/pace.ts', 'tickflow'],
    ['/repo/node_modules/rxjs/dist/esm5/internal/Subject.js', 'tickflow'],
    ['/elsewhere/node_modules/pixi.js/lib/scene/container/Container.mjs', 'library'],
    ['/repo/examples/paddle-duel/ball.ts', 'game'],
    ['/repo/vite/preload-helper.js', 'other'],
  ] as const)('%s: %s', (path, origin) => {
    expect(originOf(path, REPO)).toBe(origin);
  });
});

describe('SourceOrigins.weighWindows: bytes by origin and site, cut at the page marks', () => {
  // A built site with one chunk whose map sends its first line's columns 0-9 to src/loop/loop.ts line 1 (the
  // previous function's end, say) and from column 10 on to line 3.
  const site = mkdtempSync(join(tmpdir(), 'whole-games-spec-'));
  const repo = join(site, 'repo/');
  mkdirSync(join(site, 'dist/assets'), { recursive: true });
  mkdirSync(join(repo, 'src/loop'), { recursive: true });
  writeFileSync(join(repo, 'src/loop/loop.ts'), '// one\n// two\nexport function runFrame(delta: number) {\n');
  writeFileSync(join(site, 'dist/assets/main.js'), 'function a(){}\n');
  writeFileSync(join(site, 'dist/assets/main.js.map'), JSON.stringify({ version: 3, sources: ['../../repo/src/loop/loop.ts'], names: [], mappings: 'AAAA,UAEA' }));
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  const node = (id: number, functionName: string, url: string, children: ProfileNode[] = []): ProfileNode => ({
    id,
    callFrame: { functionName, url, lineNumber: 0, columnNumber: 4 },
    children,
  });
  // root → loop (tickflow, through the map), push (a builtin, no file), the mark → what the mark's call allocated.
  const head = node(1, '(root)', '', [
    node(2, 'a', 'http://127.0.0.1:4173/assets/main.js'),
    node(3, 'push', ''),
    node(4, WINDOW_MARK, 'http://127.0.0.1:4173/page/', [node(5, '', '')]),
  ]);
  const profile = (samples: [size: number, nodeId: number, ordinal: number][]): SamplingProfile => ({
    head,
    samples: samples.map(([size, nodeId, ordinal]) => ({ size, nodeId, ordinal })),
  });

  it('charges a function (at column 4) to its source through the first mapping at or after it, and names it from that line', () => {
    const [window] = new SourceOrigins(join(site, 'dist'), repo).weighWindows(profile([[256, 2, 1], [300, 3, 2]]));
    expect(window!.bytes).toEqual({ tickflow: 256, library: 0, game: 0, other: 300 });
    expect([...window!.sites]).toEqual([
      ['runFrame src/loop/loop.ts:3', { origin: 'tickflow', bytes: 256 }],
      ['push (no file)', { origin: 'other', bytes: 300 }],
    ]);
  });

  it('charges a function with no source (a builtin, the V8 API) to its nearest caller with one, and names the site after both', () => {
    // root → runFrame (tickflow) → push (a builtin) → (V8 API); root → (V8 API) (the browser's own: no page code on the stack).
    const tree = node(10, '(root)', '', [
      node(11, 'a', 'http://127.0.0.1:4173/assets/main.js', [node(12, 'push', '', [node(13, '(V8 API)', '')])]),
      node(14, '(V8 API)', ''),
    ]);
    const samples = [[100, 12, 1], [200, 13, 2], [400, 14, 3]].map(([size, nodeId, ordinal]) => ({ size: size!, nodeId: nodeId!, ordinal: ordinal! }));
    const [window] = new SourceOrigins(join(site, 'dist'), repo).weighWindows({ head: tree, samples });
    expect(window!.bytes).toEqual({ tickflow: 300, library: 0, game: 0, other: 400 });
    expect([...window!.sites]).toEqual([
      ['push (no file) ← runFrame src/loop/loop.ts:3', { origin: 'tickflow', bytes: 100 }],
      ['(V8 API) (no file) ← runFrame src/loop/loop.ts:3', { origin: 'tickflow', bytes: 200 }],
      ['(V8 API) (no file)', { origin: 'other', bytes: 400 }],
    ]);
  });

  it('cuts the samples into windows in ordinal order at each mark, a mark sampled twice cutting once, the marks left out', () => {
    // Out of order on purpose: the ordinal is the time.
    const windows = new SourceOrigins(join(site, 'dist'), repo).weighWindows(
      profile([[256, 2, 5], [512 * 1024, 4, 3], [100, 3, 1], [256, 5, 4], [256, 3, 2], [512 * 1024, 4, 6], [256, 2, 7]]),
    );
    expect(windows.map((w) => w.bytes)).toEqual([
      { tickflow: 0, library: 0, game: 0, other: 356 },
      { tickflow: 256, library: 0, game: 0, other: 0 },
      { tickflow: 256, library: 0, game: 0, other: 0 },
    ]);
  });
});

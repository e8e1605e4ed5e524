/**
 * What the whole-games bench reads from a Chromium trace (CDP Tracing,
 * categories {@link TRACE_CATEGORIES}): the page's frames, the main
 * thread's CPU time in each, and the garbage collector's pauses.
 *
 * - **The page's main thread** is the renderer's `CrRendererMain` that began
 *   the most frames (one page is open; another renderer's thread begins none).
 * - **A frame** runs from one `AnimationFrame` begin on that thread (Chromium
 *   marks each rendering update so, whether or not a requestAnimationFrame
 *   callback ran in it) to the next.
 * - **Main-thread time per frame** is the CPU time (`tdur`) of every task
 *   the thread ran (`ThreadControllerImpl::RunTask`) that started in the
 *   frame: requestAnimationFrame callbacks, input and timer handlers, style,
 *   layout and paint, and any GC inside them. CPU time, not wall time: with
 *   WebGL on SwiftShader the frame's task also waits for the GPU process
 *   (a 15 ms task of 1.4 ms CPU was typical), and on a loaded machine a task's
 *   wall time includes the time the thread was not scheduled.
 * - **GC pauses**: the thread's `MinorGC` and `MajorGC` complete events, each
 *   a pause of the page's JavaScript (work V8 does on helper threads is not
 *   a pause and is not counted): their length (what a player waits), and
 *   their CPU time (the length on a machine where the thread is never
 *   descheduled; on a loaded machine the two differ).
 * - **What started a major GC**: the `gc_reason` of the last
 *   `V8.GCIncrementalMarkingStart` on the thread before it (a major GC's
 *   pause finalizes the marking that event began): `'task'` when the heap,
 *   V8's and the browser's together, neared its limit; `'memory reducer'`
 *   when V8 judged the page to allocate little and collected and compacted
 *   the heap to give memory back (V8's `MemoryReducer`, which starts such
 *   GCs a few seconds apart while the page's allocation rate stays low).
 *   A major GC with no such start of its own reads `'not incremental'`.
 */

/** The categories the bench traces with: the backend bench's, and `toplevel` for the main thread's tasks. */
export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'v8', 'disabled-by-default-v8.gc'] as const;

/** The fields of a trace event the bench reads (Chrome's JSON trace format; times in µs). */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly pid: number;
  readonly tid: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string; readonly value?: { readonly gc_reason?: string } };
}

/** What one trace says about a page's frames and its GC pauses. */
export interface TraceReading {
  /** Frames whose end is in the trace (the last begun frame is left out), and from the first one's begin to the last one's end, s. */
  readonly frames: number;
  readonly seconds: number;
  /** Per frame, ms: its main-thread CPU time, and its length (begin to next begin). */
  readonly perFrame: { readonly cpuMs: readonly number[]; readonly intervalMs: readonly number[] };
  /**
   * Per GC pause, ms, in order: the minor and the major pauses' lengths, and every pause's CPU time (minor, then
   * major); per major pause, what started it (V8's `gc_reason`: see the file's comment).
   */
  readonly gc: {
    readonly minorMs: readonly number[];
    readonly majorMs: readonly number[];
    readonly cpuMs: readonly number[];
    readonly majorReasons: readonly string[];
  };
}

const isFrameBegin = (e: TraceEvent) => e.name === 'AnimationFrame' && e.ph === 'b';
const threadOf = (e: TraceEvent) => `${e.pid}:${e.tid}`;

/**
 * Reads a page's frames and GC pauses from a trace's events.
 *
 * @throws {Error} when the trace has no renderer main thread that began a frame.
 */
export function readTrace(events: readonly TraceEvent[]): TraceReading {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(threadOf));
  const begun = new Map<string, number>();
  for (const e of events) if (isFrameBegin(e) && mains.has(threadOf(e))) begun.set(threadOf(e), (begun.get(threadOf(e)) ?? 0) + 1);
  const main = [...begun].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (main === undefined) throw new Error('whole games: the trace has no renderer main thread that began a frame');
  const mine = events.filter((e) => threadOf(e) === main);
  const starts = mine.filter(isFrameBegin).map((e) => e.ts).sort((a, b) => a - b);
  const tasks = mine.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const cpuMs: number[] = [];
  const intervalMs: number[] = [];
  let task = 0;
  while (task < tasks.length && tasks[task]!.ts < starts[0]!) task++;
  for (let frame = 0; frame + 1 < starts.length; frame++) {
    let cpuUs = 0;
    for (; task < tasks.length && tasks[task]!.ts < starts[frame + 1]!; task++) cpuUs += tasks[task]!.tdur ?? tasks[task]!.dur ?? 0;
    cpuMs.push(cpuUs / 1000);
    intervalMs.push((starts[frame + 1]! - starts[frame]!) / 1000);
  }
  const gcs = (name: string) => mine.filter((e) => e.name === name && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const pauses = (name: string) => gcs(name).map((e) => (e.dur ?? 0) / 1000);
  // Each major pause with the reason of the marking it finalized: the last start since the previous major pause.
  const majorReasons: string[] = [];
  let reason: string | undefined;
  for (const e of mine.filter((e) => e.ph === 'X' && (e.name === 'V8.GCIncrementalMarkingStart' || e.name === 'MajorGC')).sort((a, b) => a.ts - b.ts)) {
    if (e.name === 'MajorGC') {
      majorReasons.push(reason ?? 'not incremental');
      reason = undefined;
    } else reason = e.args?.value?.gc_reason ?? 'unknown';
  }
  return {
    frames: cpuMs.length,
    seconds: starts.length < 2 ? 0 : (starts.at(-1)! - starts[0]!) / 1e6,
    perFrame: { cpuMs, intervalMs },
    gc: {
      minorMs: pauses('MinorGC'),
      majorMs: pauses('MajorGC'),
      cpuMs: [...gcs('MinorGC'), ...gcs('MajorGC')].map((e) => (e.tdur ?? e.dur ?? 0) / 1000),
      majorReasons,
    },
  };
}

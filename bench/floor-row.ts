import type { CoreCandidate } from './core-candidate.js';
import { HandWrittenLoop } from './hand-written-loop.js';
import { createPhaseWork, reportPhaseWork, type PhaseWork } from './phase-work.js';

/** The floor row's label. */
export const FLOOR_ROW = 'floor: hand-written loop + the dispatch issue 8 requires';

/** One listener of a {@link ListenerList}: a node of its list. */
interface ListenerEntry {
  readonly call: (value: number) => void;
  /** The order it was added in: an emission calls only entries older than itself. */
  readonly id: number;
  /** False once removed: an emission under way passes over it. */
  active: boolean;
  /** The next entry; kept when this one is removed, so an emission standing on it walks on. */
  after: ListenerEntry | undefined;
  before: ListenerEntry | undefined;
}

/**
 * The least listener storage issue 8 allows: PixiJS's Ticker's doubly linked
 * list (nothing allocated per emission, correct when a listener is added or
 * removed during one), each call isolated by a try/catch that hands the error
 * on. Written here, not imported from tickflow, so the row measures the
 * dispatch, not tickflow's code.
 */
export class ListenerList {
  private first: ListenerEntry | undefined;
  private last: ListenerEntry | undefined;
  private nextId = 0;

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Attaches a listener; returns the function that detaches it. */
  add(call: (value: number) => void): () => void {
    const entry: ListenerEntry = { call, id: this.nextId++, active: true, after: undefined, before: this.last };
    if (this.last === undefined) this.first = entry;
    else this.last.after = entry;
    this.last = entry;
    return () => {
      if (!entry.active) return;
      entry.active = false;
      if (entry.before === undefined) this.first = entry.after;
      else entry.before.after = entry.after;
      if (entry.after === undefined) this.last = entry.before;
      else entry.after.before = entry.before;
    };
  }

  /** Calls every listener with `value`, in the order added, each call isolated. */
  emit(value: number): void {
    const newest = this.nextId;
    for (let entry = this.first; entry !== undefined && entry.id < newest; entry = entry.after) {
      if (!entry.active) continue;
      try {
        entry.call(value);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

/** A phase of the floor row: its listeners, and whether a pause skips it. */
interface FloorPhase {
  readonly listeners: ListenerList;
  readonly pausable: boolean;
}

/**
 * The cost floor of what issue 8 asks of tickflow's core path: the
 * hand-written loop (bench/hand-written-loop.ts, the same code) with only the
 * dispatch the issue requires added, and nothing else of a library:
 *
 * 1. the host's tick reaches the loop through a listener list (the host is a
 *    tick source others can listen to, as `manualTicks()` is);
 * 2. each phase is a listener list, all walked by the one shared
 *    {@link ListenerList.emit} (the host's too), each call isolated;
 * 3. the pause flag is read before each phase, which is skipped when paused
 *    and pausable (as in tickflow's core path, no phase is pausable here);
 * 4. game code is one-line listeners, render reading the loop's alpha, as
 *    tickflow's rows read `loop.alpha`.
 *
 * What tickflow's row does beyond this (the RxJS subscription from the
 * tick source, a clock built from step functions, frame-rate reading, frame
 * info, the delta-time check, ...) is what the floor leaves out.
 */
export function createFloorCandidate(): CoreCandidate {
  const errors = { count: 0 };
  const onError = (): void => {
    errors.count++;
  };
  const phase = (): FloorPhase => ({ listeners: new ListenerList(onError), pausable: false });
  const fixed = phase();
  const update = phase();
  const late = phase();
  const render = phase();
  const state = { paused: false };
  const run = (p: FloorPhase, seconds: number): void => {
    if (state.paused && p.pausable) return;
    p.listeners.emit(seconds);
  };
  // The hand-written loop's phase calls, each going through its phase's list.
  const dispatch: PhaseWork = {
    tally: { fixedCalls: 0, frameCalls: 0, seconds: 0, alpha: 0 },
    fixed: (stepSeconds) => run(fixed, stepSeconds),
    update: (dtSeconds) => run(update, dtSeconds),
    late: (dtSeconds) => run(late, dtSeconds),
    render: (dtSeconds) => run(render, dtSeconds),
  };
  const loop = new HandWrittenLoop(dispatch);
  const host = new ListenerList(onError);
  host.add(loop.onHostTick);

  const work = createPhaseWork();
  fixed.listeners.add(work.fixed);
  update.listeners.add(work.update);
  late.listeners.add(work.late);
  render.listeners.add((dt) => work.render(dt, loop.alpha));
  return {
    name: FLOOR_ROW,
    how: 'the hand-written loop, with the host tick and each phase through a linked listener list (one shared emit, each call in try/catch), pause read before each phase',
    onHostTick: (timestampMs) => host.emit(timestampMs),
    frames: () => loop.frameCount,
    work: () => {
      const report = reportPhaseWork(work, loop.frameCount);
      return { ...report, handlersAgree: report.handlersAgree && errors.count === 0 };
    },
    dispose: () => {},
  };
}

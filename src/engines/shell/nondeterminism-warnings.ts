import type { PhaseGuard } from '../../loop/frame-runner.js';

/**
 * Development warnings for the calls that make a simulation differ from run
 * to run: `Math.random()`, `Date.now()`, `performance.now()` and `new Date()`
 * (with no argument) inside a phase that moves the game (a fixed step, an
 * update).
 *
 * The mechanism is the smallest that is sound: while such a phase runs, and
 * only when the engine's `determinismWarnings` option is on, the three
 * functions are replaced by wrappers that warn and then call the original
 * (`Date` by a subclass that warns when made with no argument), made once
 * and kept, so swapping them allocates nothing ({@link Swap});
 * when the phase ends they are put back, even when a hook threw (the loop
 * calls {@link PhaseGuard.exit} from a `finally`). Outside those phases, and
 * in every phase of an engine whose warnings are off, the globals are the
 * platform's own: with warnings off nothing is wrapped and nothing is
 * installed on the loop, so the frame runs exactly as without this file
 * (the runner's one `guard === undefined` check per phase aside).
 *
 * Each call site (the caller's line and column in the stack) warns once per
 * page load, whichever engine it ran in. A call from inside `node_modules`
 * (a test runner's console reading the clock to stamp a log line, a
 * library's profiler) is not reported: it is not the game's line to fix; the
 * sync test still catches a dependency that makes a step differ.
 *
 * @internal
 */
export class NondeterminismWarnings implements PhaseGuard {
  /** @param engine The engine's label, for the warning (`'state engine'`). */
  constructor(private readonly engine: string) {}

  /** A guarded phase starts: the wrappers go in (once, however deeply engines nest). */
  enter(phase: string): void {
    const entry = active[depth];
    if (entry === undefined) active.push({ engine: this.engine, phase });
    else {
      entry.engine = this.engine;
      entry.phase = phase;
    }
    if (++depth === 1) install();
  }

  /** The phase ended: the wrappers come out when no guarded phase is left running. */
  exit(): void {
    if (--depth === 0) uninstall();
  }
}

/**
 * Until the matching {@link resumeNondeterminismWarnings}, calls pass
 * straight through, with no warning and no stack capture: for library code
 * that reads the clock for its own bookkeeping (Rapier's step times itself
 * with `performance.now()`). A pair of calls rather than a callback, so the
 * physics step allocates nothing for it. @internal
 */
export function suspendNondeterminismWarnings(): void {
  suspended++;
}

/** Ends a {@link suspendNondeterminismWarnings} (call it from a `finally`). @internal */
export function resumeNondeterminismWarnings(): void {
  suspended--;
}

/** Forgets the call sites already warned about, so they warn again (for tests). @internal */
export function forgetWarnedCallSites(): void {
  warnedSites.clear();
}

/** The functions wrapped, by the name a warning gives them. */
type WatchedName = 'Math.random' | 'Date.now' | 'performance.now' | 'new Date';

/**
 * One watched global and the two property descriptors that swap it in and
 * out, on the object that owns the property (`Math`, `Date`, the global
 * object, and for `performance.now` the prototype of `performance`: a
 * property added to an object and deleted again allocates each time in
 * Chromium). They are made again only when what is there changed since they
 * were made (a test's spy, a polyfill), so a frame's guarded phases allocate
 * nothing: before, each phase made four wrappers, a `Date` subclass and
 * their descriptors, about 3.5 kB, which a development build's profile of a
 * game showed as tickflow's garbage.
 */
interface Swap {
  readonly name: WatchedName;
  /** The object the function is read from and called on (`performance`). */
  readonly owner: object;
  readonly key: string;
  /** The object on `owner`'s prototype chain that owns the property (`Performance.prototype`). */
  holder: object;
  /** The value found there when the descriptors were made. */
  found: unknown;
  /** The property as it was. */
  original: PropertyDescriptor | undefined;
  /** The stand-in's descriptor; undefined until first swapped in. */
  watched: PropertyDescriptor | undefined;
}

const active: { engine: string; phase: string }[] = [];
/** How many of {@link active}'s entries are in use: entries are kept and written over, so entering a phase allocates nothing. */
let depth = 0;
const warnedSites = new Set<string>();
/** The swaps made so far, `performance.now`'s per `performance` object seen. */
const swaps: Swap[] = [];
/** The swaps in place, in the order they went in: the first {@link installedCount} (written over, not emptied, which would free the array's storage). */
const installed: Swap[] = [];
let installedCount = 0;
/** True while a warning is being written: console.warn may itself read the clock. */
let warning = false;
/** Above 0 between {@link suspendNondeterminismWarnings} and its resume. */
let suspended = 0;

function install(): void {
  swapIn(swapFor('Math.random', Math, 'random'));
  swapIn(swapFor('Date.now', Date, 'now'));
  const perf = (globalThis as { performance?: object }).performance;
  if (perf !== undefined && typeof (perf as { now?: unknown }).now === 'function') swapIn(swapFor('performance.now', perf, 'now'));
  swapIn(swapFor('new Date', globalThis, 'Date'));
}

/** The swap for `owner[key]`, made the first time it is asked for. */
function swapFor(name: WatchedName, owner: object, key: string): Swap {
  for (let i = 0; i < swaps.length; i++) if (swaps[i]!.owner === owner && swaps[i]!.key === key) return swaps[i]!;
  const swap: Swap = { name, owner, key, holder: owner, found: undefined, original: undefined, watched: undefined };
  swaps.push(swap);
  return swap;
}

/** Puts the stand-in in place, its descriptors made again only if what is there changed. */
function swapIn(swap: Swap): void {
  const { owner, key } = swap;
  const found = (owner as Record<string, unknown>)[key];
  let holder: object | null = owner;
  while (holder !== null && !Object.prototype.hasOwnProperty.call(holder, key)) holder = Object.getPrototypeOf(holder) as object | null;
  if (holder === null) return; // nothing there to watch
  if (swap.watched === undefined || found !== swap.found || holder !== swap.holder) {
    const original = Object.getOwnPropertyDescriptor(holder, key)!;
    swap.holder = holder;
    swap.found = found;
    swap.original = original;
    const standIn = swap.name === 'new Date' ? watchedDate(found as DateConstructor) : watchedFunction(swap.name, owner, found as () => number);
    swap.watched = { value: standIn, writable: true, configurable: true, enumerable: original.enumerable ?? false };
  }
  Object.defineProperty(holder, key, swap.watched);
  installed[installedCount++] = swap;
}

/** A clock or random function's stand-in: it warns, then calls the function. */
function watchedFunction(name: WatchedName, owner: object, call: () => number): () => number {
  const wrapper = function (): number {
    warnOnce(name, wrapper);
    return call.call(owner);
  };
  return wrapper;
}

/** `new Date()` with no argument reads the clock too: while watched, `Date` is a subclass that warns on exactly that call. */
function watchedDate(RealDate: DateConstructor): DateConstructor {
  class WatchedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) warnOnce('new Date', WatchedDate as unknown as () => number);
      super(...(args as []));
    }
  }
  return WatchedDate as DateConstructor;
}

function uninstall(): void {
  while (installedCount > 0) {
    const { holder, key, original } = installed[--installedCount]!;
    Object.defineProperty(holder, key, original!);
  }
}

function warnOnce(name: WatchedName, wrapper: () => number): void {
  if (warning || suspended > 0) return;
  warning = true;
  try {
    const site = callSite(wrapper);
    // A dependency's own clock reads (a test runner's or a devtools console, a profiler) are not the game's line to fix.
    if (site.includes('/node_modules/') || warnedSites.has(site)) return;
    warnedSites.add(site);
    const { engine, phase } = active[depth - 1] ?? { engine: 'engine', phase: 'a step' };
    const fix =
      name === 'Math.random'
        ? 'draw from engine.random.next() instead (the engine\'s seeded source, saved and restored with its state)'
        : 'use the frame\'s delta (dt) or engine.frame().timeMs instead (simulated time, the same on every run)';
    console.warn(
      `tickflow: ${name}() was called in phase "${phase}" of the ${engine}, at ${site}: ` +
        `its result differs on every run, so a replay or a sync test of this game cannot reproduce it; ${fix}. ` +
        '(Warned once per call site, in development builds; the engine option determinismWarnings: false turns it off.)',
    );
  } finally {
    warning = false;
  }
}

type CaptureStackTrace = (target: object, constructorOpt?: unknown) => void;

/** Frames a call site is looked for in when the first below the wrapper has no source line (a builtin called: `array.map(Math.random)`). */
const FRAMES_LOOKED_AT = 4;

/**
 * The caller's line in the stack: the first frame below the wrapper with a
 * source line. V8 (and engines with `Error.captureStackTrace`) leave the
 * wrapper's own frame out; elsewhere it is the first frame, and skipped.
 *
 * Runs on every watched call in a guarded phase (a site is known only from
 * its stack), so the stack is cut to the frames looked at where the engine
 * allows (`Error.stackTraceLimit`): V8 captures and formats every frame it
 * keeps. In Node 20 a watched call costs about 5 µs so, 10 with the whole stack.
 */
function callSite(wrapper: () => number): string {
  return stackLine(wrapper, 1) ?? stackLine(wrapper, FRAMES_LOOKED_AT) ?? 'an unknown call site';
}

/** The first frame with a source line among the `frames` below the wrapper, or undefined. */
function stackLine(wrapper: () => number, frames: number): string | undefined {
  const capture = (Error as unknown as { captureStackTrace?: CaptureStackTrace }).captureStackTrace;
  const limits = Error as unknown as { stackTraceLimit?: number };
  const limit = limits.stackTraceLimit;
  const holder: { stack?: string } = {};
  // Without captureStackTrace the frames of stackLine, callSite, warnOnce and the wrapper come first.
  const skip = typeof capture === 'function' ? 0 : 4;
  try {
    if (typeof limit === 'number') limits.stackTraceLimit = skip + frames;
    if (typeof capture === 'function') capture(holder, wrapper);
    else holder.stack = new Error().stack;
    // Read here: V8 formats the stack when it is first read.
    const withLines = (holder.stack ?? '').split('\n').map((line) => line.trim()).filter((line) => /:\d+:\d+\)?$/.test(line));
    return withLines[skip]?.replace(/^at /, '');
  } finally {
    if (typeof limit === 'number') limits.stackTraceLimit = limit;
  }
}

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
 * (`Date` by a subclass that warns when made with no argument);
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
    active.push({ engine: this.engine, phase });
    if (active.length === 1) install();
  }

  /** The phase ended: the wrappers come out when no guarded phase is left running. */
  exit(): void {
    active.pop();
    if (active.length === 0) uninstall();
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

interface Watched {
  readonly name: WatchedName;
  readonly owner: object;
  readonly key: string;
  /** The property as it was (undefined: it was inherited, so restoring deletes the own one). */
  original: PropertyDescriptor | undefined;
}

const active: { engine: string; phase: string }[] = [];
const warnedSites = new Set<string>();
let installed: Watched[] = [];
/** True while a warning is being written: console.warn may itself read the clock. */
let warning = false;
/** Above 0 between {@link suspendNondeterminismWarnings} and its resume. */
let suspended = 0;

function install(): void {
  installed = [];
  watch('Math.random', Math, 'random');
  watch('Date.now', Date, 'now');
  const perf = (globalThis as { performance?: object }).performance;
  if (perf !== undefined && typeof (perf as { now?: unknown }).now === 'function') watch('performance.now', perf, 'now');
  watchDateConstructor();
}

/** `new Date()` with no argument reads the clock too: while watched, `Date` is a subclass that warns on exactly that call. */
function watchDateConstructor(): void {
  const own = Object.getOwnPropertyDescriptor(globalThis, 'Date');
  const RealDate = globalThis.Date;
  class WatchedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) warnOnce('new Date', WatchedDate as unknown as () => number);
      super(...(args as []));
    }
  }
  Object.defineProperty(globalThis, 'Date', { value: WatchedDate, writable: true, configurable: true, enumerable: own?.enumerable ?? false });
  installed.push({ name: 'new Date', owner: globalThis, key: 'Date', original: own });
}

function watch(name: WatchedName, owner: object, key: string): void {
  const own = Object.getOwnPropertyDescriptor(owner, key);
  const call = (owner as Record<string, () => number>)[key]!;
  const entry: Watched = { name, owner, key, original: own };
  const wrapper = function (): number {
    warnOnce(name, wrapper);
    return call.call(owner);
  };
  Object.defineProperty(owner, key, { value: wrapper, writable: true, configurable: true, enumerable: own?.enumerable ?? false });
  installed.push(entry);
}

function uninstall(): void {
  for (const { owner, key, original } of installed.reverse()) {
    if (original === undefined) delete (owner as Record<string, unknown>)[key];
    else Object.defineProperty(owner, key, original);
  }
  installed = [];
}

function warnOnce(name: WatchedName, wrapper: () => number): void {
  if (warning || suspended > 0) return;
  warning = true;
  try {
    const site = callSite(wrapper);
    // A dependency's own clock reads (a test runner's or a devtools console, a profiler) are not the game's line to fix.
    if (site.includes('/node_modules/') || warnedSites.has(site)) return;
    warnedSites.add(site);
    const { engine, phase } = active[active.length - 1] ?? { engine: 'engine', phase: 'a step' };
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

/**
 * The caller's line in the stack: the first frame below the wrapper. V8 (and
 * engines with `Error.captureStackTrace`) leave the wrapper's own frame out;
 * elsewhere it is the first frame, and skipped.
 */
function callSite(wrapper: () => number): string {
  const capture = (Error as unknown as { captureStackTrace?: CaptureStackTrace }).captureStackTrace;
  const holder: { stack?: string } = {};
  let skip = 0;
  if (typeof capture === 'function') capture(holder, wrapper);
  else {
    holder.stack = new Error().stack;
    skip = 3; // the frames of callSite, warnOnce and the wrapper come first here
  }
  const frames = (holder.stack ?? '').split('\n').map((line) => line.trim()).filter((line) => /:\d+:\d+\)?$/.test(line));
  return frames[skip]?.replace(/^at /, '') ?? 'an unknown call site';
}

import { OptionError } from '../../../operators/option-error.js';

/** A scheduled timer; `cancel()` stops it (safe to call twice, or from its own callback). */
export interface TimerHandle {
  /** Its number in its world's timers, from 1 in scheduling order: how a snapshot names it. */
  readonly id: number;
  /** Stops the timer; safe to call twice, or from its own callback. */
  cancel(): void;
  /** Whether it will still fire. */
  readonly active: boolean;
}

/** The names of `T`'s methods: what a method timer may call (public ones: TypeScript sees no other). */
export type MethodName<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T] & string;

/** The arguments of `T`'s method `M`. */
export type MethodArgs<T, M extends keyof T> = T[M] extends (...args: infer P) => unknown ? P : never;

/**
 * How close to its due time a timer counts as due, in seconds. The timers'
 * time is a sum of frame deltas: a delta of 1000/60 ms is not 1/60 s exactly
 * in binary, so 120 of them reach 2 s only to within rounding, and a 2 s timer
 * must still fire on the 120th frame. (The sum is compensated, so the
 * rounding stays far below this over 10^7 frames; see `CompensatedSum`.)
 */
export const TIMER_DUE_TOLERANCE_SECONDS = 1e-9;

/**
 * What a timer runs: a function, or a method of an object, by name, with its
 * arguments. A snapshot can hold the second (the object as a reference into
 * the world, the name and the arguments as data), never the first.
 * @internal
 */
export type TimerCall = { readonly callback: () => void } | { readonly target: object; readonly method: string; readonly args: readonly unknown[] };

/** One timer as its world keeps it; the handle the game holds is this object. @internal */
export class ScheduledTimer implements TimerHandle {
  constructor(
    /** The timers it belongs to (a snapshot refers only to its own world's). */
    readonly owner: Timers,
    readonly id: number,
    /** Where its schedule starts: when it was scheduled, or re-anchored after a long frame. */
    public originSeconds: number,
    /** `originSeconds + steps * periodSeconds` (a one-shot: `origin + delay`, steps 1). */
    public dueSeconds: number,
    /** How many periods after the origin it is due. */
    public steps: number,
    /** The one-shot's delay, or the repeating timer's interval. */
    public periodSeconds: number,
    public repeats: boolean,
    public call: TimerCall,
    public active = true,
  ) {}

  cancel(): void {
    this.active = false;
  }
}

/**
 * Timers on a world's time (for the engine's worlds, `world.activeTime`:
 * the seconds the world was stepped unpaused, so a pause freezes them). They
 * fire in step 6, after the ticks, so a timer observes the world this frame
 * already moved; timers due in the same frame fire in scheduling order. A
 * timer scheduled inside a tick with a delay of 0 fires in that same frame; a
 * timer scheduled inside a timer callback fires from the next frame on.
 *
 * A timer runs a function, or a method of an object by name:
 * `timers.after(2, this, 'serve', 'left')` calls `this.serve('left')`. Only
 * the second kind can be saved (`engine.save()`): a snapshot is data, and a
 * function is code it cannot hold, while a method is found again by its
 * object (an actor, component, controller or game mode of the world, saved
 * as a reference) and its name, with its arguments saved as data.
 *
 * A repeating timer's k-th due time is computed as `origin + k * interval`
 * (one rounding), never by adding the interval k times, so a `every(0.1)`
 * keeps its grid over hours.
 *
 * Firing allocates nothing: the list is compacted in place.
 *
 * @example
 * ```ts
 * class Cannon extends Actor {
 *   override beginPlay() { this.world!.timers.every(0.5, this, 'fire', 300); }
 *   fire(speed: number) { this.world!.spawn(new Shell(speed), this); }
 * }
 * ```
 */
export class Timers {
  private readonly timers: ScheduledTimer[] = [];
  private firing = false;
  private lastId = 0;

  constructor(private readonly now: () => number) {}

  /**
   * Runs `callback` once, `delaySeconds` from now; or, given an object and
   * the name of one of its methods, calls that method with `args` (a timer
   * a snapshot can hold).
   *
   * @throws {OptionError} for a delay that is not a finite number >= 0, a callback that is not a function, or a method name that is not one of the object's methods.
   */
  after(delaySeconds: number, callback: () => void): TimerHandle;
  after<T extends object, M extends MethodName<T>>(delaySeconds: number, target: T, method: M, ...args: MethodArgs<T, M>): TimerHandle;
  after(delaySeconds: number, callbackOrTarget: unknown, method?: string, ...args: unknown[]): TimerHandle {
    if (typeof delaySeconds !== 'number' || !(delaySeconds >= 0) || !Number.isFinite(delaySeconds)) {
      throw new OptionError('timers.after', 'delaySeconds', 'a finite number >= 0', delaySeconds);
    }
    return this.schedule(delaySeconds, false, timerCall('timers.after', callbackOrTarget, method, args));
  }

  /**
   * Runs `callback` every `intervalSeconds`, first after one interval; or,
   * given an object and the name of one of its methods, calls that method
   * with `args` (a timer a snapshot can hold).
   *
   * @throws {OptionError} for an interval that is not a finite number > 0, a callback that is not a function, or a method name that is not one of the object's methods.
   */
  every(intervalSeconds: number, callback: () => void): TimerHandle;
  every<T extends object, M extends MethodName<T>>(intervalSeconds: number, target: T, method: M, ...args: MethodArgs<T, M>): TimerHandle;
  every(intervalSeconds: number, callbackOrTarget: unknown, method?: string, ...args: unknown[]): TimerHandle {
    if (typeof intervalSeconds !== 'number' || !(intervalSeconds > 0) || !Number.isFinite(intervalSeconds)) {
      throw new OptionError('timers.every', 'intervalSeconds', 'a finite number > 0', intervalSeconds);
    }
    return this.schedule(intervalSeconds, true, timerCall('timers.every', callbackOrTarget, method, args));
  }

  /** How many timers will still fire. */
  get size(): number {
    let count = 0;
    for (let i = 0; i < this.timers.length; i++) if (this.timers[i]!.active) count++;
    return count;
  }

  /**
   * Step 6: fires every timer due at the current time, in scheduling order.
   * A repeating timer fires at most once a frame; after a frame longer than
   * its interval it restarts its schedule from now (so a long frame does not
   * fire it in a burst).
   *
   * @param onError Receives what a callback throws; the other timers still fire.
   */
  fireDue(onError: (error: unknown) => void): void {
    const nowSeconds = this.now();
    const timers = this.timers;
    const count = timers.length; // timers scheduled while firing wait for the next frame
    this.firing = true;
    try {
      for (let i = 0; i < count; i++) {
        const timer = timers[i]!;
        if (!timer.active || timer.dueSeconds > nowSeconds + TIMER_DUE_TOLERANCE_SECONDS) continue;
        if (timer.repeats) {
          timer.steps++;
          timer.dueSeconds = timer.originSeconds + timer.steps * timer.periodSeconds;
          if (timer.dueSeconds < nowSeconds) {
            timer.originSeconds = nowSeconds;
            timer.steps = 0;
            timer.dueSeconds = nowSeconds;
          }
        } else {
          timer.active = false;
        }
        try {
          const call = timer.call;
          if ('callback' in call) call.callback();
          else (call.target as Record<string, (...args: readonly unknown[]) => void>)[call.method]!(...call.args);
        } catch (error) {
          onError(error);
        }
      }
    } finally {
      this.firing = false;
      this.compact();
    }
  }

  /** Cancels every timer. */
  clear(): void {
    for (const t of this.timers) t.active = false;
    if (!this.firing) this.timers.length = 0;
  }

  /** The timers that will still fire, in scheduling order, and the latest id handed out: what a snapshot saves. @internal */
  saved(): { readonly timers: readonly ScheduledTimer[]; readonly lastId: number } {
    return { timers: this.timers.filter((timer) => timer.active), lastId: this.lastId };
  }

  /**
   * Replaces every timer with `timers` (from a snapshot), in order, and the
   * id count with `lastId`: a timer of this world's that is not among them
   * turns inactive (its handle says so).
   * @internal
   */
  replace(timers: readonly ScheduledTimer[], lastId: number): void {
    const kept = new Set(timers);
    for (const timer of this.timers) if (!kept.has(timer)) timer.active = false;
    this.timers.length = 0;
    this.timers.push(...timers);
    this.lastId = lastId;
  }

  /** Timer `id`, if it is in the list (scheduled, or cancelled since the last frame): a restore reuses it, so a handle the game holds stays good. @internal */
  record(id: number): ScheduledTimer | undefined {
    return this.timers.find((timer) => timer.id === id);
  }

  private compact(): void {
    const timers = this.timers;
    let kept = 0;
    for (let i = 0; i < timers.length; i++) {
      const timer = timers[i]!;
      if (timer.active) timers[kept++] = timer;
    }
    timers.length = kept;
  }

  private schedule(periodSeconds: number, repeats: boolean, call: TimerCall): TimerHandle {
    const originSeconds = this.now();
    const timer = new ScheduledTimer(this, ++this.lastId, originSeconds, originSeconds + periodSeconds, 1, periodSeconds, repeats, call);
    this.timers.push(timer);
    return timer;
  }
}

/** A timer's call from `after`'s or `every`'s arguments. @throws {OptionError} naming `where` for a callback that is not a function, or a method the target does not have. */
function timerCall(where: string, callbackOrTarget: unknown, method: string | undefined, args: readonly unknown[]): TimerCall {
  if (method === undefined) {
    if (typeof callbackOrTarget !== 'function') throw new OptionError(where, 'callback', 'a function', callbackOrTarget);
    return { callback: callbackOrTarget as () => void };
  }
  if (callbackOrTarget === null || typeof callbackOrTarget !== 'object') throw new OptionError(where, 'target', 'an object (whose method the timer calls)', callbackOrTarget);
  if (typeof (callbackOrTarget as Record<string, unknown>)[method] !== 'function') {
    throw new OptionError(where, 'method', `the name of a method of the target (${callbackOrTarget.constructor.name})`, method);
  }
  return { target: callbackOrTarget, method, args };
}

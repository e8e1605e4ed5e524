import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, map, Subject, type Observable, type Subscription } from 'rxjs';
import { FrameHost, animationFrames, frameHost, manualTicks, timerTicks, type FrameScheduler } from '../../src/index.js';
import { Broadcast } from '../../src/streams/broadcast.js';
import { DEFAULT_HOST_INTERVAL_MS } from '../../src/hosts/animation-frames.js';
import { createHostInterval, estimatedHostIntervalMs, observeHostTick } from '../../operators/index.js';

/** A requestAnimationFrame you fire by hand, counting requests and cancels. */
function fakeScheduler() {
  let next = 1;
  const pending = new Map<number, (t: number) => void>();
  const scheduler: FrameScheduler & { fire(t: number): void; pending: number; requests: number; cancels: number } = {
    requests: 0,
    cancels: 0,
    get pending() {
      return pending.size;
    },
    requestAnimationFrame(callback) {
      scheduler.requests++;
      pending.set(next, callback);
      return next++;
    },
    cancelAnimationFrame(handle) {
      scheduler.cancels++;
      pending.delete(handle);
    },
    fire(t) {
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback(t);
    },
  };
  return scheduler;
}

// Issue #2, hosts: "one requestAnimationFrame for the whole page however many
// loops subscribe; none requested while nobody subscribes; teardown cancels
// the pending frame." Seed (shared-page-loop): "Every engine on a page shares
// one requestAnimationFrame."
describe('the page\'s frames (FrameHost)', () => {
  it('requests nothing while nobody subscribes', () => {
    const raf = fakeScheduler();
    const host = new FrameHost(raf);
    expect(host.requesting).toBe(false);
    expect(raf.requests).toBe(0);
  });

  it('"one requestAnimationFrame for the whole page however many loops subscribe"', () => {
    const raf = fakeScheduler();
    const host = new FrameHost(raf);
    const seen: string[] = [];
    const subs = ['a', 'b', 'c'].map((name) => host.ticks$.subscribe((t) => seen.push(`${name}${t}`)));
    expect(raf.pending).toBe(1);
    raf.fire(16);
    raf.fire(33);
    expect(seen).toEqual(['a16', 'b16', 'c16', 'a33', 'b33', 'c33']);
    expect(raf.requests).toBe(3); // the first request, then one per frame
    expect(raf.pending).toBe(1);
    subs.forEach((s) => s.unsubscribe());
  });

  it('"teardown cancels the pending frame" when the last subscriber leaves', () => {
    const raf = fakeScheduler();
    const host = new FrameHost(raf);
    const a = host.ticks$.subscribe();
    const b = host.ticks$.subscribe();
    a.unsubscribe();
    expect(raf.pending).toBe(1);
    b.unsubscribe();
    expect(raf.pending).toBe(0);
    expect(raf.cancels).toBe(1);
    expect(host.requesting).toBe(false);
  });

  it('stops requesting when the last subscriber leaves inside a frame: the next frame is requested after the listeners, so there is nothing to cancel', () => {
    const raf = fakeScheduler();
    const host = new FrameHost(raf);
    const sub = host.ticks$.subscribe(() => sub.unsubscribe());
    raf.fire(16);
    expect(raf.pending).toBe(0);
    expect(raf.requests).toBe(1); // the first request only: none made and cancelled in the frame
    expect(raf.cancels).toBe(0);
  });

  it('a listener added inside a frame (with the others gone) gets the next frame, from the one request at the frame\'s end', () => {
    const raf = fakeScheduler();
    const host = new FrameHost(raf);
    const seen: number[] = [];
    const first = host.listen(() => {
      first();
      host.listen((t) => seen.push(t));
    });
    raf.fire(16);
    expect(raf.requests).toBe(2);
    expect(raf.cancels).toBe(0);
    raf.fire(33);
    expect(seen).toEqual([33]);
    expect(host.frameCount).toBe(2);
  });

  it('"Nothing a game does can break the page\'s shared requestAnimationFrame": the next frame is requested after the listeners ran, in a finally, even when the error handler throws', () => {
    const raf = fakeScheduler();
    const host = new FrameHost(raf, () => {
      throw new Error('the handler, too');
    });
    host.listen(() => {
      throw new Error('game bug');
    });
    expect(() => raf.fire(16)).toThrow('the handler, too');
    expect(raf.pending, 'the page\'s frames go on').toBe(1);
    expect(host.inFrame).toBe(false);
  });

  it('"Nothing a game does can break the page\'s shared requestAnimationFrame": a throwing listener is reported and the others run', () => {
    const raf = fakeScheduler();
    const errors: unknown[] = [];
    const host = new FrameHost(raf, (e) => errors.push(e));
    // A listener that throws past RxJS (as a misconfigured global error handler would make one).
    const listeners = (host as unknown as { listeners: Broadcast<number> }).listeners;
    listeners.add(() => {
      throw new Error('game bug');
    });
    const seen: number[] = [];
    const sub = host.ticks$.subscribe((t) => seen.push(t));
    raf.fire(16);
    raf.fire(33);
    expect(seen).toEqual([16, 33]);
    expect(errors).toHaveLength(2);
    expect(raf.pending).toBe(1);
    sub.unsubscribe();
  });

  it('frameHost() and animationFrames() share one host per scheduler', () => {
    const raf = fakeScheduler();
    expect(frameHost(raf)).toBe(frameHost(raf));
    const a = animationFrames(raf).subscribe();
    const b = animationFrames(raf).subscribe();
    expect(raf.requests).toBe(1);
    a.unsubscribe();
    b.unsubscribe();
  });

  it('explains what to use in Node, where there is no requestAnimationFrame', () => {
    expect(() => animationFrames()).toThrow('animationFrames: there is no requestAnimationFrame here; in Node use timerTicks() or manualTicks()');
  });
});

// Issue 19: "two host-interval estimates that disagree (the pacing grid takes
// the longest recent interval, the page clock the shortest)"; the page engine
// takes "FrameHost's one host-interval estimate".
describe('FrameHost.hostIntervalMs: the one host-interval estimate, over frames run back to back', () => {
  it('reads 60 Hz before two frames ran back to back, then what estimatedHostIntervalMs reads for those frames', () => {
    const raf = fakeScheduler();
    const host = new FrameHost(raf);
    expect(host.hostIntervalMs).toBe(DEFAULT_HOST_INTERVAL_MS);
    expect(DEFAULT_HOST_INTERVAL_MS).toBeCloseTo(1000 / 60, 12);
    const stop = host.listen(() => {});
    // 144 Hz with ±1 ms of jitter and a dropped frame, long enough for the mean to settle.
    const jitterMs = [0.8, -1, 0.3, 1, -0.6];
    const frames = Array.from({ length: 60 }, (_, k) => 1000 + ((k < 30 ? k : k + 1) * 1000) / 144 + jitterMs[k % 5]!);
    const same = createHostInterval();
    for (const t of frames) {
      raf.fire(t);
      observeHostTick(same, t);
      expect(host.hostIntervalMs).toBe(Number.isNaN(estimatedHostIntervalMs(same)) ? DEFAULT_HOST_INTERVAL_MS : estimatedHostIntervalMs(same));
    }
    stop();
  });

  it('leaves out the time before a frame requested from idle, and keeps what it knew', () => {
    const raf = fakeScheduler();
    const host = new FrameHost(raf);
    let stop = host.listen(() => {});
    for (let k = 0; k <= 40; k++) raf.fire(1000 + k * 10); // 100 Hz, back to back
    expect(host.hostIntervalMs).toBe(10);
    stop(); // nobody listens: no frame is requested
    stop = host.listen(() => {}); // requested from idle
    raf.fire(9000); // 7.6 s after the last frame: not an interval of the display's
    expect(host.hostIntervalMs).toBe(10);
    raf.fire(9010);
    expect(host.hostIntervalMs).toBe(10);
    stop();
  });

  it('learns from the frames requested from idle whether the host stamps them with the vsync just past', () => {
    const raf = fakeScheduler();
    const host = new FrameHost(raf);
    const now = vi.spyOn(performance, 'now');
    try {
      expect(host.idleFramesStampedPast).toBe(false);
      for (const requestedAtMs of [100, 200, 300]) {
        now.mockReturnValue(requestedAtMs);
        const stop: () => void = host.listen(() => stop()); // a request from idle; the listener leaves in its frame
        raf.fire(requestedAtMs - 5); // stamped before the request: the vsync just past
      }
      expect(host.idleFramesStampedPast).toBe(true);
      for (const requestedAtMs of [400, 500, 600, 700]) {
        now.mockReturnValue(requestedAtMs);
        const stop: () => void = host.listen(() => stop());
        raf.fire(requestedAtMs + 6); // stamped with the next vsync
      }
      expect(host.idleFramesStampedPast).toBe(false);
    } finally {
      now.mockRestore();
    }
  });
});

describe('Broadcast (listener storage)', () => {
  it('calls a listener added during an emission from the next emission on', () => {
    const b = new Broadcast<number>();
    const seen: string[] = [];
    b.add((v) => {
      seen.push(`a${v}`);
      if (v === 1) b.add((w) => seen.push(`late${w}`));
    });
    b.emit(1);
    b.emit(2);
    expect(seen).toEqual(['a1', 'a2', 'late2']);
  });

  it('does not call a listener removed during an emission, even later in that emission', () => {
    const b = new Broadcast<number>();
    const seen: string[] = [];
    let removeB = (): void => {};
    b.add(() => {
      seen.push('a');
      removeB();
    });
    removeB = b.add(() => seen.push('b'));
    b.add(() => seen.push('c'));
    b.emit(1);
    expect(seen).toEqual(['a', 'c']);
    expect(b.size).toBe(2);
  });

  it('hands a throwing listener\'s error to onError and runs the rest', () => {
    const b = new Broadcast<number>();
    const seen: unknown[] = [];
    b.add(() => {
      throw new Error('x');
    });
    b.add((v) => seen.push(v));
    b.emitIsolated(7, (e) => seen.push((e as Error).message));
    expect(seen).toEqual(['x', 7]);
  });
});

// A Broadcast's Observable is a plain RxJS Observable: each rule below is
// RxJS's, checked against RxJS's own behaviour for the same subscribe on a
// Subject.
describe('Broadcast.asObservable() follows RxJS\'s rules, as a Subject does', () => {
  afterEach(() => {
    config.onUnhandledError = null;
  });

  /** The same subscriber on a Broadcast's Observable and on a Subject, and what each saw. */
  function both(subscribe: (source: Observable<number>, seen: unknown[]) => Subscription) {
    const broadcast = new Broadcast<number>();
    const subject = new Subject<number>();
    const seen = { broadcast: [] as unknown[], subject: [] as unknown[] };
    const subscriptions = {
      broadcast: subscribe(broadcast.asObservable(), seen.broadcast),
      subject: subscribe(subject, seen.subject),
    };
    return {
      seen,
      subscriptions,
      emit: (v: number) => {
        broadcast.emit(v);
        subject.next(v);
      },
      complete: () => {
        broadcast.complete();
        subject.complete();
      },
    };
  }

  it('a throw in the function is reported asynchronously to config.onUnhandledError, and the subscription goes on', async () => {
    const reported: unknown[] = [];
    config.onUnhandledError = (error) => reported.push((error as Error).message);
    const run = both((source, seen) =>
      source.subscribe((v) => {
        seen.push(v);
        if (v === 1) throw new Error(`bad ${v}`);
      }),
    );
    run.emit(1);
    run.emit(2);
    expect(reported).toEqual([]); // not yet: RxJS reports on a timeout
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reported).toEqual(['bad 1', 'bad 1']);
    expect(run.seen.broadcast).toEqual([1, 2]);
    expect(run.seen.broadcast).toEqual(run.seen.subject);
  });

  it('the subscription closes when the stream completes; unsubscribing stops the calls', () => {
    const run = both((source, seen) => source.subscribe((v) => seen.push(v)));
    run.emit(1);
    run.subscriptions.broadcast.unsubscribe();
    run.subscriptions.subject.unsubscribe();
    run.emit(2);
    expect(run.seen.broadcast).toEqual([1]);
    expect(run.seen.broadcast).toEqual(run.seen.subject);

    const ended = both((source, seen) => source.subscribe((v) => seen.push(v)));
    ended.complete();
    expect(ended.subscriptions.broadcast.closed).toBe(true);
    expect(ended.subscriptions.subject.closed).toBe(true);
  });

  it('an observer object and a piped operator still go through RxJS, with complete', () => {
    const run = both((source, seen) => {
      const subscription = source.subscribe({ next: (v) => seen.push(v), complete: () => seen.push('done') });
      subscription.add(source.pipe(map((v) => v * 10)).subscribe((v) => seen.push(v)));
      return subscription;
    });
    run.emit(1);
    run.complete();
    expect(run.seen.broadcast).toEqual([1, 10, 'done']);
    expect(run.seen.broadcast).toEqual(run.seen.subject);
  });
});

describe('manualTicks()', () => {
  it('delivers each tick synchronously to every subscriber', () => {
    const host = manualTicks(100);
    const seen: number[] = [];
    host.ticks$.subscribe((t) => seen.push(t));
    host.ticks$.subscribe((t) => seen.push(-t));
    expect(host.nowMs).toBe(100);
    host.advance(10);
    host.tick(500);
    host.advance();
    expect(seen).toEqual([110, -110, 500, -500, 500 + 1000 / 60, -(500 + 1000 / 60)]);
    expect(host.nowMs).toBe(500 + 1000 / 60);
  });

  it('rejects a bad step', () => {
    expect(() => manualTicks().advance(-1)).toThrow('manualTicks.advance: ms must be a finite number >= 0, got -1');
  });
});

describe('timerTicks()', () => {
  afterEach(() => vi.useRealTimers());

  it('ticks on an ideal grid with now() timestamps, and clears its timer on unsubscribe', () => {
    vi.useFakeTimers();
    let nowMs = 0;
    const seen: number[] = [];
    const sub = timerTicks({ intervalMs: 10, now: () => nowMs }).subscribe((t) => seen.push(t));
    for (let i = 0; i < 5; i++) {
      nowMs += 10;
      vi.advanceTimersByTime(10);
    }
    expect(seen).toEqual([10, 20, 30, 40, 50]);
    sub.unsubscribe();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects a bad interval', () => {
    expect(() => timerTicks({ intervalMs: 0 })).toThrow('timerTicks: intervalMs must be a finite number > 0, got 0');
  });
});

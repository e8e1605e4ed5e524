import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { nullBackend } from '../../src/index.js';
import { forgetWarnedCallSites } from '../../src/engines/shell/nondeterminism-warnings.js';
import { createStateEngine, type UpdateContext } from '../../src/engines/state/index.js';
import type { DeepReadonly } from '../../src/engines/state/readonly-view.js';
import { DEFAULT_ROLLBACK_TICKS, DEFAULT_SYNC_TEST_TICKS, RESIMULATION_CLOCK_SHIFT_MS, syncTest } from '../../src/replay/sync-test.js';

// Issue 20, item 4: "every tick, rolls back k ticks (default 2), re-simulates
// them and compares hashes, and reports the first tick and field that
// differ. It catches a behavior that calls Math.random(), Date.now() or
// iterates an insertion-ordered collection filled in a different order; show
// each of those three caught in a test."

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  forgetWarnedCallSites();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {}); // the development warnings, captured
});
afterEach(() => vi.restoreAllMocks());

/** A state engine around `update`, headless. */
function stateGame<T>(initial: T, update: (view: DeepReadonly<T>, context: UpdateContext) => T) {
  return () => createStateEngine({ backend: nullBackend(), initial, update });
}

interface Ball {
  readonly x: number;
  readonly v: number;
  readonly t: number;
  readonly frames: number;
  readonly hits: ReadonlyMap<string, number>;
}

/** A deterministic game: its step reads only its state, its input, dt, the frame counters and engine.random. */
function deterministicBall(pressed: () => boolean) {
  return stateGame<Ball>({ x: 0, v: 1, t: 0, frames: 0, hits: new Map() }, (s, { dt, random, frame }) => {
    const kick = pressed() ? random.next() * 10 : 0;
    const v = s.v + kick - 0.5 * s.v * dt;
    const hits = new Map(s.hits);
    if (kick > 0) hits.set(`f${frame.count}`, kick);
    return { x: s.x + v * dt, v, t: frame.timeMs, frames: frame.count, hits };
  });
}

describe('syncTest on the state engine', () => {
  it('a deterministic game (engine.random, input, dt, frame counters, a Map in its state) passes every rollback', async () => {
    let pressed = false;
    const report = await syncTest(deterministicBall(() => pressed), { ticks: 90, input: (_engine, tick) => void (pressed = tick % 7 === 3) });
    expect(report).toEqual({ ok: true, ticks: 90, rollback: DEFAULT_ROLLBACK_TICKS });
  });

  it('defaults: 120 ticks, rolled back 2 at a time', async () => {
    expect([DEFAULT_SYNC_TEST_TICKS, DEFAULT_ROLLBACK_TICKS]).toEqual([120, 2]);
    let updates = 0;
    const report = await syncTest(stateGame(0, (n) => (updates++, n + 1)));
    expect(report).toEqual({ ok: true, ticks: 120, rollback: 2 });
    // 120 first runs; from tick 1 on, each tick re-runs the last 2.
    expect(updates).toBe(120 + 119 * 2);
  });

  it('catches Math.random(): the first tick it is called in, the field it changed, first run against re-simulation', async () => {
    const report = await syncTest(
      stateGame({ tick: 0, x: 0 }, (s) => ({ tick: s.tick + 1, x: s.tick >= 10 ? s.x + Math.random() : s.x + 1 })),
      { ticks: 30 },
    );
    expect(report.ok).toBe(false);
    // Ticks are numbered as the engine counts its frames: the update that sees s.tick = 10 runs in tick 11.
    expect(report.firstMismatch?.tick).toBe(11);
    expect(report.ticks).toBe(11); // stopped at the first mismatch: tick 11 re-run right after it
    const fields = report.firstMismatch!.fields;
    expect(fields.map((f) => f.path)).toEqual(['.state.x']);
    expect(fields[0]!.expected).not.toBe(fields[0]!.actual);
    expect(report.firstMismatch!.expectedHash).not.toBe(report.firstMismatch!.actualHash);
    // The development warning pointed at the same line.
    expect(warn.mock.calls.some(([message]) => String(message).includes('Math.random() was called in phase "update" of the state engine'))).toBe(true);
  });

  it('catches Date.now(), even within the same millisecond: re-simulated ticks see the wall clock moved', async () => {
    // Whole seconds of the clock: the sync test's shift of an hour moves them by 3600 (609 mod 997) every time. (Date.now() % 1000
    // would not see it: an hour is a whole number of seconds, so it caught the clock only when a millisecond passed, 1 run in 6.)
    const report = await syncTest(stateGame({ seed: 0 }, (s) => ({ seed: (s.seed + Math.floor(Date.now() / 1000)) % 997 })), { ticks: 10 });
    expect(report.ok).toBe(false);
    expect(report.firstMismatch?.tick).toBe(1);
    expect(report.firstMismatch?.fields.map((f) => f.path)).toEqual(['.state.seed']);
  });

  it('catches a step that reads the clock modulo a minute (the shift is no whole number of seconds, minutes, hours or days)', async () => {
    // Issue 26: "syncTest misses a step reading Date.now() modulo a minute (the re-simulation's clock shift is exactly one hour)".
    expect(RESIMULATION_CLOCK_SHIFT_MS % 1000).not.toBe(0);
    for (const unit of [60_000, 3_600_000, 86_400_000]) expect(RESIMULATION_CLOCK_SHIFT_MS % unit, `modulo ${unit}`).not.toBe(0);
    const report = await syncTest(stateGame({ minute: 0 }, () => ({ minute: Math.floor((Date.now() % 60_000) / 1000) })), { ticks: 10 });
    expect(report.ok).toBe(false);
    expect(report.firstMismatch?.fields.map((f) => f.path)).toEqual(['.state.minute']);
  });

  it('catches new Date() (with no argument: it reads the clock), and warns about it in development', async () => {
    // Issue 26: "`new Date()` is neither shifted nor warned about."
    const report = await syncTest(stateGame({ minuteOfDay: 0 }, () => {
      const now = new Date();
      return { minuteOfDay: now.getUTCHours() * 60 + now.getUTCMinutes() };
    }), { ticks: 10 });
    expect(report.ok).toBe(false);
    expect(report.firstMismatch?.tick).toBe(1);
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([expect.stringContaining('tickflow: new Date() was called in phase "update" of the state engine, at ')]);
    expect(new Date(0).getTime(), 'a Date of a given time is not touched').toBe(0);
    expect(globalThis.Date.name, 'the platform Date is back after the test').toBe('Date');
  });

  it('catches performance.now() the same way', async () => {
    const report = await syncTest(stateGame({ at: 0 }, () => ({ at: Math.floor(performance.now()) })), { ticks: 10 });
    expect(report.firstMismatch?.tick).toBe(1);
  });

  it('catches iteration over an insertion-ordered collection kept outside the state: the rollback does not put its order back', async () => {
    // Players take turns in the order of a Set the game keeps beside its
    // state; whoever acted last goes to the back. After a rollback the Set
    // holds the order the later ticks left, so the same tick runs in another order.
    const names = ['ann', 'bob', 'cyd'];
    const queue = new Set(names);
    const report = await syncTest(
      stateGame({ tick: 0, seats: {} as Record<string, number> }, (s) => {
        const actor = names[s.tick % names.length]!;
        queue.delete(actor);
        queue.add(actor);
        const seats: Record<string, number> = {};
        let seat = 0;
        for (const name of queue) seats[name] = seat++;
        return { tick: s.tick + 1, seats };
      }),
      { ticks: 20 },
    );
    expect(report.ok).toBe(false);
    expect(report.firstMismatch!.tick).toBeLessThan(4);
    expect(report.firstMismatch!.fields.length).toBeGreaterThan(0);
    expect(report.firstMismatch!.fields.every((f) => f.path.startsWith('.state.seats'))).toBe(true);
  });

  it('the same game with its order in its state passes (the fix the report points to)', async () => {
    const names = ['ann', 'bob', 'cyd'];
    const report = await syncTest(
      stateGame({ tick: 0, queue: names as readonly string[], seats: {} as Record<string, number> }, (s) => {
        const actor = names[s.tick % names.length]!;
        const queue = [...s.queue.filter((n) => n !== actor), actor];
        const seats: Record<string, number> = {};
        queue.forEach((name, seat) => (seats[name] = seat));
        return { tick: s.tick + 1, queue, seats };
      }),
      { ticks: 20 },
    );
    expect(report.ok).toBe(true);
  });

  it('property: for any rollback depth, a deterministic game passes and one that draws Math.random() from tick m on fails at tick m', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 1000 }), async (k, m, stepMs) => {
        const clean = await syncTest(deterministicBall(() => true), { ticks: 25, rollback: k, deltaMs: (tick) => stepMs / 100 + tick });
        expect(clean).toEqual({ ok: true, ticks: 25, rollback: k });
        const dirty = await syncTest(stateGame({ tick: 0, x: 0 }, (s) => ({ tick: s.tick + 1, x: s.tick >= m ? Math.random() : 0 })), { ticks: 25, rollback: k });
        expect(dirty.ok).toBe(false);
        expect(dirty.firstMismatch?.tick).toBe(m + 1); // the update that sees s.tick = m runs in tick m + 1
        // Found as soon as tick m + 1 is re-simulated: after tick max(m + 1, k).
        expect(dirty.ticks).toBe(Math.max(m + 1, k));
      }),
      { numRuns: 25 },
    );
  });

  it('a re-simulated tick gets the same delta and the same frame counters as the first time', async () => {
    const seen: string[] = [];
    await syncTest(
      stateGame(0, (n, { dt, frame }) => {
        seen.push(`${frame.count}:${frame.timeMs}:${dt}`);
        return n + 1;
      }),
      { ticks: 4, rollback: 2, deltaMs: (tick) => 10 * tick },
    );
    // tick 1; tick 2 then re-run 1, 2; tick 3 then re-run 2, 3; tick 4 then re-run 3, 4: tick n is frame n.
    expect(seen).toEqual(['1:10:0.01', '2:30:0.02', '1:10:0.01', '2:30:0.02', '3:60:0.03', '2:30:0.02', '3:60:0.03', '4:100:0.04', '3:60:0.03', '4:100:0.04']);
  });

  it('destroys the engine it built', async () => {
    let engine: ReturnType<ReturnType<typeof stateGame<number>>> | undefined;
    const build = stateGame(0, (n) => n + 1);
    await syncTest(() => (engine = build()), { ticks: 3 });
    expect(engine?.destroyed).toBe(true);
  });

  describe('bad input: an error naming the option, the value and the rule', () => {
    const build = stateGame(0, (n) => n + 1);
    it.each([
      [{ ticks: 0 }, 'syncTest: ticks must be a whole number >= 1, got 0'],
      [{ rollback: 1.5 }, 'syncTest: rollback must be a whole number >= 1, got 1.5'],
      [{ deltaMs: -1 }, 'syncTest: deltaMs must be a finite number >= 0 or a function (tick) => ms, got -1'],
      [{ input: 3 }, 'syncTest: input must be a function (engine, tick) => void, got 3'],
      [{ rolback: 2 }, "syncTest: unknown option 'rolback'; did you mean 'rollback'?"],
    ])('%o', async (options, message) => {
      await expect(syncTest(build, options as never)).rejects.toThrow(message);
      await expect(syncTest(build, options as never)).rejects.toThrow(OptionError);
    });
    it('a build that makes no engine the sync test can roll back', async () => {
      await expect(syncTest((() => ({})) as never)).rejects.toThrow('syncTest: build must be a function that returns a tickflow engine');
      await expect(syncTest(3 as never)).rejects.toThrow('syncTest: build must be a function that builds a tickflow engine, got 3');
    });
  });
});

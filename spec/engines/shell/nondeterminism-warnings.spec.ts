import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRapier3d } from 'tickflow/rapier3d';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { constantClock, nullBackend } from '../../../src/index.js';
import { forgetWarnedCallSites } from '../../../src/engines/shell/nondeterminism-warnings.js';
import { createStateEngine } from '../../../src/engines/state/index.js';
import { createRuntime } from '../../../src/engines/runtime/index.js';
import { buildWithHook, PRESET_FACTORIES, type HookedPreset } from './presets-with-hook.js';

// Issue 20, item 5: "in development builds, a warning (once per call site)
// when Math.random, Date.now or performance.now is called inside a fixed step
// or update".

const PRESETS = Object.keys(PRESET_FACTORIES) as HookedPreset['name'][];
/** Where each preset's hook runs (buildWithHook), as the warning names it. */
const HOOK_PHASE = { world: 'actors', state: 'update', systems: 'update', runtime: 'tick', page: 'step' } as const;
const LABEL = { world: 'world engine', state: 'state engine', systems: 'systems engine', runtime: 'runtime', page: "page engine 'drawer'" } as const;

const ORIGINAL = { random: Math.random, dateNow: Date.now, perfNow: performance.now };
const DESCRIPTORS = {
  random: Object.getOwnPropertyDescriptor(Math, 'random'),
  dateNow: Object.getOwnPropertyDescriptor(Date, 'now'),
  perfNow: Object.getOwnPropertyDescriptor(performance, 'now'),
};

/** Whether the three globals are the platform's own, exactly as before (same function, same own property or none). */
function untouched(): boolean {
  return (
    Math.random === ORIGINAL.random &&
    Date.now === ORIGINAL.dateNow &&
    performance.now === ORIGINAL.perfNow &&
    sameDescriptor(Object.getOwnPropertyDescriptor(Math, 'random'), DESCRIPTORS.random) &&
    sameDescriptor(Object.getOwnPropertyDescriptor(Date, 'now'), DESCRIPTORS.dateNow) &&
    sameDescriptor(Object.getOwnPropertyDescriptor(performance, 'now'), DESCRIPTORS.perfNow)
  );
}

function sameDescriptor(a: PropertyDescriptor | undefined, b: PropertyDescriptor | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.value === b.value && a.writable === b.writable && a.enumerable === b.enumerable && a.configurable === b.configurable;
}

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  forgetWarnedCallSites();
  // Captured, never printed.
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  expect(untouched()).toBe(true);
});

function messages(): string[] {
  return warn.mock.calls.map((call) => String(call[0]));
}

describe('development warnings for Math.random, Date.now and performance.now in a step', () => {
  it.each(PRESETS)('%s: each of the three calls in a simulation phase warns once per call site, naming the engine, the phase, the call site and the fix', async (name) => {
    const seenInside: boolean[] = [];
    const preset = await buildWithHook(name, { determinismWarnings: true }, () => {
      seenInside.push(Math.random !== ORIGINAL.random);
      Math.random();
      Date.now();
      performance.now();
    });
    for (let i = 0; i < 3; i++) preset.frame();
    expect(untouched()).toBe(true); // between frames: the platform's own functions
    preset.destroy();
    expect(seenInside).toEqual([true, true, true]);
    const lines = messages();
    expect(lines).toHaveLength(3); // three call sites, three frames: once each
    const [random, dateNow, perfNow] = lines as [string, string, string];
    for (const [line, fn] of [[random, 'Math.random'], [dateNow, 'Date.now'], [perfNow, 'performance.now']] as const) {
      expect(line).toContain(`${fn}() was called in phase "${HOOK_PHASE[name]}" of the ${LABEL[name]}`);
      expect(line).toMatch(/at .*nondeterminism-warnings\.spec\.ts:\d+:\d+/);
    }
    expect(random).toContain('engine.random.next()');
    expect(dateNow).toContain("the frame's delta (dt)");
    expect(perfNow).toContain("the frame's delta (dt)");
    // Three different lines of this file.
    const sites = lines.map((line) => /nondeterminism-warnings\.spec\.ts:(\d+:\d+)/.exec(line)![1]);
    expect(new Set(sites).size).toBe(3);
  });

  it('two call sites of Math.random warn twice; the same site in a later frame or another engine does not warn again', async () => {
    const drawTwice = (): void => {
      Math.random();
      Math.random();
    };
    const a = await buildWithHook('state', { determinismWarnings: true }, drawTwice);
    const b = await buildWithHook('world', { determinismWarnings: true }, drawTwice);
    a.frame();
    a.frame();
    b.frame();
    expect(messages()).toHaveLength(2);
    a.destroy();
    b.destroy();
  });

  it('the values are the platform\'s own: a wrapper warns and passes the call through', async () => {
    let drawn = -1;
    let now = -1;
    const preset = await buildWithHook('state', { determinismWarnings: true }, () => {
      drawn = Math.random();
      now = Date.now();
    });
    const before = Date.now();
    preset.frame();
    expect(drawn >= 0 && drawn < 1).toBe(true);
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    preset.destroy();
  });

  it('a function replaced between frames (a test\'s spy) is the one the wrapper calls, and the one put back after the phase', async () => {
    const drawn: number[] = [];
    const preset = await buildWithHook('state', { determinismWarnings: true }, () => void drawn.push(Math.random()));
    preset.frame();
    const spy = vi.spyOn(Math, 'random').mockReturnValue(0.25);
    preset.frame();
    expect(Math.random).toBe(spy); // put back: the spy, not the platform's function
    expect(spy).toHaveBeenCalledTimes(1); // through the wrapper
    spy.mockRestore();
    preset.frame();
    preset.destroy();
    expect(drawn[1]).toBe(0.25);
    expect(drawn[2]).not.toBe(0.25);
    expect(untouched()).toBe(true);
  });

  it('a call a builtin makes for the game (array.map(Math.random)) is reported at the game\'s line', async () => {
    const preset = await buildWithHook('state', { determinismWarnings: true }, () => void [0, 1].map(Math.random));
    preset.frame();
    preset.destroy();
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toMatch(/at .*nondeterminism-warnings\.spec\.ts:\d+:\d+/);
  });

  it.each(PRESETS)('%s: with determinismWarnings: false nothing is wrapped, even inside the phase, and nothing warns', async (name) => {
    const inside: boolean[] = [];
    const preset = await buildWithHook(name, { determinismWarnings: false }, () => {
      inside.push(untouched());
      Math.random();
      Date.now();
      performance.now();
    });
    preset.frame();
    preset.frame();
    preset.destroy();
    expect(inside).toEqual([true, true]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('outside the simulation phases nothing is wrapped: the state engine\'s render, and between frames', () => {
    const seen: Record<string, boolean> = {};
    const engine = createStateEngine({
      backend: nullBackend(),
      initial: 0,
      determinismWarnings: true,
      clock: constantClock(1000 / 60),
      update: (n) => {
        seen.update = untouched();
        return n + 1;
      },
      render: () => {
        seen.render = untouched();
        Math.random(); // presentation may use it: no warning
      },
    });
    expect(untouched()).toBe(true);
    engine.advance();
    expect(seen).toEqual({ update: false, render: true });
    expect(warn).not.toHaveBeenCalled();
    engine.destroy();
  });

  it('the functions are put back even when the hook throws', () => {
    const boom = new Error('boom');
    const engine = createStateEngine({
      backend: nullBackend(),
      initial: 0,
      determinismWarnings: true,
      clock: constantClock(1000 / 60),
      onError: () => {},
      update: () => {
        Math.random();
        throw boom;
      },
    });
    expect(() => engine.advance()).toThrow(boom);
    expect(untouched()).toBe(true);
    expect(messages()).toHaveLength(1);
    engine.destroy();
  });

  it('the default follows the build: on unless process.env.NODE_ENV is "production"', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const inProduction: boolean[] = [];
    const production = await buildWithHook('state', {}, () => void inProduction.push(untouched()));
    production.frame();
    production.destroy();
    vi.stubEnv('NODE_ENV', 'development');
    const inDevelopment: boolean[] = [];
    const development = await buildWithHook('state', {}, () => void inDevelopment.push(untouched()));
    development.frame();
    development.destroy();
    expect(inProduction).toEqual([true]);
    expect(inDevelopment).toEqual([false]);
  });

  it('a call from a dependency (a file under node_modules) is not the game\'s line to fix: passed through, not reported', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tickflow-warnings-'));
    const dir = join(root, 'node_modules', 'noisy-lib');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'index.mjs');
    writeFileSync(file, 'export function stamp() { return Date.now() + Math.random(); }\n');
    try {
      const { stamp } = (await import(/* @vite-ignore */ file)) as { stamp: () => number };
      let stamped = 0;
      const preset = await buildWithHook('state', { determinismWarnings: true }, () => {
        stamped = stamp();
        Math.random(); // the game's own line still warns
      });
      preset.frame();
      preset.destroy();
      expect(stamped).toBeGreaterThan(0);
      expect(messages()).toHaveLength(1);
      expect(messages()[0]).toMatch(/nondeterminism-warnings\.spec\.ts:\d+:\d+/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('the runtime\'s physics step (Rapier times itself with performance.now()) warns nothing; a behavior\'s own call in the same tick does', async () => {
    const physics = await createRapier3d();
    const runtime = createRuntime({
      scene: { objects: [{ name: 'ball', position: [0, 2, 0], body: { colliders: [{ shape: 'ball', radius: 0.5 }] }, behaviors: ['timed'] }] },
      behaviors: { timed: () => ({ fixedUpdate: () => void Date.now() }) },
      physics,
      determinismWarnings: true,
      ticks: { subscribe: () => ({ unsubscribe: () => {} }) },
      onError: (error) => {
        throw error;
      },
    });
    for (let i = 0; i < 5; i++) runtime.advance(i * (1000 / 60));
    runtime.destroy();
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toContain('Date.now() was called in phase "tick" of the runtime');
    expect(messages().join('\n')).not.toContain('rapier');
  });
});

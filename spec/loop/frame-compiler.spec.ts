import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoop, manualTicks, sequenceClock, wallClock } from '../../src/index.js';
import { compiledTickCount, frameCompilerSettings } from '../../src/loop/frame-compiler.js';
import { map } from 'rxjs';

// When a loop compiles its tick (src/loop/frame-compiler.ts). What a
// compiled tick does is checked against the general path in
// spec/loop/loop.spec.ts (every spec, both ways) and
// spec/properties/compiled-tick.spec.ts (random scripts, both ways).

const H = 1000 / 60;

function loopWithHandler(options: { compileFrames?: boolean } = {}) {
  const host = manualTicks(0);
  const seen: number[] = [];
  const loop = createLoop({ ticks: host.ticks$, clock: wallClock(), phases: ['update'], ...options });
  loop.on('update', (dt) => seen.push(dt));
  loop.start();
  return { host, loop, seen };
}

describe('when a loop compiles its tick', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it(`compiles once its listeners and clock have held still for ${frameCompilerSettings.stableFrames} ticks, not before`, () => {
    const { host, loop, seen } = loopWithHandler();
    const before = compiledTickCount();
    for (let i = 0; i < frameCompilerSettings.stableFrames; i++) host.advance(H);
    expect(compiledTickCount()).toBe(before);
    host.advance(H);
    expect(compiledTickCount()).toBe(before + 1);
    for (let i = 0; i < 10; i++) host.advance(H);
    expect(compiledTickCount()).toBe(before + 1); // once, not per tick
    expect(seen).toHaveLength(frameCompilerSettings.stableFrames + 11);
    loop.destroy();
  });

  it('a loop whose handlers come and go every frame never compiles (it would recompile every frame)', () => {
    const { host, loop } = loopWithHandler();
    const before = compiledTickCount();
    for (let i = 0; i < 100; i++) {
      const once = loop.on('update', () => once.unsubscribe());
      host.advance(H);
    }
    expect(compiledTickCount()).toBe(before);
    loop.destroy();
  });

  it('a new clock drops the compiled tick (it holds the old clock\'s step) and is compiled in turn', () => {
    const { host, loop, seen } = loopWithHandler();
    for (let i = 0; i <= frameCompilerSettings.stableFrames; i++) host.advance(H);
    const compiled = compiledTickCount();
    loop.setClock(sequenceClock([5, 10]));
    host.advance(H);
    host.advance(H);
    expect(seen.slice(-2)).toEqual([0.005, 0.01]); // the new clock's deltas, not the wall's
    for (let i = 0; i < frameCompilerSettings.stableFrames; i++) host.advance(H);
    expect(compiledTickCount()).toBe(compiled + 1);
    expect(seen.slice(-2)).toEqual([0.005, 0.01]); // still the sequence, in turn, after the compile
    loop.destroy();
  });

  it('a custom clock (an RxJS operator) stays on the general path', () => {
    const host = manualTicks(0);
    const loop = createLoop({ ticks: host.ticks$, clock: map(() => 8), phases: ['update'] });
    const seen: number[] = [];
    loop.on('update', (dt) => seen.push(dt));
    loop.start();
    const before = compiledTickCount();
    for (let i = 0; i < 3 * frameCompilerSettings.stableFrames; i++) host.advance(H);
    expect(compiledTickCount()).toBe(before);
    expect(seen.every((dt) => dt === 0.008)).toBe(true);
    loop.destroy();
  });

  it('compileFrames: false never compiles', () => {
    const { host, loop, seen } = loopWithHandler({ compileFrames: false });
    const before = compiledTickCount();
    for (let i = 0; i < 3 * frameCompilerSettings.stableFrames; i++) host.advance(H);
    expect(compiledTickCount()).toBe(before);
    expect(seen).toHaveLength(3 * frameCompilerSettings.stableFrames);
    loop.destroy();
  });

  // Must run last in this file: once compiling is refused, the module stops trying.
  it('where a Content Security Policy forbids compiling (new Function throws EvalError), the loop runs the general path and the same frames', () => {
    const refused = vi.fn(function refusedByPolicy() {
      throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not allowed");
    });
    vi.stubGlobal('Function', refused);
    const { host, loop, seen } = loopWithHandler();
    for (let i = 0; i < 3 * frameCompilerSettings.stableFrames; i++) host.advance(H + (i % 3));
    vi.unstubAllGlobals();
    expect(refused).toHaveBeenCalledTimes(1); // tried once, then never again in this page
    expect(seen).toHaveLength(3 * frameCompilerSettings.stableFrames);
    expect(seen.slice(1, 4).map((s) => Math.round(s * 1e6) / 1e3)).toEqual([17.667, 18.667, 16.667]);
    const after = loopWithHandler();
    for (let i = 0; i < 3 * frameCompilerSettings.stableFrames; i++) after.host.advance(H);
    expect(after.seen).toHaveLength(3 * frameCompilerSettings.stableFrames);
    expect(refused).toHaveBeenCalledTimes(1);
    loop.destroy();
    after.loop.destroy();
  });
});

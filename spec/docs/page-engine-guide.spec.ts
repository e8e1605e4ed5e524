// The code of docs/page-engine.md, run as a test: each ```ts block marked
// <!-- runs: name --> stands verbatim between "// --- guide: name" and
// "// --- end" below (less its import lines, which are this file's first
// import), and what it logs is what the guide says it logs.
import { createEngine, type FrameScheduler } from 'tickflow/page';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `body` and returns what it logged, as console.log would print each call's arguments. */
function logged(body: () => void): unknown[][] {
  const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
  body();
  return spy.mock.calls;
}

describe('docs/page-engine.md', () => {
  it('every runnable block of the guide is code this spec runs', () => {
    const guide = readFileSync(resolve(repo, 'docs/page-engine.md'), 'utf8');
    const spec = readFileSync(resolve(repo, 'spec/docs/page-engine-guide.spec.ts'), 'utf8');
    const regions = new Map(
      [...spec.matchAll(/\/\/ --- guide: (\S+)\n([\s\S]*?)\/\/ --- end/g)].map((r) => [r[1]!, r[2]!.trimEnd()]),
    );
    const withoutImports = (code: string) => code.replace(/^import .*\n/gm, '').trim();
    const blocks = [...guide.matchAll(/<!-- runs: (\S+) -->\n```ts\n([\s\S]*?)```/g)].map((b) => [b[1]!, withoutImports(b[2]!)]);
    expect(blocks.map(([name]) => name)).toEqual(['headless', 'ring', 'pause-time']);
    for (const [name, code] of blocks) expect(regions.get(name!)?.trim(), `block "${name}"`).toBe(code);
  });

  it('headless: "a stalled second: 4 steps, the rest dropped"', () => {
    const calls = logged(() => {
// --- guide: headless
const engine = createEngine({ step: 1 / 60, maxSteps: 4 }); // no root: headless
let steps = 0;
engine.add({ step: () => void steps++ });

engine.advance(1 / 60); // one step
engine.advance(0.025); // one step, 8.3 ms carried
engine.advance(1); // a stalled second: 4 steps, the rest dropped
console.log(steps, engine.stats().dropped.toFixed(3)); // 6 0.942
// --- end
    });
    expect(calls).toEqual([[6, '0.942']]);
  });

  it('ring: two events kept, the third dropped and counted', () => {
    const calls = logged(() => {
// --- guide: ring
const engine = createEngine({ events: 2 });
const heard: string[] = [];
engine.add({
  step: (e) => {
    e.events.emit('hit', 1, 100); // a brick's index, the score
    e.events.emit('hit', 2, 110);
    e.events.emit('hit', 3, 120); // the ring is full: dropped and counted
  },
  render: (e) => {
    for (let i = 0; i < e.events.length; i++) heard.push(`${e.events.type(i)} ${e.events.a(i)}`);
  },
});
engine.advance(1 / 60);
console.log(heard, engine.stats().droppedEvents); // [ 'hit 1', 'hit 2' ] 1
// --- end
    });
    expect(calls).toEqual([[['hit 1', 'hit 2'], 1]]);
  });

  it('pause-time: a resume starts with an empty accumulator and no baseline', () => {
    const calls = logged(() => {
// --- guide: pause-time
// A scheduler run by hand: tick(ms) runs the frame the engine asked for.
let pending: ((ms: number) => void) | undefined;
const frames: FrameScheduler = {
  requestAnimationFrame: (callback) => ((pending = callback), 1),
  cancelAnimationFrame: () => void (pending = undefined),
};
const tick = (ms: number) => pending?.(ms);

const engine = createEngine({ frames, step: 0.01, pause: false });
let steps = 0;
engine.add({ step: () => void steps++ });
engine.start();
tick(0); // the first frame is worth 0
tick(19); // one step, 9 ms carried
engine.pause();
console.log([...engine.paused], pending === undefined); // [ 'manual' ] true
engine.resume();
tick(60_000); // a minute later: worth 0, the carried 9 ms are gone
tick(60_010); // one step
console.log(steps, engine.stats().dropped); // 2 0
// --- end
    });
    expect(calls).toEqual([[['manual'], true], [2, 0]]);
  });
});

import { describe, expect, it } from 'vitest';
import { constantClock, createLoop, manualTicks } from '../../src/index.js';
import { JOIN_STAGED, type StagedFrame, type StagedTicks } from '../../src/hosts/tick-source.js';

// Issue 25, item 1: "One frame runner that can run a frame phase by phase
// (begin, each phase, end), so the page clock drives many engines through
// the same runner: every engine's read, then every engine's step, then every
// engine's render." DESIGN.md, The engine shell: "There is one frame engine.
// The frame runner can run a frame whole or phase by phase (begin, each
// phase, end)". These specs drive a loop's frame the way the page's clock
// does, through a staged tick source, and check it is the same frame a loop
// run whole makes.

const quiet = { onError: () => {} };
const PHASES = ['read', { name: 'step', fixed: true }, 'render'] as const;

/** A staged source the spec drives: `frame(ts)` begins every joined loop's frame, runs stage by stage across them, then ends them. */
function stagedHost() {
  let members: StagedFrame[] = [];
  const host: StagedTicks & { frame(ts: number): void; readonly size: number } = {
    [JOIN_STAGED](frame) {
      members = [...members, frame];
      return () => void (members = members.filter((m) => m !== frame));
    },
    frame(ts) {
      const now = members;
      const began = now.map((m) => m.begin(ts));
      for (let k = 0; k < 3; k++) now.forEach((m) => m.stage(k));
      now.forEach((m) => m.end());
      void began;
    },
    get size() {
      return members.length;
    },
  };
  return host;
}

function logged(name: string, log: string[], ticks: object) {
  const loop = createLoop({
    ticks: ticks as never,
    clock: constantClock(25),
    phases: [...PHASES],
    fixedStep: { stepMs: 10, maxSteps: 4 },
    ...quiet,
  });
  for (const phase of ['read', 'step', 'render'] as const) loop.on(phase, (dt) => void log.push(`${name}.${phase} ${Math.round(dt * 1000)}`));
  return loop;
}

describe('a frame run stage by stage (the page clock\'s way)', () => {
  it('two loops on one staged source: every loop\'s read, then every loop\'s fixed steps, then every render', () => {
    const host = stagedHost();
    const log: string[] = [];
    const a = logged('a', log, host);
    const b = logged('b', log, host);
    a.start();
    b.start();
    expect(host.size).toBe(2);
    host.frame(0);
    // 25 ms on 10 ms steps: 2 steps, alpha 0.5, for each loop.
    expect(log).toEqual(['a.read 25', 'b.read 25', 'a.step 10', 'a.step 10', 'b.step 10', 'b.step 10', 'a.render 25', 'b.render 25']);
    expect(a.frameCount).toBe(1);
    expect(a.alpha).toBeCloseTo(0.5);
    expect(a.fixedStepCount).toBe(2);
    expect(a.inFrame).toBe(false);
  });

  it('is the frame a loop run whole makes: the same phases, steps, alpha and frame info', () => {
    const host = stagedHost();
    const staged: string[] = [];
    const whole: string[] = [];
    const a = logged('x', staged, host);
    const manual = manualTicks();
    const b = logged('x', whole, manual.ticks$);
    a.start();
    b.start();
    for (let i = 0; i < 5; i++) {
      host.frame(i * 16);
      manual.advance(i * 16);
    }
    expect(staged).toEqual(whole);
    expect(a.frame()).toEqual(b.frame());
    expect(a.plan()).toEqual(b.plan());
    expect(a.fixedStepCount).toBe(b.fixedStepCount);
  });

  it('abandonFrame() skips what is left of the frame (later phases and steps), and a step cut short is not counted', () => {
    const host = stagedHost();
    const log: string[] = [];
    const a = logged('a', log, host);
    let steps = 0;
    a.on('step', () => {
      if (++steps === 1) a.abandonFrame();
    });
    a.start();
    host.frame(0);
    expect(log).toEqual(['a.read 25', 'a.step 10']);
    expect(a.fixedStepCount).toBe(0);
    expect(a.frameCount).toBe(1);
    host.frame(16); // the next frame runs whole again (the accumulator kept 5 ms: 30 ms is 3 steps)
    expect(log.slice(2)).toEqual(['a.read 25', 'a.step 10', 'a.step 10', 'a.step 10', 'a.render 25']);
  });

  it('the frame-end callback runs after every frame, whole, staged, cut short or by advanceBy', () => {
    const host = stagedHost();
    const ends: number[] = [];
    const loop = createLoop({ ticks: host as never, clock: constantClock(16), phases: ['read', 'render'], frameEnd: () => void ends.push(loop.frameCount), ...quiet });
    loop.on('read', () => {
      if (loop.frameCount === 2) loop.abandonFrame();
    });
    loop.start();
    host.frame(0);
    host.frame(16);
    loop.advanceBy(5);
    expect(ends).toEqual([1, 2, 3]);
    expect(loop.frame().lastDeltaMs).toBe(5);
  });
});

describe('holds by reason', () => {
  it('setHold is idempotent per reason; the loop takes no frames until every reason is released', () => {
    const host = stagedHost();
    const loop = logged('a', [], host);
    loop.start();
    loop.setHold('hidden', true);
    loop.setHold('hidden', true);
    loop.setHold('typing', true);
    expect([...loop.holdReasons]).toEqual(['hidden', 'typing']);
    expect(host.size).toBe(0);
    loop.setHold('hidden', false);
    expect(loop.heldFor('hidden')).toBe(false);
    expect(host.size).toBe(0);
    loop.setHold('typing', false);
    expect(host.size).toBe(1);
    expect(loop.running).toBe(true);
  });

  it('freshStartDropsSteps: a start after a hold drops the time accumulated and not yet simulated', () => {
    const make = (freshStartDropsSteps: boolean) => {
      const manual = manualTicks();
      const loop = createLoop({ ticks: manual.ticks$, clock: constantClock(15), phases: [{ name: 'step', fixed: true }], fixedStep: { stepMs: 10 }, freshStartDropsSteps, ...quiet });
      loop.start();
      manual.advance(0); // 15 ms: 1 step, 5 ms kept
      loop.setHold('pause', true);
      loop.setHold('pause', false);
      manual.advance(16); // 15 ms more
      return loop.fixedStepCount;
    };
    expect(make(false)).toBe(3); // 5 + 15 = 20 ms: 2 more steps
    expect(make(true)).toBe(2); // the 5 ms dropped: 15 ms is 1 more step
  });
});

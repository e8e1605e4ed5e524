import { describe, expect, it, vi } from 'vitest';
import { config, map } from 'rxjs';
import {
  constantClock,
  createLoop,
  FrameHost,
  manualTicks,
  OptionError,
  pacedClock,
  PhaseError,
  sequenceClock,
  wallClock,
  type FrameScheduler,
} from '../../src/index.js';
import { phaseOrder, tickMarble, hz } from '../../src/testing/index.js';
import { marbles } from '../marbles.js';

const H = 1000 / 60;
const quiet = { onError: () => {} };

describe('the loop', () => {
  describe('frame order', () => {
    it(
      '"the loop runs the frame\'s phases in a fixed order": a hot tick marble in, the phase order out',
      marbles((m) => {
        // A group takes one frame per character, so the ticks are spaced to match.
        const ticks = m.hot('  -a----b----c----|', { a: 0, b: 16, c: 40 });
        const order = '        -(tcr)(tcr)(tcr)-';
        const loop = createLoop({ ticks, clock: wallClock(), phases: ['tick', 'collision', 'render'], ...quiet });
        loop.start();
        m.expect(phaseOrder(loop)).toBeObservable(order, {
          t: 'tick',
          c: 'collision',
          r: 'render',
        });
      }),
    );

    it(
      '"collision$ observers run after every tick observer and before any render observer of the same frame", whatever the subscription order',
      marbles((m) => {
        const ticks = m.hot('  -a-b-|', { a: 0, b: 16 });
        const loop = createLoop({ ticks, phases: ['tick', 'collision', 'render'], ...quiet });
        const seen: string[] = [];
        loop.phase('render').subscribe(() => seen.push('render'));
        loop.phase('collision').subscribe(() => seen.push('collision'));
        loop.phase('tick').subscribe(() => seen.push('tick 1'));
        loop.phase('tick').subscribe(() => seen.push('tick 2'));
        loop.start();
        m.flush();
        expect(seen).toEqual(['tick 1', 'tick 2', 'collision', 'render', 'tick 1', 'tick 2', 'collision', 'render']);
      }),
    );

    it(
      'hands each phase the frame\'s delta in seconds ("everything handed to game code ... is seconds")',
      marbles((m) => {
        const ticks = m.hot('  -a---b---c-|', { a: 1000, b: 1016, c: 1040 });
        const loop = createLoop({ ticks, phases: ['update'], ...quiet });
        loop.start();
        m.expect(loop.phase('update')).toBeObservable('-x---y---z--', { x: 0, y: 0.016, z: 0.024 });
      }),
    );

    it(
      '"A declined tick ends the frame here ... before any state moves": no phase runs and the counter stays',
      marbles((m) => {
        const { marble, values } = tickMarble(hz(60, 5));
        const ticks = m.hot(marble, values);
        const loop = createLoop({ ticks, clock: pacedClock({ fps: 30 }), phases: ['update', 'render'] });
        loop.start();
        // Five 60 Hz ticks; frames on every other one, each worth 1/30 s. The
        // expected marble is written by the same helper, from the frame times.
        const frames = tickMarble(hz(30, 3));
        m.expect(loop.phase('render')).toBeObservable(frames.marble, { a: 1 / 30, b: 1 / 30, c: 1 / 30 });
        m.flush();
        expect(loop.frame()).toEqual({ count: 3, timeMs: 100, activeMs: 100, lastDeltaMs: 1000 / 30 });
        expect(loop.stats()).toMatchObject({ ticks: 5, declined: 2 });
      }),
    );

    it(
      'with tickMarble, a 60 fps marble needs no counted dashes',
      marbles((m) => {
        const { marble, values } = tickMarble(hz(60, 3));
        expect(marble).toBe('a 16ms b 15ms c');
        const loop = createLoop({ ticks: m.hot(marble, values), clock: constantClock(H), phases: ['update'] });
        loop.start();
        m.expect(loop.phase('update')).toBeObservable('a 16ms a 15ms a', { a: H / 1000 });
      }),
    );
    it('a listener added during a frame is first called the next time its phase begins; one removed is not called again, even in that frame (docs/loop.md)', () => {
      const host = manualTicks(0);
      const loop = createLoop({ ticks: host.ticks$, clock: constantClock(10), phases: ['input', 'update', 'render'] });
      const seen: string[] = [];
      const frame = () => loop.frame().count;
      let late: { unsubscribe(): void } | undefined;
      loop.on('update', () => {
        seen.push(`update${frame()}`);
        if (frame() !== 2) return;
        loop.on('render', () => seen.push(`new-render${frame()}`)); // a later phase: this frame
        loop.on('update', () => seen.push(`new-update${frame()}`)); // the phase running: next frame
        loop.on('input', () => seen.push(`new-input${frame()}`)); // an earlier phase: next frame
        late?.unsubscribe(); // after this one in this phase: not called, even now
      });
      late = loop.on('update', () => seen.push(`late-update${frame()}`));
      loop.on('render', () => seen.push(`render${frame()}`));
      loop.start();
      for (let i = 0; i < 3; i++) host.advance();
      expect(seen).toEqual([
        'update1', 'late-update1', 'render1',
        'update2', 'render2', 'new-render2',
        'new-input3', 'update3', 'new-update3', 'render3', 'new-render3',
      ]);
      loop.destroy();
    });
  });

  describe('fixed steps', () => {
    it(
      'runs the fixed group once per step with the step in seconds, before the per-frame phases',
      marbles((m) => {
        // fixed-step-systems: "Within a frame, fixedUpdate may run zero or several times before a single update."
        const ticks = m.hot('  -a---b-----c------|', { a: 0, b: 0, c: 0 });
        const order = '        -(eu)(efpu)(efpfpu)';
        const fixed = '        -----s-----(ss)----';
        const loop = createLoop({
          ticks,
          clock: sequenceClock([10, 20, 40]), // 0, then 1 (acc 30), then 2 (acc 50) steps of 20 ms
          fixedStep: { stepMs: 20, maxSteps: 5 },
          phases: ['events', { name: 'fixedUpdate', fixed: true }, { name: 'physics', fixed: true }, 'update'],
          ...quiet, // the ticks complete, which is reported
        });
        loop.start();
        m.expect(phaseOrder(loop)).toBeObservable(order, {
          e: 'events',
          f: 'fixedUpdate',
          p: 'physics',
          u: 'update',
        });
        m.expect(loop.phase('fixedUpdate')).toBeObservable(fixed, { s: 0.02 });
      }),
    );

    it('plans each frame and reports alpha and dropped time', () => {
      const loop = createLoop({
        ticks: manualTicks().ticks$,
        clock: sequenceClock([30, 100]),
        fixedStep: { stepMs: 20, maxSteps: 2, overflow: 'drop-backlog' },
        phases: [{ name: 'step', fixed: true }, 'render'],
      });
      let steps = 0;
      loop.on('step', () => steps++);
      loop.advance();
      expect(loop.plan()).toEqual({ steps: 1, stepMs: 20, alpha: 0.5, droppedMs: 0 });
      expect(loop.alpha).toBe(0.5);
      loop.advance();
      expect(loop.plan()).toEqual({ steps: 2, stepMs: 20, alpha: 0, droppedMs: 70 });
      expect(loop.stats().droppedMs).toBe(70);
      expect(steps).toBe(3);
    });

    it('rejects fixed phases that do not stand side by side', () => {
      expect(() =>
        createLoop({
          ticks: manualTicks().ticks$,
          phases: [{ name: 'a', fixed: true }, 'b', { name: 'c', fixed: true }],
        }),
      ).toThrow('createLoop: phases[1].fixed must be true: fixed phases run as one group per step, so they must stand side by side, got false');
    });
  });

  describe('a paused loop', () => {
    // DESIGN.md: "A paused loop skips the phases marked pausable and runs the
    // rest." Seed (frame-2d-actor-world): "A paused world still advances the
    // frame counter, still renders, and still closes its input frame."
    it(
      'skips the pausable phases and runs the rest, still counting frames',
      marbles((m) => {
        const ticks = m.hot('  -a----b---c----|', { a: 0, b: 16, c: 32 });
        const order = '        -(urc)(rc)(urc)-';
        const loop = createLoop({
          ticks,
          clock: constantClock(16),
          phases: [{ name: 'update', pausable: true }, 'render', 'closeInput'],
          ...quiet, // the ticks complete, which is reported
        });
        loop.start();
        loop.on('render', () => {
          if (loop.frame().count === 1) loop.paused = true;
          if (loop.frame().count === 2) loop.paused = false;
        });
        m.expect(phaseOrder(loop)).toBeObservable(order, { u: 'update', r: 'render', c: 'closeInput' });
        m.flush();
        expect(loop.frame().count).toBe(3);
      }),
    );

    it('"Pause clears accumulated wall time ... Resuming does not simulate the time spent paused"', () => {
      const loop = createLoop({
        ticks: manualTicks().ticks$,
        clock: constantClock(15),
        fixedStep: { stepMs: 20 },
        phases: [{ name: 'fixedUpdate', fixed: true, pausable: true }, 'render'],
      });
      let steps = 0;
      loop.on('fixedUpdate', () => steps++);
      loop.advance(); // 15 accumulated
      expect(loop.alpha).toBe(0.75);
      loop.paused = true;
      expect(loop.alpha).toBe(0);
      for (let i = 0; i < 10; i++) loop.advance(); // 150 ms paused
      expect(steps).toBe(0);
      expect(loop.plan().steps).toBe(0);
      loop.paused = false;
      loop.advance(); // 15: still under one step, the pause was not simulated
      expect(steps).toBe(0);
      loop.advance(); // 30: one step
      expect(steps).toBe(1);
      expect(loop.frame().count).toBe(13);
    });
  });

  describe('errors at the phase boundary', () => {
    it('"A hook that throws is caught at the phase boundary, reported on errors$ and to the host\'s onError": the loop goes on', () => {
      const reported: PhaseError[] = [];
      const streamed: PhaseError[] = [];
      const loop = createLoop({
        ticks: manualTicks().ticks$,
        clock: constantClock(16),
        phases: ['update', 'render'],
        onError: (e) => reported.push(e),
      });
      loop.errors$.subscribe((e) => streamed.push(e));
      const seen: string[] = [];
      const bug = new Error('enemy is undefined');
      loop.on('update', () => {
        throw bug;
      });
      loop.on('update', () => seen.push('update 2'));
      loop.on('render', () => seen.push('render'));
      expect(loop.advance()).toBe(true);
      expect(loop.advance()).toBe(true);
      expect(seen).toEqual(['update 2', 'render', 'update 2', 'render']);
      expect(reported).toHaveLength(2);
      expect(streamed).toEqual(reported);
      expect(reported[0]).toBeInstanceOf(PhaseError);
      expect(reported[0]).toMatchObject({ phase: 'update', frame: 1, cause: bug });
      expect(reported[1]).toMatchObject({ phase: 'update', frame: 2 });
      expect(reported[0]!.message).toBe('phase "update" of frame 1 threw: enemy is undefined');
      expect(loop.stats().errors).toBe(2);
    });

    it('reports to console.error by default', () => {
      const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
      const loop = createLoop({ ticks: manualTicks().ticks$, phases: ['update'] });
      loop.on('update', () => {
        throw new Error('x');
      });
      loop.advance();
      expect(spy).toHaveBeenCalledWith(expect.any(PhaseError));
      spy.mockRestore();
    });

    it('failFast: the first error stops the frame and advance() throws it', () => {
      const loop = createLoop({ ticks: manualTicks().ticks$, phases: ['update', 'render'], failFast: true, ...quiet });
      const seen: string[] = [];
      loop.on('update', () => {
        throw new Error('bad');
      });
      loop.on('update', () => seen.push('update 2'));
      loop.on('render', () => seen.push('render'));
      expect(() => loop.advance()).toThrow('phase "update" of frame 1 threw: bad');
      expect(seen).toEqual([]);
      expect(() => loop.advance()).toThrow(PhaseError); // not stuck inside a frame
    });

    it('failFast: a host-driven loop stops at the first error', () => {
      const host = manualTicks();
      const loop = createLoop({ ticks: host.ticks$, phases: ['update'], failFast: true, ...quiet });
      loop.on('update', () => {
        throw new Error('bad');
      });
      loop.start();
      host.advance();
      expect(loop.running).toBe(false);
    });

    it('a throwing clock is reported as phase "clock" and restarted fresh; the loop stays alive', () => {
      const reported: PhaseError[] = [];
      let calls = 0;
      const flaky = map((t: number) => {
        if (++calls === 2) throw new Error('clock bug');
        return t;
      });
      const loop = createLoop({ ticks: manualTicks().ticks$, clock: flaky, phases: ['update'], onError: (e) => reported.push(e) });
      expect(loop.advance(5)).toBe(true);
      expect(loop.advance(6)).toBe(false);
      expect(loop.advance(7)).toBe(true);
      expect(reported.map((e) => e.phase)).toEqual(['clock']);
    });

    it('a throw in a phase$ subscriber follows RxJS rules (reported through config.onUnhandledError): it never reaches the loop, which goes on', async () => {
      const unhandled: unknown[] = [];
      const previous = config.onUnhandledError;
      config.onUnhandledError = (error) => unhandled.push(error);
      try {
        const loop = createLoop({ ticks: manualTicks().ticks$, phases: ['update', 'render'], failFast: true });
        loop.phase('update').subscribe(() => {
          throw new Error('in a subscriber');
        });
        let renders = 0;
        loop.on('render', () => renders++);
        expect(() => loop.advance()).not.toThrow();
        expect(renders).toBe(1);
        expect(loop.stats().errors).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 0)); // RxJS reports on a timeout
        expect(unhandled).toEqual([new Error('in a subscriber')]);
      } finally {
        config.onUnhandledError = previous;
      }
    });

    it('never lets a non-finite delta from a custom clock into a frame', () => {
      const loop = createLoop({ ticks: manualTicks().ticks$, clock: map(() => NaN), phases: ['update'] });
      let runs = 0;
      loop.on('update', () => runs++);
      expect(loop.advance()).toBe(false);
      expect(runs).toBe(0);
      expect(loop.frame()).toEqual({ count: 0, timeMs: 0, activeMs: 0, lastDeltaMs: 0 });
    });
  });

  describe('advance()', () => {
    it('"Calling advance() from inside a frame is refused with a clear error"', () => {
      const reported: PhaseError[] = [];
      const loop = createLoop({ ticks: manualTicks().ticks$, phases: ['update'], onError: (e) => reported.push(e) });
      loop.on('update', () => loop.advance());
      loop.advance();
      expect(reported).toHaveLength(1);
      expect((reported[0]!.cause as Error).message).toBe(
        'advance: called inside phase "update" of frame 1; a frame cannot run inside another, so advance from outside the loop (a test, a timer, the next tick)',
      );
      expect(loop.frame().count).toBe(1);
    });

    it('steps virtual time at 60 Hz when no timestamp is given', () => {
      const loop = createLoop({ ticks: manualTicks().ticks$, clock: wallClock(), phases: ['update'] });
      const dts: number[] = [];
      loop.on('update', (dt) => dts.push(dt));
      loop.advance();
      loop.advance();
      loop.advance(100);
      loop.advance();
      const close = (ms: number) => expect.closeTo(ms / 1000, 12);
      expect(dts).toEqual([0, close(H), close(100 - 2 * H), close(H)]);
    });

    it('"Headless parity": one scenario under a scripted clock reaches the same state by advance() and by host ticks', () => {
      const run = (drive: (loop: ReturnType<typeof makeLoop>, host: ReturnType<typeof manualTicks>) => void) => {
        const host = manualTicks();
        const loop = makeLoop(host);
        let x = 0;
        let v = 3;
        loop.on('update', (dt) => {
          v -= 9.81 * dt;
          x += v * dt;
        });
        drive(loop, host);
        return { x, v, frame: loop.frame() };
      };
      const makeLoop = (host: ReturnType<typeof manualTicks>) =>
        createLoop({ ticks: host.ticks$, clock: sequenceClock([16, 17, 33, 8]), phases: ['update'] });
      const stepped = run((loop) => {
        for (let i = 0; i < 600; i++) loop.advance(i * 1000);
      });
      const hosted = run((loop, host) => {
        loop.start();
        for (let i = 0; i < 600; i++) host.advance(7 + (i % 3));
      });
      expect(hosted).toEqual(stepped);
    });
  });

  describe('start, stop and the clock', () => {
    function fakeRaf() {
      const pending = new Map<number, (t: number) => void>();
      let next = 1;
      const raf: FrameScheduler & { fire(t: number): void; pending: number } = {
        get pending() {
          return pending.size;
        },
        requestAnimationFrame: (cb) => (pending.set(next, cb), next++),
        cancelAnimationFrame: (h) => void pending.delete(h),
        fire(t) {
          const cbs = [...pending.values()];
          pending.clear();
          cbs.forEach((cb) => cb(t));
        },
      };
      return raf;
    }

    it('"stop requests no frames; start begins with a fresh clock baseline, so a stopped gap costs nothing"', () => {
      const raf = fakeRaf();
      const loop = createLoop({ ticks: new FrameHost(raf).ticks$, clock: wallClock(), phases: ['update'] });
      const dts: number[] = [];
      loop.on('update', (dt) => dts.push(dt * 1000));
      expect(raf.pending).toBe(0);
      loop.start();
      expect(loop.running).toBe(true);
      raf.fire(1000);
      raf.fire(1016);
      loop.stop();
      expect(raf.pending).toBe(0);
      loop.start();
      raf.fire(9000); // eight seconds later: no baseline, worth 0
      raf.fire(9016);
      expect(dts).toEqual([0, 16, 0, 16]);
      loop.destroy();
    });

    it('"Clocks are replaceable while running; a new clock starts with no baseline"', () => {
      const host = manualTicks();
      const loop = createLoop({ ticks: host.ticks$, clock: constantClock(50), phases: ['update'] });
      const dts: number[] = [];
      loop.on('update', (dt) => dts.push(dt * 1000));
      loop.start();
      host.tick(100);
      loop.setClock(wallClock());
      host.tick(200);
      host.tick(216);
      expect(dts).toEqual([50, 0, 16]);
    });

    it('"destroy() leaves no subscription, listener or pending frame behind"', () => {
      const raf = fakeRaf();
      const host = new FrameHost(raf);
      const loop = createLoop({ ticks: host.ticks$, phases: ['update'] });
      const completed: string[] = [];
      loop.phase('update').subscribe({ complete: () => completed.push('update') });
      loop.errors$.subscribe({ complete: () => completed.push('errors') });
      loop.frames$.subscribe({ complete: () => completed.push('frames') });
      loop.start();
      expect(host.listenerCount).toBe(1);
      loop.destroy();
      expect(host.listenerCount).toBe(0);
      expect(raf.pending).toBe(0);
      expect(completed).toEqual(['update', 'frames', 'errors']);
      expect(() => loop.advance()).toThrow('advance: the loop was destroyed');
      expect(() => loop.start()).toThrow('start: the loop was destroyed');
      loop.destroy(); // idempotent
    });

    it('frames$ emits a FrameInfo snapshot after each frame\'s phases', () => {
      const loop = createLoop({ ticks: manualTicks().ticks$, clock: sequenceClock([10, 20]), phases: ['update'] });
      const frames: unknown[] = [];
      loop.frames$.subscribe((f) => frames.push(f));
      loop.advance();
      loop.advance();
      expect(frames).toEqual([
        { count: 1, timeMs: 10, activeMs: 10, lastDeltaMs: 10 },
        { count: 2, timeMs: 30, activeMs: 30, lastDeltaMs: 20 },
      ]);
    });
  });

  describe('options', () => {
    it('"a wrong value throws an error that names the option, the value and the rule", before anything starts', () => {
      const ticks = manualTicks().ticks$;
      expect(() => createLoop({ ticks: 5 as never, phases: ['a'] })).toThrow('createLoop: ticks must be an Observable of host timestamps in ms (animationFrames(), manualTicks().ticks$, a marble), got 5');
      expect(() => createLoop({ ticks, phases: [] })).toThrow('createLoop: phases must be a non-empty array of phase names or specs, got an array of 0');
      expect(() => createLoop({ ticks, phases: ['a', 'a'] })).toThrow('createLoop: phases[1].name must be a name no earlier phase has, got "a"');
      expect(() => createLoop({ ticks, phases: [''] })).toThrow('createLoop: phases[0].name must be a non-empty string, got ""');
      expect(() => createLoop({ ticks, phases: ['a'], clock: 3 as never })).toThrow('createLoop: clock must be a clock');
      expect(() => createLoop({ ticks, phases: ['a'], fixedStep: { stepMs: 0 } })).toThrow('createLoop: stepMs must be a finite number > 0, got 0');
      expect(() => createLoop({ ticks, phases: ['a'] }).on('b' as never, () => {})).toThrow(
        'on: name must be one of the loop\'s phases (a), got "b"',
      );
      expect(() => createLoop({ ticks, phases: ['a'] })).not.toThrow(OptionError);
    });
  });
});

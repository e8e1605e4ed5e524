import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OptionError } from '../../../operators/option-error.js';
import { constantClock, createInput, nullBackend } from '../../../src/index.js';
import { createStateEngine, type StateEngine } from '../../../src/engines/state/index.js';
import type { NullSurface } from '../../../src/backends/null/null-backend.js';
import { SNAPSHOT_FORMAT_VERSION } from '../../../src/engines/shell/engine-snapshot.js';
import { move, saveRestoreProperty, snapshotHash, type Move } from '../../support/save-restore.js';

// Issue 26, item 1: "engine.save() and engine.restore(snapshot) on all five
// presets, the shell's, complete: the preset's state (the state value; ...),
// the loop's (frame count, accumulator, paced-clock phase, time scale,
// pause), the engine's input (held keys, pointer, pending edges) and the
// random source's." and "A snapshot is a plain value; restore never shares
// mutable structure with it, so one snapshot restores many times."
//
// The seed (frame-3d-state-engine.txt) is the state engine's: a game is an
// update from one state to the next, so its whole state is the state value
// plus what the update reads besides it (time, input, random).

interface Hopper {
  readonly x: number;
  readonly y: number;
  readonly hops: number;
  readonly trail: readonly number[];
  readonly seen: Record<string, number>;
  readonly pointer: number;
}

const BINDINGS = { left: ['ArrowLeft'], right: ['ArrowRight'], hop: ['Space'] } as const;
type Action = keyof typeof BINDINGS;

function hopper(): StateEngine<Hopper, NullSurface, Action> {
  return createStateEngine<Hopper, NullSurface, Action>({
    backend: nullBackend(),
    input: createInput({ bindings: BINDINGS }),
    clock: constantClock(1000 / 60),
    seed: 7,
    initial: { x: 0, y: 0, hops: 0, trail: [], seen: {}, pointer: 0 },
    update: (s, { dt, input, random, frame }) => {
      const hop = input.pressed('hop');
      return {
        x: s.x + input.axis('left', 'right') * dt * (1 + random.next()),
        y: hop ? s.y + random.next() : s.y * 0.9,
        hops: s.hops + (hop ? 1 : 0),
        trail: [...s.trail, frame.count].slice(-4),
        seen: { ...s.seen, [`f${frame.count % 3}`]: frame.timeMs },
        pointer: input.pointer.x,
      };
    },
  });
}

type Engine = ReturnType<typeof hopper>;
const keys = fc.constantFrom('ArrowLeft', 'ArrowRight', 'Space');
const moves: fc.Arbitrary<Move<Engine>> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 40 }).map((ms) => move<Engine>(`advance(+${ms})`, (e) => void e.advance(e.frame().count * 20 + ms))) },
  { weight: 2, arbitrary: keys.map((key) => move<Engine>(`press ${key}`, (e) => e.input.press(key))) },
  { weight: 2, arbitrary: keys.map((key) => move<Engine>(`release ${key}`, (e) => e.input.release(key))) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 500 }).map((x) => move<Engine>(`pointer ${x}`, (e) => e.input.movePointer(x, 1))) },
  { weight: 1, arbitrary: fc.constantFrom(0, 0.5, 1, 2).map((scale) => move<Engine>(`timeScale ${scale}`, (e) => void (e.timeScale = scale))) },
  { weight: 1, arbitrary: fc.constant(move<Engine>('random.next()', (e) => void e.random.next())) },
  { weight: 1, arbitrary: fc.constant(move<Engine>('apply', (e) => e.apply((s) => ({ ...s, hops: s.hops + 10 })))) },
);

describe('state engine: save and restore', () => {
  it('for any schedule of inputs and controls: save at tick N, run k ticks, restore, run the same k ticks: every hash equal', () => {
    fc.assert(saveRestoreProperty(hopper, moves), { numRuns: 150 });
  });

  it('the snapshot holds the state value, the loop, the input and the random state, as plain data', () => {
    const engine = hopper();
    engine.input.press('Space');
    engine.input.movePointer(12, 3);
    engine.advance(0);
    engine.advance(16);
    engine.input.press('ArrowRight');
    engine.timeScale = 0.5;
    const snapshot = engine.save();
    expect(snapshot.format).toBe(SNAPSHOT_FORMAT_VERSION);
    expect(snapshot.preset).toBe('state engine');
    expect(snapshot.state).toEqual(engine.state);
    expect(snapshot.state).not.toBe(engine.state);
    expect(snapshot.loop.frame).toEqual(engine.frame());
    expect(snapshot.loop.timeScale).toBe(0.5);
    expect(snapshot.random).toBe(engine.random.state);
    expect(snapshot.input?.held).toEqual(['Space', 'ArrowRight']);
    expect(snapshot.input?.pointer).toEqual({ x: 12, y: 3, inside: true });
    expect(structuredClone(snapshot)).toEqual(snapshot);
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot); // no physics here: JSON round-trips it too
    engine.destroy();
  });

  it('restores into another engine of the same preset and options, which then plays as the first would', () => {
    const a = hopper();
    const b = hopper();
    for (let i = 0; i < 5; i++) a.advance(i * 16);
    a.input.press('Space');
    b.restore(a.save());
    expect(snapshotHash(b)).toBe(snapshotHash(a));
    a.advance(100);
    b.advance(100);
    expect(b.state).toEqual(a.state);
    expect(b.frame()).toEqual(a.frame());
    a.destroy();
    b.destroy();
  });

  it('an unconsumed press edge survives the round trip, and is consumed once', () => {
    const engine = hopper();
    engine.advance(0);
    engine.input.press('Space');
    const snapshot = engine.save();
    engine.advance(16);
    expect(engine.state.hops).toBe(1);
    engine.restore(snapshot);
    engine.advance(16);
    expect(engine.state.hops).toBe(1);
    engine.advance(32);
    expect(engine.state.hops).toBe(1);
    engine.destroy();
  });

  it('refuses a value that is not a snapshot of this preset, naming the field, and changes nothing', () => {
    const engine = hopper();
    engine.advance(0);
    const good = engine.save();
    const before = snapshotHash(engine);
    const bad: [unknown, string][] = [
      [null, 'snapshot'],
      [{ ...good, format: 99 }, 'snapshot.format'],
      [{ ...good, preset: 'runtime' }, 'snapshot.preset'],
      [{ ...good, random: -1 }, 'snapshot.random'],
      [{ ...good, loop: { ...good.loop, timeScale: -1 } }, 'snapshot.loop.timeScale'],
      [{ ...good, loop: { ...good.loop, fixed: { accumulatedMs: 0, snapCarryMs: 0, plan: { steps: 0, alpha: 0, droppedMs: 0 } } } }, 'snapshot.loop.fixed'],
      [{ ...good, input: { held: [], actions: [['fly', 1, false, false, false, false]], pointer: { x: 0, y: 0, inside: false } } }, 'snapshot.input.actions'],
      [{ ...good, state: undefined }, 'snapshot.state'],
    ];
    for (const [value, field] of bad) {
      const error = (() => {
        try {
          engine.restore(value as never);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error, field).toBeInstanceOf(OptionError);
      expect((error as OptionError).message, field).toContain(field);
      expect(snapshotHash(engine), field).toBe(before);
    }
    engine.destroy();
  });

  it('save and restore refuse inside a frame, and after destroy', () => {
    const engine = hopper();
    engine.advance(0);
    const snapshot = engine.save();
    const errors: unknown[] = [];
    engine.loop.on('update', () => {
      try {
        engine.save();
      } catch (error) {
        errors.push(error);
      }
      try {
        engine.restore(snapshot);
      } catch (error) {
        errors.push(error);
      }
    });
    engine.advance(16);
    expect(errors.map((e) => (e as Error).message)).toEqual([expect.stringMatching(/^save: called inside frame/), expect.stringMatching(/^restore: called inside frame/)]);
    engine.destroy();
    expect(() => engine.save()).toThrow('save: the state engine was destroyed');
    expect(() => engine.restore(snapshot)).toThrow('restore: the state engine was destroyed');
  });

  it('a state that holds a function cannot be saved: the error names its path', () => {
    const engine = createStateEngine<{ a: { b: unknown[] } }, NullSurface, string>({ backend: nullBackend(), initial: { a: { b: [1, () => 2] } }, update: (s) => s as { a: { b: unknown[] } } });
    expect(() => engine.save()).toThrow("save: the state engine's state holds a function at .a.b[1]");
    engine.destroy();
  });
});

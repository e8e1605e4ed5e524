// The save/restore property every preset is held to (issue 26, item 1):
// "Property test for every preset: for any schedule of inputs, structural
// changes and controls, save at tick N, run k ticks, restore, run the same k
// ticks: every hash equal."
//
// A preset's spec gives a way to build its engine and an arbitrary of moves
// (a tick, a key, a spawn, a pause...: each a function of the engine alone,
// so running it twice does the same thing twice). The property runs `before`
// moves, saves, runs `after` moves hashing the whole snapshot after each,
// restores, runs `after` again, and expects the same hashes; then restores
// once more (a snapshot restores many times) and checks the snapshot itself
// did not change while the game played on (restore shares nothing with it).
import fc from 'fast-check';
import { expect } from 'vitest';
import type { EngineSnapshot } from '../../src/engines/shell/engine-snapshot.js';
import { hashState } from '../../src/replay/state-hash.js';

/** What the harness uses of an engine. */
export interface Saveable {
  save(): EngineSnapshot<unknown>;
  restore(snapshot: EngineSnapshot<unknown>): void;
  destroy(): void;
}

/** One thing done to the engine between saves: it must depend on the engine alone. */
export interface Move<E> {
  /** For a failure's message. */
  readonly label: string;
  run(engine: E): void;
}

/** A move from a label and a function. */
export function move<E>(label: string, run: (engine: E) => void): Move<E> {
  return { label, run };
}

/** The hash of a whole snapshot: every field of the preset's, loop's, input's and random source's state. */
export function snapshotHash(engine: Saveable): string {
  return hashState(engine.save());
}

/**
 * The property: save after `before`, run `after` twice from the save, every
 * hash along the way equal; the snapshot unchanged by play; a second restore
 * lands on the same state.
 */
export function saveRestoreProperty<E extends Saveable>(build: () => E, moves: fc.Arbitrary<Move<E>>, { maxBefore = 12, maxAfter = 12 } = {}): fc.IProperty<[Move<E>[], Move<E>[]]> {
  return fc.property(fc.array(moves, { maxLength: maxBefore }), fc.array(moves, { minLength: 1, maxLength: maxAfter }), (before, after) => {
    const engine = build();
    try {
      for (const m of before) m.run(engine);
      const snapshot = engine.save();
      const snapshotAtSave = hashState(snapshot);
      const first = [snapshotAtSave];
      for (const m of after) {
        m.run(engine);
        first.push(snapshotHash(engine));
      }
      expect(hashState(snapshot), 'the snapshot changed while the game played on').toBe(snapshotAtSave);
      engine.restore(snapshot);
      const second = [snapshotHash(engine)];
      for (const m of after) {
        m.run(engine);
        second.push(snapshotHash(engine));
      }
      expect(second, `after ${after.map((m) => m.label).join(', ')}`).toEqual(first);
      engine.restore(snapshot);
      expect(snapshotHash(engine), 'a second restore of the same snapshot').toBe(snapshotAtSave);
    } finally {
      engine.destroy();
    }
  });
}

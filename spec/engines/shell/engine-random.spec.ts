import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OptionError } from '../../../operators/option-error.js';
import { createSeededRandom, nextRandom } from '../../../operators/seeded-random.js';
import { DEFAULT_RANDOM_SEED, EngineRandom } from '../../../src/engines/shell/engine-random.js';
import { buildWithHook, PRESET_FACTORIES, type HookedPreset } from './presets-with-hook.js';

// Issue 20, item 5: "A seeded random source per engine that is part of the
// recorded and restored state."

const PRESETS = Object.keys(PRESET_FACTORIES) as HookedPreset['name'][];

/** Builds `name` with `seed`, runs `frames` frames, and returns what its game code drew (one draw a frame). */
async function drawsOf(name: HookedPreset['name'], seed: number | undefined, frames: number): Promise<number[]> {
  const draws: number[] = [];
  const preset = await buildWithHook(name, { seed, determinismWarnings: false }, (random) => void draws.push(random.next()));
  for (let i = 0; i < frames; i++) preset.frame();
  preset.destroy();
  return draws;
}

/** The generator's own draws from `seed`, by the operators' mulberry32: the one mechanism the engines reuse. */
function reference(seed: number, count: number): number[] {
  const generator = createSeededRandom(seed);
  return Array.from({ length: count }, () => nextRandom(generator));
}

describe('engine.random: a seeded random source per engine', () => {
  it.each(PRESETS)('%s: game code draws from engine.random; the same seed gives the same sequence (the operators\' mulberry32), another seed another', async (name) => {
    const a = await drawsOf(name, 1234, 8);
    const b = await drawsOf(name, 1234, 8);
    const c = await drawsOf(name, 1235, 8);
    expect(a).toHaveLength(8);
    expect(b).toEqual(a);
    expect(a).toEqual(reference(1234, 8));
    expect(c).not.toEqual(a);
    for (const x of a) expect(x >= 0 && x < 1).toBe(true);
  });

  it.each(PRESETS)('%s: without a seed, the engine starts from DEFAULT_RANDOM_SEED (a named constant, not the time)', async (name) => {
    const preset = await buildWithHook(name, { determinismWarnings: false }, () => {});
    expect(preset.random.seed).toBe(DEFAULT_RANDOM_SEED);
    expect(preset.random.state).toBe(DEFAULT_RANDOM_SEED);
    preset.destroy();
    expect(await drawsOf(name, undefined, 5)).toEqual(reference(DEFAULT_RANDOM_SEED, 5));
  });

  it.each(PRESETS)('%s: random.state saved between frames and restored resumes the draws exactly', async (name) => {
    const draws: number[] = [];
    const preset = await buildWithHook(name, { seed: 99, determinismWarnings: false }, (random) => void draws.push(random.next(), random.next()));
    preset.frame();
    preset.frame();
    const saved = preset.random.state;
    for (let i = 0; i < 4; i++) preset.frame();
    const first = draws.slice(4);
    draws.length = 4;
    preset.random.restore(saved);
    for (let i = 0; i < 4; i++) preset.frame();
    expect(draws.slice(4)).toEqual(first);
    expect(first).toHaveLength(8);
    preset.destroy();
  });

  it('property: for any seed, saving after n draws and restoring replays the next m draws bit for bit; state is always a whole number in [0, 2^32)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.nat(50), fc.integer({ min: 1, max: 50 }), (seed, n, m) => {
        const random = new EngineRandom(seed);
        for (let i = 0; i < n; i++) random.next();
        const saved = random.state;
        expect(Number.isInteger(saved) && saved >= 0 && saved <= 0xffffffff).toBe(true);
        const first = Array.from({ length: m }, () => random.next());
        random.restore(saved);
        const again = Array.from({ length: m }, () => random.next());
        expect(again).toEqual(first);
        // A second generator restored to the same state draws the same too: the state is all there is.
        const other = new EngineRandom(0);
        other.restore(saved);
        expect(Array.from({ length: m }, () => other.next())).toEqual(first);
      }),
    );
  });

  describe('bad input: an error naming the option, the value and the rule', () => {
    const BAD_SEEDS: [unknown, string][] = [
      [-1, '-1'],
      [1.5, '1.5'],
      [2 ** 32, '4294967296'],
      [Number.NaN, 'NaN'],
      ['7', '"7"'],
      [null, 'null'],
    ];
    for (const name of PRESETS) {
      it.each(BAD_SEEDS)(`${name}: seed %s is refused before anything starts`, async (seed, shown) => {
        const build = buildWithHook(name, { seed: seed as number }, () => {});
        await expect(build).rejects.toThrow(OptionError);
        await expect(buildWithHook(name, { seed: seed as number }, () => {})).rejects.toThrow(
          `${PRESET_FACTORIES[name]}: seed must be a whole number from 0 to 4294967295, got ${shown}`,
        );
      });
      it(`${name}: determinismWarnings must be true or false`, async () => {
        await expect(buildWithHook(name, { determinismWarnings: 'yes' as never }, () => {})).rejects.toThrow(
          `${PRESET_FACTORIES[name]}: determinismWarnings must be true or false, got "yes"`,
        );
      });
    }
    it('random.restore refuses a state that is not a whole number in [0, 2^32), naming the engine', async () => {
      const preset = await buildWithHook('state', { determinismWarnings: false }, () => {});
      expect(() => preset.random.restore(-3)).toThrow('createStateEngine: random.restore: state must be a whole number from 0 to 4294967295, got -3');
      expect(() => preset.random.restore(0.5)).toThrow(OptionError);
      expect(preset.random.state).toBe(DEFAULT_RANDOM_SEED);
      preset.destroy();
    });
  });
});

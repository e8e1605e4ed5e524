import { describe, expect, it, vi } from 'vitest';
import { runPlayCommand } from '../../src/cli/play-command.js';

// Issue 10: "A `validate` mode runs a scene headless for N ticks and reports (the seed's "--validate")";
// the seed: "The settings are used by ordinary Play and --validate" and "Invalid configuration is rejected
// before the Player starts."

vi.setConfig({ testTimeout: 60_000 });

async function run(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPlayCommand(args, { out: (l) => out.push(l), err: (l) => err.push(l), importModule: (url) => import(url) });
  return { code, out, err };
}

describe('tickflow play --validate', () => {
  it('runs the arena scene headless for N ticks with its simulation settings, and reports the same pose hash twice', async () => {
    const args = ['examples/physics-playground/scenes/arena.json', '--validate', '--ticks', '90', '--behaviors', 'spec/runtime/fixtures/arena-behaviors.ts'];
    const first = await run(args);
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    // 21 objects in the document, and balls spawned at ticks 30 and 60 (the one queued at tick 90 waits for a barrier).
    expect(first.out[0]).toMatch(/valid; 90 ticks of 0\.016667 s with 4 physics substeps; 23 objects; 0 errors; 0 diagnostics; pose hash [0-9a-f]{8}/);
    const second = await run(args);
    expect(second.out[0]).toBe(first.out[0]); // deterministic: the same hash
    const shorter = await run(['examples/physics-playground/scenes/arena.json', '--validate', '--ticks', '89', '--behaviors', 'spec/runtime/fixtures/arena-behaviors.ts']);
    expect(shorter.out[0]!.slice(-8)).not.toBe(first.out[0]!.slice(-8));
  });

  it('an invalid document is rejected with every problem, before anything runs (exit 1)', async () => {
    const { code, err } = await run(['examples/physics-playground/scenes/arena.json', '--validate']);
    expect(code).toBe(1);
    expect(err[0]).toMatch(/scene document: 4 problems/);
    expect(err[0]).toMatch(/objects\[18\]\.behaviors\[0\]: a registered behavior/);
  });

  it('usage errors exit 2 and say what is wrong', async () => {
    expect((await run([])).err[0]).toMatch(/no scene document given/);
    expect((await run(['a.json'])).err[0]).toMatch(/only --validate runs a scene/);
    expect((await run(['a.json', '--validate', '--ticks', '0'])).code).toBe(2);
  });
});

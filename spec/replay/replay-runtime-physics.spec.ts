import { createRapier3d } from 'tickflow/rapier3d';
import { createRuntime, type Runtime } from 'tickflow/runtime';
import { NEVER, type Subscribable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clocks/clock.js';
import { flattenState, hashState, recordSession, replay, runtimeState } from '../../src/replay/index.js';
import { recorderStateOf } from '../../src/replay/preset-states.js';

// Issue 26, item 3: "Rapier's state in the runtime's checkpoint". A body's
// velocity is Rapier's state the next tick's poses come from: a checkpoint
// holds it, so a replay whose velocities differ is caught at the checkpoint
// where they do, before the poses drift.

async function ball(host: { ticks?: Subscribable<number>; clock?: Clock } = {}): Promise<Runtime> {
  return createRuntime({
    physics: await createRapier3d(),
    scene: {
      objects: [
        { name: 'floor', body: { kind: 'fixed', colliders: [{ shape: 'box', half_extents: [5, 0.5, 5] }] }, position: [0, -0.5, 0] },
        { name: 'ball', position: [0, 2, 0], body: { colliders: [{ shape: 'ball', radius: 0.5 }] } },
        { name: 'sign' },
      ],
    },
    ticks: host.ticks ?? NEVER,
    ...(host.clock === undefined ? {} : { clock: host.clock }),
  });
}

describe('the runtime\'s checkpoint holds its bodies\' velocities', () => {
  it('a body\'s velocity is in runtimeState (an object without a body has none), and a recorded Rapier game replays the same', async () => {
    const runtime = await ball();
    const recording = recordSession(runtime, { checkpointEvery: 10 });
    for (let i = 1; i <= 20; i++) runtime.advance(i * (1000 / 60));
    const state = runtimeState(runtime);
    expect(state.objects.map((o) => [o.name, o.velocity === undefined ? 'no body' : 'body'])).toEqual([
      ['floor', 'body'],
      ['ball', 'body'],
      ['sign', 'no body'],
    ]);
    expect(state.objects[1]!.velocity![1]).toBeLessThan(0); // falling
    for (let i = 21; i <= 40; i++) runtime.advance(i * (1000 / 60));
    const session = recording.stop();
    expect(session.checkpoints[0]!.changes!.some((c) => c.path === '.objects[1].velocity[1]')).toBe(true);
    const report = await replay(session, (host) => ball(host));
    expect(report).toMatchObject({ same: true, frames: 40 });
    runtime.destroy();
  });
});

describe('a recorder reads the runtime\'s checkpoint state into objects it keeps', () => {
  it('hashes as a fresh runtimeState every time, through spawns, destroys and a body changing', async () => {
    // Issue 26, item 6: "0 B per actor per frame" recorded: a recorder's checkpoint rewrites the entries it made
    // before instead of making new ones; what it hashes must stay what runtimeState gives.
    const runtime = await ball();
    const read = recorderStateOf('runtime')! as (runtime: Runtime) => ReturnType<typeof runtimeState>;
    const first = read(runtime);
    let t = 0;
    for (let step = 0; step < 6; step++) {
      for (let i = 0; i < 10; i++) runtime.advance((t += 1000 / 60));
      if (step === 1) runtime.spawn({ name: `crate${step}`, position: [1, 3, 0], body: { colliders: [{ shape: 'box', half_extents: [0.2, 0.2, 0.2] }] } });
      if (step === 2) runtime.spawn({ name: 'marker2' });
      if (step === 3) runtime.destroyObject(runtime.find('sign')!);
      if (step === 4) runtime.destroyObject(runtime.find('crate1')!);
      runtime.advance((t += 1000 / 60));
      const kept = read(runtime);
      expect(kept, 'the same object, rewritten').toBe(first);
      expect(hashState(kept), `after step ${step}`).toBe(hashState(runtimeState(runtime)));
      expect(flattenState(kept)).toEqual(flattenState(runtimeState(runtime)));
    }
    runtime.destroy();
  });
});

import { describe, expect, it } from 'vitest';
import { createRapier2d } from 'tickflow/rapier2d';
import { createRapier3d, type PhysicsAdapter } from 'tickflow/rapier3d';
import { captureWasmMemories } from './wasm-memory.js';

// Issue 10: "Rapier's objects that need free() are freed by the adapter,
// never by user code; a leak test proves it (10,000 spawn/destroy cycles,
// WASM memory flat)."
//
// WASM memory only grows (in 64 KiB pages) and never shrinks, so its size is
// a high-water mark: flat after 10,000 cycles means every cycle gave back
// what it took. The control runs show the measure is not blind: the same
// spawns without their destroys, and adapters never destroyed, grow it.

const CYCLES = 10_000;
const WARM_UP_CYCLES = 1_000;
const ADAPTER_CYCLES = 100;
const DT = 1 / 60;
const TIMEOUT_MS = 120_000;

/** One spawn at the barrier, a step (it rests on the ground: a contact begins), a destroy at the barrier, a step (it ends). */
function cycle(physics: PhysicsAdapter, i: number): void {
  let body = 0;
  physics.barrier((s) => {
    body = s.createBody({ position: [(i % 7) - 3, 0.5, 0] });
    s.createCollider(body, { shape: i % 2 === 0 ? { type: 'ball', radius: 0.5 } : { type: 'box', halfExtents: [0.5, 0.5, 0.5] } });
  });
  physics.step(DT, 4);
  physics.barrier((s) => s.destroyBody(body));
  physics.step(DT, 4);
}

/**
 * The control's cycle: the same spawn, kept, in a grid cell of its own and
 * fixed (kept dynamic bodies piled on one spot would cost the solver more
 * with each cycle); the world steps once every 100 spawns.
 */
function keep(physics: PhysicsAdapter, i: number): void {
  physics.barrier((s) => {
    const body = s.createBody({ kind: 'fixed', position: [(i % 100) * 3, 0.5, Math.floor(i / 100) * 3] });
    s.createCollider(body, { shape: i % 2 === 0 ? { type: 'ball', radius: 0.5 } : { type: 'box', halfExtents: [0.5, 0.5, 0.5] } });
  });
  if (i % 100 === 99) physics.step(DT, 4);
}

function withGround(physics: PhysicsAdapter): PhysicsAdapter {
  physics.barrier((s) => {
    const ground = s.createBody({ kind: 'fixed' });
    s.createCollider(ground, { shape: { type: 'box', halfExtents: [20, 0.5, 20] }, offset: [0, -0.5, 0] });
  });
  return physics;
}

describe.each([
  ['rapier3d', createRapier3d],
  ['rapier2d', createRapier2d],
] as const)('%s: what needs free() is freed by the adapter', (name, create) => {
  let memory: WebAssembly.Memory;
  const bytes = (): number => memory.buffer.byteLength;

  it(`${CYCLES.toLocaleString('en')} spawn/destroy cycles leave WASM memory flat`, async () => {
    let physics!: PhysicsAdapter;
    const memories = await captureWasmMemories(async () => (physics = withGround(await create())), '__wbg_raw');
    expect(memories).toHaveLength(1);
    memory = memories[0]!;
    expect(memory).toBeInstanceOf(WebAssembly.Memory);
    for (let i = 0; i < WARM_UP_CYCLES; i++) cycle(physics, i);
    const before = bytes();
    let events = 0;
    for (let i = 0; i < CYCLES; i++) {
      cycle(physics, i);
      events += physics.collisionCount;
    }
    const after = bytes();
    console.log(`${name}: WASM memory before ${before} B, after ${CYCLES} spawn/destroy cycles ${after} B`);
    expect(physics.bodyCount).toBe(1); // the ground
    // Rapier's own JavaScript wrappers, too: the adapter steps the physics pipeline without World.step's
    // per-step re-wrapping walk, so removal through the world must be what drops them.
    const world = (physics as unknown as { world: { bodies: { len(): number }; colliders: { len(): number } } }).world;
    expect([world.bodies.len(), world.colliders.len()]).toEqual([1, 1]);
    expect(events).toBeGreaterThanOrEqual(CYCLES); // every cycle's contact ended (the measure covers the event path)
    expect(after).toBe(before);
    physics.destroy();
  }, TIMEOUT_MS);

  it(`${ADAPTER_CYCLES} adapters made and destroyed leave it flat; never destroyed, they grow it`, async () => {
    const round = async (destroy: boolean, count = ADAPTER_CYCLES): Promise<number> => {
      const before = bytes();
      const kept: PhysicsAdapter[] = [];
      for (let i = 0; i < count; i++) {
        const physics = withGround(await create());
        cycle(physics, i);
        if (destroy) physics.destroy();
        else kept.push(physics);
      }
      const grown = bytes() - before;
      for (const physics of kept) physics.destroy();
      return grown;
    };
    await round(true, 10); // warm up
    const destroyed = await round(true);
    const leaked = await round(false);
    console.log(`${name}: ${ADAPTER_CYCLES} adapters destroyed: +${destroyed} B; never destroyed: +${leaked} B`);
    expect(destroyed).toBe(0);
    expect(leaked).toBeGreaterThan(0);
  }, TIMEOUT_MS);

  it(`control: the same ${CYCLES.toLocaleString('en')} spawns without their destroys grow it`, async () => {
    // The memory captured above is the package's one instance: the control runs in it too.
    const physics = withGround(await create());
    for (let i = 0; i < WARM_UP_CYCLES; i++) cycle(physics, i);
    const before = bytes();
    for (let i = 0; i < CYCLES; i++) keep(physics, i);
    const after = bytes();
    console.log(`${name}: control, ${CYCLES} spawns kept: ${before} B -> ${after} B`);
    expect(after).toBeGreaterThan(before);
    physics.destroy();
  }, TIMEOUT_MS);
});

// The fixed-tick runtime under what a game, a scene file or a host can hand it
// (issue 22). Each case failed before its fix; the words are quoted in
// each name. Frames are run by hand at 60 Hz, one fixed tick each.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { createRapier3d } from '../../src/backends/rapier/rapier3d.js';
import { createRuntime, SceneDocumentError, type Runtime, type RuntimeOptions } from '../../src/engines/runtime/index.js';
import { thrownBy } from '../support/thrown.js';

vi.setConfig({ testTimeout: 30_000 });

const FRAME_MS = 1000 / 60;
const never = { subscribe: () => ({ unsubscribe() {} }) };
const ball = (name: string, position: [number, number, number]) =>
  ({ name, position, body: { colliders: [{ shape: 'ball', radius: 0.5 }] } }) as const;

interface Reported {
  readonly phase: string;
  readonly message: string;
}

let made: Runtime[] = [];
afterEach(() => {
  for (const runtime of made) if (!(runtime as { destroyed?: boolean }).destroyed) runtime.destroy();
  made = [];
});

/** A runtime run by hand whose errors are collected (as phase and message), not printed. */
function headless(options: RuntimeOptions, reported: Reported[] = []): { runtime: Runtime; frame: () => void } {
  const runtime = createRuntime({ ticks: never, onError: (error) => reported.push({ phase: error.phase, message: error.message }), ...options });
  made.push(runtime);
  let frame = 0;
  return { runtime, frame: () => void runtime.advance(frame++ * FRAME_MS) };
}

const isFinitePose = (pose: { position: Float64Array; rotation: Float64Array; scale: Float64Array }) =>
  [...pose.position, ...pose.rotation, ...pose.scale].every(Number.isFinite);

describe('issue 22: the fixed-tick runtime', () => {
  // "runtime `advance(0); advance(Number.MAX_VALUE); advance(0); advance(Number.MAX_VALUE)` gives
  // `stats().droppedSeconds === Infinity`; the same for `loop.stats().droppedMs`"
  it('#1: advance(0), advance(MAX_VALUE), advance(0), advance(MAX_VALUE) leave droppedSeconds and the loop\'s droppedMs finite', () => {
    const { runtime } = headless({ scene: { objects: [] } });
    runtime.advance(0);
    runtime.advance(Number.MAX_VALUE);
    runtime.advance(0);
    runtime.advance(Number.MAX_VALUE);
    expect(Number.isFinite(runtime.stats().droppedSeconds)).toBe(true);
    expect(runtime.stats().droppedSeconds).toBeGreaterThan(1e300);
    expect(Number.isFinite(runtime.loop.stats().droppedMs)).toBe(true);
  });

  // "A scene with `position: [1e39, 0, 0]` on a body passes validation ("three finite numbers"); Rapier
  // stores 32-bit floats, so it becomes `Infinity` and `presentation()` returns NaN."
  it('#2: a body at position [1e39, 0, 0] is refused by the scene checks, as more than physics stores', async () => {
    const physics = await createRapier3d();
    const error = thrownBy(() => createRuntime({ scene: { objects: [ball('far', [1e39, 0, 0])] }, physics, ticks: never }));
    physics.destroy();
    expect(error).toBeInstanceOf(SceneDocumentError);
    expect((error as SceneDocumentError).problems).toEqual([
      { path: 'objects[0].position[0]', value: 1e39, rule: 'a finite number of metres within ±3.4028234663852886e+38' },
    ]);
  });

  // "`teleport(h, { position: [1e39, 0, 0] })` does the same."
  it('#2: teleport(h, { position: [1e39, 0, 0] }) is refused and the body stays where it was, its presentation finite', async () => {
    const { runtime, frame } = headless({ scene: { objects: [ball('ball', [1, 2, 3])] }, physics: await createRapier3d() });
    const handle = runtime.find('ball')!;
    frame();
    expect(() => runtime.teleport(handle, { position: [1e39, 0, 0] })).toThrow(OptionError);
    expect([...runtime.transform(handle).position]).toEqual([1, 2, 3]);
    frame();
    frame();
    expect(isFinitePose(runtime.presentation(handle))).toBe(true);
    expect(runtime.presentation(handle).position[0]).toBe(1);
  });

  // "A refused teleport leaves NaN behind: `teleport(body, { position: [NaN, 0, 0] })` is refused by the
  // Rapier adapter after the runtime has already written NaN into `transform()`, so the next
  // `presentation()` is NaN."
  it('#3: a refused teleport(body, { position: [NaN, 0, 0] }) changes nothing: transform and presentation stay as they were', async () => {
    const { runtime, frame } = headless({ scene: { objects: [ball('ball', [1, 2, 3])] }, physics: await createRapier3d() });
    const handle = runtime.find('ball')!;
    frame();
    const before = [...runtime.transform(handle).position];
    const error = thrownBy(() => runtime.teleport(handle, { position: [NaN, 0, 0] }));
    expect([...runtime.transform(handle).position]).toEqual(before);
    frame();
    expect(isFinitePose(runtime.presentation(handle))).toBe(true);
    expect(error).toBeInstanceOf(OptionError);
    expect((error as Error).message).toBe('teleport: pose.position[0] must be a finite number of metres within ±3.4028234663852886e+38, got NaN');
  });

  // "`setTransform(h, { position: [NaN, 0, 0] })` is not checked at all, though `spawn` refuses the same value."
  it('#3: setTransform(h, { position: [NaN, 0, 0] }) is refused as spawn refuses it, and the object is left as it was', () => {
    const { runtime, frame } = headless({ scene: { objects: [{ name: 'marker', position: [4, 5, 6] }] } });
    const handle = runtime.find('marker')!;
    frame();
    expect(() => runtime.spawn({ name: 'bad', position: [NaN, 0, 0] as never })).toThrow(SceneDocumentError);
    const error = thrownBy(() => runtime.setTransform(handle, { position: [NaN, 0, 0] }));
    expect(error).toBeInstanceOf(OptionError);
    expect((error as Error).message).toBe('setTransform: pose.position[0] must be a finite number of metres within ±3.4028234663852886e+38, got NaN');
    expect([...runtime.transform(handle).position]).toEqual([4, 5, 6]);
    frame();
    expect([...runtime.presentation(handle).position]).toEqual([4, 5, 6]);
  });

  // "A throwing `onDiagnostic` during a barrier (a dead-handle `addComponent` beside a `destroy` and a
  // `spawn`) loses the rest of the batch for good (the object is never destroyed, the spawn never
  // happens), and afterwards the runtime's queue and spare queue are the same array, so commands queued
  // during a barrier are applied in that same barrier."
  it('#6: a throwing onDiagnostic loses nothing of its batch, and a command queued during a later barrier waits for the next', () => {
    const reported: Reported[] = [];
    const { runtime, frame } = headless(
      {
        scene: { objects: [{ name: 'doomed' }, { name: 'gone' }] },
        behaviors: {
          tag: () => ({}),
          spawnOnDestroy: (game) => ({ onDestroy: () => void game.spawn({ name: 'child' }) }),
        },
        onDiagnostic: () => {
          throw new Error('onDiagnostic bug');
        },
      },
      reported,
    );
    const gone = runtime.find('gone')!;
    const doomed = runtime.find('doomed')!;
    frame(); // the first frame is worth 0: no tick
    runtime.destroyObject(gone);
    frame(); // a tick: "gone" goes
    runtime.addComponent(gone, 'tag'); // a dead handle: a diagnostic, and onDiagnostic throws
    runtime.destroyObject(doomed);
    const spawned = runtime.spawn({ name: 'spawned', behaviors: ['spawnOnDestroy'] });
    frame();
    expect(runtime.valid(doomed)).toBe(false);
    expect(runtime.valid(spawned)).toBe(true);
    expect(reported.map((e) => e.message)).toEqual([expect.stringContaining('onDiagnostic bug')]);
    runtime.destroyObject(spawned); // its onDestroy, at the next barrier, queues a spawn
    frame();
    expect(runtime.find('child')).toBeUndefined(); // "A command queued while this barrier ... runs waits until the next tick."
    frame();
    expect(runtime.find('child')).toBeDefined();
  });

  // "A spawn queued by an `onDestroy` during `replaceScene` appears in the new scene, where
  // docs/runtime.md says queued commands are dropped and the document is loaded as written."
  it('#7: a spawn an onDestroy queues while replaceScene clears the old scene never appears in the new one', () => {
    const handles: number[] = [];
    const { runtime, frame } = headless({
      scene: { objects: [{ name: 'old', behaviors: ['leaveGhost'] }] },
      behaviors: { leaveGhost: (game) => ({ onDestroy: () => void handles.push(game.spawn({ name: 'ghost' })) }) },
    });
    frame();
    runtime.replaceScene({ objects: [{ name: 'new' }] });
    frame();
    frame();
    frame();
    expect(handles).toHaveLength(1);
    expect(runtime.find('ghost')).toBeUndefined();
    expect(runtime.valid(handles[0]!)).toBe(false);
    expect(runtime.handles().map((h) => runtime.nameOf(h))).toEqual(['new']);
  });

  // "`runtime.spawn({ ...a body })` on a runtime without physics creates a non-physical object, where the
  // same object in the initial scene is refused with an error naming `physics`"
  it('#8: spawning a body on a runtime without physics is refused naming physics, as the same object in the scene is', () => {
    const { runtime } = headless({ scene: { objects: [] } });
    const inScene = thrownBy(() => createRuntime({ scene: { objects: [ball('ball', [0, 0, 0])] }, ticks: never }));
    expect(inScene).toBeInstanceOf(OptionError);
    expect((inScene as OptionError).option).toBe('physics');
    const spawned = thrownBy(() => runtime.spawn(ball('ball', [0, 0, 0])));
    expect(spawned).toBeInstanceOf(OptionError);
    expect((spawned as OptionError).option).toBe('physics');
    expect((spawned as Error).message).toBe('spawn: physics must be a physics adapter given to createRuntime, because "ball" has a body, got undefined');
  });

  // "`velocity()`/`setVelocity()` there throw "Cannot read properties of undefined (reading
  // 'setLinearVelocity')" instead of the documented "has no physics body"."
  it('#8: velocity() and setVelocity() on a runtime without physics say the object has no physics body', () => {
    const { runtime, frame } = headless({ scene: { objects: [{ name: 'marker' }] } });
    frame();
    const handle = runtime.find('marker')!;
    expect(() => runtime.setVelocity(handle, 1, 0, 0)).toThrow('setVelocity: "marker" has no physics body; move it with setTransform');
    expect(() => runtime.velocity(handle, new Float64Array(3))).toThrow('velocity: "marker" has no physics body; move it with setTransform');
  });

  // "`createRuntime({ backend: { render() {} } })` is accepted; `dispose()` then throws a TypeError and
  // the Rapier world is never freed"
  it('#9: createRuntime refuses a backend without destroy(), naming backend, before it owns the physics world', async () => {
    const physics = await createRapier3d();
    const error = thrownBy(() => createRuntime({ scene: { objects: [] }, physics, backend: { render() {} } as never, ticks: never }));
    expect(error).toBeInstanceOf(OptionError);
    expect((error as Error).message).toBe('createRuntime: backend must be an object with render(frame) and destroy(), got an object');
    physics.destroy();
  });

  // "`createRuntime({ input: { target: 'window' } })` names `createInput: keyboardTarget`."
  it("#14: createRuntime({ input: { target: 'window' } }) names createRuntime and input.target", () => {
    const error = thrownBy(() => createRuntime({ scene: { objects: [] }, input: { target: 'window' as never }, ticks: never }));
    expect(error).toBeInstanceOf(OptionError);
    expect((error as Error).message).toBe('createRuntime: input.target must be an EventTarget (window, a canvas, an element), got "window"');
  });

  // "runtime `dispose()` in `fixedUpdate` reports "step after destroy()"" (dispose() was destroy()'s old name)
  it('#16: destroy() inside fixedUpdate ends the frame quietly: no "step after destroy()"', async () => {
    const reported: Reported[] = [];
    let runtime!: Runtime;
    ({ runtime } = headless(
      {
        scene: { objects: [{ ...ball('ball', [0, 2, 0]), behaviors: ['quit'] }] },
        behaviors: { quit: () => ({ fixedUpdate: () => runtime.destroy() }) },
        physics: await createRapier3d(),
      },
      reported,
    ));
    runtime.advance(0);
    runtime.advance(FRAME_MS);
    expect(reported).toEqual([]);
  });

  // The class: "teardown from inside any hook ends the frame quietly". An onDestroy runs inside the
  // physics barrier; a teardown there cleared the scene in a second, nested barrier, and failed.
  it('#16 (the class): destroy() inside an onDestroy run at the barrier tears down quietly, each onDestroy once', async () => {
    const reported: Reported[] = [];
    const destroyed: string[] = [];
    let runtime!: Runtime;
    ({ runtime } = headless(
      {
        scene: { objects: [{ ...ball('quitter', [0, 2, 0]), behaviors: ['quit'] }, { ...ball('bystander', [3, 2, 0]), behaviors: ['note'] }] },
        behaviors: {
          quit: (game) => ({ onDestroy: (_g, self) => { destroyed.push(game.nameOf(self)); runtime.destroy(); } }),
          note: (game) => ({ onDestroy: (_g, self) => void destroyed.push(game.nameOf(self)) }),
        },
        physics: await createRapier3d(),
      },
      reported,
    ));
    runtime.advance(0);
    runtime.destroyObject(runtime.find('quitter')!);
    runtime.advance(FRAME_MS); // the barrier: quitter's onDestroy tears the runtime down
    expect(reported).toEqual([]);
    expect(destroyed).toEqual(['quitter', 'bystander']);
    expect(runtime.destroyed).toBe(true);
  });

  // The class again: destroy() runs every onDestroy, and one that spawns (an explosion where it was)
  // reported "spawn: the runtime was destroyed". Its command is dropped with the scene, quietly.
  it('#16 (the class): an onDestroy that spawns during destroy() is dropped quietly, as during a scene replacement', () => {
    const reported: Reported[] = [];
    let spawned = 0;
    const { runtime, frame } = headless(
      {
        scene: { objects: [{ name: 'bomb', behaviors: ['explode'] }] },
        behaviors: { explode: (game) => ({ onDestroy: () => void (spawned = game.spawn({ name: 'explosion' })) }) },
      },
      reported,
    );
    frame();
    runtime.destroy();
    expect(reported).toEqual([]);
    expect(spawned).not.toBe(0);
    expect(runtime.valid(spawned)).toBe(false);
    expect(() => runtime.spawn({ name: 'late' })).toThrow('spawn: the runtime was destroyed');
  });

  // "and the runtime labels every loop-level error `.update`, even when the phase was `tick`."
  it('#16: an error the tick phase itself throws (the physics step) is labelled with the phase tick, not update', async () => {
    const reported: Reported[] = [];
    const physics = await createRapier3d();
    physics.step = () => {
      throw new Error('the physics step broke');
    };
    const { frame } = headless({ scene: { objects: [] }, physics }, reported);
    frame();
    frame();
    expect(reported).toHaveLength(1);
    expect(reported[0]!.phase).toBe('tick');
    expect(reported[0]!.message).not.toContain('.update');
    expect(reported[0]!.message).toContain('the physics step broke');
  });
});

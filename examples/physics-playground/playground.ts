// Physics Playground: the game, built from its scene documents. The page
// (main.ts) and the replay view build it with this one function; a Node test
// builds it the same way, without a picture.
import type { Subscribable } from 'rxjs';
import type { Clock } from 'tickflow';
import { runtimeState, type RuntimeState } from 'tickflow/replay';
import { createRapier3d } from 'tickflow/rapier3d';
import { createRuntime, type Runtime, type RuntimeBackend, type RuntimeOptions } from 'tickflow/runtime';
import { cameraBehavior, despawn, patrol, player, spawner, type PlaygroundControls } from './behaviors.js';

/** The two scene documents, as JSON text (scenes/arena.json, scenes/towers.json). */
export interface PlaygroundScenes {
  readonly arena: string;
  readonly towers: string;
}

/** Options of {@link createPlayground}. */
export interface PlaygroundOptions {
  /** The scene documents; the runtime starts in the arena. */
  readonly scenes: PlaygroundScenes;
  /** The page's switches the behaviors read (the camera's follow mode). */
  readonly controls: PlaygroundControls;
  /** Where it is drawn (three.js on the page); none in Node. */
  readonly backend?: RuntimeBackend;
  /** The runtime's own keys: `{ target: window }` on the page; scripted (a replay's recorded presses) without. */
  readonly input?: RuntimeOptions['input'];
  /** Host ticks, the clock and the seed: the page's defaults, or a replay's host. */
  readonly ticks?: Subscribable<number>;
  readonly clock?: Clock;
  readonly seed?: number;
}

/** Builds the playground on the fixed-tick runtime with Rapier 3D physics, in the arena. */
export async function createPlayground(options: PlaygroundOptions): Promise<Runtime> {
  const { scenes, controls, backend, input, ticks, clock, seed } = options;
  return createRuntime({
    scene: scenes.arena,
    physics: await createRapier3d(),
    ...(backend === undefined ? {} : { backend }),
    behaviors: { player, patrol, spawner, despawn, camera: cameraBehavior(controls) },
    ...(input === undefined ? {} : { input }),
    ...(ticks === undefined ? {} : { ticks }),
    ...(clock === undefined ? {} : { clock }),
    ...(seed === undefined ? {} : { seed }),
  });
}

/**
 * The state a recorded session's checkpoints hash (`recordSession(runtime,
 * { stateOf: playgroundCheckpointState })`, and the same to `replay`): the
 * runtime's own (`runtimeState`: every object's simulation pose, presented
 * pose and a body's velocity) without the camera, whose drawn pose follows
 * the page's switch (presentation or raw transform), a view setting the
 * session does not hold: a replay follows the switch as it is on the page
 * that plays it. The presented poses are compared too: the runtime blends
 * rotations with portable trigonometry, the same bits in Chromium and Node.
 */
export function playgroundCheckpointState(runtime: Runtime): PlaygroundState {
  const state = runtimeState(runtime);
  return { ...state, objects: state.objects.filter((object) => object.name !== 'camera') };
}

/** What {@link playgroundCheckpointState} returns: the runtime's checkpoint state without the camera. */
export type PlaygroundState = RuntimeState;

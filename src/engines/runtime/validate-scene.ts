import type { BehaviorFactory } from './behavior.js';
import type { PhysicsAdapter } from './physics-adapter.js';
import { createRuntime } from './runtime.js';

/** Ticks a `validate` run simulates when none is given: ten seconds at the default 1/60 s. */
export const DEFAULT_VALIDATE_TICKS = 600;

/** Options of {@link validateScene}. */
export interface ValidateSceneOptions {
  /** The scene document (object or JSON text). */
  readonly scene: unknown;
  /** Behavior factories by name; a document naming one not given is rejected. */
  readonly behaviors?: { readonly [name: string]: BehaviorFactory };
  /** The physics world, required when an object has a body; the run destroys it. */
  readonly physics?: PhysicsAdapter;
  /** Fixed ticks to run, a whole number >= 1; defaults to {@link DEFAULT_VALIDATE_TICKS}. */
  readonly ticks?: number;
}

/** What a `validate` run reports. */
export interface SceneReport {
  /** The document's `name`, or `''`. */
  readonly scene: string;
  /** Fixed ticks run. */
  readonly ticks: number;
  /** The fixed interval, seconds. */
  readonly fixedDeltaSeconds: number;
  /** Physics substeps per tick. */
  readonly physicsSubsteps: number;
  /** Objects at the end. */
  readonly objects: number;
  /** Every error a callback threw, as `object (behavior).callback threw at tick N: message`. */
  readonly errors: readonly string[];
  /** Every diagnostic. */
  readonly diagnostics: readonly string[];
  /** A hash of every object's final pose (FNV-1a over the float64 bits): the same scene and ticks give the same hash on any machine the physics engine is deterministic on. */
  readonly poseHash: string;
}

/**
 * The seed's `--validate`: runs a scene headless for `ticks` fixed ticks (one
 * per frame, no renderer, no input) with the same simulation settings as
 * ordinary play, and reports. An invalid document throws before anything
 * runs (a {@link SceneDocumentError} naming every problem).
 *
 * @example
 * ```ts
 * import { validateScene } from 'tickflow/runtime';
 *
 * const report = validateScene({ scene: { name: 'empty', objects: [{ name: 'marker' }] }, ticks: 60 });
 * console.log(report.ticks, report.errors.length); // 60 0
 * ```
 */
export function validateScene(options: ValidateSceneOptions): SceneReport {
  const { ticks = DEFAULT_VALIDATE_TICKS } = options;
  if (!Number.isInteger(ticks) || ticks < 1) throw new RangeError(`validateScene: ticks must be a whole number >= 1, got ${String(ticks)}`);
  const errors: string[] = [];
  const diagnostics: string[] = [];
  const runtime = createRuntime({
    scene: options.scene,
    behaviors: options.behaviors,
    physics: options.physics,
    ticks: { subscribe: () => ({ unsubscribe() {} }) }, // no host: every frame is advanced here
    clock: undefined,
    onError: (error) => errors.push(error.message),
    onDiagnostic: (message) => diagnostics.push(message),
  });
  try {
    const stepMs = runtime.simulation.fixedDeltaSeconds * 1000;
    runtime.advance(0);
    for (let i = 1; i <= ticks; i++) runtime.advance(i * stepMs);
    const hash = new PoseHash();
    for (const handle of runtime.handles()) {
      const pose = runtime.transform(handle);
      hash.add(pose.position);
      hash.add(pose.rotation);
    }
    return {
      scene: runtime.document.name ?? '',
      ticks: runtime.stats().ticks,
      fixedDeltaSeconds: runtime.simulation.fixedDeltaSeconds,
      physicsSubsteps: runtime.simulation.physicsSubsteps,
      objects: runtime.stats().objects,
      errors,
      diagnostics,
      poseHash: hash.hex(),
    };
  } finally {
    runtime.destroy();
  }
}

/** FNV-1a (32-bit) over the bytes of float64 values. */
class PoseHash {
  private value = 0x811c9dc5;
  private readonly bytes = new Uint8Array(new Float64Array(1).buffer);
  private readonly cell = new Float64Array(this.bytes.buffer);

  add(values: Float64Array): void {
    for (let i = 0; i < values.length; i++) {
      this.cell[0] = values[i]! === 0 ? 0 : values[i]!; // -0 and 0 are the same pose
      for (let b = 0; b < 8; b++) this.value = Math.imul(this.value ^ this.bytes[b]!, 0x01000193) >>> 0;
    }
  }

  hex(): string {
    return this.value.toString(16).padStart(8, '0');
  }
}

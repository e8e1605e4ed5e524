import type { Subscribable } from 'rxjs';
import { deltas } from '../../../operators/deltas.js';
import { finiteTimestamps } from '../../../operators/finite-timestamps.js';
import { OptionError } from '../../../operators/option-error.js';
import { pipeSteps } from '../../../operators/step-operator.js';
import { checkOptionKeys, functionOption, optionsObject } from '../../../operators/validate.js';
import type { Clock } from '../../clocks/clock.js';
import { whileVisible } from '../../clocks/while-visible.js';
import type { ShellOptions } from '../shell/shell-options.js';
import { checkBehaviorFactories, type BehaviorFactory } from './behavior.js';
import type { PhysicsAdapter } from './physics-adapter.js';
import { isRuntimeBackend, type RuntimeBackend } from './runtime-backend.js';
import type { Input } from '../../input/input.js';
import type { RuntimeAction, RuntimeInputOptions } from './runtime-input.js';
import type { ResolvedSimulation } from './scene-document.js';

/** Options of `createRuntime`: the runtime's own, and the shell's (`ticks`, `clock`, `onError`). */
export interface RuntimeOptions extends ShellOptions {
  /**
   * The scene document (an object or its JSON text): its `simulation`
   * settings and its objects. Validated before anything starts: every
   * problem is named in one `SceneDocumentError`.
   */
  readonly scene: unknown;
  /** Behavior factories by the name scene documents use. */
  readonly behaviors?: { readonly [name: string]: BehaviorFactory };
  /**
   * The physics world (`await createRapier3d()` from `tickflow/rapier3d`, or
   * `tickflow/rapier2d`). The runtime owns it from here: its `destroy()`
   * destroys the adapter, which frees everything the physics engine
   * allocated. Required when a scene object has a `body`.
   */
  readonly physics?: PhysicsAdapter;
  /** Draws each frame; defaults to drawing nothing (headless). */
  readonly backend?: RuntimeBackend;
  /**
   * Host ticks (ms); defaults to the page's one requestAnimationFrame.
   * `advance()` works without them.
   */
  readonly ticks?: Subscribable<number>;
  /**
   * What each tick is worth; defaults to the wall clock with no clamp (so
   * every lost interval shows in `dropped`), declining ticks while the page
   * is hidden when there is a page.
   */
  readonly clock?: Clock;
  /**
   * The Input `input()` reads: one that reads every runtime action
   * (`createInput({ bindings: { ...DEFAULT_RUNTIME_BINDINGS }, keyboardTarget: window })`),
   * or its options `{ target, bindings }` (keyboard target, and keys per
   * action in place of the defaults). Defaults to the default bindings,
   * scripted only. The runtime destroys it with itself.
   */
  readonly input?: Input<RuntimeAction> | RuntimeInputOptions;
  /** Called with every diagnostic (a structural command aimed at a dead object); defaults to `console.warn`. What it throws is reported, never let through. */
  readonly onDiagnostic?: (message: string) => void;
}



const NO_BEHAVIORS: { readonly [name: string]: BehaviorFactory } = Object.freeze({});

/**
 * Checks the runtime's own options before anything is built (the shell
 * checks its own; the scene document is parsed on its own): an unknown key,
 * a behavior that is not a factory, a physics adapter without `step`, a
 * backend without `render` and `destroy`, an `onDiagnostic` that is not a
 * function are refused, each naming the option. @internal
 *
 * @return The options with their defaults.
 * @throws {OptionError} for a bad option.
 */
export function checkRuntimeOptions(
  where: string,
  options: RuntimeOptions,
): { behaviors: { readonly [name: string]: BehaviorFactory }; physics: PhysicsAdapter | undefined; backend: RuntimeBackend | undefined; onDiagnostic: (message: string) => void } {
  const { behaviors = NO_BEHAVIORS, physics, backend, onDiagnostic } = options;
  checkBehaviorFactories(where, behaviors);
  if (physics !== undefined && (physics === null || typeof (physics as Partial<PhysicsAdapter>).step !== 'function')) {
    throw new OptionError(where, 'physics', 'a physics adapter (createRapier3d() or createRapier2d())', physics);
  }
  if (onDiagnostic !== undefined) functionOption(where, 'onDiagnostic', onDiagnostic);
  return { behaviors, physics, backend, onDiagnostic: onDiagnostic ?? ((message) => console.warn(message)) };
}

/** The runtime's clock when the game gives none: the wall clock with no clamp, declining ticks while the page (when there is one) is hidden. @internal */
export function defaultRuntimeClock(): Clock {
  const wall = pipeSteps(finiteTimestamps(), deltas());
  const page = (globalThis as { document?: { hidden?: unknown } }).document;
  return page !== undefined && typeof page.hidden === 'boolean' ? whileVisible(wall) : wall;
}

/** The loop's fixed step for a scene's simulation settings: `fixed_delta`, `max_catch_up_ticks`, and the seed's overflow ("Excess whole intervals are dropped ... the fractional remainder is retained"). @internal */
export function runtimeFixedStep(simulation: ResolvedSimulation): { stepMs: number; maxSteps: number; overflow: 'keep-fraction' } {
  return { stepMs: simulation.fixedDeltaSeconds * 1000, maxSteps: simulation.maxCatchUpTicks, overflow: 'keep-fraction' };
}

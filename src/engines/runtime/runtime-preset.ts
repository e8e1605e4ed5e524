import type { PresetDeclaration } from '../shell/preset-declaration.js';
import { ENGINE_OPTION_KEYS } from '../shell/shell-options.js';
import { defaultRuntimeClock, type RuntimeOptions } from './runtime-options.js';
import { RUNTIME_PHASE_TABLE, type RuntimePhase, type RuntimePhaseHost } from './runtime-phases.js';

/**
 * The fixed-tick runtime as a preset of the engine shell: its name, the
 * options it takes (its own and the shell's), its phase table and its
 * default clock. The fixed step follows the scene document, and the phase
 * host is the runtime itself: the runtime adds both when it is built. @internal
 */
export const RUNTIME_PRESET = {
  label: 'runtime',
  where: 'createRuntime',
  options: {
    own: ['scene', 'behaviors', 'physics', 'backend', 'input', 'onDiagnostic'] satisfies (keyof RuntimeOptions)[],
    shell: ENGINE_OPTION_KEYS,
    rule: 'an options object',
    // Both methods: without destroy(), the runtime's own teardown would fail (and leak what it holds).
    backend: { rule: 'an object with render(frame) and destroy()', methods: ['render', 'destroy'], optional: true },
  },
  phases: RUNTIME_PHASE_TABLE,
  // What a caller may do between frames that moves the simulation: recorded by name, made again by a replay.
  recordedCalls: ['pause', 'resume', 'step', 'spawn', 'destroyObject', 'addComponent', 'removeComponent', 'replaceScene', 'setTransform', 'teleport', 'setPresentation', 'setVelocity'],
  defaultClock: defaultRuntimeClock,
} as const satisfies Omit<PresetDeclaration<RuntimePhase, RuntimePhaseHost>, 'fixedStep' | 'phaseHost'>;

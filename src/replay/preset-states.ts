import type { StateEngine } from '../engines/state/state-engine.js';
import type { SystemsEngine } from '../engines/systems/systems-engine.js';

/**
 * The state engine's checkpoint state: its state value, as update left it.
 * (A state holding Maps or Sets reads through the engine's read-only view,
 * which a Map's own methods refuse: give such a game its own `stateOf`.)
 */
export function stateEngineState<T, S extends object, A extends string>(engine: StateEngine<T, S, A>): unknown {
  return engine.state;
}

/** What {@link systemsEngineState} reads of one entity. */
export interface EntityState {
  /** The entity's id. */
  readonly id: string;
  /** Its transform: position and rotation. */
  readonly x: number;
  /** Its transform's y. */
  readonly y: number;
  /** Its transform's rotation, in radians. */
  readonly rotation: number;
  /** Its components, as they are (plain data hashes; a function in one is refused with its path). */
  readonly components: Readonly<Record<string, unknown>>;
}

/** What {@link systemsEngineState} returns. */
export interface SystemsState {
  /** The active scene's id (null between scenes). */
  readonly scene: string | null;
  /** The live entities, in creation order. */
  readonly entities: readonly EntityState[];
}

/** The systems engine's checkpoint state: the active scene and its live entities' transforms and components. */
export function systemsEngineState(engine: SystemsEngine): SystemsState {
  const scene = engine.scene;
  const entities: EntityState[] = [];
  for (const entity of scene?.entities ?? []) {
    if (!entity.alive) continue;
    const { x, y, rotation } = entity.transform;
    entities.push({ id: entity.id, x, y, rotation, components: entity.components });
  }
  return { scene: scene?.id ?? null, entities };
}

/**
 * The checkpoint state a preset provides, by the preset's name
 * (`engine.preset`): {@link stateEngineState} for `'state engine'`,
 * {@link systemsEngineState} for `'systems engine'`; `undefined` for the
 * others (give `stateOf` yourself).
 */
export function presetStateOf(preset: string): ((engine: never) => unknown) | undefined {
  switch (preset) {
    case 'state engine':
      return stateEngineState as (engine: never) => unknown;
    case 'systems engine':
      return systemsEngineState as (engine: never) => unknown;
    default:
      return undefined;
  }
}

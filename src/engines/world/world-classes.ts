import { OptionError } from '../../../operators/option-error.js';
import { Actor, Component, Controller, GameMode, type World } from './world.js';

/** A class of the world's objects: an `Actor`, `Component`, `Controller` or `GameMode` class, or one extending it. */
export type WorldClass = abstract new (...args: never[]) => Actor<never> | Component<never> | Controller<never> | GameMode<never>;

/** The four kinds of world object a snapshot holds, each with its base class. */
export const WORLD_OBJECT_KINDS = { actor: Actor, component: Component, controller: Controller, gameMode: GameMode } as const;

/** Which of the four a world object is. */
export type WorldObjectKind = keyof typeof WORLD_OBJECT_KINDS;

/**
 * How the world engine finds the class of an object a snapshot holds, to
 * re-create it on restore (an actor destroyed since the save, a component
 * detached, a controller removed, another game mode set).
 *
 * A snapshot names each object's class by name, and the engine knows a class
 * by name from three places:
 *
 * 1. the four base classes, `Actor`, `Component`, `Controller` and
 *    `GameMode`, always;
 * 2. the engine's `classes` option, under the names it gives them
 *    (`classes: { Bullet, Spark }`): names that survive a minifier, and the
 *    way to tell a fresh engine of a class its levels have not made yet;
 * 3. the class of every object the engine saved, or holds in its world when
 *    it restores, under the class's own name (`constructor.name`).
 *
 * So an engine restoring its own snapshot finds every class without being
 * told; an engine restoring another's (a saved game after a reload) finds
 * the classes its own levels made, and needs the others in `classes`. A
 * class it cannot find is refused by name.
 *
 * @internal
 */
export class WorldClasses {
  /** Every class known, by the name a snapshot gives it. */
  private readonly byName = new Map<string, WorldClass>();
  /** The names the `classes` option gives (they win over a class's own name). */
  private readonly given = new Map<WorldClass, string>();
  /** The names that cannot be taken over by a class seen later (the base classes and the option's). */
  private readonly fixed = new Set<string>();

  /** @throws {OptionError} naming `where` for a `classes` option that is not an object of world object classes. */
  constructor(where: string, classes: unknown) {
    // By literal names: a minifier renames the classes themselves.
    for (const [name, base] of [['Actor', Actor], ['Component', Component], ['Controller', Controller], ['GameMode', GameMode]] as const) this.fix(name, base);
    if (classes === undefined) return;
    if (classes === null || typeof classes !== 'object' || Array.isArray(classes)) {
      throw new OptionError(where, 'classes', 'an object of Actor, Component, Controller or GameMode classes by name ({ Bullet, Spark })', classes);
    }
    for (const [name, value] of Object.entries(classes)) {
      if (kindOfClass(value) === undefined) throw new OptionError(where, `classes.${name}`, 'a class extending Actor, Component, Controller or GameMode', value);
      this.fix(name, value as WorldClass);
    }
  }

  /**
   * The name a snapshot gives `object`'s class; the class is known by it from
   * now on. `seen` holds the names given in this save so far: two classes
   * under one name in one snapshot are refused.
   *
   * @param what The object, for the error (`actor 3`).
   * @throws {Error} for a class without a name, or a name another class of this snapshot (or a base class, or the option) has.
   */
  nameOf(object: object, what: string, seen: Map<string, WorldClass>): string {
    const type = object.constructor as WorldClass;
    const name = this.given.get(type) ?? type.name;
    if (name === '') throw new Error(`save: ${what}'s class has no name; give the class one, or list it in createWorldEngine's classes option ({ classes: { Name: TheClass } })`);
    const other = seen.get(name) ?? (this.fixed.has(name) ? this.byName.get(name) : undefined);
    if (other !== undefined && other !== type) {
      throw new Error(`save: two classes are named "${name}" (${what}'s and another's: a minifier's renaming, or two modules); list one in createWorldEngine's classes option under a name of its own`);
    }
    seen.set(name, type);
    this.learn(name, type);
    return name;
  }

  /** Learns `object`'s class under its own name (an object the engine holds when it restores). */
  see(object: object): void {
    const type = object.constructor as WorldClass;
    this.learn(this.given.get(type) ?? type.name, type);
  }

  /** Learns the class of every object in `world` (what a restore finds in the engine). */
  seeWorld(world: World<string>): void {
    for (const actor of world.actors) {
      this.see(actor);
      for (const component of actor.components) this.see(component);
    }
    for (const controller of world.controllers) this.see(controller);
    if (world.gameMode !== undefined) this.see(world.gameMode);
  }

  /** The class known by `name`, if it is one of `kind`. */
  find(name: unknown, kind: WorldObjectKind): WorldClass | undefined {
    const type = typeof name === 'string' ? this.byName.get(name) : undefined;
    return type !== undefined && kindOfClass(type) === kind ? type : undefined;
  }

  /** The names of the known classes of `kind`, sorted: what an error lists. */
  names(kind: WorldObjectKind): string[] {
    return [...this.byName].filter(([, type]) => kindOfClass(type) === kind).map(([name]) => name).sort();
  }

  private fix(name: string, type: WorldClass): void {
    this.byName.set(name, type);
    this.given.set(type, name);
    this.fixed.add(name);
  }

  /** A class seen later takes its name over from an earlier one (a level that defines its classes anew on each load), never from a fixed one. */
  private learn(name: string, type: WorldClass): void {
    if (name !== '' && !this.fixed.has(name)) this.byName.set(name, type);
  }
}

/** Which kind of world object `value`'s instances are, if it is such a class. */
function kindOfClass(value: unknown): WorldObjectKind | undefined {
  if (typeof value !== 'function') return undefined;
  for (const [kind, base] of Object.entries(WORLD_OBJECT_KINDS) as [WorldObjectKind, WorldClass][]) {
    if (value === base || value.prototype instanceof base) return kind;
  }
  return undefined;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededRandom, nextRandom, type SeededRandom } from '../../operators/seeded-random.js';
import { EngineRandom } from '../../src/engines/shell/engine-random.js';
import { Actor, Component, World, type TickContext, type WorldHost } from '../../src/engines/world/world.js';

// Step 5 ticks from flat arrays the world keeps up to date (TickOrder). These
// specs hold it to the loop it replaced, which read every actor's own list
// as it came up: "Each live actor ticks in spawn order, and after each actor
// its enabled components tick in attachment order."

/**
 * The step-5 loop as it was before the flat arrays: the reference. It stops
 * the moment the world closes (`engine.destroy()` from a tick): every actor
 * has ended play, and nothing of a destroyed engine runs.
 */
function referenceStep(
  actors: readonly Actor[],
  paused: boolean,
  dt: number,
  context: TickContext,
  report: (error: unknown) => void,
  closed: () => boolean,
): void {
  const count = actors.length;
  for (let i = 0; i < count && !closed(); i++) {
    const actor = actors[i]!;
    if (!actor.alive || (paused && !actor.tickWhenPaused)) continue;
    try {
      actor.tick(dt, context);
    } catch (error) {
      report(error);
    }
    const components = actor.components;
    for (let j = 0; j < components.length && !closed(); j++) {
      const component = components[j]!;
      if (!component.enabled) continue;
      try {
        component.tick(dt, context);
      } catch (error) {
        report(error);
      }
    }
  }
}

/**
 * One run: a world of scripted actors and components whose every tick logs
 * its label and then, drawn from a seeded sequence, may change the world:
 * attach or detach a component anywhere, enable or disable one, destroy or
 * spawn an actor, pause or resume, or throw. Two runs with the same seed make
 * the same changes for as long as they make the same calls.
 */
class Script {
  readonly log: string[] = [];
  readonly host: WorldHost;
  readonly world: World;
  private readonly random: SeededRandom;
  private labels = 0;
  private ids = 0;
  private frameCount = 0;

  constructor(seed: number, actors: readonly number[], readonly changeRate: number) {
    this.random = createSeededRandom(seed);
    const script = this;
    this.host = {
      nextActorId: () => ++script.ids,
      frame: () => ({ count: script.frameCount, timeMs: 0, activeMs: 0, lastDeltaMs: 0 }),
      requestLevel: () => {},
      paused: false,
    };
    this.world = new World('script', this.host);
    for (const components of actors) this.spawn(components);
  }

  /** Runs one frame's step 5 with `step`, then the flush. */
  frame(step: typeof referenceStep | 'world'): void {
    this.frameCount++;
    this.log.push(`-- frame ${this.frameCount}${this.host.paused ? ' (paused)' : ''}`);
    const context = { dt: 0.016, world: this.world, input: undefined as never, cue: () => {}, random: new EngineRandom() };
    const report = (error: unknown): void => void this.log.push(`reported ${(error as Error).message}`);
    try {
      if (step === 'world') this.world.tickActors(this.host.paused, 0.016, context, report);
      else step(this.world.actors, this.host.paused, 0.016, context, report, () => this.world.isClosed);
    } catch (error) {
      this.log.push(`step threw ${(error as Error).message}`);
    }
    this.world.flushDestroyed(report);
    this.log.push(`left: ${this.world.actors.map((a) => `${a.name}[${a.components.map((c) => (c as Scripted).label).join(',')}]`).join(' ')}`);
  }

  spawn(components: number): Actor {
    const script = this;
    const actor = new (class extends Actor {
      override tick(): void {
        script.ticked(this.name);
      }
    })();
    actor.name = `a${++this.labels}`;
    actor.tickWhenPaused = this.chance(0.3);
    // Some components attached before the actor joins, the rest after.
    const before = Math.floor(nextRandom(this.random) * (components + 1));
    for (let k = 0; k < before; k++) actor.attach(this.component());
    this.world.spawn(actor);
    for (let k = before; k < components; k++) actor.attach(this.component());
    return actor;
  }

  component(): Scripted {
    const component = new Scripted(this, `c${++this.labels}`);
    component.enabled = !this.chance(0.15);
    return component;
  }

  ticked(label: string): void {
    this.log.push(label);
    if (!this.chance(this.changeRate)) return;
    const actors = this.world.actors;
    const target = actors[Math.floor(nextRandom(this.random) * actors.length)];
    const pick = nextRandom(this.random);
    if (target === undefined) return;
    const own = target.components as readonly Scripted[];
    const which = own[Math.floor(nextRandom(this.random) * own.length)];
    if (pick < 0.25) {
      this.log.push(`${label} attaches to ${target.name}`);
      target.attach(this.component());
    } else if (pick < 0.45) {
      if (which === undefined) return;
      this.log.push(`${label} detaches ${which.label} from ${target.name}`);
      target.detach(which);
    } else if (pick < 0.6) {
      if (which === undefined) return;
      // Any value a game might store, not only booleans.
      which.enabled = [true, false, 0, 1, undefined, 'yes'][Math.floor(nextRandom(this.random) * 6)] as boolean;
      this.log.push(`${label} sets ${which.label}.enabled = ${String(which.enabled)}`);
    } else if (pick < 0.72) {
      this.log.push(`${label} destroys ${target.name}`);
      this.world.destroy(target);
    } else if (pick < 0.84) {
      const spawned = this.spawn(Math.floor(nextRandom(this.random) * 3));
      this.log.push(`${label} spawns ${spawned.name}`);
    } else if (pick < 0.92) {
      this.host.paused = !this.host.paused;
      this.log.push(`${label} sets paused = ${this.host.paused}`);
    } else if (pick < 0.93) {
      // The level closing under the step (the engine destroyed from a tick).
      this.log.push(`${label} closes the world`);
      this.world.close(() => {});
    } else {
      throw new Error(`${label} throws`);
    }
  }

  private chance(p: number): boolean {
    return nextRandom(this.random) < p;
  }
}

class Scripted extends Component {
  constructor(
    private readonly script: Script,
    readonly label: string,
  ) {
    super();
  }
  override tick(): void {
    this.script.ticked(this.label);
  }
}

describe('step 5 from the flat tick order: the same calls, in the same order, as reading each actor\'s own list', () => {
  it('under random attaches, detaches, enables, destroys, spawns, pauses and throws from inside the ticks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 7 }),
        fc.constantFrom(0, 0.05, 0.2, 0.5),
        (seed, actors, changeRate) => {
          const flat = new Script(seed, actors, changeRate);
          const reference = new Script(seed, actors, changeRate);
          for (let f = 0; f < 8; f++) {
            flat.frame('world');
            reference.frame(referenceStep);
          }
          expect(flat.log).toEqual(reference.log);
        },
      ),
      { numRuns: 400 },
    );
  });
});

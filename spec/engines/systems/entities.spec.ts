import { describe, expect, it } from 'vitest';
import {
  Behavior,
  InterpolationSystem,
  SceneSystem,
  shortestTurn,
  Entity,
  type BehaviorOptions,
  type SceneSystemOptions,
  type Time,
} from '../../../src/engines/systems/index.js';
import { headless } from './support.js';

/** Moves every entity 10 units along x per fixed step. */
class Slide extends SceneSystem {
  constructor(private readonly o: SceneSystemOptions) {
    super();
  }
  fixedUpdate(): void {
    for (const entity of this.o.scene.entities) entity.transform.x += 10;
  }
}

describe('interpolation: "Interpolation is what makes that look smooth instead of jittery."', () => {
  it('the drawn pose sits alpha of the way from the previous fixed step\'s pose to the current one (positions linearly)', async () => {
    const engine = headless({ scenes: [{ id: 'a', systems: [Slide], entities: [{ id: 'box' }] }] });
    await engine.play();
    const box = engine.scene!.find('box')!;
    engine.advance(0);
    engine.advance(30); // one step (x 0 -> 10), 10 ms left: alpha 0.5
    expect(box.transform.x).toBe(10);
    expect(box.previous.x).toBe(0);
    expect(engine.time.alpha).toBeCloseTo(0.5, 12);
    expect(box.drawn.x).toBeCloseTo(5, 12);
    engine.advance(35); // no step, 15 ms left: alpha 0.75
    expect(box.drawn.x).toBeCloseTo(7.5, 12);
    engine.advance(45); // one step (10 -> 20), 5 ms left
    expect(box.drawn.x).toBeCloseTo(12.5, 12);
  });

  it('rotation takes the shortest path: from 350° to 10° turns +20°, not -340°', () => {
    const degrees = Math.PI / 180;
    expect(shortestTurn(350 * degrees, 10 * degrees)).toBeCloseTo(20 * degrees, 12);
    expect(shortestTurn(10 * degrees, 350 * degrees)).toBeCloseTo(-20 * degrees, 12);
    expect(shortestTurn(0, Math.PI)).toBeCloseTo(-Math.PI, 12); // a half turn either way: [-π, π)
    expect(shortestTurn(1, 1 + 4 * Math.PI + 0.5)).toBeCloseTo(0.5, 12);
    const entity = new Entity('spinner', 0, 0, 350 * degrees, {});
    const system = new InterpolationSystem();
    system.beginStep([entity]);
    entity.transform.rotation = 10 * degrees;
    system.draw([entity], 0.5);
    expect(entity.drawn.rotation).toBeCloseTo(360 * degrees, 12); // through 0°, never through 180°
  });

  it('a turn already within [-π, π) is returned as it is, to the bit: the same value the remainder gives', () => {
    // The remainder's rule, as written before the shortcut (issue 29: a floating-point % per entity per frame).
    const byRemainder = (from: number, to: number): number => {
      const turn = (to - from) % (Math.PI * 2);
      return turn >= Math.PI ? turn - Math.PI * 2 : turn < -Math.PI ? turn + Math.PI * 2 : turn;
    };
    const pairs: [number, number][] = [[0, Math.PI], [0, -Math.PI], [Math.PI, 0], [-Math.PI, 0], [0, -0], [1e-300, -1e-300], [5, 5 + Math.PI - 1e-15]];
    let seed = 7;
    const next = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 40;
    for (let i = 0; i < 2000; i++) pairs.push([next(), next()]);
    for (const [from, to] of pairs) expect(Object.is(shortestTurn(from, to), byRemainder(from, to))).toBe(true);
  });

  it('a teleport resets the entity\'s history so it does not streak', async () => {
    const engine = headless({ scenes: [{ id: 'a', systems: [Slide], entities: [{ id: 'box' }] }] });
    await engine.play();
    const box = engine.scene!.find('box')!;
    engine.advance(0);
    engine.advance(30); // alpha 0.5
    box.teleport(500, 40);
    engine.advance(31); // no step: drawn at the new pose at once
    expect(box.drawn).toEqual({ x: 500, y: 40, rotation: 0 });
    engine.advance(50); // a step: 500 -> 510, drawn from 500, never from the old 10
    expect(box.drawn.x).toBeGreaterThanOrEqual(500);
    // Without the teleport, a jump streaks across the frame between the two poses:
    box.transform.x = 0;
    engine.advance(55); // no step; previous 500, current 0: drawn part way
    expect(box.drawn.x).toBeGreaterThan(0);
    expect(box.drawn.x).toBeLessThan(500);
  });

  it('an entity with interpolate: false, or an engine with interpolation: false, is drawn at its transform as it is', async () => {
    const engine = headless({ scenes: [{ id: 'a', systems: [Slide], entities: [{ id: 'raw', interpolate: false }, { id: 'smooth' }] }] });
    await engine.play();
    engine.advance(0);
    engine.advance(30);
    expect(engine.scene!.find('raw')!.drawn.x).toBe(10);
    expect(engine.scene!.find('smooth')!.drawn.x).toBeCloseTo(5, 12);
    const off = headless({ scenes: [{ id: 'a', systems: [Slide], entities: [{ id: 'box' }] }], interpolation: false });
    await off.play();
    off.advance(0);
    off.advance(30);
    expect(off.scene!.find('box')!.drawn.x).toBe(10);
  });

  it('nothing allocated per entity per frame: the poses are the same objects every frame, rewritten in place', async () => {
    const engine = headless({ scenes: [{ id: 'a', systems: [Slide], entities: [{ id: 'a' }, { id: 'b' }] }] });
    await engine.play();
    const [a] = engine.scene!.entities;
    const poses = [a!.transform, a!.previous, a!.drawn];
    for (let t = 0; t < 1000; t += 16) engine.advance(t);
    expect([a!.transform, a!.previous, a!.drawn]).toEqual(poses);
    for (let i = 0; i < 3; i++) expect([a!.transform, a!.previous, a!.drawn][i]).toBe(poses[i]);
    // (bytes per entity per frame are measured in bench/systems-engine.ts)
  });
});

describe('entities and behaviors: "Systems and behaviors both receive a time object in their options."', () => {
  it('a behavior is built with its entity, receives the one Time, runs fixedUpdate per step and update per frame, after the systems of the same phase', async () => {
    const log: string[] = [];
    let behaviorTime: Time | undefined;
    class Script extends Behavior {
      constructor(private readonly o: BehaviorOptions) {
        super();
        behaviorTime = o.time;
        log.push(`built for ${o.entity.id}`);
      }
      fixedUpdate(): void {
        log.push(`script fixedUpdate ${this.o.entity.id}`);
      }
      update(): void {
        log.push(`script update ${this.o.entity.id}`);
      }
    }
    class Sys extends SceneSystem {
      fixedUpdate(): void {
        log.push('system fixedUpdate');
      }
      update(): void {
        log.push('system update');
      }
    }
    const engine = headless({ scenes: [{ id: 'a', systems: [Sys], entities: [{ id: 'p', behaviors: [Script] }, { id: 'q', behaviors: [Script] }] }] });
    await engine.play();
    expect(behaviorTime).toBe(engine.time);
    log.length = 0;
    engine.advance(0);
    engine.advance(40); // two steps
    expect(log).toEqual([
      'system update', 'script update p', 'script update q',
      'system fixedUpdate', 'script fixedUpdate p', 'script fixedUpdate q',
      'system fixedUpdate', 'script fixedUpdate p', 'script fixedUpdate q',
      'system update', 'script update p', 'script update q',
    ]);
  });

  it('a removed entity stops at once, its behaviors\' onDestroy runs and their listeners go; it leaves the scene as the frame ends', async () => {
    const log: string[] = [];
    class Mortal extends Behavior {
      constructor(private readonly o: BehaviorOptions) {
        super();
        o.events.addEventListener('shout', () => log.push(`${o.entity.id} heard`));
      }
      update(): void {
        log.push(`${this.o.entity.id} update`);
        if (this.o.entity.id === 'p') this.o.scene.removeEntity(this.o.scene.find('q')!);
      }
      onDestroy(): void {
        log.push(`${this.o.entity.id} destroyed`);
      }
    }
    const engine = headless({ scenes: [{ id: 'a', entities: [{ id: 'p', behaviors: [Mortal] }, { id: 'q', behaviors: [Mortal] }] }] });
    await engine.play();
    engine.advance(0);
    expect(log).toEqual(['p update', 'q destroyed']);
    expect(engine.scene!.entities.map((e) => e.id)).toEqual(['p']);
    engine.dispatchEvent('shout');
    engine.advance(16);
    expect(log.slice(2)).toEqual(['p heard', 'p update']);
    engine.destroyWorld();
    expect(log.at(-1)).toBe('p destroyed');
  });

  it('entities carry named components beside their transform', async () => {
    const engine = headless({ scenes: [{ id: 'a', entities: [{ id: 'hero', transform: { x: 1, y: 2, rotation: 3 }, components: { body: { vy: 0 } } }] }] });
    await engine.play();
    const hero = engine.scene!.find('hero')!;
    expect([hero.transform.x, hero.transform.y, hero.transform.rotation]).toEqual([1, 2, 3]);
    expect(hero.get('body')).toEqual({ vy: 0 });
    const spawned = engine.scene!.createEntity({ id: 'coin', components: { value: 5 } });
    expect(engine.scene!.entities).toContain(spawned);
  });
});

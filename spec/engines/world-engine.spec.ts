import { describe, expect, it } from 'vitest';
import {
  box,
  circle,
  constantClock,
  createInput,
  manualTicks,
  nullBackend,
  pacedClock,
  sequenceClock,
  type CollisionEvent,
  type PhaseError,
} from '../../src/index.js';
import {
  Actor,
  Component,
  Controller,
  createWorldEngine,
  GameMode,
  type TickContext,
  type World,
} from '../../src/engines/world/index.js';
import { phaseOrder } from '../../src/testing/index.js';
import { marbles } from '../marbles.js';

/** An actor that logs its ticks into a shared log. */
class Logged extends Actor {
  constructor(
    readonly log: string[],
    label: string,
  ) {
    super();
    this.name = label;
  }
  override tick(): void {
    this.log.push(`actor ${this.name}`);
  }
}

class LoggedComponent extends Component {
  constructor(
    readonly log: string[],
    readonly label: string,
  ) {
    super();
  }
  override tick(): void {
    this.log.push(`component ${this.label}`);
  }
}

const quiet = { onError: () => {} };

function engineWith(level: (world: World) => void, extra: Partial<Parameters<typeof createWorldEngine>[0]> = {}) {
  return createWorldEngine({
    backend: nullBackend(),
    levels: { main: level },
    startLevel: 'main',
    clock: constantClock(16),
    ...extra,
  });
}

describe('the frame: "A frame runs eleven steps, in this order"', () => {
  it(
    'runs steps 3 to 11 as phases, in order (a hot tick marble in, the phase order out)',
    marbles((m) => {
      const ticks = m.hot('  -a----------b----------|', { a: 0, b: 16 });
      const order = '        -(sCAtkgfrx)(sCAtkgfrx)-';
      const engine = engineWith(() => {}, { ticks, ...quiet });
      engine.start();
      m.expect(phaseOrder(engine.loop)).toBeObservable(order, {
        s: 'sync',
        C: 'controllers',
        A: 'actors',
        t: 'timers',
        k: 'collision',
        g: 'gameMode',
        f: 'flush',
        r: 'render',
        x: 'closeInput',
      });
    }),
  );

  it('"Each controller ticks, in the order they were added", then "Each live actor ticks in spawn order, and after each actor its enabled components tick in attachment order", then timers, collision, game mode', () => {
    const log: string[] = [];
    class LoggedController extends Controller {
      override tick(): void {
        log.push(`controller ${this.name}`);
      }
    }
    class LoggedMode extends GameMode {
      override tick(): void {
        log.push('game mode');
      }
    }
    const engine = engineWith((world) => {
      const a = world.spawn(new Logged(log, 'a'));
      a.attach(new LoggedComponent(log, 'a1'));
      const disabled = a.attach(new LoggedComponent(log, 'a2 (disabled)'));
      disabled.enabled = false;
      a.attach(new LoggedComponent(log, 'a3'));
      world.spawn(new Logged(log, 'b')).attach(new LoggedComponent(log, 'b1'));
      Object.assign(world.addController(new LoggedController()), { name: 'p1' });
      Object.assign(world.addController(new LoggedController()), { name: 'p2' });
      world.timers.after(0, () => log.push('timer'));
      world.gameMode = new LoggedMode();
    });
    engine.advance();
    expect(log).toEqual([
      'controller p1',
      'controller p2',
      'actor a',
      'component a1',
      'component a3',
      'actor b',
      'component b1',
      'timer',
      'game mode',
    ]);
  });

  it('"A controller writes the drive for the pawn it possesses ... so the pawn\'s own tick sees that drive in the same frame"', () => {
    const seen: number[] = [];
    class Paddle extends Actor {
      override tick(): void {
        seen.push(this.drive.y);
      }
    }
    class Player extends Controller {
      override tick(_dt: number, ctx: TickContext): void {
        if (this.pawn) this.pawn.drive.y = ctx.world.frame().count;
      }
    }
    const engine = engineWith((world) => world.addController(new Player()).possess(world.spawn(new Paddle())));
    engine.advance();
    engine.advance();
    expect(seen).toEqual([1, 2]);
  });

  it('"Time moves first, so everything that runs in the frame reads one clock reading": frame count, timeMs and world.time advance before any tick', () => {
    const readings: unknown[] = [];
    class Reader extends Actor {
      override tick(dt: number, ctx: TickContext): void {
        readings.push({ dt, time: ctx.world.time, frame: ctx.world.frame() });
      }
    }
    const engine = engineWith((world) => void world.spawn(new Reader()), { clock: sequenceClock([16, 34]) });
    engine.advance();
    engine.advance();
    expect(readings).toEqual([
      { dt: 0.016, time: 0.016, frame: { count: 1, timeMs: 16, activeMs: 16, lastDeltaMs: 16 } },
      { dt: 0.034, time: 0.05, frame: { count: 2, timeMs: 50, activeMs: 50, lastDeltaMs: 34 } },
    ]);
    expect(engine.frame()).toEqual(engine.world.frame());
  });

  it('"A declined tick ends the frame here, so the clock decides whether there is a frame at all before any state moves"', () => {
    const log: string[] = [];
    const engine = engineWith((world) => void world.spawn(new Logged(log, 'a')), { clock: pacedClock({ fps: 30 }) });
    engine.advance(0);
    engine.advance(1000 / 60);
    expect(log).toEqual(['actor a']);
    expect(engine.frame().count).toBe(1);
    expect(engine.world.time).toBeCloseTo(1 / 30, 12);
  });

  it('"A timer runs after the ticks so it observes the world this frame already moved"; "Timers due this frame fire, in scheduling order"', () => {
    const log: string[] = [];
    let mover!: Actor;
    const engine = engineWith((world) => {
      mover = world.spawn(
        Object.assign(new (class extends Actor {
          override tick(dt: number): void {
            this.x += 100 * dt;
          }
        })(), {}),
      );
      world.timers.after(0.03, () => log.push(`late x=${mover.x.toFixed(1)}`));
      world.timers.after(0.01, () => log.push(`early x=${mover.x.toFixed(1)}`));
    });
    engine.advance(); // t = 0.016: the 0.01 timer is due
    engine.advance(); // t = 0.032: the 0.03 timer is due
    expect(log).toEqual(['early x=1.6', 'late x=3.2']);
  });

  it('a timer is due to within floating-point rounding: 120 frames of 1000/60 ms fire a 2 s timer on the 120th', () => {
    let firedAt = 0;
    const engine = engineWith((world) => void world.timers.after(2, () => (firedAt = world.frame().count)), {
      clock: constantClock(1000 / 60),
    });
    for (let i = 0; i < 121; i++) engine.advance();
    expect(firedAt).toBe(120); // a delta of 1000/60 ms is not 1/60 s in binary: 120 of them reach 2 s only to within rounding
  });

  it('timers: cancellation, repetition, and "a timer scheduled inside a tick"', () => {
    const fired: string[] = [];
    class Scheduler extends Actor {
      override tick(_dt: number, { world }: TickContext): void {
        if (world.frame().count === 1) world.timers.after(0, () => fired.push(`scheduled in tick, frame ${world.frame().count}`));
      }
    }
    const engine = engineWith((world) => {
      world.spawn(new Scheduler());
      const cancelled = world.timers.after(0.01, () => fired.push('cancelled'));
      cancelled.cancel();
      const every = world.timers.every(0.02, () => fired.push(`every at ${world.time.toFixed(3)}`));
      world.timers.after(0.05, () => every.cancel());
    });
    for (let i = 0; i < 6; i++) engine.advance();
    // At 0.064 both the repeating timer and the one cancelling it are due: in
    // scheduling order, the repeating one fires first, then it is cancelled.
    expect(fired).toEqual(['scheduled in tick, frame 1', 'every at 0.032', 'every at 0.048', 'every at 0.064']);
  });

  it('"The collision pass runs and emits its events. It follows every actor\'s movement, so a pair this frame\'s movement produced is reported in this frame"', () => {
    const events: string[] = [];
    class Mover extends Actor {
      override shape = circle(5);
      override tick(dt: number): void {
        this.x += 500 * dt; // 8 units a frame
      }
      override onOverlapBegin(other: Actor): void {
        events.push(`frame ${this.world!.frame().count}: ${this.name} began with ${other.name}`);
      }
      override onOverlapEnd(other: Actor): void {
        events.push(`frame ${this.world!.frame().count}: ${this.name} ended with ${other.name}`);
      }
    }
    const streamed: string[] = [];
    const engine = engineWith((world) => {
      world.spawn(Object.assign(new Mover(), { name: 'ball' }), { x: 0, y: 0 });
      world.spawn(Object.assign(new Actor(), { name: 'goal', shape: box(4, 40) }), { x: 20, y: 0 });
    });
    engine.collision$.subscribe((e) => streamed.push(`${e.kind} ${e.a.name}/${e.b.name}`));
    // ball edge: 13, 21, 29, 37 | goal: 18..22 -> touching at frames 2 (x=16) and 3 (x=24); gone at 4 (x=32)
    for (let i = 0; i < 4; i++) engine.advance();
    expect(events).toEqual(['frame 2: ball began with goal', 'frame 4: ball ended with goal']);
    expect(streamed).toEqual(['begin ball/goal', 'end ball/goal']);
  });

  it('two blocking actors report a hit every frame they touch, with the normal from each towards the other', () => {
    const hits: string[] = [];
    class Wall extends Actor {
      override response = 'block' as const;
      override onHit(other: Actor, nx: number, ny: number, depth: number): void {
        hits.push(`${this.name}->${other.name} n=(${nx},${ny}) d=${depth}`);
      }
    }
    const engine = engineWith((world) => {
      world.spawn(Object.assign(new Wall(), { name: 'left', shape: box(10, 10) }), { x: 0, y: 0 });
      world.spawn(Object.assign(new Wall(), { name: 'right', shape: box(10, 10) }), { x: 8, y: 0 });
    });
    engine.advance();
    engine.advance();
    expect(hits).toEqual([
      'left->right n=(1,0) d=2',
      'right->left n=(-1,0) d=2',
      'left->right n=(1,0) d=2',
      'right->left n=(-1,0) d=2',
    ]);
  });

  it('"The game mode ... runs after collision so the mode decides the match from a settled world, with this frame\'s overlaps and hits already reported"', () => {
    let seenAtMode = -1;
    let overlaps = 0;
    class Pickup extends Actor {
      override shape = circle(3);
      override onOverlapBegin(): void {
        overlaps++;
      }
    }
    class Mode extends GameMode {
      override tick(): void {
        seenAtMode = overlaps;
        if (overlaps > 0) this.phase = 'over';
      }
    }
    const engine = engineWith((world) => {
      world.spawn(new Pickup(), { x: 0, y: 0 });
      world.spawn(Object.assign(new Actor(), { shape: circle(3) }), { x: 4, y: 0 });
      world.gameMode = new Mode();
    });
    engine.advance();
    expect(seenAtMode).toBe(1);
    expect(engine.world.gameMode?.phase).toBe('over');
  });

  it("streams emit in frame order: phase('actors'), collision$, phase('gameMode'), phase('render') (each after its step's own work)", () => {
    const order: string[] = [];
    const engine = engineWith((world) => {
      world.spawn(Object.assign(new Actor(), { shape: circle(3) }));
      world.spawn(Object.assign(new Actor(), { shape: circle(3) }));
    });
    const backend = engine.backend as ReturnType<typeof nullBackend>;
    engine.phase('render').subscribe(() => order.push(`render drawn ${backend.renderCount}`));
    engine.phase('gameMode').subscribe(() => order.push('gameMode'));
    engine.collision$.subscribe((e) => order.push(`collision$ ${e.kind}`));
    engine.phase('actors').subscribe(() => order.push('actors'));
    engine.advance();
    expect(order).toEqual(['actors', 'collision$ begin', 'gameMode', 'render drawn 1']);
  });
});

describe('deferred work: "Removal waits until every tick is finished, so a tick never observes a half-removed world"', () => {
  it('a destroyed actor stops ticking at once, stays in the world for the rest of the frame, and leaves at the flush after ending play', () => {
    const log: string[] = [];
    class Victim extends Actor {
      override tick(): void {
        log.push('victim ticks');
      }
      override endPlay(): void {
        log.push(`victim ends play (actors: ${this.world!.actors.length})`);
      }
    }
    class Killer extends Actor {
      override tick(_dt: number, { world }: TickContext): void {
        const victim = world.actors.find((a) => a instanceof Victim);
        if (victim?.alive) world.destroy(victim);
      }
    }
    class Observer extends Actor {
      override tick(_dt: number, { world }: TickContext): void {
        log.push(`observer sees ${world.actors.length} actors, victim alive: ${world.actors.some((a) => a instanceof Victim && a.alive)}`);
      }
    }
    const engine = engineWith((world) => {
      world.spawn(new Killer());
      world.spawn(new Victim());
      world.spawn(new Observer());
    });
    engine.advance();
    expect(log).toEqual(['observer sees 3 actors, victim alive: false', 'victim ends play (actors: 3)']);
    expect(engine.world.actors).toHaveLength(2);
  });

  it('an actor spawned during a tick joins the world at once and ticks from the next frame', () => {
    const log: string[] = [];
    class Spawner extends Actor {
      override tick(_dt: number, { world }: TickContext): void {
        if (world.frame().count === 1) world.spawn(new Logged(log, 'child'));
        log.push(`spawner sees ${world.actors.length}`);
      }
    }
    const engine = engineWith((world) => void world.spawn(new Spawner()));
    engine.advance();
    engine.advance();
    expect(log).toEqual(['spawner sees 2', 'spawner sees 2', 'actor child']);
  });
});

describe('step 5 keeps its order as the world changes during the frame (the engine keeps the order as flat lists, spec/engines/tick-order.spec.ts)', () => {
  /** An actor that logs its ticks and runs `onTick` (with the frame number) after logging. */
  class Scripted extends Actor {
    constructor(
      readonly log: string[],
      label: string,
      readonly onTick: (frame: number, self: Scripted) => void = () => {},
    ) {
      super();
      this.name = label;
    }
    override tick(): void {
      this.log.push(this.name);
      this.onTick(this.world!.frame().count, this);
    }
  }

  class ScriptedComponent extends Component {
    constructor(
      readonly log: string[],
      readonly label: string,
      readonly onTick: (frame: number, self: ScriptedComponent) => void = () => {},
    ) {
      super();
    }
    override tick(): void {
      this.log.push(this.label);
      this.onTick(this.actor.world!.frame().count, this);
    }
  }

  /** Runs `frames` frames and returns the log, one array per frame. */
  function framesOf(engine: ReturnType<typeof engineWith>, log: string[], frames: number): string[][] {
    const out: string[][] = [];
    for (let f = 0; f < frames; f++) {
      log.length = 0;
      engine.advance();
      out.push([...log]);
    }
    return out;
  }

  it('"Each live actor ticks in spawn order, and after each actor its enabled components tick in attachment order": `enabled` counts the moment a tick changes it', () => {
    const log: string[] = [];
    let b2: ScriptedComponent;
    let a2: ScriptedComponent;
    const engine = engineWith((world) => {
      const a = world.spawn(
        new Scripted(log, 'a', (frame) => {
          if (frame === 2) b2.enabled = false; // a later actor's component: skipped this frame
          if (frame === 3) b2.enabled = true; // and back: ticks this frame
        }),
      );
      a.attach(new ScriptedComponent(log, 'a1', (frame) => {
        if (frame === 2) a2.enabled = false; // the next sibling: skipped this frame
      }));
      a2 = a.attach(new ScriptedComponent(log, 'a2'));
      const b = world.spawn(new Scripted(log, 'b'));
      b.attach(new ScriptedComponent(log, 'b1'));
      b2 = b.attach(new ScriptedComponent(log, 'b2'));
    });
    expect(framesOf(engine, log, 3)).toEqual([
      ['a', 'a1', 'a2', 'b', 'b1', 'b2'],
      ['a', 'a1', 'b', 'b1'],
      ['a', 'a1', 'b', 'b1', 'b2'],
    ]);
  });

  it('"after each actor its enabled components tick in attachment order": a component attached or detached by a tick counts from that moment', () => {
    const log: string[] = [];
    let a: Scripted;
    let c: Scripted;
    let c1: ScriptedComponent;
    const engine = engineWith((world) => {
      a = world.spawn(
        new Scripted(log, 'a', (frame, self) => {
          // Its own list is read after its tick: a component it attaches to itself ticks now, one it detaches does not.
          if (frame === 2) self.attach(new ScriptedComponent(log, 'a-new'));
          if (frame === 5) self.detach(a1);
        }),
      );
      const a1 = a.attach(new ScriptedComponent(log, 'a1'));
      const b = world.spawn(
        new Scripted(log, 'b', (frame) => {
          if (frame === 2) a.attach(new ScriptedComponent(log, 'a-late')); // a already ticked: from the next frame
          if (frame === 2) c.attach(new ScriptedComponent(log, 'c-new')); // c has not: this frame
          if (frame === 3) c.detach(c1); // c has not ticked: c1 does not tick this frame
        }),
      );
      b.attach(
        new ScriptedComponent(log, 'b1', (frame) => {
          if (frame === 4) b.detach(b2); // its next sibling: not this frame
        }),
      );
      const b2 = b.attach(new ScriptedComponent(log, 'b2'));
      c = world.spawn(new Scripted(log, 'c'));
      c1 = c.attach(new ScriptedComponent(log, 'c1'));
    });
    expect(framesOf(engine, log, 5)).toEqual([
      ['a', 'a1', 'b', 'b1', 'b2', 'c', 'c1'],
      ['a', 'a1', 'a-new', 'b', 'b1', 'b2', 'c', 'c1', 'c-new'],
      ['a', 'a1', 'a-new', 'a-late', 'b', 'b1', 'b2', 'c', 'c-new'],
      ['a', 'a1', 'a-new', 'a-late', 'b', 'b1', 'c', 'c-new'],
      ['a', 'a-new', 'a-late', 'b', 'b1', 'c', 'c-new'],
    ]);
  });

  it('"Removal waits until every tick is finished": a destroyed actor and its components stop at once, and after it leaves the others keep their order', () => {
    const log: string[] = [];
    let b: Scripted;
    let d: Scripted;
    const engine = engineWith((world) => {
      world.spawn(
        new Scripted(log, 'a', (frame) => {
          if (frame === 2) {
            world.destroy(b); // before its turn: b and its components do not tick
            world.spawn(new Scripted(log, 'e')).attach(new ScriptedComponent(log, 'e1')); // ticks from the next frame
          }
        }),
      ).attach(new ScriptedComponent(log, 'a1'));
      b = world.spawn(new Scripted(log, 'b'));
      b.attach(new ScriptedComponent(log, 'b1'));
      b.attach(new ScriptedComponent(log, 'b2'));
      world.spawn(
        new Scripted(log, 'c', (frame, self) => {
          if (frame === 2) world.destroy(self); // itself, in its own tick: its components still tick this frame
          if (frame === 2) world.destroy(d); // a later actor: d and its component do not tick
        }),
      ).attach(new ScriptedComponent(log, 'c1'));
      d = world.spawn(new Scripted(log, 'd'));
      d.attach(new ScriptedComponent(log, 'd1'));
      world.spawn(new Scripted(log, 'f')).attach(new ScriptedComponent(log, 'f1'));
    });
    expect(framesOf(engine, log, 3)).toEqual([
      ['a', 'a1', 'b', 'b1', 'b2', 'c', 'c1', 'd', 'd1', 'f', 'f1'],
      ['a', 'a1', 'c', 'c1', 'f', 'f1'],
      ['a', 'a1', 'f', 'f1', 'e', 'e1'],
    ]);
    expect(engine.world.actors.map((actor) => actor.name)).toEqual(['a', 'f', 'e']);
  });

  it('"An actor whose tickWhenPaused is true ticks anyway, together with its components", and a tick that pauses leaves the actors after it ticking this frame', () => {
    const log: string[] = [];
    const engine = engineWith((world) => {
      world.spawn(new Scripted(log, 'a', (frame) => {
        if (frame === 2) world.paused = true;
      })).attach(new ScriptedComponent(log, 'a1'));
      world.spawn(new Scripted(log, 'b')).attach(new ScriptedComponent(log, 'b1'));
      const menu = world.spawn(new Scripted(log, 'menu', (frame) => {
        if (frame === 4) world.paused = false;
      }));
      menu.tickWhenPaused = true;
      menu.attach(new ScriptedComponent(log, 'cursor'));
    });
    expect(framesOf(engine, log, 5)).toEqual([
      ['a', 'a1', 'b', 'b1', 'menu', 'cursor'],
      ['a', 'a1', 'b', 'b1', 'menu', 'cursor'],
      ['menu', 'cursor'],
      ['menu', 'cursor'],
      ['a', 'a1', 'b', 'b1', 'menu', 'cursor'],
    ]);
  });

  it('"The collision pass ... follows every actor\'s movement": it sees the shapes as the ticks and timers left them, even on an actor that ticked earlier in the frame', () => {
    const events: string[] = [];
    class Quiet extends Actor {
      override onOverlapBegin(other: Actor): void {
        events.push(`frame ${this.world!.frame().count}: ${this.name} began with ${other.name}`);
      }
      override onOverlapEnd(other: Actor): void {
        events.push(`frame ${this.world!.frame().count}: ${this.name} ended with ${other.name}`);
      }
    }
    let target: Actor;
    const engine = engineWith((world) => {
      target = world.spawn(Object.assign(new Quiet(), { name: 'target' }), { x: 0, y: 0 }); // no shape yet; ticks first
      world.spawn(Object.assign(new Quiet(), { name: 'goal', shape: circle(5) }), { x: 3, y: 0 });
      world.spawn(
        Object.assign(
          new (class extends Actor {
            override tick(): void {
              const frame = this.world!.frame().count;
              if (frame === 2) target.shape = circle(2); // target already ticked this frame
              if (frame === 4) target.shape = undefined;
              if (frame === 5) this.world!.timers.after(0, () => (target.shape = box(4, 4))); // step 6, still before step 7
            }
          })(),
          { name: 'shaper' },
        ),
      );
    });
    for (let i = 0; i < 5; i++) engine.advance();
    expect(events).toEqual([
      'frame 2: target began with goal',
      'frame 2: goal began with target',
      'frame 4: target ended with goal',
      'frame 4: goal ended with target',
      'frame 5: target began with goal',
      'frame 5: goal began with target',
    ]);
  });
});

describe('levels: "then a requested level transition is performed"', () => {
  it('"world.time ... restarts at zero on every level transition. The frame counter and the accumulated simulated time belong to the engine and survive every transition"', () => {
    const engine = createWorldEngine({
      backend: nullBackend(),
      clock: constantClock(100),
      levels: {
        one: (world) => void world.timers.after(0.25, () => world.openLevel('two')),
        two: () => {},
      },
      startLevel: 'one',
    });
    for (let i = 0; i < 3; i++) engine.advance();
    expect(engine.world.level).toBe('two');
    expect(engine.world.time).toBe(0);
    expect(engine.frame()).toEqual({ count: 3, timeMs: 300, activeMs: 300, lastDeltaMs: 100 });
    engine.advance();
    expect(engine.world.time).toBeCloseTo(0.1, 12);
  });

  it('"The frame that performs the transition renders the world it opened" (a synchronous load)', () => {
    const backend = nullBackend();
    const rendered: string[] = [];
    const engine = createWorldEngine({
      backend,
      levels: { one: (w) => void w.openLevel('two'), two: () => {} },
      startLevel: 'one',
      clock: constantClock(16),
    });
    engine.phase('render').subscribe(() => rendered.push(engine.world.level));
    engine.advance();
    expect(rendered).toEqual(['two']);
  });

  it('"the loop runs no frame while one is in flight", and the suspended frame renders the opened world when the load resolves', async () => {
    let finishLoad!: () => void;
    const log: string[] = [];
    const host = manualTicks();
    const backend = nullBackend();
    const engine = createWorldEngine({
      backend,
      ticks: host.ticks$,
      clock: constantClock(16),
      levels: {
        one: (world) => {
          world.spawn(new Logged(log, 'one'));
          world.timers.after(0, () => world.openLevel('two'));
        },
        two: (world) =>
          new Promise<void>((resolve) => {
            world.spawn(new Logged(log, 'two'));
            finishLoad = resolve;
          }),
      },
      startLevel: 'one',
    });
    // The picture itself (the render phase's own stream emits when the suspended frame reaches it; the picture waits for the load).
    const render = backend.render.bind(backend);
    backend.render = (scene) => {
      log.push(`render ${engine.world.level}`);
      render(scene);
    };
    engine.start();
    host.advance(); // frame 1 requests the transition; the load starts
    expect(engine.transitioning).toBe(true);
    expect(log).toEqual(['actor one']);
    host.advance();
    host.advance(); // no frame while it loads
    expect(engine.frame().count).toBe(1);
    finishLoad();
    await engine.ready;
    expect(log).toEqual(['actor one', 'render two']);
    host.advance();
    expect(log).toEqual(['actor one', 'render two', 'actor two', 'render two']);
    expect(engine.frame().count).toBe(2);
  });

  it('"A failed load is reported and the current level stays"', async () => {
    const errors: PhaseError[] = [];
    const engine = createWorldEngine({
      backend: nullBackend(),
      clock: constantClock(16),
      levels: {
        one: (world) => void world.timers.after(0, () => world.openLevel('broken')),
        broken: () => Promise.reject(new Error('404 level.json')),
      },
      startLevel: 'one',
      onError: (e) => errors.push(e),
    });
    engine.errors$.subscribe();
    engine.advance();
    await engine.ready;
    expect(engine.world.level).toBe('one');
    expect(errors.map((e) => (e.cause as Error).message)).toEqual(['level "broken" failed to load; the current level stays']);
    expect(engine.advance()).toBe(true);
  });
});

describe('a paused world: "Steps 4 through 8 are skipped while the world is paused"', () => {
  it('skips controllers, ticks, timers, collision and the game mode; "An actor whose tickWhenPaused is true ticks anyway, together with its components"', () => {
    const log: string[] = [];
    let timerFired = false;
    class Menu extends Actor {
      override tickWhenPaused = true;
      override tick(): void {
        log.push('menu');
      }
    }
    class Mode extends GameMode {
      override tick(): void {
        log.push('mode');
      }
    }
    const engine = engineWith((world) => {
      world.spawn(new Logged(log, 'player'));
      world.spawn(new Menu()).attach(new LoggedComponent(log, 'menu cursor'));
      world.addController(Object.assign(new Controller(), { tick: () => log.push('controller') }));
      world.timers.after(0, () => (timerFired = true));
      world.gameMode = new Mode();
    });
    engine.paused = true;
    engine.advance();
    expect(log).toEqual(['menu', 'component menu cursor']);
    expect(timerFired).toBe(false);
  });

  it('"A paused world still advances the frame counter, still renders, and still closes its input frame, so an edge is consumed exactly once while paused"', () => {
    const input = createInput({ bindings: { pause: ['Escape'] } });
    const seen: boolean[] = [];
    class Menu extends Actor {
      override tickWhenPaused = true;
      override tick(_dt: number, ctx: TickContext): void {
        seen.push(ctx.input.pressed('pause'));
      }
    }
    const backend = nullBackend();
    const engine = createWorldEngine({
      backend,
      input,
      levels: { main: (w) => void w.spawn(new Menu()) },
      startLevel: 'main',
      clock: constantClock(16),
    });
    engine.paused = true;
    input.press('Escape');
    engine.advance();
    engine.advance();
    expect(seen).toEqual([true, false]);
    expect(engine.frame().count).toBe(2);
    expect(backend.renderCount).toBe(2);
  });
});

describe('input close: "The input frame closes, discarding every edge left unconsumed. It closes last"', () => {
  it('discards an edge nobody consumed, after every controller had its chance', () => {
    const input = createInput({ bindings: { fire: ['Space'] } });
    const seen: boolean[] = [];
    const engine = createWorldEngine({
      backend: nullBackend(),
      input,
      levels: {
        main: (w) =>
          void w.addController(
            Object.assign(new Controller(), {
              tick: (_dt: number, ctx: TickContext) => {
                if (w.frame().count === 2) seen.push(ctx.input.pressed('fire'));
              },
            }),
          ),
      },
      startLevel: 'main',
      clock: constantClock(16),
    });
    input.press('Space');
    engine.advance(); // nobody reads it; it is discarded at close
    engine.advance();
    expect(seen).toEqual([false]);
  });
});

describe('errors and options', () => {
  it('a throwing actor is reported with its phase and frame; the other actors still tick', () => {
    const log: string[] = [];
    const errors: PhaseError[] = [];
    class Buggy extends Actor {
      override tick(): void {
        throw new Error('undefined is not a function');
      }
    }
    const engine = engineWith(
      (world) => {
        world.spawn(new Buggy());
        world.spawn(new Logged(log, 'fine'));
      },
      { onError: (e) => errors.push(e) },
    );
    engine.advance();
    expect(log).toEqual(['actor fine']);
    expect(errors.map((e) => [e.phase, e.frame])).toEqual([['actors', 1]]);
  });

  it('names bad options', () => {
    const backend = nullBackend();
    expect(() => createWorldEngine({ backend, levels: { a: () => {} }, startLevel: 'b' })).toThrow(
      'createWorldEngine: startLevel must be one of the levels (a), got "b"',
    );
    expect(() => createWorldEngine({ backend: {} as never, levels: { a: () => {} }, startLevel: 'a' })).toThrow(
      'createWorldEngine: backend must be a world backend (pixiBackend() in a browser, nullBackend() in Node): one with a sync() method, got an object',
    );
    const engine = createWorldEngine({ backend, levels: { a: () => {} }, startLevel: 'a' });
    expect(() => engine.world.openLevel('nowhere')).toThrow('openLevel: name must be one of the levels (a), got "nowhere"');
  });

  it('converts a screen point to the world through this frame\'s fit and the camera', () => {
    const engine = createWorldEngine({
      backend: nullBackend({ logicalWidth: 400, logicalHeight: 300 }),
      levels: { main: (w) => void Object.assign(w.camera, { x: 1000, y: 50, zoom: 2 }) },
      startLevel: 'main',
    });
    expect(engine.screenToWorld(200, 150)).toEqual({ x: 1000, y: 50 });
    expect(engine.screenToWorld(0, 0)).toEqual({ x: 900, y: -25 });
  });
});

// A CollisionEvent type check so the import is used as a type.
export type _Event = CollisionEvent;

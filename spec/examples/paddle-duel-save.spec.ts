import fc from 'fast-check';
import { NEVER } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { constantClock, nullBackend, type PhaseError } from 'tickflow';
import { recordSession, replay, syncTest, type ReplayHost } from 'tickflow/replay';
import type { WorldEngine } from 'tickflow/world';
import type { DuelAction } from '../../examples/paddle-duel/bindings.js';
import { NARROWS, OPEN_COURT } from '../../examples/paddle-duel/courts.js';
import type { DuelMode } from '../../examples/paddle-duel/duel-mode.js';
import type { Hud } from '../../examples/paddle-duel/hud.js';
import { createPaddleDuel, type PaddleDuel, type PaddleDuelOptions } from '../../examples/paddle-duel/paddle-duel.js';
import type { PauseMenu } from '../../examples/paddle-duel/pause-menu.js';
import { ScriptedPerson } from '../../examples/paddle-duel/scripted-person.js';
import { duelStateHash } from '../../examples/paddle-duel/state-hash.js';
import { lendSurface } from '../../examples/paddle-duel/surface.js';
import { LOGICAL_HEIGHT, LOGICAL_WIDTH } from '../../examples/paddle-duel/tuning.js';
import { move, saveRestoreProperty, snapshotHash, type Move } from '../support/save-restore.js';

// Paddle Duel (examples/paddle-duel/) saved and restored. Issue 26, item 1:
// "A game object with state the preset cannot see gives it through one
// documented hook (a save/restore pair, or serialisable fields)" and
// "Property test for every preset: for any schedule of inputs, structural
// changes and controls, save at tick N, run k ticks, restore, run the same k
// ticks: every hash equal." Item 2: "syncTest for every preset on that API".
// Item 3: "a recorder that can start mid-session (it begins with a
// snapshot)". Item 4: "a scrubber that seeks by restoring the nearest
// snapshot and re-simulating", which Paddle Duel's replay view needs.
//
// The game keeps its match record (totals, rounds, seats taken over, the
// head start handed between rounds) as plain data in the round's game mode,
// and its timers call methods (DuelMode.countDown, serve, openNextCourt), so
// `engine.save()` holds all of it. The courts load at once here
// (loadCourtsAtOnce): `save()` refuses while a level loads, so a test that
// saves on every frame across a round change needs the narrows to open
// inside the frame that asks for them.

type Engine = WorldEngine<DuelAction>;

const FRAME_MS = 1000 / 60;
const BOTH_DEMO = { left: 'demo', right: 'demo' } as const;
/** The timeout of a test that plays thousands of frames (a few seconds alone; more on a loaded machine). */
const HEAVY_MS = 60_000;

/** Engines built by a test, destroyed after it. */
const built: Engine[] = [];
/** Errors the built engines caught in a frame or a restore hook (there should be none). */
let caught: PhaseError[] = [];

afterEach(() => {
  for (const engine of built.splice(0)) engine.destroy();
  caught = [];
  vi.restoreAllMocks();
});

/** A headless match: the null backend, a constant 60 Hz clock, stepped by advance(), courts opening at once. */
function duel(options: Partial<PaddleDuelOptions> = {}): PaddleDuel {
  const game = createPaddleDuel({
    backend: nullBackend({ logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT }),
    clock: constantClock(FRAME_MS),
    ticks: NEVER,
    courtLoadMs: 0,
    loadCourtsAtOnce: true,
    onError: (error) => caught.push(error),
    ...options,
  });
  built.push(game.engine);
  return game;
}

const modeOf = (engine: Engine): DuelMode => engine.world.gameMode as DuelMode;

/** `count` frames; every one must run (no load is ever in flight). */
function frames(engine: Engine, count: number): void {
  for (let i = 0; i < count; i++) if (!engine.advance()) throw new Error(`frame ${engine.frame().count + 1} did not run`);
  if (caught.length > 0) throw caught[0];
}

/** Frames until `done` holds, at most `max`. */
function runUntil(engine: Engine, done: (engine: Engine) => boolean, max: number): void {
  for (let i = 0; i < max && !done(engine); i++) frames(engine, 1);
}

const roundOver = (engine: Engine): boolean => modeOf(engine).phase === 'round-over' || modeOf(engine).phase === 'over';

/** What the HUD and the pause menu show: each label's text and visual. */
function screen(engine: Engine): unknown[] {
  const names = ['left-label', 'right-label', 'round-label', 'title', 'left-score', 'right-score', 'banner', 'sub-banner', 'menu-title', 'menu-resume', 'menu-restart', 'menu-cursor', 'pause-menu'];
  return names.map((name) => {
    const actor = engine.world.find(name)!;
    return [name, (actor as { shown?: string }).shown, actor.visual ?? null, actor.x];
  });
}

/** The match as the page reads it (`createPaddleDuel`'s `match`). */
const record = ({ match }: PaddleDuel) => ({ totals: { ...match.totals }, rounds: [...match.rounds], takenOver: [...match.takenOver], winner: match.winner });

/** Keys pressed by frame count, the same in every engine that runs the same frames: the person's (W/S and the arrows both move a lone person's paddle), and a pause of 50 frames. */
function keyScript(engine: Engine, pauseAt: number): void {
  const n = engine.frame().count;
  const { input } = engine;
  const at = n % 97;
  if (at === 0) input.press('KeyS');
  if (at === 30) input.release('KeyS');
  if (at === 41) input.press('ArrowUp');
  if (at === 70) input.release('ArrowUp');
  if (n === pauseAt || n === pauseAt + 50) input.press('Escape');
  if (n === pauseAt + 1 || n === pauseAt + 51) input.release('Escape');
}

describe('Paddle Duel: save and restore', () => {
  const keys = fc.constantFrom('KeyW', 'KeyS', 'ArrowUp', 'ArrowDown', 'Escape', 'Enter', 'Pointer0');
  /** Frames, key presses of both sides, the pause, a drag, and long runs that cross a point or a round change. */
  const moves: fc.Arbitrary<Move<Engine>> = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 4 }).map((n) => move<Engine>(`advance ×${n}`, (e) => frames(e, n))) },
    { weight: 2, arbitrary: fc.integer({ min: 60, max: 480 }).map((n) => move<Engine>(`run ${n} frames`, (e) => frames(e, n))) },
    { weight: 1, arbitrary: fc.constant(move<Engine>("run to the round's end", (e) => runUntil(e, roundOver, 4000))) },
    { weight: 3, arbitrary: keys.map((key) => move<Engine>(`press ${key}`, (e) => e.input.press(key))) },
    { weight: 3, arbitrary: keys.map((key) => move<Engine>(`release ${key}`, (e) => e.input.release(key))) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 960 }).map((x) => move<Engine>(`pointer at ${x}`, (e) => e.input.movePointer(x, x / 2))) },
    { weight: 1, arbitrary: fc.constant(move<Engine>('pause or resume the world', (e) => void (e.paused = !e.paused))) },
  );
  const build = () => duel({ seats: BOTH_DEMO }).engine;

  it('for any schedule of frames, key presses of both sides, pauses and long runs: save, run, restore, run the same: every hash equal', () => {
    const toRoundEnd = move<Engine>("run to the round's end", (e) => runUntil(e, roundOver, 4000));
    const tap = (key: string): Move<Engine>[] => [move(`press ${key}`, (e) => e.input.press(key)), move('advance ×1', (e) => frames(e, 1)), move(`release ${key}`, (e) => e.input.release(key))];
    const run = (n: number) => move<Engine>(`run ${n} frames`, (e) => frames(e, n));
    fc.assert(saveRestoreProperty(build, moves), {
      numRuns: 25,
      examples: [
        // Saved in round 1's break, restored after the narrows opened (another level: every object made again from its class).
        [[run(300), ...tap('KeyW'), toRoundEnd], [run(150), ...tap('Escape'), run(30), ...tap('Escape'), run(200)]],
        // Saved in the narrows, played to the match's end and restarted with Enter (round 1 again).
        [[toRoundEnd, run(200)], [toRoundEnd, run(10), ...tap('Enter'), run(60)]],
      ],
    });
    expect(caught).toEqual([]);
  }, HEAVY_MS);

  it('a save in round 2 restored into a freshly built game (which opened round 1) plays on with the same hashes: totals, rounds, seats taken over', () => {
    const warn = vi.spyOn(console, 'warn');
    const a = duel({ seats: { left: 'demo', right: 'ai' } });
    const person = new ScriptedPerson(a.input, 'left');
    for (let i = 0; i < 6000 && !(a.engine.world.level === NARROWS.level && modeOf(a.engine).phase === 'playing' && a.engine.world.find('ball')); i++) {
      person.beforeFrame(a.engine.world);
      frames(a.engine, 1);
    }
    person.letGo();
    frames(a.engine, 20);
    expect(a.engine.world.level).toBe(NARROWS.level);
    expect(a.match.takenOver.has('left')).toBe(true);
    expect(a.match.rounds).toHaveLength(1);
    const snapshot = a.engine.save();

    const b = duel({ seats: { left: 'demo', right: 'ai' } });
    expect(b.engine.world.level).toBe(OPEN_COURT.level);
    b.engine.restore(snapshot);
    expect(b.engine.world.level).toBe(NARROWS.level);
    expect(snapshotHash(b.engine)).toBe(snapshotHash(a.engine));
    expect(record(b)).toEqual(record(a));
    expect(record(b).takenOver).toEqual(['left']);
    // The HUD shows the restored state before any frame runs (the next frame's draw reads it), and keeps it.
    expect(screen(b.engine)).toEqual(screen(a.engine));
    expect((b.engine.world.find('hud') as Hud).bannerText).toBe((a.engine.world.find('hud') as Hud).bannerText);

    const pauseAt = a.engine.frame().count + 100;
    const play = (game: PaddleDuel): string[] =>
      Array.from({ length: 1500 }, () => {
        keyScript(game.engine, pauseAt);
        frames(game.engine, 1);
        return `${duelStateHash(game.engine, game.match)} ${snapshotHash(game.engine)} ${JSON.stringify(record(game))} ${game.engine.paused}`;
      });
    const original = play(a);
    expect(play(b)).toEqual(original);
    expect(screen(b.engine)).toEqual(screen(a.engine));
    // It played on through points to the match's end, and the pause menu opened in between.
    expect(a.match.winner).toBeDefined();
    expect(new Set(original.map((line) => line.split(' ')[2])).size).toBeGreaterThan(2);
    expect(original.filter((line) => line.endsWith(' true'))).toHaveLength(50);
    expect(warn, 'a restore leaves no field uncovered').not.toHaveBeenCalled();
    expect(caught).toEqual([]);
  }, HEAVY_MS);

  it('a save in round 1\'s break restores into a fresh game that opens the narrows with the same head start', () => {
    const a = duel();
    runUntil(a.engine, roundOver, 4000);
    frames(a.engine, 30);
    expect(modeOf(a.engine).phase).toBe('round-over');
    const snapshot = a.engine.save();
    const b = duel();
    b.engine.restore(snapshot);
    const countdownDue = (game: PaddleDuel): number[] => game.engine.save().state.timers.scheduled.map((t) => t.dueSeconds);
    const play = (game: PaddleDuel) => {
      runUntil(game.engine, (e) => e.world.level === NARROWS.level, 300);
      return { frame: game.engine.frame().count, due: countdownDue(game), hash: snapshotHash(game.engine) };
    };
    const opened = play(a);
    expect(play(b)).toEqual(opened);
    // The break's timer fired a little late (on the first frame past its due time): the warm-up's beeps run that much early.
    expect(opened.due[0]).toBeLessThan(1);
    expect(opened.due[0]).toBeGreaterThan(1 - FRAME_MS / 1000);
    expect(modeOf(b.engine).record.headStartSeconds, 'taken by the new round').toBe(0);
  });

  it('objects a restore makes again read what the surface lends (surface.ts): a phone\'s text floor, a drag on the court', () => {
    const seats = { left: 'player', right: 'ai' } as const; // nobody plays the left: the AI takes round 1 quickly
    const a = duel({ seats });
    runUntil(a.engine, (e) => e.world.level === NARROWS.level, 6000);
    frames(a.engine, 10);
    const snapshot = a.engine.save();
    const b = duel({ seats });
    lendSurface(b.input.frame, { textFloor: () => 31.5, screenToWorld: (x, y) => ({ x, y }) }); // a phone's floor; CSS pixels are world units
    b.engine.restore(snapshot); // the narrows into an engine in round 1: every object made again from its class
    b.input.movePointer(100, 200);
    b.input.press('Pointer0');
    frames(b.engine, 30);
    expect(b.engine.world.find('left-score')!.visual).toMatchObject({ kind: 'text', size: 31.5 });
    expect(b.engine.world.find('left-paddle')!.y).toBeCloseTo(200, 6);
    expect(caught).toEqual([]);
  });

  it('restores the pause menu of a paused world: the cursor and the items it highlights', () => {
    const a = duel();
    frames(a.engine, 90);
    for (const key of ['Escape', 'ArrowDown']) {
      a.input.press(key);
      frames(a.engine, 1);
      a.input.release(key);
    }
    const snapshot = a.engine.save();
    const b = duel();
    b.engine.restore(snapshot);
    expect((b.engine.world.find('pause-menu') as PauseMenu).selected).toBe('Restart');
    expect(screen(b.engine)).toEqual(screen(a.engine));
    for (const game of [a, b]) {
      game.input.press('ArrowUp');
      frames(game.engine, 1);
      game.input.release('ArrowUp');
    }
    expect(screen(b.engine)).toEqual(screen(a.engine));
    expect((b.engine.world.find('pause-menu') as PauseMenu).selected).toBe('Resume');
  });
});

describe('Paddle Duel: the sync test', () => {
  it('passes on 600 ticks of the AIs from the start: the warm-up timers, the first serve, the first point and the next serve', async () => {
    const report = await syncTest(() => duel().engine, { ticks: 600 });
    expect(report).toEqual({ ok: true, ticks: 600, rollback: 2 });
    // What those 600 ticks hold: the same game, played straight.
    const game = duel();
    frames(game.engine, 600);
    expect(game.match.totals).toEqual({ left: 0, right: 1 });
    expect(game.engine.world.find('ball'), 'the next serve is in flight').toBeDefined();
  }, HEAVY_MS);

  it('passes on 600 ticks from a save 3 s before round 1 ends: the last point, the break, the narrows opening and their warm-up', async () => {
    const probe = duel();
    runUntil(probe.engine, roundOver, 4000);
    const endFrame = probe.engine.frame().count;
    const before = duel();
    frames(before.engine, endFrame - 180);
    const snapshot = before.engine.save();
    const report = await syncTest(
      () => {
        const fresh = duel();
        fresh.engine.restore(snapshot);
        return fresh.engine;
      },
      { ticks: 600 },
    );
    expect(report).toEqual({ ok: true, ticks: 600, rollback: 2 });
    // What those 600 ticks hold: the same game, played straight from the save.
    const game = duel();
    game.engine.restore(snapshot);
    expect(game.match.rounds).toEqual([]);
    frames(game.engine, 600);
    expect(game.match.rounds).toHaveLength(1);
    expect(game.engine.world.level).toBe(NARROWS.level);
    expect(modeOf(game.engine).phase).toBe('playing');
  }, HEAVY_MS);
});

describe('Paddle Duel: a recording started mid-game', () => {
  it('begins with engine.save() and replays the same on a fresh build: the person, a pause, points and the narrows opening', async () => {
    // The narrows open at once: replay() does not yet wait for a level load the game's own frame starts (the replayed
    // frame after it is refused, schedule.frameNDelivered), with or without save and restore.
    const options = { seats: { left: 'demo', right: 'ai' } } as const;
    const build = (host: ReplayHost) => duel({ ...options, ticks: host.ticks, clock: host.clock!, randomSeed: host.seed }).engine;
    // Every checkpoint compares the whole world snapshot (the match record in it), not only the preset's readable state.
    const stateOf = (engine: Engine) => engine.save().state;
    const game = duel(options);
    const person = new ScriptedPerson(game.input, 'left');
    const step = (count: number) => {
      for (let i = 0; i < count; i++) {
        person.beforeFrame(game.engine.world);
        frames(game.engine, 1);
      }
    };
    const tap = (key: string) => {
      game.input.press(key);
      step(1);
      game.input.release(key);
    };
    step(1500);
    const recording = recordSession(game.engine, { stateOf });
    const startTotals = { ...game.match.totals };
    step(200);
    tap('Escape');
    step(40);
    tap('Escape');
    runUntil(game.engine, (e) => e.world.level === NARROWS.level, 3000);
    step(300);
    const session = recording.stop();
    expect(session.start, 'begins with the snapshot').toBeDefined();
    expect(game.engine.world.level).toBe(NARROWS.level);
    expect(game.match.takenOver.has('left'), 'the person took the left paddle').toBe(true);
    expect(game.match.totals, 'points were scored while recording').not.toEqual(startTotals);

    const report = await replay(session, build, { stateOf });
    expect(report.firstDivergence).toBeUndefined();
    expect(report).toMatchObject({ same: true, errors: 0, frames: session.deltasMs.length });
    expect(report.checkpoints).toBeGreaterThan(10);
  }, HEAVY_MS);
});

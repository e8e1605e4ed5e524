import { describe, expect, it } from 'vitest';
import { constantClock, nullBackend, type CollisionEvent, type CueLog, type NullBackend } from 'tickflow';
import { type Actor } from 'tickflow/world';
import { Ball } from '../../examples/paddle-duel/ball.js';
import { NARROWS, OPEN_COURT, courtCentre } from '../../examples/paddle-duel/courts.js';
import { CUES } from '../../examples/paddle-duel/cues.js';
import type { DuelMode } from '../../examples/paddle-duel/duel-mode.js';
import type { Hud } from '../../examples/paddle-duel/hud.js';
import { Label } from '../../examples/paddle-duel/label.js';
import type { Seat, Side } from '../../examples/paddle-duel/match.js';
import { createPaddleDuel } from '../../examples/paddle-duel/paddle-duel.js';
import type { Paddle } from '../../examples/paddle-duel/paddle.js';
import type { PauseMenu } from '../../examples/paddle-duel/pause-menu.js';
import {
  LOGICAL_HEIGHT,
  LOGICAL_WIDTH,
  PADDLE_SPEED,
  RALLY_SPEEDUP,
  ROUND_BREAK_SECONDS,
  SERVE_DELAY_SECONDS,
  WARM_UP_SECONDS,
} from '../../examples/paddle-duel/tuning.js';

// Paddle Duel (examples/paddle-duel/) headless: the null backend, scripted
// key presses, a constant 60 Hz clock, stepped by engine.advance(). Issue 3:
// "Node tests of the example game's scenarios". The default seed's match:
// the right side scores first (4.28 s), takes round 1 3–2, loses round 2 0–3,
// and the left wins the match 5–3.

const FRAME_SECONDS = 1 / 60;

function duel(seats: Partial<Record<Side, Seat>> = {}) {
  const backend = nullBackend({ logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT });
  const game = createPaddleDuel({ backend, clock: constantClock(1000 / 60), courtLoadMs: 0, seats });
  const { engine } = game;
  const mode = () => engine.world.gameMode as DuelMode;
  const cueNames = () => (engine.cues as CueLog).cues.map((c) => c.name);
  const ball = () => engine.world.find('ball') as Ball | undefined;
  const paddle = (side: Side) => engine.world.find(`${side}-paddle`) as Paddle;
  const menu = () => engine.world.find('pause-menu') as PauseMenu;
  const banner = () => (engine.world.find('hud') as Hud).bannerText;
  /** Frames, one after another (waiting out a level's load when one is in flight). */
  async function frames(count: number): Promise<void> {
    for (let i = 0; i < count; ) {
      if (engine.advance()) i++;
      else await engine.ready;
    }
  }
  async function until(predicate: () => boolean, maxSeconds = 120): Promise<void> {
    while (!predicate()) {
      if (engine.frame().timeMs > maxSeconds * 1000) throw new Error(`not within ${maxSeconds} s`);
      if (!engine.advance()) await engine.ready;
    }
  }
  /** A key tapped: down before the next frame, up after it. */
  async function tap(code: string): Promise<void> {
    game.input.press(code);
    await frames(1);
    game.input.release(code);
  }
  return { ...game, backend: backend as NullBackend, mode, cueNames, ball, paddle, menu, banner, frames, until, tap };
}

describe('Paddle Duel: a round', () => {
  it('opens round 1 on the open court in the warm-up: a countdown from 3, no ball yet', async () => {
    const game = duel();
    expect(game.engine.world.level).toBe(OPEN_COURT.level);
    await game.frames(1);
    expect(game.mode().phase).toBe('warm-up');
    expect(game.mode().countdown).toBe(3);
    expect(game.ball()).toBeUndefined();
    expect(game.banner()).toBe('3');
  });

  it('counts down on world timers, one beep a second, then serves from the centre towards the left: "warm-up" → "playing"', async () => {
    const game = duel();
    await game.until(() => game.engine.world.time >= 1.5);
    expect(game.mode().countdown).toBe(2);
    expect(game.cueNames()).toEqual([CUES.count]);
    await game.until(() => game.mode().phase === 'playing');
    expect(game.engine.world.time).toBeGreaterThanOrEqual(WARM_UP_SECONDS - 1e-9);
    expect(game.engine.world.time).toBeLessThan(WARM_UP_SECONDS + FRAME_SECONDS);
    expect(game.cueNames()).toEqual([CUES.count, CUES.count, CUES.go]);
    const ball = game.ball()!;
    expect(ball.vx).toBeLessThan(0);
    expect(ball.speed).toBeCloseTo(OPEN_COURT.serveSpeed, 9);
    // Served from the centre at 3 s sharp: flown forward by however late this frame is past that.
    const lateSeconds = game.engine.world.time - WARM_UP_SECONDS;
    expect(ball.x).toBeCloseTo(courtCentre(OPEN_COURT).x + ball.vx * lateSeconds, 9);
  });

  it('scores a goal as an overlap: the point goes to the other side in the same frame, the ball leaves, the side that conceded receives the next serve one second after the ball crossed the line', async () => {
    const game = duel();
    const events: CollisionEvent<Actor>[] = [];
    game.engine.collision$.subscribe((e) => events.push(e as CollisionEvent<Actor>));
    let framesOfPoint = 0;
    await game.until(() => game.mode().scores.right === 1);
    framesOfPoint = game.engine.frame().count;
    const goal = events.find((e) => e.kind === 'begin')!;
    expect([goal.a.name, goal.b.name]).toEqual(['left-goal', 'ball']);
    expect(game.mode().roundScores).toEqual({ left: 0, right: 1 });
    expect(game.mode().scores).toEqual({ left: 0, right: 1 });
    expect(game.cueNames().at(-1)).toBe(CUES.point);
    // Destroyed by the game mode in step 8, gone at step 9's flush of the same frame.
    expect(game.ball()).toBeUndefined();
    expect(game.engine.world.actors.some((a) => a.name === 'ball')).toBe(false);
    await game.frames(1);
    expect(game.banner()).toBe('point right');

    // The crossing instant: where the ball's edge was past the line, over its speed. The serve is due a second later.
    await game.until(() => game.ball() !== undefined);
    const served = game.engine.world.time;
    expect(served - framesOfPoint * FRAME_SECONDS).toBeGreaterThan(SERVE_DELAY_SECONDS - 2 * FRAME_SECONDS);
    expect(served - framesOfPoint * FRAME_SECONDS).toBeLessThan(SERVE_DELAY_SECONDS + FRAME_SECONDS);
    expect(game.ball()!.vx, 'towards the left, who conceded').toBeLessThan(0);
  });

  it('returns the ball off a paddle as a blocking hit with the normal along x: the ball turns, a little faster, and the paddle cue plays', async () => {
    const game = duel();
    const hits: CollisionEvent<Actor>[] = [];
    game.engine.collision$.subscribe((e) => {
      if (e.kind === 'hit' && e.a.name.endsWith('paddle')) hits.push(e as CollisionEvent<Actor>);
    });
    await game.until(() => game.mode().scores.right === 1);
    await game.until(() => game.ball() !== undefined);
    const speedBefore = game.ball()!.speed;
    await game.until(() => hits.length === 1);
    const [hit] = hits;
    expect([hit!.a.name, hit!.b.name]).toEqual(['left-paddle', 'ball']);
    expect([hit!.normalX, hit!.normalY], 'from the paddle towards the ball').toEqual([1, 0]);
    const ball = game.ball()!;
    expect(ball.vx).toBeGreaterThan(0);
    expect(ball.returns).toBe(1);
    expect(ball.speed).toBeCloseTo(speedBefore * RALLY_SPEEDUP, 9);
    // Rewound to the instant of contact and flown on: clear of the paddle's face already.
    expect(ball.x - 9).toBeGreaterThan(game.paddle('left').faceX);
    expect(game.cueNames().at(-1)).toBe(CUES.paddle);
  });
});

describe('Paddle Duel: the match', () => {
  it('ends round 1 at 3 points ("round-over"), then opens the narrows through an async level transition: no frame runs while it loads, world.time restarts, the frame count and totals carry on', async () => {
    const game = duel();
    await game.until(() => game.mode().phase === 'round-over');
    expect(game.mode().roundScores).toEqual({ left: 2, right: 3 });
    expect(game.match.rounds).toEqual([{ round: 1, winner: 'right', points: { left: 2, right: 3 } }]);
    await game.frames(1);
    expect(game.banner()).toBe('Right takes round 1');
    const overAt = game.engine.world.time;

    // The break, then the transition: requested by a timer, performed at the frame's flush, loading asynchronously.
    while (!game.engine.transitioning) game.engine.advance();
    // Two seconds from the instant the last ball crossed the line, which lies inside the frame before `overAt`.
    expect(game.engine.world.time - overAt).toBeGreaterThan(ROUND_BREAK_SECONDS - FRAME_SECONDS - 1e-9);
    expect(game.engine.world.time - overAt).toBeLessThan(ROUND_BREAK_SECONDS + FRAME_SECONDS);
    const frameAtTransition = game.engine.frame();
    expect(game.engine.advance(), 'no frame runs while the level loads').toBe(false);
    expect(game.engine.frame()).toEqual(frameAtTransition);
    await game.engine.ready;

    expect(game.engine.world.level).toBe(NARROWS.level);
    expect(game.engine.world.time, 'world.time restarts at zero on a level transition').toBe(0);
    await game.frames(1);
    expect(game.engine.frame().count).toBe(frameAtTransition.count + 1);
    expect(game.engine.world.time).toBeCloseTo(FRAME_SECONDS, 12);
    expect(game.mode().phase).toBe('warm-up');
    expect(game.mode().roundScores).toEqual({ left: 0, right: 0 });
    expect(game.mode().scores, 'the match totals carry over').toEqual({ left: 2, right: 3 });
    expect(game.paddle('left').length).toBe(NARROWS.paddleLength);
    expect(game.engine.world.find('top-wall')!.y).toBeLessThan(NARROWS.top);
  });

  it('plays itself to the end: round 2 to the left 3–0, the match "over" and won 5–3 on points; Enter starts a new match', async () => {
    const game = duel();
    await game.until(() => game.mode().phase === 'over');
    expect(game.engine.world.level).toBe(NARROWS.level);
    expect(game.match.rounds.map((r) => r.winner)).toEqual(['right', 'left']);
    expect(game.match.winner).toBe('left');
    expect(game.mode().scores).toEqual({ left: 5, right: 3 });
    expect(game.cueNames().at(-1)).toBe(CUES.over);
    await game.frames(1);
    expect(game.banner()).toBe('Left wins the match');

    // The final phase holds until someone asks for another match.
    await game.frames(120);
    expect(game.mode().phase).toBe('over');
    await game.tap('Enter');
    expect(game.engine.world.level).toBe(OPEN_COURT.level);
    expect(game.mode().phase).toBe('warm-up');
    expect(game.match.totals).toEqual({ left: 0, right: 0 });
    expect(game.match.rounds).toEqual([]);
  });
});

describe('Paddle Duel: the pause menu ("An actor whose tickWhenPaused is true ticks anyway ... which is how a pause menu drives itself")', () => {
  async function paused() {
    const game = duel();
    await game.until(() => game.ball() !== undefined && game.engine.world.time > 3.5);
    await game.tap('Escape');
    return game;
  }

  it('Escape pauses: the menu shows, and nothing else moves while the frame counter and the picture go on', async () => {
    const game = await paused();
    expect(game.engine.paused).toBe(true);
    expect(game.menu().open).toBe(true);
    expect(game.menu().selected).toBe('Resume');
    expect(game.cueNames().at(-1)).toBe(CUES.pause);

    const ball = game.ball()!;
    const before = { ball: [ball.x, ball.y], left: game.paddle('left').y, right: game.paddle('right').y, scores: { ...game.mode().scores } };
    const frame = game.engine.frame().count;
    const renders = game.backend.renderCount;
    game.input.press('KeyS'); // held: but controllers and paddles do not tick
    await game.frames(90);
    game.input.release('KeyS');
    expect([ball.x, ball.y]).toEqual(before.ball);
    expect(game.paddle('left').y).toBe(before.left);
    expect(game.paddle('right').y).toBe(before.right);
    expect(game.mode().scores).toEqual(before.scores);
    expect(game.engine.frame().count, '"A paused world still advances the frame counter"').toBe(frame + 90);
    expect(game.backend.renderCount, '"still renders"').toBe(renders + 90);
  });

  it('"an edge is consumed exactly once while paused": ArrowDown held for 30 frames moves the cursor one item, once', async () => {
    const game = await paused();
    const movesBefore = game.cueNames().filter((n) => n === CUES.menuMove).length;
    game.input.press('ArrowDown');
    await game.frames(30);
    expect(game.menu().selected).toBe('Restart');
    expect(game.cueNames().filter((n) => n === CUES.menuMove).length - movesBefore).toBe(1);
    game.input.release('ArrowDown');
    await game.frames(1);
    await game.tap('ArrowUp');
    expect(game.menu().selected).toBe('Resume');
    await game.tap('ArrowUp'); // wraps round
    expect(game.menu().selected).toBe('Restart');
  });

  it('"The input frame closes, discarding every edge left unconsumed": an Enter pressed while playing is gone by the time the menu opens', async () => {
    const game = duel();
    await game.until(() => game.engine.world.time > 4);
    await game.tap('Enter'); // nobody reads confirm while playing
    await game.tap('Escape');
    await game.frames(5);
    expect(game.engine.paused, 'the stale Enter did not pick Resume').toBe(true);
  });

  it('Enter on Resume resumes: the ball flies on from where it stood', async () => {
    const game = await paused();
    const ball = game.ball()!;
    const stoodAt = ball.x;
    await game.frames(10);
    await game.tap('Enter');
    expect(game.engine.paused).toBe(false);
    expect(game.menu().open).toBe(false);
    await game.frames(1);
    expect(Math.abs(ball.x - stoodAt)).toBeCloseTo(Math.abs(ball.vx) * FRAME_SECONDS, 6);
  });

  it('Escape while paused resumes too', async () => {
    const game = await paused();
    await game.tap('Escape');
    expect(game.engine.paused).toBe(false);
  });

  it('Restart starts the match again from round 1, unpaused', async () => {
    const game = duel();
    await game.until(() => game.mode().scores.right === 1);
    await game.tap('Escape');
    await game.tap('ArrowDown');
    await game.tap('Enter');
    expect(game.engine.paused).toBe(false);
    expect(game.engine.world.level).toBe(OPEN_COURT.level);
    expect(game.engine.world.time).toBe(0);
    await game.frames(1);
    expect(game.mode().phase).toBe('warm-up');
    expect(game.mode().scores).toEqual({ left: 0, right: 0 });
    expect(game.ball()).toBeUndefined();
  });
});

describe('Paddle Duel: controllers and pawns', () => {
  it('a demo seat is the AI\'s until a person presses W: then the player controller possesses the paddle and drives it at the paddle\'s speed, per second', async () => {
    const game = duel({ left: 'demo' });
    await game.frames(1);
    const controllers = () => Object.fromEntries(game.engine.world.controllers.map((c) => [c.name, c.pawn?.name ?? null]));
    expect(controllers()).toEqual({ 'left-player': null, 'left-ai': 'left-paddle', 'right-ai': 'right-paddle' });
    const paddle = game.paddle('left');
    const startY = paddle.y;
    game.input.press('KeyW');
    await game.frames(15); // a quarter of a second
    expect(controllers()).toEqual({ 'left-player': 'left-paddle', 'left-ai': null, 'right-ai': 'right-paddle' });
    expect(paddle.y).toBeCloseTo(startY - PADDLE_SPEED * 0.25, 9);
    // Up against the top wall it stops, flush with it.
    await game.frames(60);
    expect(paddle.y).toBe(paddle.travel.minY);
    game.input.release('KeyW');
  });

  it('the takeover lasts into the next round', async () => {
    const game = duel({ left: 'demo' });
    await game.tap('KeyS');
    await game.until(() => game.engine.world.level === NARROWS.level);
    await game.frames(1);
    expect(game.engine.world.controllers.find((c) => c.name === 'left-player')!.pawn?.name).toBe('left-paddle');
  });

  // Issue 21: "Every game playable by touch (drag the paddle ...)". A finger down on the court holds
  // 'drag' (Pointer0) and puts the pointer where it is; the person's controller drives the paddle there.
  it('a drag on the court takes a demo seat\'s paddle from the AI and moves it to the finger\'s height at the paddle\'s speed, never past it', async () => {
    const game = duel({ left: 'demo' });
    await game.frames(1);
    const paddle = game.paddle('left');
    const startY = paddle.y;
    // A point of the surface (CSS px) 100 world units above the paddle, on the left half.
    const finger = { x: 200, y: 0 };
    finger.y = startY - 100 - game.engine.screenToWorld(0, 0).y;
    expect(game.engine.screenToWorld(finger.x, finger.y).y).toBeCloseTo(startY - 100, 9);
    game.input.movePointer(finger.x, finger.y);
    game.input.press('Pointer0');
    await game.frames(6); // a tenth of a second: 48 units at full speed
    expect(game.engine.world.controllers.find((c) => c.name === 'left-player')!.pawn?.name).toBe('left-paddle');
    expect(paddle.y).toBeCloseTo(startY - PADDLE_SPEED * 0.1, 9);
    await game.frames(30);
    expect(paddle.y).toBeCloseTo(startY - 100, 9);
    // The finger lifts: the paddle stays where it is.
    game.input.release('Pointer0');
    await game.frames(10);
    expect(paddle.y).toBeCloseTo(startY - 100, 9);
  });

  it('with two people, a drag moves the paddle of the half of the court it is on, and only that one', async () => {
    const game = duel({ left: 'player', right: 'player' });
    await game.frames(1);
    const left = game.paddle('left').y;
    const right = game.paddle('right').y;
    const origin = game.engine.screenToWorld(0, 0);
    game.input.movePointer(LOGICAL_WIDTH * 0.75 - origin.x, right + 60 - origin.y);
    game.input.press('Pointer0');
    await game.frames(30);
    expect(game.paddle('right').y).toBeCloseTo(right + 60, 9);
    expect(game.paddle('left').y).toBe(left);
    game.input.release('Pointer0');
  });

  it('with two people, W/S drive the left paddle and the arrows the right', async () => {
    const game = duel({ left: 'player', right: 'player' });
    await game.frames(1);
    const left = game.paddle('left').y;
    const right = game.paddle('right').y;
    game.input.press('KeyW');
    game.input.press('ArrowDown');
    await game.frames(6);
    expect(game.paddle('left').y).toBeCloseTo(left - PADDLE_SPEED * 0.1, 9);
    expect(game.paddle('right').y).toBeCloseTo(right + PADDLE_SPEED * 0.1, 9);
  });
});

describe('Paddle Duel: the ball integrates against the delta it is given', () => {
  it('a bounce lands where the straight flight would have bounced, whatever the step: the ball at 1 s is the same at 200 Hz, 60 Hz and 25 Hz', () => {
    // The ball alone on the open court, served at a steep angle: it meets the top wall within the second.
    const place = (stepMs: number) => {
      const game = createPaddleDuel({ backend: nullBackend(), clock: constantClock(stepMs), courtLoadMs: 0 });
      const mode = game.engine.world.gameMode as DuelMode;
      const ball = game.engine.world.spawn(new Ball(OPEN_COURT, mode), { x: 480, y: 150 });
      ball.launch('right', 400, -0.6);
      const bounced: number[] = [];
      const original = mode.bounced.bind(mode);
      mode.bounced = () => {
        bounced.push(game.engine.world.time);
        original();
      };
      for (let frame = 0; frame < Math.round(1000 / stepMs); frame++) game.engine.advance();
      return { x: ball.x, y: ball.y, vy: ball.vy, bounces: bounced.length };
    };
    const at200 = place(5);
    const at60 = place(1000 / 60);
    const at25 = place(40);
    expect(at200.bounces).toBe(1);
    expect(at200.vy).toBeGreaterThan(0);
    for (const other of [at60, at25]) {
      expect(other.bounces).toBe(1);
      expect(other.x).toBeCloseTo(at200.x, 6);
      expect(other.y).toBeCloseTo(at200.y, 6);
    }
  });
});

// Issue 21: "text readable" on a phone. The court is drawn a third of its size there (366 of 960 px):
// a label grows to the legible size, and small print gives way rather than crowd the picture.
describe('Paddle Duel: labels stay legible on a small picture', () => {
  const floorOnAPhone = () => (12 * 960) / 366; // 12 CSS px, in logical units

  it('a label smaller than the floor is drawn at the floor; one larger keeps its size', () => {
    const score = new Label('score', { x: 0, y: 0 }, { size: 30, color: 0xffffff });
    score.show('3', floorOnAPhone());
    expect(score.visual).toMatchObject({ kind: 'text', text: '3', size: floorOnAPhone() });
    const banner = new Label('banner', { x: 0, y: 0 }, { size: 44, color: 0xffffff });
    banner.show('point left', floorOnAPhone());
    expect(banner.visual).toMatchObject({ size: 44 });
  });

  it('small print is left out where the floor is more than twice its size, and shown at its size where there is no floor', () => {
    const caption = new Label('caption', { x: 0, y: 0 }, { size: 12, color: 0xffffff, minor: true });
    caption.show('ROUND 1 OF 2', floorOnAPhone());
    expect(caption.visual).toBeUndefined();
    expect(caption.shown).toBe('ROUND 1 OF 2');
    const wide = new Label('caption', { x: 0, y: 0 }, { size: 12, color: 0xffffff, minor: true });
    wide.show('ROUND 1 OF 2', 0);
    expect(wide.visual).toMatchObject({ size: 12 });
  });

  it('builds a new visual only when the text, the colour or the drawn size changes', () => {
    let floor = 0;
    const label = new Label('title', { x: 0, y: 0 }, { size: 16, color: 0xffffff });
    label.show('the open court', floor);
    const first = label.visual;
    label.show('the open court', floor);
    expect(label.visual).toBe(first);
    floor = 31.5; // the window became a phone's
    label.show('the open court', floor);
    expect(label.visual).not.toBe(first);
    expect(label.visual).toMatchObject({ size: 31.5 });
  });
});

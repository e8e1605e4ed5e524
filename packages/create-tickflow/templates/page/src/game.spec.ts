// Tests of the game's loop, headless: engine.advance(seconds) runs one frame
// by hand, with no clock and no DOM. (The page engine's frames come from the
// page, not from an Observable of ticks, so these step it instead of a marble.)
import { describe, expect, it } from 'vitest';
import { BALL_START, createGame, GRAVITY, KICK_SPEED, STAGE, BALL_SIZE, TAP } from './game.js';

const STEP = 1 / 60; // the engine's default fixed step, in seconds

describe('the game loop', () => {
  it('moves the ball every step: across at its speed, and down under gravity', () => {
    const { engine, ball } = createGame();
    engine.advance(STEP);
    expect(ball.x).toBeCloseTo(BALL_START.x + BALL_START.vx * STEP, 9);
    expect(ball.vy).toBeCloseTo(GRAVITY * STEP, 9);
    expect(ball.y).toBeGreaterThan(BALL_START.y);
  });

  it('kicks the ball up on Space, once per press, and counts it', () => {
    const { engine, ball } = createGame();
    engine.advance(STEP);
    engine.input.press('Space');
    engine.advance(STEP);
    expect(ball.kicks).toBe(1);
    expect(ball.vy).toBeCloseTo(-KICK_SPEED + GRAVITY * STEP, 9);
    engine.advance(STEP); // still held: no second kick
    expect(ball.kicks).toBe(1);
  });

  it('kicks on a tap however quick: pressed and released between two steps, it is still read once', () => {
    const { engine, ball } = createGame();
    engine.advance(STEP);
    engine.input.press(TAP);
    engine.input.release(TAP);
    engine.advance(STEP);
    expect(ball.kicks).toBe(1);
    engine.advance(STEP);
    expect(ball.kicks).toBe(1);
  });

  it('keeps the ball in the stage, bouncing off the floor for ever: a minute of steps', () => {
    const { engine, ball } = createGame();
    let bounces = 0;
    for (let i = 0; i < 3600; i++) {
      const falling = ball.vy > 0;
      engine.advance(STEP);
      if (falling && ball.vy < 0) bounces++;
      expect(ball.x).toBeGreaterThanOrEqual(0);
      expect(ball.x).toBeLessThanOrEqual(STAGE.width - BALL_SIZE);
      expect(ball.y).toBeLessThanOrEqual(STAGE.height - BALL_SIZE);
    }
    expect(bounces).toBeGreaterThan(50); // about one a second: the floor gives all the speed back
  });
});

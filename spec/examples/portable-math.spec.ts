import { NEVER } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { constantClock, nullBackend } from 'tickflow';
import { Ball } from '../../examples/paddle-duel/ball.js';
import { createPaddleDuel } from '../../examples/paddle-duel/paddle-duel.js';
import { LOGICAL_HEIGHT, LOGICAL_WIDTH } from '../../examples/paddle-duel/tuning.js';
import { breakoutGame, breakoutState } from '../../examples/page-parts/breakout.js';
import { watchApproximatedMath } from '../support/approximated-math.js';
import { initialArena, joinArena, setMove, stepArena, steerToNearestGem } from '../../examples/arena/arena-rules.js';

// docs/determinism.md, "What keeps a game deterministic": "Not guaranteed:
// `Math.sin`, `cos`, `tan`, `atan2`, `exp`, `log`, `pow` (and `**` on
// non-integers), `hypot`, `cbrt` and the rest of the transcendental
// functions ... In a simulation, use portableSin, portableCos and
// portableAtan2 from tickflow ... `Math.sqrt(x * x + y * y)` is exact where
// `Math.hypot(x, y)` need not be." It matters for the gallery games whose
// sessions, recorded in Chromium, replay in Node with every checkpoint equal
// (spec/browser/replay-paddle-duel.spec.ts, replay-page-engine.spec.ts), and
// for Gem Arena, whose rules run on the room's server in Node and in each
// client's prediction in its browser: their simulations must call none of
// these. The portable functions themselves: spec/math/portable-trig.spec.ts,
// and in Chromium spec/browser/portable-math.spec.ts.

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the gallery games' simulations use no engine-approximated Math function", () => {
  it('Paddle Duel, AI against AI for 60 simulated seconds (serves, returns, wall bounces, goals)', () => {
    const duel = createPaddleDuel({
      backend: nullBackend({ logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT }),
      clock: constantClock(1000 / 60),
      ticks: NEVER,
      courtLoadMs: 0,
      loadCourtsAtOnce: true,
    });
    const called = watchApproximatedMath();
    let returns = 0;
    for (let frame = 0; frame < 3600; frame++) {
      duel.engine.advance();
      for (const actor of duel.engine.world.actors) if (actor instanceof Ball) returns = Math.max(returns, actor.returns);
    }
    const goals = duel.match.totals.left + duel.match.totals.right;
    duel.engine.destroy();
    expect(called()).toEqual({});
    // It played what uses trigonometry: a return (atan2, cos, sin) and a serve (cos, sin).
    expect(returns, 'the longest rally, in returns').toBeGreaterThan(0);
    expect(goals, 'goals (each one followed by a serve)').toBeGreaterThan(0);
  });

  it('DOM Breakout, on autopilot for 60 simulated seconds (paddle hits steer the ball)', () => {
    const { engine } = breakoutGame({ seed: 7, pause: false });
    const called = watchApproximatedMath();
    let hits = 0;
    let before = breakoutState(engine).ballVY;
    for (let frame = 0; frame < 3600; frame++) {
      engine.advance(1 / 60);
      const now = breakoutState(engine).ballVY;
      if (before > 0 && now < 0) hits++;
      before = now;
    }
    engine.destroy();
    expect(called()).toEqual({});
    expect(hits, 'the ball turned upwards (paddle hits)').toBeGreaterThan(0);
  });

  it("Gem Arena's rules, two players steering to the nearest gem for 30 simulated seconds (the room's server runs them in Node, each client's prediction in its browser)", () => {
    let state = joinArena(joinArena(initialArena(), 'a'), 'b');
    let seed = 1;
    const random = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const called = watchApproximatedMath();
    for (let tick = 0; tick < 600; tick++) {
      for (const id of ['a', 'b']) state = setMove(state, id, steerToNearestGem(state, id));
      state = stepArena(state, 1 / 20, random);
    }
    expect(called()).toEqual({});
    const scores = Object.values(state.players).map((player) => player.score);
    expect(scores.reduce((sum, score) => sum + score, 0), 'gems taken').toBeGreaterThan(0);
  });
});

// The Fixed-step Platformer, headless: the game's systems on the null
// backend, stepped by simulated display ticks. What the page shows a player,
// checked as numbers.
import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createSystemsEngine, type SystemsEngine } from 'tickflow/systems';
import { platformerConfig } from '../../examples/fixed-step-platformer/game.js';
import { createGameState, type GameState, type IntegrationMode } from '../../examples/fixed-step-platformer/game-state.js';
import { LONG_FRAME_MS } from '../../examples/fixed-step-platformer/tuning.js';
import { SimulatedDisplay } from '../../examples/fixed-step-platformer/simulated-display.js';
import { Subject } from 'rxjs';

function game(mode: IntegrationMode = 'fixed'): { engine: SystemsEngine; state: GameState; clock: { nowMs: number } } {
  const state = createGameState();
  const engine = createSystemsEngine({ ...platformerConfig({ state, ticks: NEVER }), onError: (e) => { throw e; } });
  void engine.play();
  state.mode = mode;
  engine.dispatchEvent('set-mode', mode);
  return { engine, state, clock: { nowMs: 0 } };
}

/** Runs a display at `hz` for `seconds`. */
function display(g: ReturnType<typeof game>, hz: number, seconds: number): void {
  const end = g.clock.nowMs + seconds * 1000;
  while (g.clock.nowMs < end) {
    g.engine.advance(g.clock.nowMs);
    g.clock.nowMs += 1000 / hz;
  }
}

describe('Fixed-step Platformer (headless)', () => {
  it.each([30, 60, 144])('the autopilot clears level 1 and level 2 at a %i Hz display (two scene changes)', (hz) => {
    const g = game();
    g.state.autopilot = true;
    display(g, hz, 4);
    expect(g.engine.scene?.id).toBe('level-2');
    display(g, hz, 5);
    expect(g.state.levelsCleared).toBe(2);
    expect(g.engine.scene?.id).toBe('level-1');
    expect(g.state.falls).toBe(0);
  });

  it('"With a per-frame step, a character can cross an entire platform inside that one step": the drop test in one long frame', () => {
    for (const [mode, expected] of [['fixed', 'landed on the ledge'], ['frame', 'fell through the ledge']] as const) {
      const g = game(mode);
      display(g, 60, 0.5);
      g.engine.dispatchEvent('drop-test');
      g.clock.nowMs += LONG_FRAME_MS; // the long frame: the event is delivered first in it, then the physics runs
      display(g, 60, 1.5);
      expect(g.state.dropResult, mode).toBe(expected);
      expect(g.state.falls, mode).toBe(mode === 'fixed' ? 0 : 1);
    }
  });

  it('"The same input must produce the same result on any machine": the jump apex is the same at 30, 60 and 144 Hz on the fixed step, and not per frame', () => {
    const apex = (mode: IntegrationMode, hz: number) => {
      const g = game(mode);
      display(g, hz, 0.5); // land on the ground
      g.engine.dispatchEvent('key', { code: 'Space', down: true });
      display(g, hz, 1.5);
      return g.state.lastJumpApex!;
    };
    const fixed = [30, 60, 144].map((hz) => apex('fixed', hz));
    expect(new Set(fixed).size).toBe(1);
    expect(fixed[0]).toBeGreaterThan(130);
    const perFrame = [30, 60, 144].map((hz) => apex('frame', hz));
    expect(new Set(perFrame.map((a) => a.toFixed(1))).size).toBe(3);
  });

  it('restart by the seed\'s stop (destroyWorld) and play: the game is built again at level 1', () => {
    const g = game();
    g.state.autopilot = true;
    display(g, 60, 4);
    expect(g.engine.scene?.id).toBe('level-2');
    g.engine.destroyWorld();
    void g.engine.play();
    expect(g.engine.scene?.id).toBe('level-1');
    expect(g.state.levelsCleared).toBe(0);
  });

  it('the simulated display on a 60 Hz page: 30 Hz ticks every other frame, 144 Hz two or three times a frame, each on its own grid; a long frame is one late tick', () => {
    const page = new Subject<number>();
    const display = new SimulatedDisplay(() => page);
    const seen: number[] = [];
    const subscription = display.ticks$.subscribe((t) => seen.push(t));
    const pageFrame = (i: number) => page.next(1000 + (i * 1000) / 60);
    display.rateHz = 30;
    for (let i = 0; i <= 60; i++) pageFrame(i);
    expect(seen.length).toBe(31); // one second: 30 ticks after the first
    expect(seen.every((t, i) => i === 0 || Math.abs(t - seen[i - 1]! - 1000 / 30) < 1e-9)).toBe(true);
    seen.length = 0;
    display.rateHz = 144;
    for (let i = 61; i <= 120; i++) pageFrame(i);
    // The 30 Hz grid's next slot was 33.3 ms off; from there to the end of the second, every 1000/144 ms: 140 ticks.
    expect(seen.length).toBe(140);
    expect(seen.every((t, i) => i === 0 || Math.abs(t - seen[i - 1]! - 1000 / 144) < 1e-9)).toBe(true);
    seen.length = 0;
    display.rateHz = 60;
    display.longFrame(LONG_FRAME_MS);
    for (let i = 121; i <= 140; i++) pageFrame(i);
    // The stall swallows the page frames of the next 250 ms, then one tick comes at least that late.
    expect(seen[0]! - (1000 + (120 * 1000) / 60)).toBeGreaterThanOrEqual(LONG_FRAME_MS);
    subscription.unsubscribe();
    expect(page.observed).toBe(false); // unsubscribed (a paused engine): the page's frames are let go
  });
});

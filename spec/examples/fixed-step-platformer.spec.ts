// The Fixed-step Platformer, headless: the game's systems on the null
// backend, stepped by simulated display ticks. What the page shows a player,
// checked as numbers.
import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createSystemsEngine, type SystemsEngine } from 'tickflow/systems';
import { platformerConfig } from '../../examples/fixed-step-platformer/game.js';
import { createGameState, type GameState, type IntegrationMode } from '../../examples/fixed-step-platformer/game-state.js';
import { LONG_FRAME_MS } from '../../examples/fixed-step-platformer/tuning.js';

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

  it('restart by stop and play: the game is built again at level 1', () => {
    const g = game();
    g.state.autopilot = true;
    display(g, 60, 4);
    expect(g.engine.scene?.id).toBe('level-2');
    g.engine.stop();
    void g.engine.play();
    expect(g.engine.scene?.id).toBe('level-1');
    expect(g.state.levelsCleared).toBe(0);
  });
});

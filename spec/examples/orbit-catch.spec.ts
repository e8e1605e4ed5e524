import { createSeededRandom } from '../../operators/index.js';
import { describe, expect, it } from 'vitest';
import { chooseTarget, DEFAULT_MARGIN_SECONDS } from '../../examples/orbit-catch/autopilot.js';
import { CUES, pause, restart, resume, spawnIntervalSeconds, togglePause } from '../../examples/orbit-catch/game.js';
import { drawHud, GAME_OVER_FADE_SECONDS, hudText, MIN_TEXT_CSS_PX } from '../../examples/orbit-catch/hud.js';
import { escapeAtSeconds, orbPosition, spawnOrb } from '../../examples/orbit-catch/orbits.js';
import { initialState } from '../../examples/orbit-catch/state.js';
import { FIRST_SPAWN_SECONDS, ROUND_SECONDS, STARTING_LIVES } from '../../examples/orbit-catch/tuning.js';
import { FRAME_60HZ_MS, headlessGame, SCENARIO_SEED } from './orbit-catch-setup.js';

// Orbit Catch (examples/orbit-catch/) played headless: the game's update and
// render on the three.js backend with no renderer (a real scene, camera and
// Raycaster), stepped by engine.advance() under a 60 Hz constant clock, with
// scripted input. Issue 4: "a retained three.js scene driven from the state,
// a camera the game poses, readouts (score, timer) on the screen layer,
// pointer picking, a cue on an event, a game over and restart through
// engine.apply".

/** The scenario's round, nobody playing, is lost by then (the fifth escape comes at about 12.3 s). */
const BREACHED_BY_MS = 15_000;

/** A test that plays a whole round (3,600 frames with the read-only view check on) may take this long on a busy machine. */
const WHOLE_ROUND_TIMEOUT_MS = 30_000;

/** Frames in `seconds` at 60 Hz. */
const framesIn = (seconds: number) => Math.round((seconds * 1000) / FRAME_60HZ_MS);

const cueNames = (game: ReturnType<typeof headlessGame>) => game.cues.cues.map((cue) => cue.name);

describe('Orbit Catch: the round', () => {
  it('deals the same round from the same seed, and another from another seed', () => {
    const a = headlessGame();
    const b = headlessGame();
    const c = headlessGame({ seed: SCENARIO_SEED + 1 });
    for (const game of [a, b, c]) game.advance(framesIn(5));
    expect(JSON.stringify(a.engine.state)).toBe(JSON.stringify(b.engine.state));
    expect(JSON.stringify(a.engine.state.orbs)).not.toBe(JSON.stringify(c.engine.state.orbs));
  });

  it('spawns orbs on schedule, and render keeps one mesh per orb in the retained scene, named by its id', () => {
    const game = headlessGame();
    game.advance(framesIn(4));
    const { orbs } = game.engine.state;
    // Due at 0.25 s, then every spawnIntervalSeconds(...) after.
    let due = FIRST_SPAWN_SECONDS;
    let expected = 0;
    while (due <= 4) {
      expected++;
      due += spawnIntervalSeconds(due);
    }
    expect(orbs.length).toBe(expected);
    expect(game.renderer.orbMeshCount).toBe(orbs.length);
    for (const orb of orbs) {
      const mesh = game.backend.surface.scene.getObjectByName(orb.id)!;
      expect(mesh, orb.id).toBeDefined();
      const { x, y, z } = orbPosition(orb);
      expect([mesh.position.x, mesh.position.y, mesh.position.z]).toEqual([x, y, z]);
    }
  });

  it('update returns a new state and leaves the one it was handed as it was', () => {
    const game = headlessGame();
    game.advance(framesIn(2));
    const before = game.engine.state;
    const snapshot = JSON.stringify(before);
    game.advance();
    expect(game.engine.state).not.toBe(before);
    expect(JSON.stringify(before)).toBe(snapshot);
  });

  it('poses the camera from the state in render: it circles the arena and looks at the core', () => {
    const game = headlessGame();
    game.advance();
    const { camera } = game.backend.surface;
    const first = camera.position.clone();
    game.advance(framesIn(2));
    expect(camera.position.distanceTo(first)).toBeGreaterThan(0.1);
    expect(Math.hypot(camera.position.x, camera.position.z)).toBeCloseTo(Math.hypot(first.x, first.z), 9);
  });
});

describe('Orbit Catch: catching through a pick', () => {
  it('a click on an orb, where the last frame drew it, catches it: score, the catch cue, the mesh gone, a flash', () => {
    const game = headlessGame();
    game.advance(framesIn(2));
    const orb = game.engine.state.orbs[0]!;
    const at = game.screenPositionOf(orb.id)!;
    expect(game.backend.view.pick(at.x, at.y)?.name).toBe(orb.id);

    game.clickAt(at.x, at.y);
    game.advance();

    const state = game.engine.state;
    expect(state.score).toBe(orb.value);
    expect(state.caughtIds).toEqual([orb.id]);
    expect(state.orbs.map((o) => o.id)).not.toContain(orb.id);
    expect(state.bursts).toMatchObject([{ kind: 'catch', value: orb.value, ageSeconds: 0 }]);
    expect(game.cues.cues).toEqual([{ name: CUES.catch, options: { value: orb.value }, frame: game.engine.frame().count }]);
    expect(game.backend.surface.scene.getObjectByName(orb.id)).toBeUndefined();
    expect(game.renderer.orbMeshCount).toBe(state.orbs.length);
  });

  it('a press is consumed once: holding the button down does not catch the next orb under the pointer', () => {
    const game = headlessGame();
    game.advance(framesIn(2));
    const orb = game.engine.state.orbs[0]!;
    const at = game.screenPositionOf(orb.id)!;
    game.input.movePointer(at.x, at.y);
    game.input.press('Pointer0'); // down, and held
    game.advance(framesIn(1));
    expect(game.engine.state.caughtIds).toEqual([orb.id]);
    expect(cueNames(game)).toEqual([CUES.catch]);
  });

  it('a click on empty space is a miss: the miss cue, no score', () => {
    const game = headlessGame();
    game.advance(framesIn(2));
    game.clickAt(10, 10); // the top-left corner: sky
    game.advance();
    expect(game.engine.state).toMatchObject({ score: 0, misses: 1, caughtIds: [] });
    expect(cueNames(game)).toEqual([CUES.miss]);
  });

  it('a scripted player catches orbs through the same input and picks', () => {
    const game = headlessGame();
    const player = game.player();
    game.runUntilMs(10_000, player);
    const state = game.engine.state;
    expect(state.caughtIds.length).toBeGreaterThan(5);
    expect(state.caughtIds).toEqual(player.clicks.map((click) => click.id));
    expect(state.misses).toBe(0);
    expect(cueNames(game).filter((name) => name === CUES.catch)).toHaveLength(state.caughtIds.length);
  });
});

describe('Orbit Catch: escapes and the end of the round', () => {
  it('an orb reaching the core costs a life and plays the escape cue, in the frame it arrives', () => {
    const game = headlessGame();
    let previous = game.engine.state;
    while (game.engine.state.escaped === 0) {
      previous = game.engine.state;
      game.advance();
    }
    const state = game.engine.state;
    expect(state.lives).toBe(STARTING_LIVES - 1);
    expect(cueNames(game)).toEqual([CUES.escape]);
    expect(state.bursts.at(-1)).toMatchObject({ kind: 'escape' });
    // Its arrival time is exact (the fall is linear); the frame that sees it is the first to reach it.
    const [escaped, ...others] = previous.orbs.filter((orb) => !state.orbs.some((o) => o.id === orb.id));
    expect(others).toEqual([]);
    const arrivalSeconds = escapeAtSeconds(escaped!);
    expect(previous.elapsedSeconds).toBeLessThan(arrivalSeconds);
    expect(state.elapsedSeconds).toBeGreaterThanOrEqual(arrivalSeconds - 1e-9);
  });

  it(`${STARTING_LIVES} escapes breach the core: game over, the game-over cue once, and nothing plays after`, () => {
    const game = headlessGame();
    game.runUntilMs(BREACHED_BY_MS);
    const over = game.engine.state;
    expect(over).toMatchObject({ phase: 'over', endReason: 'core-breached', lives: 0, escaped: STARTING_LIVES, score: 0 });
    expect(cueNames(game).filter((name) => name === CUES.gameOver)).toHaveLength(1);
    expect(game.cues.cues.at(-1)).toMatchObject({ name: CUES.gameOver, options: { score: 0 } });

    // After the round: frames go on (the game-over screen fades in), clicks do nothing.
    const cuesSoFar = game.cues.cues.length;
    game.clickAt(480, 270);
    game.advance(framesIn(1));
    const later = game.engine.state;
    expect(later.overSeconds).toBeGreaterThan(over.overSeconds);
    expect(later).toMatchObject({ score: 0, misses: 0, elapsedSeconds: over.elapsedSeconds, orbs: over.orbs });
    expect(game.cues.cues).toHaveLength(cuesSoFar);
  });

  it(`the timer ends the round at exactly ${ROUND_SECONDS} s, however the last frame falls`, () => {
    const game = headlessGame();
    game.runUntilMs(ROUND_SECONDS * 1000 + 500, game.player());
    const state = game.engine.state;
    expect(state).toMatchObject({ phase: 'over', endReason: 'time', endedAtSeconds: ROUND_SECONDS, elapsedSeconds: ROUND_SECONDS });
    expect(state.lives).toBeGreaterThan(0);
    expect(state.score).toBeGreaterThan(50);
    expect(cueNames(game).filter((name) => name === CUES.gameOver)).toHaveLength(1);
    // The simulated time the engine reports is the round plus the time since its end.
    expect(state.elapsedSeconds + state.overSeconds).toBeCloseTo(game.engine.frame().timeMs / 1000, 6);
  }, WHOLE_ROUND_TIMEOUT_MS);
});

describe('Orbit Catch: restart through engine.apply', () => {
  it('deals a new round from the next seed; the next update receives it and render drops the old meshes', () => {
    const game = headlessGame();
    const player = game.player();
    game.runUntilMs(8_000, player);
    expect(game.engine.state.score).toBeGreaterThan(0);

    game.engine.apply(restart);
    expect(game.engine.state).toEqual(initialState(SCENARIO_SEED + 1));

    game.advance();
    const state = game.engine.state;
    expect(state.elapsedSeconds).toBeCloseTo(FRAME_60HZ_MS / 1000, 12);
    expect(state).toMatchObject({ seed: SCENARIO_SEED + 1, score: 0, lives: STARTING_LIVES, phase: 'playing', orbs: [] });
    expect(game.renderer.orbMeshCount).toBe(0);

    // The new round plays: the scripted player restarts its schedule and catches again.
    game.runUntilMs(game.engine.frame().timeMs + 5_000, player);
    expect(game.engine.state.score).toBeGreaterThan(0);
  });

  it('works from the game-over screen too', () => {
    const game = headlessGame();
    game.runUntilMs(BREACHED_BY_MS);
    expect(game.engine.state.phase).toBe('over');
    game.engine.apply(restart);
    game.advance(framesIn(1));
    expect(game.engine.state).toMatchObject({ phase: 'playing', lives: STARTING_LIVES });
  });
});

describe('Orbit Catch: pause, through engine.apply (issue 13: "a timed round, has no pause")', () => {
  it('a pause costs the round no time: paused 2.5 s, it then plays exactly as a round that never paused', () => {
    // The same question issue 13 asks of Paddle Duel's timers: "a 1 s timer paused for 2.5 s still waits its
    // remaining time after resume". Here the spawn schedule and the 60 s timer are the round's timers.
    const pausedGame = headlessGame();
    const plainGame = headlessGame();
    pausedGame.advance(framesIn(3));
    plainGame.advance(framesIn(3));

    pausedGame.engine.apply(pause);
    const atPause = JSON.stringify(pausedGame.engine.state);
    for (let frame = 0; frame < framesIn(2.5); frame++) {
      if (frame % 20 === 0) pausedGame.clickAt(480, 270); // clicks on a paused round do nothing
      pausedGame.advance();
    }
    expect(pausedGame.engine.frame().count, 'the engine kept running frames').toBe(framesIn(5.5));
    expect(JSON.stringify(pausedGame.engine.state), 'and the round did not move').toBe(atPause);
    expect(cueNames(pausedGame)).not.toContain(CUES.miss);

    pausedGame.engine.apply(resume);
    pausedGame.advance(framesIn(4));
    plainGame.advance(framesIn(4));
    expect(JSON.stringify(pausedGame.engine.state)).toBe(JSON.stringify(plainGame.engine.state));
    expect(pausedGame.engine.state.elapsedSeconds).toBeCloseTo(7, 9);
  });

  it('togglePause pauses and resumes; a round that is over does not pause', () => {
    const game = headlessGame();
    game.advance(framesIn(1));
    game.engine.apply(togglePause);
    expect(game.engine.state.paused).toBe(true);
    game.engine.apply(togglePause);
    expect(game.engine.state.paused).toBe(false);

    game.runUntilMs(BREACHED_BY_MS);
    expect(game.engine.state.phase).toBe('over');
    game.engine.apply(pause);
    expect(game.engine.state.paused).toBe(false);
  });

  it('a restart deals an unpaused round', () => {
    const game = headlessGame();
    game.engine.apply(pause);
    game.engine.apply(restart);
    expect(game.engine.state.paused).toBe(false);
  });
});

describe('Orbit Catch: the game-over screen is read over a cleared arena (issue 13: "game-over text over live orbs")', () => {
  it('the orbs left on the field shrink away while the panel fades in, and are drawn no more', () => {
    const game = headlessGame();
    while (game.engine.state.phase === 'playing' && game.engine.frame().timeMs < BREACHED_BY_MS) game.advance();
    const over = game.engine.state;
    expect(over.phase).toBe('over');
    expect(over.orbs.length, 'orbs were still in flight when the core broke').toBeGreaterThan(0);
    // On the frame the round ends they are still drawn (shrinking from there); once the panel is in, none is.
    expect(game.renderer.visibleOrbCount).toBe(over.orbs.length);
    game.advance(framesIn(GAME_OVER_FADE_SECONDS) + 1);
    expect(game.engine.state.orbs.length).toBe(over.orbs.length);
    expect(game.renderer.orbMeshCount).toBe(over.orbs.length);
    expect(game.renderer.visibleOrbCount).toBe(0);
  });
});

describe('Orbit Catch: the screen layer', () => {
  it('draws the pause screen on a paused round, and not the hint', () => {
    const paused = recordText((screen) => drawHud(screen, { ...initialState(1), paused: true, score: 7, elapsedSeconds: 20 }, farAway));
    expect(paused).toEqual(expect.arrayContaining(['PAUSED', 'score 7 · 40.0 s left · the timer waits', 'Press Esc or click to resume']));
    expect(paused.some((text) => text.startsWith('Click the orbs'))).toBe(false);
  });

  it('draws the score, the time left and the lives; the game-over panel once the round is over', () => {
    const playing = recordText((screen) => drawHud(screen, { ...initialState(1), score: 42, elapsedSeconds: 12.34 }, farAway));
    expect(playing).toEqual(expect.arrayContaining(['SCORE', '42', 'TIME', '47.7', 'CORE']));
    expect(playing).not.toContain("TIME'S UP");

    const over = recordText((screen) =>
      drawHud(screen, { ...initialState(1), phase: 'over', endReason: 'time', score: 42, overSeconds: 2 }, farAway),
    );
    expect(over).toEqual(expect.arrayContaining(["TIME'S UP", '42', 'Press R or click to play again']));
  });

  // Issue 21: "Every page usable at 390×844 ... text readable". The stage is 366 CSS px wide there:
  // 960 logical units drawn at 0.38 CSS px each would make the 12-unit captions 4.6 px tall.
  it('on a phone\'s picture (366 CSS px wide) every line is at least 12 CSS px, the small print is left out, and the cards say "tap"', () => {
    const cssPerUnit = 366 / 960;
    const text = hudText(cssPerUnit);
    expect(text.compact).toBe(true);
    const cssPx = (lines: { font: string }[]) => lines.map((line) => Number(/(\d+(?:\.\d+)?)px/.exec(line.font)![1]) * cssPerUnit);
    const playing = recordLines((screen) => drawHud(screen, { ...initialState(1), score: 42, elapsedSeconds: 12.34 }, farAway, text));
    expect(playing.map((line) => line.text)).toEqual(['42', '47.7']); // no SCORE, TIME, CORE, no hint
    const paused = recordLines((screen) => drawHud(screen, { ...initialState(1), paused: true, score: 7, elapsedSeconds: 20 }, farAway, text));
    expect(paused.map((line) => line.text)).toEqual(expect.arrayContaining(['PAUSED', 'score 7 · 40.0 s left', 'Tap or click to resume']));
    const over = recordLines((screen) => drawHud(screen, { ...initialState(1), phase: 'over', endReason: 'time', score: 42, overSeconds: 2 }, farAway, text));
    expect(over.map((line) => line.text)).toEqual(expect.arrayContaining(["TIME'S UP", '42', 'Tap or click to play again']));
    for (const size of cssPx([...playing, ...paused, ...over])) expect(size).toBeGreaterThanOrEqual(MIN_TEXT_CSS_PX - 1e-9);
    // At 1280 × 800 the stage is 1050 px wide: the HUD is as it was.
    expect(hudText(1050 / 960).compact).toBe(false);
  });

  it('shows a "+N" over a catch, where the world point appears', () => {
    const state = { ...initialState(1), bursts: [{ id: 'b', kind: 'catch' as const, position: { x: 0, y: 0, z: 0 }, value: 5, ageSeconds: 0 }] };
    const texts = recordText((screen) => drawHud(screen, state, () => ({ x: 100, y: 100, inFront: true })));
    expect(texts).toContain('+5');
  });
});

describe('Orbit Catch: the scripted player chooses on the schedule, not on frames', () => {
  const locate = () => ({ x: 1, y: 1, inFront: true });

  it('aims at the orb due at the core soonest, among those old enough and not about to escape', () => {
    const base = initialState(1);
    const orb = (id: string, spawnedAtSeconds: number, radialSpeedUnitsPerSecond: number) => ({
      ...initialOrb(1),
      id,
      spawnedAtSeconds,
      radialSpeedUnitsPerSecond,
    });
    const state = {
      ...base,
      orbs: [
        orb('young', 9.9, 1), // appeared within the margin
        orb('slow', 2, 0.6),
        orb('fast', 4, 1), // escapes at 4 + 5.9 = 9.9 s
        orb('soon', 4.2, 1), // escapes at 10.1 s: within the margin of 10 s
      ],
    };
    expect(chooseTarget(state, 10, { locate })?.id).toBe('slow');
    expect(chooseTarget(state, 9.5, { locate })?.id).toBe('fast');
    expect(chooseTarget(state, 9.5, { locate, marginSeconds: DEFAULT_MARGIN_SECONDS, confirm: () => 'other' })).toBeUndefined();
  });
});

/** An orb as a round of seed `seed` deals its first. */
function initialOrb(seed: number) {
  return spawnOrb(createSeededRandom(seed), 1, FIRST_SPAWN_SECONDS);
}

/** Labels out of the picture (the HUD skips those behind the camera). */
const farAway = () => ({ x: 0, y: 0, inFront: false });

/** Runs `draw` on a 2D context that records the text it is asked to fill, with the font it was set in, and does nothing else. */
function recordLines(draw: (screen: CanvasRenderingContext2D) => void): { text: string; font: string }[] {
  const lines: { text: string; font: string }[] = [];
  const screen = new Proxy({ font: '10px sans-serif' } as Record<string | symbol, unknown>, {
    get: (target, key) => (key === 'fillText' ? (text: string) => lines.push({ text, font: String(target['font']) }) : key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  draw(screen);
  return lines;
}

/** The text of {@link recordLines}. */
function recordText(draw: (screen: CanvasRenderingContext2D) => void): string[] {
  return recordLines(draw).map((line) => line.text);
}

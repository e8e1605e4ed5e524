/**
 * The gallery's games as the whole-games bench plays them (bench/whole-games.ts):
 * each page as the gallery serves it, and a scripted person at its keys and
 * pointer, sending real input through Chromium (playwright's keyboard and
 * mouse, CDP `Input.dispatch*Event`), so every event goes through the page's
 * own handlers as a player's would.
 *
 * A script is deterministic: seeded ({@link HumanKeys}, {@link PointerSweeps})
 * and stepped by the seconds of play, never by the game's state, except where
 * a person looks at the screen: Orbit Catch's clicks aim at the orb the page
 * says is next (`__game.aim()`, where it drew it), and a game-over screen
 * is answered with the key it asks for.
 *
 * Paddle Duel online (`paddle-duel/online/`) is left out: a match needs two
 * tabs on one BroadcastChannel, which in headless Chromium share one source
 * of animation frames (spec/browser/paddle-duel-online.spec.ts); its cost is
 * the netplay bench's.
 */
import type { Page } from 'playwright-core';
import { createSeededRandom, nextRandom, type SeededRandom } from '../operators/seeded-random.js';
import { HumanKeys } from './gallery-game.js';

/** An element's box in CSS pixels of the viewport, as playwright's `boundingBox()` gives it. */
type Box = { readonly x: number; readonly y: number; readonly width: number; readonly height: number };

/** A person playing one page: the input due by `seconds` of play, sent and awaited. */
export interface Player {
  at(seconds: number): Promise<void>;
}

/** A gallery game as the whole-games bench opens and plays it. */
export interface WholeGame {
  /** Its folder in the gallery (examples/catalog.ts's href without the slash). */
  readonly folder: string;
  /** The preset and backend it runs on. */
  readonly preset: string;
  /** The query string the page is opened with ('' for none). */
  readonly search: string;
  /** The scripted play, in words. */
  readonly how: string;
  /** A page expression that is true once the game runs frames. */
  readonly ready: string;
  /** The person, once the page is ready. */
  player(page: Page): Player;
}

/**
 * Turns {@link HumanKeys}' synchronous press and release into real key
 * events: what it presses by `seconds` is queued, then sent in order.
 */
function keysOn(page: Page, keys: readonly string[], tap: string | undefined, seed: number): Player {
  const queue: [down: boolean, code: string][] = [];
  const human = new HumanKeys(keys, tap, (code) => queue.push([true, code]), (code) => queue.push([false, code]), seed);
  return {
    async at(seconds) {
      human.at(seconds);
      for (const [down, code] of queue.splice(0)) await (down ? page.keyboard.down(code) : page.keyboard.up(code));
    },
  };
}

/**
 * A mouse swept across an element, seeded: every `everySeconds` (a range) a
 * sweep of 0.5-1.5 s from one side of the element's box to the other, a
 * pointer move each time it is asked, as a browser sends a move a frame.
 */
export class PointerSweeps implements Player {
  private readonly random: SeededRandom;
  private nextSweepSeconds = 0.5;
  private sweep: { fromSeconds: number; seconds: number; y: number; leftToRight: boolean; box: Box } | undefined;

  constructor(
    private readonly page: Page,
    private readonly selector: string,
    private readonly everySeconds: readonly [number, number],
    seed: number,
  ) {
    this.random = createSeededRandom(seed);
  }

  async at(seconds: number): Promise<void> {
    if (this.sweep === undefined && seconds >= this.nextSweepSeconds) {
      const [sweepSeconds, y, leftToRight] = [this.between(0.5, 1.5), this.between(0.2, 0.8), nextRandom(this.random) < 0.5];
      // The element is found and measured once a sweep, not at every move: playwright finds it with a script of its
      // own in the page, whose garbage (about 9 kB a look, measured 2026-12-07) the bench would count as the page's.
      const box = await this.page.locator(this.selector).first().boundingBox();
      if (box === null) this.nextSweepSeconds = seconds + this.between(...this.everySeconds);
      else this.sweep = { fromSeconds: seconds, seconds: sweepSeconds, y, leftToRight, box };
    }
    const sweep = this.sweep;
    if (sweep === undefined) return;
    const { box } = sweep;
    const done = Math.min(1, (seconds - sweep.fromSeconds) / sweep.seconds);
    const across = sweep.leftToRight ? done : 1 - done;
    await this.page.mouse.move(box.x + box.width * (0.05 + 0.9 * across), box.y + box.height * sweep.y);
    if (done >= 1) {
      this.sweep = undefined;
      this.nextSweepSeconds = seconds + this.between(...this.everySeconds);
    }
  }

  private between(low: number, high: number): number {
    return low + nextRandom(this.random) * (high - low);
  }
}

/** Several players at once, in order. */
const together = (...players: readonly Player[]): Player => ({
  async at(seconds) {
    for (const player of players) await player.at(seconds);
  },
});

/** Does `action` once every `intervalSeconds` of play, the first at `intervalSeconds`. */
function every(intervalSeconds: number, action: (count: number) => Promise<void>): Player {
  let done = 0;
  return {
    async at(seconds) {
      if (seconds < (done + 1) * intervalSeconds) return;
      done = Math.floor(seconds / intervalSeconds);
      await action(done);
    },
  };
}

/** The timing lab's controls, clicked in turn, one every 4 s: clocks, a stall, jitter, pause and resume. */
const LAB_CLICKS = [
  'input[name="clock"][value="paced"] + span',
  '#jitter',
  'input[name="clock"][value="seeded"] + span',
  '#stall',
  'input[name="clock"][value="sequence"] + span',
  '#pause',
  '#pause',
  'input[name="clock"][value="constant"] + span',
  '#jitter',
  'input[name="clock"][value="wall"] + span',
] as const;

/** The games, in the gallery's order (examples/catalog.ts), Paddle Duel online left out (see above). */
export const WHOLE_GAMES: readonly WholeGame[] = [
  {
    folder: 'timing-lab',
    preset: 'a bare loop (createLoop), 2D canvas',
    search: '',
    how: 'a click on one of its controls every 4 s, in turn: paced, jitter, seeded, stall, sequence, pause, resume, constant, jitter, wall',
    ready: '(window.__timingLab?.frame().count ?? 0) >= 5',
    player: (page) => every(4, (count) => page.click(LAB_CLICKS[(count - 1) % LAB_CLICKS.length]!)),
  },
  {
    folder: 'orbit-catch',
    preset: 'state engine, three.js',
    search: '',
    how: 'a mouse click at the next orb every 0.9 s (where the page drew it, `__game.aim()`); R after a round ends',
    ready: '(window.__game?.frame().count ?? 0) >= 5',
    player: (page) =>
      every(0.9, async () => {
        const { over, target } = await page.evaluate(() => {
          const game = (window as unknown as { __game: { state(): { phase: string }; aim(): { clientX: number; clientY: number } | undefined } }).__game;
          return { over: game.state().phase === 'over', target: game.aim() };
        });
        if (over) await page.keyboard.press('KeyR');
        else if (target !== undefined) await page.mouse.click(target.clientX, target.clientY);
      }),
  },
  {
    folder: 'paddle-duel',
    preset: 'world engine, pixi.js',
    search: '',
    how: 'W and S held and let go about five times a second (the left paddle is the person\'s from the first press, the right the AI\'s); Enter after a match',
    ready: '(window.__game?.frame().count ?? 0) >= 5',
    player: (page) =>
      together(
        keysOn(page, ['KeyW', 'KeyS'], undefined, 29),
        every(1, async () => {
          const over = await page.evaluate(() => (window as unknown as { __game: { status(): { phase?: string } } }).__game.status().phase === 'over');
          if (over) await page.keyboard.press('Enter');
        }),
      ),
  },
  {
    folder: 'fixed-step-platformer',
    preset: 'systems engine, pixi.js',
    search: '',
    how: 'the arrows held (right twice as often as left) and Space tapped, about five key events a second',
    ready: '(window.__platformer?.engine.stats().frames ?? 0) >= 5',
    player: (page) => keysOn(page, ['ArrowRight', 'ArrowRight', 'ArrowLeft'], 'Space', 29),
  },
  {
    folder: 'physics-playground',
    preset: 'fixed-tick runtime, Rapier 3D, three.js',
    search: '',
    how: 'the four arrows held and Space tapped, about five key events a second (arena.json spawns a ball a second)',
    ready: '(window.__playground?.runtime.stats().frames ?? 0) >= 5',
    player: (page) => keysOn(page, ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'], 'Space', 29),
  },
  {
    folder: 'page-heroes',
    preset: 'page engine, DOM',
    search: '',
    how: 'the mouse swept across the pointer hero every 1-3 s (0.5-1.5 s a sweep)',
    ready: '(window.__pageExample?.engines ?? []).every((e) => e.stats().frames >= 3)',
    player: (page) => new PointerSweeps(page, '#pointer', [1, 3], 29),
  },
  {
    folder: 'page-breakout',
    preset: 'page engine, DOM',
    search: '',
    how: 'the arrows held and let go about five times a second, and the mouse swept across the board every 3-6 s',
    ready: '(window.__pageExample?.engines ?? []).every((e) => e.stats().frames >= 3)',
    player: (page) => together(keysOn(page, ['ArrowLeft', 'ArrowRight'], undefined, 29), new PointerSweeps(page, '.board', [3, 6], 29)),
  },
  {
    folder: 'page-together',
    preset: 'page engine, DOM (three engines)',
    search: '',
    how: "DOM Breakout's keys, and the mouse swept across the board and the pointer hero in turn every 2-5 s",
    ready: '(window.__pageExample?.engines ?? []).every((e) => e.stats().frames >= 3)',
    player: (page) =>
      together(keysOn(page, ['ArrowLeft', 'ArrowRight'], undefined, 29), new PointerSweeps(page, '.board', [3, 6], 29), new PointerSweeps(page, '#pointer', [3, 6], 31)),
  },
];

/** How often the script looks at the time and sends what is due, in ms (about three frames at 60 Hz). */
export const PLAY_STEP_MS = 50;

/**
 * Plays `player` from `fromSeconds` to `toSeconds` of play, real time,
 * calling `between` with the seconds played at every step (the bench
 * closes its heap-profile windows there).
 */
export async function playFor(
  page: Page,
  player: Player,
  startedAtMs: number,
  toSeconds: number,
  between?: (seconds: number) => Promise<void>,
): Promise<void> {
  for (;;) {
    const seconds = (performance.now() - startedAtMs) / 1000;
    if (seconds >= toSeconds) return;
    await player.at(seconds);
    await between?.(seconds);
    await page.waitForTimeout(PLAY_STEP_MS);
  }
}

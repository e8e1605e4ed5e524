import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOUCH_SEEN_CLASS } from '../../examples/shared/touch-pad.js';
import { startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';
import { measurePhoneLayout } from './phone-layout.js';
import { finger, middleOf } from './touch.js';

// The gallery on a phone (issue 21, item 4): "Every page usable at 390×844:
// the stage at least 90 % of the viewport's width and fully visible, no
// horizontal overflow, nothing overlapping, text readable. Every game
// playable by touch (drag the paddle, on-screen buttons or a stick for the
// Platformer and the Playground, tap in Orbit Catch). Browser tests at
// 390×844 with touch emulation assert the layout and play each game by
// touch."
//
// Each page is opened as a phone (touch events, a coarse pointer, 3 device
// pixels per CSS pixel), measured (phone-layout.ts), photographed into
// /tmp/phone-shots/, and each game is played with a finger: taps through
// page.touchscreen, drags and held buttons through CDP touch events
// (touch.ts). What the game did is read from its test handle. No assertion
// counts time: each waits for the game's state.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, phone: true } as const;
const SHOTS = '/tmp/phone-shots';

/** pixi's driver warnings at start-up are not the page's errors (BROWSER.md, pitfall 2). */
const IGNORED = [/GPU stall due to ReadPixels/];

let harness: BrowserHarness;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** Where a page's stage is, and whether a visitor sees it without scrolling. */
interface StageOf {
  /** The stage: the game, the picture, what the page is for. */
  readonly stage: string;
  /** The stage and what the page draws over it on purpose (a title, a banner, a pause menu). */
  readonly frame?: string;
  /** Whether the whole stage is on the first screen, before any scroll; otherwise once scrolled to. */
  readonly firstScreen: boolean;
  /** Whether the page has touch buttons (`#touch-pad`), which a touch screen shows. */
  readonly touchPad?: boolean;
}

/** Opens a page as a phone, once it is ready. */
function openAsPhone(path: string, readyWhen: () => unknown): Promise<OpenedPage> {
  return harness.open(path, { ...PHONE, ignoreErrors: IGNORED, readyWhen });
}

/**
 * A page opened as a phone before the tests of the describe that calls this,
 * and closed after them, once checked to have reported no error.
 */
function phonePage(path: string, readyWhen: () => unknown): { readonly page: Page } {
  let opened: OpenedPage | undefined;
  beforeAll(async () => {
    opened = await openAsPhone(path, readyWhen);
  });
  afterAll(async () => {
    expect(opened?.errors).toEqual([]);
    await opened?.close();
  });
  return {
    get page() {
      return opened!.page;
    },
  };
}

/**
 * "Usable at 390×844": the stage ≥ 90 % of the width and wholly inside the
 * viewport, no sideways scroll, nothing over the stage, no text under 12 px
 * and none squeezed into a column. Photographs the first screen and the
 * whole page.
 */
async function expectUsableOnPhone(page: Page, name: string, { stage, frame, firstScreen, touchPad = false }: StageOf): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}-390x844.png` });
  if (!firstScreen) await page.locator(stage).first().scrollIntoViewIfNeeded();
  const layout = await measurePhoneLayout(page, stage, frame);
  const { width, height } = layout.viewport;
  expect({ width, height }).toEqual({ width: 390, height: 844 });
  expect(layout.scrollWidth, 'no horizontal overflow').toBeLessThanOrEqual(width);
  expect(layout.stage.width, 'the stage is at least 90 % of the viewport\'s width').toBeGreaterThanOrEqual(0.9 * width);
  expect(layout.stage.left, 'the stage\'s left edge is on screen').toBeGreaterThanOrEqual(0);
  expect(layout.stage.right, 'the stage\'s right edge is on screen').toBeLessThanOrEqual(width);
  expect(layout.stage.top, 'the stage\'s top is on screen').toBeGreaterThanOrEqual(0);
  expect(layout.stage.bottom, 'the stage\'s bottom is on screen').toBeLessThanOrEqual(height);
  expect(layout.overlapping, 'nothing overlaps the stage').toEqual([]);
  expect(layout.smallText, 'no text under 12 px').toEqual([]);
  expect(layout.squeezed, 'no text squeezed into a narrow column').toEqual([]);
  if (touchPad) expect(await page.locator('#touch-pad').isVisible(), 'the touch buttons show on a touch screen').toBe(true);
  // A full-page capture lifts the touch emulation while it runs (`pointer: coarse` stops matching):
  // the page is told a touch was seen (touch-pad.ts), so the picture shows what a phone shows.
  await page.evaluate((seen) => document.documentElement.classList.add(seen), TOUCH_SEEN_CLASS);
  await page.screenshot({ path: `${SHOTS}/${name}-390-full.png`, fullPage: true, scale: 'css' });
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('the gallery at 390 × 844', () => {
  it('the index: every card the whole width, nothing overflowing, text readable', async () => {
    // The gallery writes every card at once (as gallery.spec.ts waits for it): a count here would break with each new example.
    const opened = await openAsPhone('', () => document.querySelectorAll('.card').length > 0);
    await expectUsableOnPhone(opened.page, 'index', { stage: '.card', firstScreen: true });
    expect(opened.errors).toEqual([]);
    await opened.close();
  });

  it('the timing lab: the picture the whole width, its lanes and labels inside it', async () => {
    const opened = await openAsPhone('timing-lab/', () => (window as unknown as { __timingLab?: unknown }).__timingLab !== undefined);
    await expectUsableOnPhone(opened.page, 'timing-lab', { stage: '#picture', firstScreen: true });
    expect(opened.errors).toEqual([]);
    await opened.close();
  });

  it('Page heroes: the heroes the whole width, the page\'s text in full-width lines, the readout below', async () => {
    const opened = await openAsPhone('page-heroes/', pageEnginesRunning);
    await expectUsableOnPhone(opened.page, 'page-heroes', { stage: '#ambient', firstScreen: true });
    expect(opened.errors).toEqual([]);
    await opened.close();
  });

  it('Three engines, one frame: the heroes, the readout and the board stacked, none over another', async () => {
    const opened = await openAsPhone('page-together/', pageEnginesRunning);
    await expectUsableOnPhone(opened.page, 'page-together', { stage: '.board-fit', firstScreen: false });
    // The board is scaled to its column, never drawn past it.
    const board = await opened.page.evaluate(() => {
      const fit = document.querySelector('.board-fit')!.getBoundingClientRect();
      const drawn = document.querySelector('.board')!.getBoundingClientRect();
      return { fit: fit.width, drawn: drawn.width, heroesEnd: document.querySelector('#status')!.getBoundingClientRect().bottom, boardTop: fit.top };
    });
    expect(board.drawn).toBeCloseTo(board.fit, 0);
    expect(board.boardTop, 'the board starts below the heroes and the readout').toBeGreaterThan(board.heroesEnd);
    expect(opened.errors).toEqual([]);
    await opened.close();
  });
});

/** Every page engine of a page-engine example has run a few frames. */
function pageEnginesRunning(): boolean {
  const handle = (window as unknown as { __pageExample?: { engines: { stats(): { frames: number } }[] } }).__pageExample;
  return handle !== undefined && handle.engines.every((engine) => engine.stats().frames >= 3);
}

// -- the games, played by touch -------------------------------------------------

describe('Orbit Catch at 390 × 844, by touch', () => {
  interface Orbit {
    stop(): void;
    start(): void;
    frame(): { count: number };
    target(): { id: string; clientX: number; clientY: number } | undefined;
    state(): { score: number; caughtIds: string[]; misses: number; orbs: { id: string; value: number }[] };
  }
  const phone = phonePage('orbit-catch/', () => ((window as unknown as { __game?: Orbit }).__game?.frame().count ?? 0) >= 5);

  it('is usable: the arena the whole width, its buttons and note under it, not beside it', async () => {
    await expectUsableOnPhone(phone.page, 'orbit-catch', { stage: '#stage', firstScreen: true });
  });

  it('"tap in Orbit Catch": a tap on an orb catches it', async () => {
    const { page } = phone;
    await waitUntil(page, () => (window as unknown as { __game: Orbit }).__game.target() !== undefined);
    // Stopped, the picture holds still: the orb is where the finger lands (as the mouse test does it).
    await page.evaluate(() => (window as unknown as { __game: Orbit }).__game.stop());
    const target = (await page.evaluate(() => (window as unknown as { __game: Orbit }).__game.target()))!;
    const before = await page.evaluate(() => (window as unknown as { __game: Orbit }).__game.state());
    await page.touchscreen.tap(target.clientX, target.clientY);
    await page.evaluate(() => (window as unknown as { __game: Orbit }).__game.start());
    await waitUntil(page, (id) => (window as unknown as { __game: Orbit }).__game.state().caughtIds.includes(id), target.id);
    const after = await page.evaluate(() => (window as unknown as { __game: Orbit }).__game.state());
    expect(after.score).toBe(before.score + before.orbs.find((orb) => orb.id === target.id)!.value);
    expect(after.misses).toBe(before.misses);
  });
});

describe('Paddle Duel at 390 × 844, by touch', () => {
  interface Duel {
    frame(): { count: number };
    status(): { paused: boolean; menu: { open: boolean; selected: string } | undefined };
    engine: {
      screenToWorld(x: number, y: number): { x: number; y: number };
      viewport: { scale: number; pixelRatio: number };
      world: { find(name: string): { y: number } | undefined; actors: readonly { visual?: { kind: 'text'; text: string; size: number } | { kind: 'other' } }[] };
    };
    match: { takenOver: Set<string> };
  }
  const phone = phonePage('paddle-duel/', () => ((window as unknown as { __game?: Duel }).__game?.frame().count ?? 0) >= 5);

  it('is usable: the court the whole width, the touch buttons under it; the court\'s text at 12 CSS px or more', async () => {
    await expectUsableOnPhone(phone.page, 'paddle-duel', { stage: '#stage', firstScreen: true, touchPad: true });
    // The court is drawn at a third of its size: its labels grow to stay legible (label.ts).
    const texts = await phone.page.evaluate(() => {
      const { engine } = (window as unknown as { __game: Duel }).__game;
      const cssPerUnit = engine.viewport.scale / engine.viewport.pixelRatio;
      return engine.world.actors.flatMap((actor) => (actor.visual?.kind === 'text' ? [{ text: actor.visual.text, cssPx: actor.visual.size * cssPerUnit }] : []));
    });
    expect(texts.length).toBeGreaterThan(0);
    for (const { text, cssPx } of texts) expect(cssPx, text).toBeGreaterThanOrEqual(12 - 1e-9);
  });

  it('"drag the paddle": the left paddle follows a finger dragged up and down the court, taken from the AI', async () => {
    const { page } = phone;
    const stage = (await page.locator('#stage').boundingBox())!;
    const hand = await finger(page);
    const at = (share: number) => ({ x: stage.x + stage.width * 0.3, y: stage.y + stage.height * share });
    /** Waits until the left paddle's centre is where the finger is, in the world. */
    const followed = (point: { x: number; y: number }) =>
      waitUntil(
        page,
        ({ x, y, left, top }) => {
          const game = (window as unknown as { __game: Duel }).__game;
          const target = game.engine.screenToWorld(x - left, y - top);
          return Math.abs(game.engine.world.find('left-paddle')!.y - target.y) < 1;
        },
        { ...point, left: stage.x, top: stage.y },
      );
    expect(await page.evaluate(() => [...(window as unknown as { __game: Duel }).__game.match.takenOver])).toEqual([]);
    await hand.down(at(0.5));
    await hand.move(at(0.3));
    await followed(at(0.3));
    expect(await page.evaluate(() => [...(window as unknown as { __game: Duel }).__game.match.takenOver])).toEqual(['left']);
    await hand.move(at(0.7), 8);
    await followed(at(0.7));
    await hand.up();
  });

  it('the touch buttons pause, move the menu\'s cursor and choose: Pause, ▼, ▲, OK resumes', async () => {
    const { page } = phone;
    const tap = async (selector: string) => {
      const point = await middleOf(page, selector);
      await page.touchscreen.tap(point.x, point.y);
    };
    const status = () => page.evaluate(() => (window as unknown as { __game: Duel }).__game.status());
    await tap('[data-key="Escape"]');
    await waitUntil(page, () => (window as unknown as { __game: Duel }).__game.status().menu?.open === true);
    expect((await status()).menu?.selected).toBe('Resume');
    await tap('[data-key="ArrowDown"]');
    await waitUntil(page, () => (window as unknown as { __game: Duel }).__game.status().menu?.selected === 'Restart');
    await tap('[data-key="ArrowUp"]');
    await waitUntil(page, () => (window as unknown as { __game: Duel }).__game.status().menu?.selected === 'Resume');
    await tap('[data-key="Enter"]');
    await waitUntil(page, () => !(window as unknown as { __game: Duel }).__game.status().paused);
    expect((await status()).menu?.open).toBe(false);
  });
});

describe('Fixed-step Platformer at 390 × 844, by touch', () => {
  interface Platformer {
    engine: { stats(): { frames: number; fixedUpdates: number }; scene?: { find(id: string): { transform: { x: number; y: number } } | undefined } };
    state: { autopilot: boolean; lastJumpApex: number | undefined; input: { right: boolean } };
  }
  const phone = phonePage(
    'fixed-step-platformer/',
    () => ((window as unknown as { __platformer?: Platformer }).__platformer?.engine.stats().fixedUpdates ?? 0) >= 10,
  );

  it('is usable: the level the whole width, the run and jump buttons under it, the panel below', async () => {
    await expectUsableOnPhone(phone.page, 'fixed-step-platformer', { stage: '#stage', frame: '.stage-wrap', firstScreen: true, touchPad: true });
  });

  it('"on-screen buttons for the Platformer": a tap on Jump makes the runner jump', async () => {
    const { page } = phone;
    expect(await page.evaluate(() => (window as unknown as { __platformer: Platformer }).__platformer.state.lastJumpApex)).toBeUndefined();
    const jump = await middleOf(page, '#touch-pad [data-key="Space"]');
    await page.touchscreen.tap(jump.x, jump.y);
    // The jump's height is recorded when the runner lands again.
    await waitUntil(page, () => ((window as unknown as { __platformer: Platformer }).__platformer.state.lastJumpApex ?? 0) > 0);
  });

  it('holding ▶ runs the runner right until the finger lifts', async () => {
    const { page } = phone;
    const x = () => page.evaluate(() => (window as unknown as { __platformer: Platformer }).__platformer.engine.scene!.find('player')!.transform.x);
    const from = await x();
    const hand = await finger(page);
    await hand.down(await middleOf(page, '#touch-pad [data-key="ArrowRight"]'));
    await waitUntil(page, (start) => (window as unknown as { __platformer: Platformer }).__platformer.engine.scene!.find('player')!.transform.x > start + 40, from);
    await hand.up();
    await waitUntil(page, () => !(window as unknown as { __platformer: Platformer }).__platformer.state.input.right);
  });
});

describe('Physics Playground at 390 × 844, by touch', () => {
  interface Playground {
    runtime: {
      stats(): { frames: number; ticks: number };
      find(name: string): number | undefined;
      transform(handle: number): { position: Float64Array };
    };
  }
  const phone = phonePage('physics-playground/', () => ((window as unknown as { __playground?: Playground }).__playground?.runtime.stats().ticks ?? 0) >= 10);
  const player = () =>
    phone.page.evaluate(() => {
      const { runtime } = (window as unknown as { __playground: Playground }).__playground;
      return [...runtime.transform(runtime.find('player')!).position];
    });

  it('is usable: the arena the whole width, the pad and the jump button under it, the panel below', async () => {
    await expectUsableOnPhone(phone.page, 'physics-playground', { stage: '#stage', firstScreen: true, touchPad: true });
  });

  it('"a stick for the Playground": holding ▶ on the pad moves the player along +x', async () => {
    const { page } = phone;
    const [fromX] = await player();
    const hand = await finger(page);
    await hand.down(await middleOf(page, '#touch-pad [data-key="ArrowRight"]'));
    await waitUntil(
      page,
      (start) => {
        const { runtime } = (window as unknown as { __playground: Playground }).__playground;
        return runtime.transform(runtime.find('player')!).position[0]! > start + 0.5;
      },
      fromX!,
    );
    await hand.up();
  });

  it('a tap on Jump lifts the player off the ground', async () => {
    const { page } = phone;
    const [, restY] = await player();
    const jump = await middleOf(page, '#touch-pad [data-key="Space"]');
    await page.touchscreen.tap(jump.x, jump.y);
    await waitUntil(
      page,
      (start) => {
        const { runtime } = (window as unknown as { __playground: Playground }).__playground;
        return runtime.transform(runtime.find('player')!).position[1]! > start + 0.3;
      },
      restY!,
    );
  });
});

describe('DOM Breakout at 390 × 844, by touch', () => {
  const phone = phonePage('page-breakout/', pageEnginesRunning);

  it('is usable: the board scaled to the page\'s width, the HUD and the field under it', async () => {
    const { page } = phone;
    await expectUsableOnPhone(page, 'page-breakout', { stage: '.board-fit', firstScreen: true });
  });

  it('"DOM Breakout by dragging": the paddle follows a finger dragged across the board', async () => {
    const { page } = phone;
    const board = (await page.locator('.board').boundingBox())!;
    const scale = board.width / 560; // BOARD_WIDTH: the game's size, drawn smaller
    expect(scale).toBeLessThan(1);
    /** The paddle's left edge in the game's px, from the transform its render wrote. */
    const paddleX = () => page.evaluate(() => Number(/translate\(([-\d.]+)px/.exec(document.querySelector<HTMLElement>('.board .paddle')!.style.transform)![1]));
    const hand = await finger(page);
    const y = board.y + board.height * 0.8;
    await hand.down({ x: board.x + board.width * 0.3, y });
    for (const share of [0.3, 0.75]) {
      await hand.move({ x: board.x + board.width * share, y });
      // The paddle's middle under the finger: the finger's x on the board, in game px, less half the paddle (84 px).
      const expected = (board.width * share) / scale - 42;
      await waitUntil(page, (want) => {
        const x = Number(/translate\(([-\d.]+)px/.exec(document.querySelector<HTMLElement>('.board .paddle')!.style.transform)![1]);
        return Math.abs(x - want) < 1;
      }, expected);
      expect(await paddleX()).toBeCloseTo(expected, 0);
    }
    await hand.up();
  });
});

/**
 * Every create-tickflow starter, looked at and played as a stranger would
 * (issue 30): "Every starter playable with touch on a phone (the same touch
 * conventions as the gallery games), with how to play and the score on
 * screen, filling a phone screen sensibly (portrait layouts, not a
 * letterboxed strip), and a starter test that drives it with real touch in
 * Chromium at 390×844."
 *
 * Used twice, on the same page code: by spec/browser/starters.spec.ts on
 * starters scaffolded from the templates and served from tickflow's
 * sources, and by `npm run test:starters` (scripts/check-starters.ts) on
 * the built starters of the packed tarballs.
 *
 * What each check knows of a starter is what a player sees: the page's text
 * (how to play, the score) and the picture (where the square, the ship or
 * the paddle is, found by its colour in a screenshot). A finger is real
 * touch: taps through `page.touchscreen`, held and dragged fingers through
 * Chrome DevTools' touch events (touch.ts). Nothing waits a set time: each
 * step waits for what the player would see, or for a number of delivered
 * frames (an init script counts requestAnimationFrame callbacks), under a
 * timeout that only bounds a failure. Where a finger must meet something
 * that moves (the loop and world starters), the check hands the page its
 * frames itself, 1/60 s of game time each, and the game stands still
 * between them: what a look sees is where things are when the finger
 * moves, however slowly the machine takes the look.
 *
 * The checks throw (node:assert) rather than use a test runner's expect, so
 * the fresh-app script can run them too.
 */
import { strict as assert } from 'node:assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PNG } from 'pngjs';
import type { TemplateName } from '../../packages/create-tickflow/src/templates.js';
import { consoleError, crop, decodePng, hexColor, nonBackgroundShare, type Rgb } from './harness.js';
import { measurePhoneLayout } from './phone-layout.js';
import { finger, middleOf, type Point } from './touch.js';

/** The phone every starter is played on: 390 × 844 CSS pixels, 2 device pixels each, touch and a coarse pointer. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true } as const;

/** The desktop every starter is looked at on. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

/** The starters' page colour: the letterbox bars around a picture are this colour too. */
export const PAGE_COLOR = hexColor('#0b0e14');

/** How long a step may take before it counts as failed: Rapier's WebAssembly and a busy machine, not a measure of speed. */
const STEP_TIMEOUT_MS = 30_000;

/** The game time a frame handed out by {@link stepFrames} is worth: a 60 Hz display's frame. */
export const STEPPED_FRAME_MS = 1000 / 60;

/**
 * The gate on the page's requestAnimationFrame, run before the page's own
 * code:
 *
 * - it counts the page's frames as `window.__starterFrames`, so a check can
 *   wait for frames, not time: the distinct timestamps requestAnimationFrame
 *   callbacks get (pixi and tickflow may each ask for the same frame);
 * - `window.__starterHold()` takes the frames in hand: from then on what the
 *   page asks for (and what it asked for, not yet run) waits, and the game
 *   stands still;
 * - `window.__starterStep(n)` hands the waiting callbacks `n` frames, one a
 *   browser frame, each stamped STEPPED_FRAME_MS after the one before: a
 *   game on the wall clock advances exactly that much game time a frame,
 *   however slowly the machine runs;
 * - `window.__starterRelease()` gives the page its frames back.
 *
 * Handles stay the page's to cancel, held or not.
 */
export const FRAME_GATE = `(() => {
  const request = window.requestAnimationFrame.bind(window);
  const cancel = window.cancelAnimationFrame.bind(window);
  window.__starterFrames = 0;
  let last;
  let held = false;
  let nextId = 1;
  const live = new Map(); // the page's handle -> the browser's, for a callback the browser will run
  const waiting = new Map(); // the page's handle -> its callback, held
  const run = (time, callbacks) => {
    if (callbacks.length === 0) return;
    if (time !== last) window.__starterFrames++;
    last = time;
    for (const callback of callbacks) {
      try {
        callback(time);
      } catch (error) {
        reportError(error); // as the browser reports a callback that throws, and the others still run
      }
    }
  };
  const ask = (id, callback) =>
    live.set(id, request((time) => {
      live.delete(id);
      if (held) waiting.set(id, callback); // asked for before the hold, due after it: it waits too
      else run(time, [callback]);
    }));
  window.requestAnimationFrame = (callback) => {
    const id = nextId++;
    if (held) waiting.set(id, callback);
    else ask(id, callback);
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    waiting.delete(id);
    if (live.has(id)) cancel(live.get(id));
    live.delete(id);
  };
  window.__starterHold = () => {
    held = true;
  };
  window.__starterStep = (n) =>
    new Promise((resolve) => {
      let left = n;
      const step = () => {
        const callbacks = [...waiting.values()];
        waiting.clear();
        run((last ?? performance.now()) + ${STEPPED_FRAME_MS}, callbacks);
        if (--left > 0) request(step);
        else resolve();
      };
      if (left > 0) request(step);
      else resolve();
    });
  window.__starterRelease = () => {
    held = false;
    const callbacks = [...waiting];
    waiting.clear();
    for (const [id, callback] of callbacks) ask(id, callback);
  };
})();`;

/**
 * Run under tsx (the fresh-app script), a function with named functions
 * inside is compiled with esbuild's keepNames: it calls a `__name` helper,
 * which Playwright does not send along when it sends the function to the
 * page. The page gets one that does nothing.
 */
export const NAME_HELPER = 'globalThis.__name ??= (target) => target;';

/** What a check needs to know of a starter's page. */
export interface StarterPage {
  /** The element the game is drawn in. */
  readonly stage: string;
  /** The words that say how to play, and the score. */
  readonly how: string;
  readonly score: string;
  /** The score before anyone plays. */
  readonly startScore: string;
  /** Whether the game is a picture fitted into the stage (a canvas), which must fill it upright on a phone. */
  readonly picture: boolean;
  /** Whether the page has on-screen buttons (`#touch-pad`), which a touch screen shows. */
  readonly touchPad: boolean;
  /** Plays it at 390 × 844 with a finger; throws when the game does not answer. */
  readonly play: (page: Page) => Promise<void>;
}

/** Every starter's page, and how a finger plays it. */
export const STARTER_PAGES: Readonly<Record<TemplateName, StarterPage>> = {
  loop: {
    stage: '#game',
    how: '#how',
    score: '#score',
    startScore: 'caught 0',
    picture: true,
    touchPad: false,
    // The square (PLAYER_SPEED 300 px/s on a 360 px wide field, upright) catches the ball.
    play: (page) => steerAndCatch(page, { player: '#66ccff', target: '#ffaa33', score: /^caught (\d+)$/, speed: 300, fieldWidth: 360 }),
  },
  world: {
    stage: '#game',
    how: '#how',
    score: '#score',
    startScore: 'orbs 0',
    picture: true,
    touchPad: false,
    // The ship (SHIP_SPEED 300 units/s on a 540 units wide field, upright) collects an orb.
    play: (page) => steerAndCatch(page, { player: '#66ccff', target: '#ffaa33', score: /^orbs (\d+)$/, speed: 300, fieldWidth: 540 }),
  },
  state: {
    stage: '#game',
    how: '#how',
    score: '#score',
    startScore: 'score 0 · spin 1.0 rad/s',
    picture: true,
    touchPad: true,
    play: playState,
  },
  systems: {
    stage: '#game',
    how: '#how',
    score: '#score',
    startScore: 'hits 0, misses 0',
    picture: true,
    touchPad: false,
    play: playSystems,
  },
  runtime: {
    stage: '#stage',
    how: '#how',
    score: '#score',
    startScore: 'caught 0',
    picture: true,
    touchPad: true,
    play: playRuntime,
  },
  page: {
    stage: '#stage',
    how: '#how',
    score: '#kicks',
    startScore: '0 kicks',
    picture: false,
    touchPad: false,
    async play(page) {
      const stage = await middleOf(page, '#stage');
      await page.touchscreen.tap(stage.x, stage.y);
      await textIs(page, '#kicks', '1 kick');
    },
  },
};

// -- looking -------------------------------------------------------------------

/** Opens a starter's page in a new context of `browser` (PHONE or DESKTOP), counting frames, and collecting its errors. */
export async function openStarter(
  browser: Browser,
  url: string,
  device: typeof PHONE | typeof DESKTOP,
  /** Errors that are not the page's (pixi's "GPU stall due to ReadPixels"). */
  noise: RegExp,
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
  // A failed request's console line ends with its address: a /favicon.ico 404 is seen only this way.
  page.on('console', (message) => {
    if (message.type() === 'error' && !noise.test(message.text())) errors.push(consoleError(message));
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()}: ${response.url()}`);
  });
  page.on('requestfailed', (request) => errors.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  await page.addInitScript(FRAME_GATE);
  await page.addInitScript(NAME_HELPER);
  await page.goto(url, { waitUntil: 'load' });
  return { page, context, errors };
}

/** A screenshot in CSS pixels (whatever the device pixel ratio), decoded. */
export async function look(page: Page, path?: string): Promise<PNG> {
  return decodePng(await page.screenshot({ scale: 'css', ...(path === undefined ? {} : { path }) }));
}

/**
 * Waits until the starter drew its first picture (the stage is not one
 * colour), then checks what a player sees first: how to play and the score,
 * on screen and readable, and the score at its start.
 */
export async function expectStarterShown(page: Page, starter: StarterPage): Promise<void> {
  await waitFor(page, async () => {
    const box = await page.locator(starter.stage).boundingBox();
    if (box === null || box.width < 1 || box.height < 1) return false;
    return nonBackgroundShare(crop(await look(page), cssRect(box, page))) > 0.001;
  }, `${starter.stage} draws something`);
  const viewport = page.viewportSize()!;
  for (const selector of [starter.how, starter.score]) {
    const box = await page.locator(selector).boundingBox();
    assert.ok(box !== null, `${selector} is shown`);
    assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `${selector} is on the first screen (top ${box.y}, bottom ${box.y + box.height})`);
  }
  assert.match((await page.locator(starter.how).innerText()).trim(), /\w+ \w+ \w+/, `${starter.how} says how to play`);
  assert.equal((await page.locator(starter.score).innerText()).trim(), starter.startScore, `${starter.score} before anyone plays`);
}

/**
 * "Filling a phone screen sensibly (portrait layouts, not a letterboxed
 * strip)": the stage at least 90 % of the width and wholly on screen,
 * nothing over it, no sideways scroll, no text under 12 px or squeezed
 * into a column; a picture fitted into the stage stands upright and fills
 * it (bars of the page's colour above and below take under a tenth of it);
 * on-screen buttons shown when the page has them.
 */
export async function expectPhoneLayout(page: Page, starter: StarterPage): Promise<void> {
  const layout = await measurePhoneLayout(page, starter.stage);
  const { width, height } = layout.viewport;
  assert.deepEqual({ width, height }, PHONE.viewport);
  assert.ok(layout.scrollWidth <= width, `no sideways scroll (scroll width ${layout.scrollWidth})`);
  assert.ok(layout.stage.width >= 0.9 * width, `the stage is at least 90 % of the width (${layout.stage.width} px)`);
  assert.ok(layout.stage.left >= 0 && layout.stage.right <= width && layout.stage.top >= 0 && layout.stage.bottom <= height, 'the stage is wholly on screen');
  assert.deepEqual(layout.overlapping, [], 'nothing over the stage');
  assert.deepEqual(layout.smallText, [], 'no text under 12 px');
  assert.deepEqual(layout.squeezed, [], 'no text squeezed into a column');
  if (starter.touchPad) assert.ok(await page.locator('#touch-pad').isVisible(), 'the touch buttons show on a touch screen');
  if (!starter.picture) return;
  const picture = pictureBox(crop(await look(page), cssRect(layout.stage, page)));
  assert.ok(picture.height > picture.width, `the picture stands upright (${picture.width} × ${picture.height} px)`);
  assert.ok(picture.width >= 0.9 * width, `the picture is at least 90 % of the width (${picture.width} px)`);
  assert.ok(picture.height >= 0.9 * layout.stage.height, `the picture fills the stage: bars take ${layout.stage.height - picture.height} px of ${layout.stage.height}`);
  assert.ok(picture.height >= 0.6 * height, `the picture is at least 60 % of the screen's height (${picture.height} px)`);
}

/** The part of a stage's picture inside the letterbox bars: the stage less its whole rows and columns of the page's colour at the edges. */
export function pictureBox(png: PNG): { left: number; top: number; width: number; height: number } {
  const isBar = (x: number, y: number): boolean => {
    const i = (png.width * y + x) * 4;
    return PAGE_COLOR.every((channel, c) => Math.abs(png.data[i + c]! - channel) <= 2);
  };
  const rowIsBar = (y: number) => Array.from({ length: png.width }, (_, x) => x).every((x) => isBar(x, y));
  const columnIsBar = (x: number) => Array.from({ length: png.height }, (_, y) => y).every((y) => isBar(x, y));
  let top = 0;
  let bottom = png.height - 1;
  let left = 0;
  let right = png.width - 1;
  while (top < bottom && rowIsBar(top)) top++;
  while (bottom > top && rowIsBar(bottom)) bottom--;
  while (left < right && columnIsBar(left)) left++;
  while (right > left && columnIsBar(right)) right--;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

// -- playing -------------------------------------------------------------------

/**
 * The loop and world starters: "drag on the field to steer". A finger held
 * on the field pulls the square (or the ship) to it, and it follows the
 * finger across; then the finger plays: it chases the ball (or the orb),
 * held a little ahead of it and moved again every few frames (the player is
 * the faster), until the score says it was caught.
 *
 * The check hands the game its frames ({@link holdFrames}), so every wait
 * is counted in frames of 1/60 s of game time and the game stands still
 * while the check looks: a look that takes a second on a busy machine sees
 * the frame the finger then moves in, and the target's speed is measured
 * between two frames, not two moments of real time.
 */
async function steerAndCatch(
  page: Page,
  game: {
    readonly player: string;
    readonly target: string;
    /**
     * The score's text, its count captured: a catch is the count going up from what it was when the check took the
     * frames. Not a fixed "caught 1": the target can run into the player standing still before the check begins
     * (the loop starter's ball meets the idle square every 1,055 frames, 17.6 s), and a slow machine gets there.
     */
    readonly score: RegExp;
    /** The player's top speed, in field units per second. */
    readonly speed: number;
    /** The upright field's width, in field units. */
    readonly fieldWidth: number;
  },
): Promise<void> {
  const player = hexColor(game.player);
  const target = hexColor(game.target);
  const stage = (await page.locator('#game').boundingBox())!;
  const picture = pictureBox(crop(await look(page), cssRect(stage, page)));
  const field = { left: stage.x + picture.left, top: stage.y + picture.top, width: picture.width, height: picture.height };
  const spot = (x: number, y: number): Point => ({ x: field.left + field.width * x, y: field.top + field.height * y });
  /** How far the player goes in a frame, in CSS pixels. */
  const playerStep = (game.speed * (field.width / game.fieldWidth) * STEPPED_FRAME_MS) / 1000;
  /** Frames the player takes to cross the field corner to corner at full speed, and a half second more: any move's bound. */
  const crossing = Math.ceil(Math.hypot(field.width, field.height) / playerStep) + 30;
  const hand = await finger(page);
  await holdFrames(page);
  const count = async (): Promise<number> => {
    const text = (await page.locator('#score').innerText()).trim();
    const match = game.score.exec(text);
    assert.ok(match !== null, `the score reads ${game.score}: "${text}"`);
    return Number(match[1]);
  };
  try {
    const before = await count();
    const arrivesAt = async (point: Point, what: string) =>
      assert.ok(
        await stepUntil(page, crossing, async () => {
          const at = colorCentroid(await look(page), player);
          return at !== undefined && Math.hypot(at.x - point.x, at.y - point.y) < 8;
        }),
        `${what}: not within ${crossing} frames`,
      );
    await hand.down(spot(0.25, 0.75));
    await arrivesAt(spot(0.25, 0.75), 'the finger held down pulls the player under it');
    await hand.move(spot(0.75, 0.3), 10);
    await arrivesAt(spot(0.75, 0.3), 'the player follows the finger dragged across the field');

    const caught = async () => (await count()) > before;
    // The chase: the player is faster than the target (its top speed against the target's), so a finger held a little
    // ahead of the target, moved again every few frames, closes on it whatever its bounces; bounded in frames of game time.
    const limit = 4 * crossing;
    let previous = colorCentroid(await look(page), target);
    for (let frames = 0; !(await caught()); frames += CHASE_FRAMES) {
      assert.ok(frames <= limit, `the finger chasing the target catches it: the score up from ${before} within ${limit} frames`);
      const picture = await look(page);
      const at = colorCentroid(picture, target);
      const from = colorCentroid(picture, player);
      assert.ok(previous !== undefined && at !== undefined && from !== undefined, 'the player and the target are drawn');
      const velocity = { x: (at.x - previous.x) / CHASE_FRAMES, y: (at.y - previous.y) / CHASE_FRAMES }; // CSS px a frame (0 on the first look)
      previous = at;
      // Lead it by the frames the player needs to get there, at most half a second; a far edge turns it back.
      const radius = Math.sqrt(at.pixels / Math.PI);
      const lead = Math.min(30, Math.hypot(at.x - from.x, at.y - from.y) / playerStep);
      const aim = {
        x: reflect(at.x + velocity.x * lead, field.left + radius, field.left + field.width - radius),
        y: reflect(at.y + velocity.y * lead, field.top + radius, field.top + field.height - radius),
      };
      await hand.move(aim, 1);
      await stepFrames(page, CHASE_FRAMES);
    }
  } finally {
    await hand.up();
    await releaseFrames(page);
  }
}

/** How many frames {@link steerAndCatch}'s chase runs between two looks: the target's speed is measured over them, and the finger moved again. */
const CHASE_FRAMES = 4;

/** Where a point moving along a line from `low` ends up between two walls it bounces off. */
function reflect(value: number, low: number, high: number): number {
  const span = high - low;
  const into = (((value - low) % (2 * span)) + 2 * span) % (2 * span);
  return low + (into <= span ? into : 2 * span - into);
}

/** The state starter: a tap on the cube scores; holding the "faster" button spins it faster. */
async function playState(page: Page): Promise<void> {
  const middle = await middleOf(page, '#game'); // the cube turns about the middle, which it always covers
  await page.touchscreen.tap(middle.x, middle.y);
  await textMatches(page, '#score', /^score 1 · /);
  const hand = await finger(page);
  await hand.down(await middleOf(page, '#touch-pad [data-key="ArrowRight"]'));
  await waitFor(page, async () => Number(/spin ([\d.]+)/.exec(await page.locator('#score').innerText())?.[1]) >= 2, 'holding "faster" spins the cube faster');
  await hand.up();
}

/**
 * The systems starter: the ball waits for a serve however many frames go
 * by ("hits 0, misses 1 before the player could act" was the bug); a tap
 * serves it onto the paddle (a hit); a finger dragged on the court takes
 * the paddle with it.
 */
async function playSystems(page: Page): Promise<void> {
  const paddle = hexColor('#66ccff');
  const ball = hexColor('#ff6347');
  const hanging = colorCentroid(await look(page), ball);
  assert.ok(hanging !== undefined, 'the ball is drawn');
  const from = await framesSoFar(page);
  await waitFor(page, async () => (await framesSoFar(page)) >= from + 300, '300 more frames (5 s at 60 Hz): the ball would have fallen past the paddle in 3');
  assert.equal((await page.locator('#score').innerText()).trim(), 'hits 0, misses 0', 'nothing is counted before the player serves');
  const still = colorCentroid(await look(page), ball);
  assert.ok(still !== undefined && Math.abs(still.y - hanging.y) < 1, `the ball still hangs where it was (y ${hanging.y} then ${still?.y})`);

  const stage = (await page.locator('#game').boundingBox())!;
  const under = colorCentroid(await look(page), paddle)!;
  await page.touchscreen.tap(under.x, stage.y + stage.height / 2); // a tap above the paddle: it stays, and the ball falls onto it
  await textIs(page, '#score', 'hits 1, misses 0');

  const hand = await finger(page);
  for (const share of [0.2, 0.8]) {
    const point = { x: stage.x + stage.width * share, y: stage.y + stage.height * 0.6 };
    if (share === 0.2) await hand.down(point);
    else await hand.move(point, 10);
    await waitFor(page, async () => {
      const at = colorCentroid(await look(page), paddle);
      return at !== undefined && Math.abs(at.x - point.x) < 4;
    }, `the paddle follows a finger dragged to ${share * 100} % of the court's width`);
  }
  await hand.up();
}

/** The runtime starter: holding ▶ runs the player right, across the picture; a tap on Jump lifts it. */
async function playRuntime(page: Page): Promise<void> {
  const player = (png: PNG) => colorCentroid(png, hexColor('#f2c14e'), 70); // lit, so its shades vary
  const start = player(await look(page));
  assert.ok(start !== undefined, 'the player is drawn');
  const hand = await finger(page);
  await hand.down(await middleOf(page, '#touch-pad [data-key="ArrowRight"]'));
  await waitFor(page, async () => (player(await look(page))?.x ?? 0) > start.x + 40, 'holding ▶ runs the player right');
  await hand.up();
  const standing = await settled(page, player);
  const jump = await middleOf(page, '#touch-pad [data-key="Space"]');
  await page.touchscreen.tap(jump.x, jump.y);
  await waitFor(page, async () => (player(await look(page))?.y ?? Infinity) < standing.y - 30, 'a tap on Jump lifts the player');
}

/** Where `find` sees something once it stopped moving (the same place in two looks 10 frames apart). */
async function settled(page: Page, find: (png: PNG) => Point | undefined): Promise<Point> {
  let last: Point | undefined;
  let found: Point | undefined;
  await waitFor(page, async () => {
    const from = await framesSoFar(page);
    await waitFor(page, async () => (await framesSoFar(page)) >= from + 10, '10 frames');
    const now = find(await look(page));
    const same = now !== undefined && last !== undefined && Math.hypot(now.x - last.x, now.y - last.y) < 1;
    last = now;
    found = now;
    return same;
  }, 'it comes to rest');
  return found!;
}

// -- helpers -------------------------------------------------------------------

/** Takes the page's frames in hand (see {@link FRAME_GATE}): the game stands still until {@link stepFrames} or {@link releaseFrames}. */
async function holdFrames(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { __starterHold(): void }).__starterHold());
}

/** Hands a held page `frames` frames, each {@link STEPPED_FRAME_MS} of game time after the one before. */
async function stepFrames(page: Page, frames: number): Promise<void> {
  await page.evaluate((n) => (window as unknown as { __starterStep(n: number): Promise<void> }).__starterStep(n), frames);
}

/** Gives a held page its frames back. */
async function releaseFrames(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { __starterRelease(): void }).__starterRelease());
}

/**
 * Hands a held page frames, `every` at a time, until `condition` holds (true)
 * or `frames` frames went by without it (false): a bound in game time, which
 * a slow machine takes longer to reach but reaches the same.
 */
async function stepUntil(page: Page, frames: number, condition: () => Promise<boolean>, every = 5): Promise<boolean> {
  for (let stepped = 0; !(await condition()); stepped += every) {
    if (stepped >= frames) return false;
    await stepFrames(page, every);
  }
  return true;
}

/** Frames the page ran so far (see {@link FRAME_GATE}). */
function framesSoFar(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __starterFrames: number }).__starterFrames);
}

/** Polls `condition` until it holds, or throws naming `what` after {@link STEP_TIMEOUT_MS}. */
async function waitFor(page: Page, condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`starter: ${what}: not seen in ${STEP_TIMEOUT_MS / 1000} s`);
    await page.waitForTimeout(50); // a pause between looks, not a measure: what is checked is what the page shows
  }
}

/** Waits until an element's text is `text`. */
function textIs(page: Page, selector: string, text: string): Promise<void> {
  return waitFor(page, async () => (await page.locator(selector).innerText()).trim() === text, `${selector} says "${text}"`);
}

/** Waits until an element's text matches `pattern`. */
function textMatches(page: Page, selector: string, pattern: RegExp): Promise<void> {
  return waitFor(page, async () => pattern.test((await page.locator(selector).innerText()).trim()), `${selector} matches ${pattern}`);
}

/** A box of CSS pixels as whole pixels of a CSS-scaled screenshot, inside the viewport. */
function cssRect(box: { x: number; y: number; width: number; height: number } | { left: number; top: number; width: number; height: number }, page: Page) {
  const viewport = page.viewportSize()!;
  const x = Math.max(0, Math.round('x' in box ? box.x : box.left));
  const y = Math.max(0, Math.round('y' in box ? box.y : box.top));
  return { x, y, width: Math.min(viewport.width - x, Math.round(box.width)), height: Math.min(viewport.height - y, Math.round(box.height)) };
}

/** The middle of the pixels of `color` (each channel within `tolerance`), in the picture's pixels, and how many there are; undefined when there are none. */
export function colorCentroid(png: PNG, color: Rgb, tolerance = 24): (Point & { readonly pixels: number }) | undefined {
  let sumX = 0;
  let sumY = 0;
  let count = 0;
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (png.width * y + x) * 4;
      if (color.every((channel, c) => Math.abs(png.data[i + c]! - channel) <= tolerance)) {
        sumX += x;
        sumY += y;
        count++;
      }
    }
  }
  return count === 0 ? undefined : { x: sumX / count, y: sumY / count, pixels: count };
}

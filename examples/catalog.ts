/** One example in the gallery. */
export interface ExampleEntry {
  /** The example's folder, relative to the gallery (served as its index.html). */
  readonly href: string;
  /** Its name on the card. */
  readonly title: string;
  /** What it shows, in a sentence or two. */
  readonly summary: string;
  /** A few words a newcomer scans for. */
  readonly tags: readonly string[];
  /**
   * How `npm run thumbnails` (scripts/capture-thumbnails.ts) takes its card
   * picture, when the defaults do not suit. By default it opens
   * `href` + {@link DEFAULT_CAPTURE_SEARCH}, lets it run
   * {@link DEFAULT_CAPTURE_SETTLE_MS}, and captures the first of
   * {@link CAPTURE_SELECTORS} on the page.
   */
  readonly capture?: {
    /** The query string to open the page with. */
    readonly search?: string;
    /** A CSS selector of what to capture. */
    readonly selector?: string;
    /** How long to let it run first, in ms. */
    readonly settleMs?: number;
    /**
     * The page plays against Gem Arena's room server: the script starts one
     * on 127.0.0.1 at a free port and names it in the address (`&server=`).
     */
    readonly roomServer?: boolean;
  };
}

/** The query the capture script opens a page with: the games play themselves (others ignore it). */
export const DEFAULT_CAPTURE_SEARCH = '?autoplay=1';

/** How long the capture script lets a page run before it takes the picture, in ms. */
export const DEFAULT_CAPTURE_SETTLE_MS = 9000;

/**
 * What the capture script captures, the first found: an element the page
 * marks with `data-thumbnail`, a game's `#stage`, a canvas; else the window.
 */
export const CAPTURE_SELECTORS = ['[data-thumbnail]', '#stage', 'canvas'] as const;

/** A card picture's size in pixels (16:9; about twice the card's width on the page, for sharp screens). */
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_HEIGHT = 270;

/**
 * The gallery, in the order a newcomer should see it. Adding an example is
 * one line here plus its folder. Its card shows a plain placeholder until
 * `npm run thumbnails -- <folder>` captures its picture into
 * examples/thumbnails/ (see {@link thumbnailFile}); commit the PNG with it.
 */
export const examples: readonly ExampleEntry[] = [
  { href: 'timing-lab/', title: 'The timing lab', summary: 'A live picture of the loop: host ticks, what the clock makes of them, fixed steps and alpha. Swap clocks, stall the host, add jitter, and watch.', tags: ['clocks', 'fixed step', 'pacing'] },
  { href: 'orbit-catch/', title: 'Orbit Catch', summary: 'A small 3D game on the state engine and three.js: click the glowing orbs before they spiral into the core. Picking through the camera you saw, cues, a screen-layer HUD, restart through engine.apply.', tags: ['3D', 'state engine', 'three.js', 'picking'] },
  { href: 'paddle-duel/', title: 'Paddle Duel', summary: 'A two-court Pong duel on the world engine and pixi.js: warm-up countdown, serves on world timers, ball-paddle hits resolved at contact, a level transition, a pause menu that ticks while the world is paused, and an AI that plays either side.', tags: ['2D', 'world engine', 'pixi.js', 'delta-time validator'] },
  // Its picture is the court of the two-tab spec (spec/browser/paddle-duel-online.spec.ts), scaled as the capture script
  // scales: one tab alone, as the script opens it, has no match to show.
  { href: 'paddle-duel/online/', title: 'Paddle Duel online', summary: 'Paddle Duel between two tabs or two devices with rollback netplay: join a room by code; each machine predicts the other and rolls back when a late input differs. A HUD shows ping, frame advantage, rollbacks, prediction depth and stalls; a switch puts a simulated bad network in the path.', tags: ['netplay', 'rollback', 'WebRTC', 'BroadcastChannel'] },
  { href: 'arena/', title: 'Gem Arena', summary: 'Two to eight players in one room on a Colyseus server (`npm run rooms`): the room runs the game at 60 Hz, each page predicts its own disc and reconciles with the room\'s states, and draws the others interpolated. A lobby lists the rooms; a HUD shows ping, server tick, corrections a second and the interpolation delay; a switch puts a bad network in the path.', tags: ['rooms', 'Colyseus', 'prediction', 'state engine'], capture: { roomServer: true } },
  { href: 'fixed-step-platformer/', title: 'Fixed-step Platformer', summary: 'A platformer on the systems engine, in pixi.js or three.js: physics in fixedUpdate at 50 Hz, drawn interpolated. Toggle per-frame integration and a simulated 30/60/144 Hz display, then drop the runner onto a ledge in one long frame: per frame it falls through, on the fixed step it lands.', tags: ['2D', 'systems engine', 'pixi.js', 'fixed step'] },
  { href: 'physics-playground/', title: 'Physics Playground', summary: 'The fixed-tick runtime with Rapier 3D and three.js, from a JSON scene document: a player whose velocity is assigned in m/s, a nozzle moved speed × delta, balls spawned and despawned at the tick barrier, a camera that follows the presentation (or, toggled, the juddering raw transform), P/N pause and single-step, scene replacement.', tags: ['3D', 'fixed-tick runtime', 'Rapier', 'three.js'] },
  { href: 'page-heroes/', title: 'Page heroes', summary: 'Two page-engine heroes on a page of ordinary text: an ambient one capped at 30 fps that settles, and tiles that follow the pointer. Scroll one off screen and it pauses, asking for no frames.', tags: ['page engine', 'DOM', 'settle', 'fps cap'] },
  { href: 'page-breakout/', title: 'DOM Breakout', summary: 'Breakout in plain DOM on the page engine: the simulation in step, every write through the ledger, a HUD that reads the event ring, and a text field that pauses the game while you type.', tags: ['page engine', 'DOM', 'event ring', 'ledger'] },
  { href: 'page-together/', title: 'Three engines, one frame', summary: 'Both heroes and the breakout on one page, with a live readout of requestAnimationFrame calls a second and each engine\'s paused reasons.', tags: ['page engine', 'one rAF', 'pause reasons'] },
];

/**
 * Where an example's card picture lives, relative to the gallery: its folder
 * name under `thumbnails/`, as a PNG (`'orbit-catch/'` → `'thumbnails/orbit-catch.png'`;
 * a nested folder's slashes become dashes). The gallery shows it when the
 * file exists and a placeholder when it does not yet.
 */
export function thumbnailFile(href: string): string {
  const name = href.replace(/^\.?\/+|\/+$/g, '').replace(/[^A-Za-z0-9_-]+/g, '-');
  return `thumbnails/${name === '' ? 'index' : name}.png`;
}

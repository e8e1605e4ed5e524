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
}

/**
 * The gallery, in the order a newcomer should see it. Adding an example is
 * one line here plus its folder.
 */
export const examples: readonly ExampleEntry[] = [
  { href: 'timing-lab/', title: 'The timing lab', summary: 'A live picture of the loop: host ticks, what the clock makes of them, fixed steps and alpha. Swap clocks, stall the host, add jitter, and watch.', tags: ['clocks', 'fixed step', 'pacing'] },
  { href: 'orbit-catch/', title: 'Orbit Catch', summary: 'A small 3D game on the state engine and three.js: click the glowing orbs before they spiral into the core. Picking through the camera you saw, cues, a screen-layer HUD, restart through engine.apply.', tags: ['3D', 'state engine', 'three.js', 'picking'] },
  { href: 'paddle-duel/', title: 'Paddle Duel', summary: 'A two-court Pong duel on the world engine and pixi.js: warm-up countdown, serves on world timers, ball-paddle hits resolved at contact, a level transition, a pause menu that ticks while the world is paused, and an AI that plays either side.', tags: ['2D', 'world engine', 'pixi.js', 'delta-time validator'] },
  { href: 'page-heroes/', title: 'Page heroes', summary: 'Two page-engine heroes on a page of ordinary text: an ambient one capped at 30 fps that settles, and tiles that follow the pointer. Scroll one off screen and it pauses, asking for no frames.', tags: ['page engine', 'DOM', 'settle', 'fps cap'] },
  { href: 'page-breakout/', title: 'DOM Breakout', summary: 'Breakout in plain DOM on the page engine: the simulation in step, every write through the ledger, a HUD that reads the event ring, and a text field that pauses the game while you type.', tags: ['page engine', 'DOM', 'event ring', 'ledger'] },
  { href: 'page-together/', title: 'Three engines, one frame', summary: 'Both heroes and the breakout on one page, with a live readout of requestAnimationFrame calls a second and each engine\'s paused reasons.', tags: ['page engine', 'one rAF', 'pause reasons'] },
];

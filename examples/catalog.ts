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
  { href: 'fixed-step-platformer/', title: 'Fixed-step Platformer', summary: 'A platformer on the systems engine and pixi.js: physics in fixedUpdate at 50 Hz, drawn interpolated. Toggle per-frame integration and a simulated 30/60/144 Hz display, then drop the runner onto a ledge in one long frame: per frame it falls through, on the fixed step it lands.', tags: ['2D', 'systems engine', 'pixi.js', 'fixed step'] },
];

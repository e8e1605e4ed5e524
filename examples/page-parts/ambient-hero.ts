import { createEngine, type PageEngine } from 'tickflow/page';

/** How many drifting motes the ambient hero has. */
export const MOTE_COUNT = 28;

/** Below this speed (px/s) a mote counts as still. */
const STILL_SPEED = 2;

/** How long a mote takes to settle home, roughly: the spring and the damping. */
const SPRING = 6;
const DAMPING = 2.2;

/**
 * An ambient page hero: motes that drift back to rest on springs, capped at
 * 30 fps, that settle. Stir it (move the pointer over it, or click) and the
 * motes scatter; half a second after the last one comes to rest the engine
 * sleeps and asks the page for nothing until it is stirred again (its input
 * wakes it).
 *
 * - step: the springs, on Float64Arrays (no DOM, no allocation); `busy()`
 *   while any mote moves, an event when a stir lands.
 * - render: one transform per mote through the ledger, made and written only
 *   when the mote moved a whole pixel, and the stir count.
 */
export function mountAmbientHero(root: HTMLElement, name = 'ambient hero'): PageEngine {
  const engine = createEngine({ root, name, fps: 30, settle: 0.5, pause: { reducedMotion: true } });
  const field = root.querySelector<HTMLElement>('.motes') ?? root;
  const counter = root.querySelector<HTMLElement>('.stirs');
  const motes: HTMLElement[] = [];
  for (let i = 0; i < MOTE_COUNT; i++) {
    const mote = document.createElement('span');
    mote.className = 'mote';
    mote.style.setProperty('--hue', String((i * 37) % 360));
    field.append(mote);
    motes.push(mote);
  }
  // Home positions on a loose grid, as fractions of the field; positions are offsets from home in px.
  const homeX = new Float64Array(MOTE_COUNT);
  const homeY = new Float64Array(MOTE_COUNT);
  const x = new Float64Array(MOTE_COUNT);
  const y = new Float64Array(MOTE_COUNT);
  const vx = new Float64Array(MOTE_COUNT);
  const vy = new Float64Array(MOTE_COUNT);
  // Where each mote was last drawn, in whole px (NaN: not yet).
  const drawnX = new Float64Array(MOTE_COUNT).fill(NaN);
  const drawnY = new Float64Array(MOTE_COUNT).fill(NaN);
  for (let i = 0; i < MOTE_COUNT; i++) {
    // Inside the field, below the title and above the caption.
    homeX[i] = 0.05 + (0.9 * ((i % 7) + 0.5 + 0.3 * Math.sin(i * 12.9898))) / 7;
    homeY[i] = 0.3 + (0.5 * (Math.floor(i / 7) + 0.5 + 0.3 * Math.cos(i * 78.233))) / 4;
  }
  let width = 0;
  let height = 0;
  let stirs = 0;
  let stirPending = true; // the hero opens with a stir, so it is seen moving
  let seed = 1;
  const random = (): number => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

  root.addEventListener('pointerdown', () => void (stirPending = true));
  let lastStirMs = 0;
  root.addEventListener('pointermove', () => {
    const now = performance.now();
    if (now - lastStirMs > 400) {
      lastStirMs = now;
      stirPending = true;
    }
  });

  engine.add({
    name: 'motes',
    read() {
      width = field.clientWidth;
      height = field.clientHeight;
    },
    step(e, dt) {
      if (stirPending) {
        stirPending = false;
        stirs++;
        for (let i = 0; i < MOTE_COUNT; i++) {
          vx[i]! += (random() - 0.5) * 900;
          vy[i]! += (random() - 0.5) * 600;
        }
        e.events.emit('stir', stirs);
      }
      let moving = false;
      for (let i = 0; i < MOTE_COUNT; i++) {
        const ax = -SPRING * SPRING * x[i]! - 2 * DAMPING * vx[i]!;
        const ay = -SPRING * SPRING * y[i]! - 2 * DAMPING * vy[i]!;
        vx[i]! += ax * dt;
        vy[i]! += ay * dt;
        x[i]! += vx[i]! * dt;
        y[i]! += vy[i]! * dt;
        if (Math.abs(vx[i]!) + Math.abs(vy[i]!) > STILL_SPEED) moving = true;
      }
      if (moving) e.busy();
    },
    render(e) {
      for (let i = 0; i < MOTE_COUNT; i++) {
        // Whole pixels, rounded as toFixed(0) rounds (half away from zero): the string is made only when one changed.
        const px = homeX[i]! * width + x[i]!;
        const py = homeY[i]! * height + y[i]!;
        const wholeX = Math.sign(px) * Math.round(Math.abs(px));
        const wholeY = Math.sign(py) * Math.round(Math.abs(py));
        if (wholeX === drawnX[i] && wholeY === drawnY[i]) continue;
        drawnX[i] = wholeX;
        drawnY[i] = wholeY;
        e.ledger.style(motes[i]!, 'transform', `translate(${wholeX}px, ${wholeY}px)`);
      }
      if (counter !== null && e.events.length > 0) e.ledger.text(counter, `stirred ${stirs}×`);
    },
  });
  void engine.input; // pointer input wakes it when settled
  engine.start();
  return engine;
}

import { createEngine, type PageEngine } from 'tickflow/page';

/** The pointer hero's grid of tiles. */
export const TILE_COLUMNS = 14;
export const TILE_ROWS = 5;

/** How far the pointer's glow reaches, in px. */
const REACH = 170;

/** How fast a tile follows its target, per second. */
const FOLLOW = 9;

/** How many steps a tile's lift is drawn in, from resting (0) to lifted (1). */
const LIFT_LEVELS = 40;

/** Each level's transform and opacity, made once: a render that built them made about 750 kB of strings a second. */
const LIFT_TRANSFORMS: readonly string[] = Array.from({ length: LIFT_LEVELS + 1 }, (_, level) => {
  const l = level / LIFT_LEVELS;
  return `translateY(${(-3 * l).toFixed(1)}px) scale(${(1 + 0.1 * l).toFixed(3)})`;
});
const LIFT_OPACITIES: readonly string[] = Array.from({ length: LIFT_LEVELS + 1 }, (_, level) => (0.25 + 0.75 * (level / LIFT_LEVELS)).toFixed(3));

/** How long the sweep that shows the hero before the visitor points at it lasts: one pass of its x, in seconds. */
export const DEMO_SECONDS = (2 * Math.PI) / 0.9;

/**
 * A page hero driven by the pointer: a grid of tiles that lift and light up
 * under it. The input helper measures the hero in read, once a frame and only
 * after the pointer moved; step eases each tile toward its target (plain
 * numbers); render writes a tile's transform and opacity only when they
 * changed. Until the visitor points at it, one slow sweep shows it working
 * ({@link DEMO_SECONDS}); then the tiles rest. It settles a second after they
 * come to rest (asking the page for no frames), and a pointer move wakes it.
 */
export function mountPointerHero(root: HTMLElement, name = 'pointer hero'): PageEngine {
  const engine = createEngine({ root, name, settle: 1 });
  const grid = root.querySelector<HTMLElement>('.tiles') ?? root;
  const count = TILE_COLUMNS * TILE_ROWS;
  const tiles: HTMLElement[] = [];
  for (let i = 0; i < count; i++) {
    const tile = document.createElement('span');
    tile.className = 'tile';
    grid.append(tile);
    tiles.push(tile);
  }
  const lift = new Float64Array(count);
  const centerX = new Float64Array(count);
  const centerY = new Float64Array(count);
  let measuredWidth = -1;
  let pointerX = -1e6;
  let pointerY = -1e6;
  let inside = false;
  // One slow sweep before the visitor's first move, so the hero is seen working; then it rests like any hero.
  let demo = true;
  let demoTime = 0;

  engine.add({
    name: 'tiles',
    read(e) {
      const width = grid.clientWidth;
      if (width !== measuredWidth) {
        measuredWidth = width;
        const height = grid.clientHeight;
        for (let i = 0; i < count; i++) {
          centerX[i] = ((i % TILE_COLUMNS) + 0.5) * (width / TILE_COLUMNS);
          centerY[i] = (Math.floor(i / TILE_COLUMNS) + 0.5) * (height / TILE_ROWS);
        }
      }
      const pointer = e.input.pointer;
      if (pointer.inside) demo = false;
      inside = pointer.inside;
      pointerX = pointer.x;
      pointerY = pointer.y;
    },
    step(e, dt) {
      let targetX = pointerX;
      let targetY = pointerY;
      let active = inside;
      if (demo) {
        demoTime += dt;
        if (demoTime >= DEMO_SECONDS) demo = false;
        targetX = (0.5 + 0.45 * Math.sin(demoTime * 0.9)) * measuredWidth;
        targetY = (0.5 + 0.35 * Math.sin(demoTime * 1.7)) * (measuredWidth * (TILE_ROWS / TILE_COLUMNS));
        active = true;
      }
      let moving = demo;
      for (let i = 0; i < count; i++) {
        const dx = centerX[i]! - targetX;
        const dy = centerY[i]! - targetY;
        const near = active ? Math.max(0, 1 - Math.sqrt(dx * dx + dy * dy) / REACH) : 0;
        const next = lift[i]! + (near - lift[i]!) * Math.min(1, FOLLOW * dt);
        if (Math.abs(next - lift[i]!) > 1e-3) moving = true;
        lift[i] = next;
      }
      if (moving) e.busy();
    },
    render(e) {
      for (let i = 0; i < count; i++) {
        const level = Math.round(lift[i]! * LIFT_LEVELS); // a still tile writes nothing, and no string is made a frame
        e.ledger.style(tiles[i]!, 'transform', LIFT_TRANSFORMS[level]!);
        e.ledger.style(tiles[i]!, 'opacity', LIFT_OPACITIES[level]!);
      }
    },
  });
  engine.start();
  return engine;
}

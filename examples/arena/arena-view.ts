import { fitViewport, type Viewport } from 'tickflow';
import type { ClientView, ViewSample } from 'tickflow/colyseus';
import { ARENA_HEIGHT, ARENA_WIDTH, GEM_RADIUS, PLAYER_RADIUS, type ArenaState } from './arena-rules.js';

/**
 * The arena on a 2D canvas: the field letterboxed into the stage at its
 * 16:9 shape (tickflow's `fitViewport`, as the backends fit theirs), sized
 * to the element and its devicePixelRatio every frame it changed. It draws
 * what the client's `view()` says: the local player and the gems from the
 * prediction (`local`, between the last two predicted ticks), everyone else
 * from the room's states a delay behind (`remote`). Drawing never feeds back
 * into the simulation.
 *
 * @module
 */

/** Each slot's color, the gallery's palette. */
export const SLOT_COLORS = ['#3ddc97', '#5b9cf5', '#ff9f43', '#ff5c7a', '#c77dff', '#9be564', '#4cc9f0', '#f4a6d7'] as const;
const GEM_COLOR = '#ffe066';
const FIELD_COLOR = '#101522';
const GRID_COLOR = '#1a2233';
const WALL_COLOR = '#2c3850';
/** How far a player's label is from its disc, in CSS pixels, and the room it needs from a wall, in world units. */
const LABEL_GAP_CSS_PX = 9;
const LABEL_ROOM = 0.4;

/** Where a player was drawn, in world units. */
export interface DrawnPlayer {
  readonly x: number;
  readonly y: number;
  readonly slot: number;
  readonly score: number;
}

/** The picture, drawn once a frame. */
export interface ArenaPicture {
  /** Draws `view` for the local player `me`. */
  draw(view: ClientView<ArenaState>, me: string): void;
  /** Where each player was drawn last, by id (for the HUD's score list and for tests). */
  readonly drawn: ReadonlyMap<string, DrawnPlayer>;
}

const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** A player between a sample's two states; undefined when it is in neither. */
function samplePlayer(id: string, { from, to, alpha }: ViewSample<ArenaState>): DrawnPlayer | undefined {
  const b = to.players[id];
  const a = from.players[id] ?? b;
  if (a === undefined || b === undefined) return undefined;
  return { x: lerp(a.x, b.x, alpha), y: lerp(a.y, b.y, alpha), slot: b.slot, score: b.score };
}

/** Puts a canvas in `stage` and returns what draws the arena on it. */
export function arenaPicture(stage: HTMLElement): ArenaPicture {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'display:block;width:100%;height:100%';
  stage.append(canvas);
  const context = canvas.getContext('2d')!;
  const drawn = new Map<string, DrawnPlayer>();
  let fit: Viewport | undefined;

  const resize = (): Viewport => {
    const ratio = window.devicePixelRatio || 1;
    const [width, height] = [stage.clientWidth, stage.clientHeight];
    if (fit === undefined || fit.cssWidth !== width || fit.cssHeight !== height || fit.pixelRatio !== ratio) {
      fit = fitViewport(width, height, ratio, ARENA_WIDTH, ARENA_HEIGHT);
      canvas.width = Math.round(fit.cssWidth * fit.pixelRatio);
      canvas.height = Math.round(fit.cssHeight * fit.pixelRatio);
    }
    return fit;
  };

  const field = (v: Viewport): void => {
    context.fillStyle = FIELD_COLOR;
    context.fillRect(0, 0, ARENA_WIDTH, ARENA_HEIGHT);
    context.strokeStyle = GRID_COLOR;
    context.lineWidth = 1 / v.scale;
    context.beginPath();
    for (let x = 1; x < ARENA_WIDTH; x++) context.moveTo(x, 0), context.lineTo(x, ARENA_HEIGHT);
    for (let y = 1; y < ARENA_HEIGHT; y++) context.moveTo(0, y), context.lineTo(ARENA_WIDTH, y);
    context.stroke();
    context.strokeStyle = WALL_COLOR;
    context.lineWidth = 4 / v.scale;
    context.strokeRect(0, 0, ARENA_WIDTH, ARENA_HEIGHT);
  };

  const gem = (x: number, y: number): void => {
    context.fillStyle = GEM_COLOR;
    context.shadowColor = GEM_COLOR;
    context.shadowBlur = 12;
    context.beginPath();
    context.moveTo(x, y - GEM_RADIUS);
    context.lineTo(x + GEM_RADIUS * 0.8, y);
    context.lineTo(x, y + GEM_RADIUS);
    context.lineTo(x - GEM_RADIUS * 0.8, y);
    context.closePath();
    context.fill();
    context.shadowBlur = 0;
  };

  const player = (p: DrawnPlayer, local: boolean, v: Viewport): void => {
    const color = SLOT_COLORS[p.slot % SLOT_COLORS.length]!;
    context.fillStyle = color;
    context.beginPath();
    context.arc(p.x, p.y, PLAYER_RADIUS, 0, Math.PI * 2);
    context.fill();
    if (local) {
      context.strokeStyle = '#ffffff';
      context.lineWidth = 3 / v.scale;
      context.beginPath();
      context.arc(p.x, p.y, PLAYER_RADIUS + 4 / v.scale, 0, Math.PI * 2);
      context.stroke();
    }
    // The score on the disc, and who it is above it: text in CSS pixels whatever the scale.
    context.fillStyle = '#0b0d17';
    context.font = `700 ${PLAYER_RADIUS}px system-ui, sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(String(p.score), p.x, p.y + PLAYER_RADIUS * 0.05);
    context.fillStyle = local ? '#ffffff' : color;
    // At least 12 CSS pixels high, whatever the scale; clear of the local player's ring.
    const labelDevicePx = Math.max(12 * v.pixelRatio, 0.3 * v.scale);
    context.font = `600 ${labelDevicePx / v.scale}px system-ui, sans-serif`;
    const gap = (LABEL_GAP_CSS_PX * v.pixelRatio + labelDevicePx / 2) / v.scale;
    // Above the disc, or under it against the top wall; never past a side wall.
    const above = p.y - PLAYER_RADIUS - gap;
    const labelY = above < LABEL_ROOM ? p.y + PLAYER_RADIUS + gap : above;
    const labelX = Math.min(ARENA_WIDTH - LABEL_ROOM, Math.max(LABEL_ROOM, p.x));
    context.fillText(local ? 'you' : `P${p.slot + 1}`, labelX, labelY);
  };

  return {
    drawn,
    draw(view, me) {
      const v = resize();
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.setTransform(v.scale, 0, 0, v.scale, v.x, v.y);
      field(v);
      drawn.clear();
      const { local, remote } = view;
      // Gems from the prediction: one the local player takes goes at once.
      const gems = (local ?? remote)?.to.gems ?? [];
      for (const g of gems) gem(g.x, g.y);
      if (remote !== undefined) {
        for (const id of Object.keys(remote.to.players)) {
          if (id === me) continue;
          const p = samplePlayer(id, remote);
          if (p !== undefined) drawn.set(id, p);
        }
      }
      const mine = local === undefined ? undefined : samplePlayer(me, local);
      for (const p of drawn.values()) player(p, false, v);
      if (mine !== undefined) {
        drawn.set(me, mine);
        player(mine, true, v);
      }
    },
  };
}

import type { DeepReadonly } from 'tickflow/state';
import type { ScreenPoint } from './project.js';
import { timeLeftSeconds, type GameState, type Vec3 } from './state.js';
import {
  BURST_SECONDS,
  CLICK_TO_RESTART_AFTER_SECONDS,
  LOGICAL_HEIGHT,
  LOGICAL_WIDTH,
  STARTING_LIVES,
} from './tuning.js';

/**
 * The readouts on the screen layer: score, timer, lives, a "+N" over each
 * catch, the pause screen and the game-over panel. Drawn in the game's logical coordinates
 * (960 × 540 whatever the window's size: the engine gives the screen layer
 * the viewport transform at step 4), from the read-only state only.
 *
 * On a small picture (a phone's, a third of 960 × 540) the text is not drawn
 * a third of its size: {@link hudText} floors every line at
 * {@link MIN_TEXT_CSS_PX}, and the HUD turns compact: the small print (the
 * readouts' captions, the hint) is left out and the cards' lines are shorter.
 *
 * @module
 */

/** The HUD's palette (the page's CSS uses the same). */
export const HUD_COLORS = {
  text: '#e6edf3',
  dim: '#8b98a8',
  accent: '#3ddc97',
  danger: '#ff5c7a',
  shade: 'rgba(5, 7, 15, 0.62)',
  panel: 'rgba(22, 28, 44, 0.94)',
  panelEdge: 'rgba(139, 152, 168, 0.28)',
} as const;

/** How long the game-over panel takes to fade in (the render clears the orbs over the same time). */
export const GAME_OVER_FADE_SECONDS = 0.4;

/** Below this, the timer turns red. */
const HURRY_SECONDS = 10;

/** The smallest text the HUD draws, in CSS pixels, however small the picture. */
export const MIN_TEXT_CSS_PX = 12;

/** Where the floor passes this many logical units (a picture under about 576 CSS px wide), the HUD is compact. */
const COMPACT_FLOOR_UNITS = 20;

/** How the HUD sets its text on the picture it draws on. */
export interface HudText {
  /** The smallest size a line is drawn at, in logical units: {@link MIN_TEXT_CSS_PX} on this picture. */
  readonly floor: number;
  /** Whether the small print is left out and the cards' lines shortened (a small picture). */
  readonly compact: boolean;
}

/** The HUD on a picture the size of its logical resolution or larger: every line at its own size. */
export const FULL_SIZE_HUD: HudText = { floor: 0, compact: false };

/**
 * How the HUD sets its text on a picture drawn at `cssPerUnit` CSS pixels per
 * logical unit (the viewport's scale over its pixel ratio): 0.38 on a phone,
 * about 1 at 1280 × 800.
 */
export function hudText(cssPerUnit: number): HudText {
  if (!(cssPerUnit > 0) || !Number.isFinite(cssPerUnit)) return FULL_SIZE_HUD;
  const floor = MIN_TEXT_CSS_PX / cssPerUnit;
  return { floor, compact: floor > COMPACT_FLOOR_UNITS };
}

const MONO = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';
const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

/** The margin between the readouts and the picture's edges, in logical units. */
const MARGIN = 24;

/** How far a "+N" label rises over its burst's life. */
const LABEL_RISE_UNITS = 36;

/**
 * Draws every readout.
 *
 * @param labelAt Where a world point appears in logical coordinates (for the "+N" labels).
 * @param text How its text is set on this picture ({@link hudText}); defaults to {@link FULL_SIZE_HUD}.
 */
export function drawHud(
  screen: CanvasRenderingContext2D,
  state: DeepReadonly<GameState>,
  labelAt: (point: Vec3) => ScreenPoint,
  text: HudText = FULL_SIZE_HUD,
): void {
  drawScore(screen, state.score, text);
  drawTimer(screen, timeLeftSeconds(state), text);
  drawLives(screen, state.lives, text);
  drawCatchLabels(screen, state, labelAt, text);
  if (state.phase === 'over') drawGameOver(screen, state, text);
  else if (state.paused) drawPaused(screen, state, text);
  else if (!text.compact) drawHint(screen);
}

/** A CSS font of `size` logical units, or the floor where that is larger. */
function font(weight: string, size: number, family: string, { floor }: HudText): string {
  return `${weight} ${Math.max(size, floor)}px ${family}`;
}

/** A readout: its caption (left out when compact), and its figure under it (in the caption's place when compact). */
function drawReadout(screen: CanvasRenderingContext2D, caption: string, figure: string, x: number, color: string, text: HudText): void {
  screen.textBaseline = 'top';
  if (!text.compact) {
    screen.fillStyle = HUD_COLORS.dim;
    screen.font = font('600', 12, MONO, text);
    screen.fillText(caption, x, MARGIN);
  }
  screen.fillStyle = color;
  screen.font = font('700', 36, MONO, text);
  screen.fillText(figure, x, text.compact ? MARGIN : MARGIN + 16);
}

function drawScore(screen: CanvasRenderingContext2D, score: number, text: HudText): void {
  screen.textAlign = 'left';
  drawReadout(screen, 'SCORE', String(score), MARGIN, HUD_COLORS.text, text);
}

function drawTimer(screen: CanvasRenderingContext2D, secondsLeft: number, text: HudText): void {
  screen.textAlign = 'right';
  const color = secondsLeft < HURRY_SECONDS ? HUD_COLORS.danger : HUD_COLORS.text;
  drawReadout(screen, 'TIME', secondsLeft.toFixed(1), LOGICAL_WIDTH - MARGIN, color, text);
}

/** One dot per life: filled while it lasts, a ring once lost (larger when compact, so a phone shows them). */
function drawLives(screen: CanvasRenderingContext2D, lives: number, text: HudText): void {
  const radius = text.compact ? 12 : 7;
  const spacing = radius * 3 + 1;
  const left = LOGICAL_WIDTH / 2 - ((STARTING_LIVES - 1) * spacing) / 2;
  screen.textAlign = 'center';
  screen.textBaseline = 'top';
  if (!text.compact) {
    screen.fillStyle = HUD_COLORS.dim;
    screen.font = font('600', 12, MONO, text);
    screen.fillText('CORE', LOGICAL_WIDTH / 2, MARGIN);
  }
  screen.lineWidth = 2;
  for (let i = 0; i < STARTING_LIVES; i++) {
    screen.beginPath();
    screen.arc(left + i * spacing, text.compact ? MARGIN + radius + 4 : MARGIN + 32, radius, 0, 2 * Math.PI);
    if (i < lives) {
      screen.fillStyle = HUD_COLORS.accent;
      screen.fill();
    } else {
      screen.strokeStyle = HUD_COLORS.danger;
      screen.stroke();
    }
  }
}

/** "+N" rising and fading over each catch. */
function drawCatchLabels(
  screen: CanvasRenderingContext2D,
  state: DeepReadonly<GameState>,
  labelAt: (point: Vec3) => ScreenPoint,
  text: HudText,
): void {
  screen.textAlign = 'center';
  screen.textBaseline = 'middle';
  screen.font = font('700', 22, MONO, text);
  for (const burst of state.bursts) {
    if (burst.kind !== 'catch') continue;
    const at = labelAt(burst.position);
    if (!at.inFront) continue;
    const progress = burst.ageSeconds / BURST_SECONDS;
    screen.globalAlpha = 1 - progress;
    screen.fillStyle = HUD_COLORS.text;
    screen.fillText(`+${burst.value}`, at.x, at.y - 24 - LABEL_RISE_UNITS * progress);
  }
  screen.globalAlpha = 1;
}

function drawHint(screen: CanvasRenderingContext2D): void {
  screen.textAlign = 'center';
  screen.textBaseline = 'bottom';
  screen.fillStyle = HUD_COLORS.dim;
  screen.font = `13px ${SANS}`;
  screen.fillText('Click the orbs before they reach the core · Esc pauses · R restarts', LOGICAL_WIDTH / 2, LOGICAL_HEIGHT - MARGIN + 8);
}

/**
 * A card in the middle of a dimmed picture: the pause screen and the game-over
 * panel draw their text on it, so no text lies over the arena's moving parts.
 */
function drawCard(screen: CanvasRenderingContext2D, width: number, height: number): void {
  screen.fillStyle = HUD_COLORS.shade;
  screen.fillRect(0, 0, LOGICAL_WIDTH, LOGICAL_HEIGHT);
  const x = (LOGICAL_WIDTH - width) / 2;
  const y = (LOGICAL_HEIGHT - height) / 2;
  screen.beginPath();
  screen.roundRect(x, y, width, height, 14);
  screen.fillStyle = HUD_COLORS.panel;
  screen.fill();
  screen.lineWidth = 1;
  screen.strokeStyle = HUD_COLORS.panelEdge;
  screen.stroke();
}

/** The pause screen: the picture holds still under it until Esc or a click resumes. */
function drawPaused(screen: CanvasRenderingContext2D, state: DeepReadonly<GameState>, text: HudText): void {
  const { compact } = text;
  drawCard(screen, compact ? 600 : 380, compact ? 230 : 176);
  const centerX = LOGICAL_WIDTH / 2;
  const centerY = LOGICAL_HEIGHT / 2;
  const left = `score ${state.score} · ${timeLeftSeconds(state).toFixed(1)} s left`;
  screen.textAlign = 'center';
  screen.textBaseline = 'middle';
  screen.fillStyle = HUD_COLORS.accent;
  screen.font = font('700', 20, MONO, text);
  screen.fillText('PAUSED', centerX, centerY - (compact ? 64 : 50));
  screen.fillStyle = HUD_COLORS.dim;
  screen.font = font('400', 15, SANS, text);
  screen.fillText(compact ? left : `${left} · the timer waits`, centerX, centerY - 6);
  screen.fillStyle = HUD_COLORS.text;
  screen.font = font('600', 16, SANS, text);
  screen.fillText(compact ? 'Tap or click to resume' : 'Press Esc or click to resume', centerX, centerY + (compact ? 56 : 42));
}

/** The round's result on a card over the dimmed, cleared arena, fading in. */
function drawGameOver(screen: CanvasRenderingContext2D, state: DeepReadonly<GameState>, text: HudText): void {
  const { compact } = text;
  const fadeIn = Math.min(1, state.overSeconds / GAME_OVER_FADE_SECONDS);
  screen.globalAlpha = fadeIn;
  drawCard(screen, compact ? 600 : 440, compact ? 340 : 260);

  const centerX = LOGICAL_WIDTH / 2;
  const centerY = LOGICAL_HEIGHT / 2;
  screen.textAlign = 'center';
  screen.textBaseline = 'middle';
  screen.fillStyle = state.endReason === 'core-breached' ? HUD_COLORS.danger : HUD_COLORS.accent;
  screen.font = font('700', 20, MONO, text);
  screen.fillText(state.endReason === 'core-breached' ? 'CORE BREACHED' : "TIME'S UP", centerX, centerY - (compact ? 112 : 78));
  screen.fillStyle = HUD_COLORS.text;
  screen.font = font('800', 76, MONO, text);
  screen.fillText(String(state.score), centerX, centerY - (compact ? 30 : 14));
  screen.fillStyle = HUD_COLORS.dim;
  screen.font = font('400', 15, SANS, text);
  const clicks = state.caughtIds.length + state.misses;
  const accuracy = clicks === 0 ? 0 : Math.round((100 * state.caughtIds.length) / clicks);
  const caught = `caught ${state.caughtIds.length}`;
  screen.fillText(
    compact ? `${caught} · accuracy ${accuracy}%` : `${caught} · escaped ${state.escaped} · accuracy ${accuracy}%`,
    centerX,
    centerY + 44,
  );
  if (state.overSeconds >= CLICK_TO_RESTART_AFTER_SECONDS) {
    screen.fillStyle = HUD_COLORS.text;
    screen.font = font('600', 16, SANS, text);
    screen.fillText(compact ? 'Tap or click to play again' : 'Press R or click to play again', centerX, centerY + (compact ? 110 : 88));
  }
  screen.globalAlpha = 1;
}

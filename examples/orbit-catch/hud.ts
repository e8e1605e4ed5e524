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
 */
export function drawHud(
  screen: CanvasRenderingContext2D,
  state: DeepReadonly<GameState>,
  labelAt: (point: Vec3) => ScreenPoint,
): void {
  drawScore(screen, state.score);
  drawTimer(screen, timeLeftSeconds(state));
  drawLives(screen, state.lives);
  drawCatchLabels(screen, state, labelAt);
  if (state.phase === 'over') drawGameOver(screen, state);
  else if (state.paused) drawPaused(screen, state);
  else drawHint(screen);
}

function drawScore(screen: CanvasRenderingContext2D, score: number): void {
  screen.textAlign = 'left';
  screen.textBaseline = 'top';
  screen.fillStyle = HUD_COLORS.dim;
  screen.font = `600 12px ${MONO}`;
  screen.fillText('SCORE', MARGIN, MARGIN);
  screen.fillStyle = HUD_COLORS.text;
  screen.font = `700 36px ${MONO}`;
  screen.fillText(String(score), MARGIN, MARGIN + 16);
}

function drawTimer(screen: CanvasRenderingContext2D, secondsLeft: number): void {
  screen.textAlign = 'right';
  screen.textBaseline = 'top';
  screen.fillStyle = HUD_COLORS.dim;
  screen.font = `600 12px ${MONO}`;
  screen.fillText('TIME', LOGICAL_WIDTH - MARGIN, MARGIN);
  screen.fillStyle = secondsLeft < HURRY_SECONDS ? HUD_COLORS.danger : HUD_COLORS.text;
  screen.font = `700 36px ${MONO}`;
  screen.fillText(secondsLeft.toFixed(1), LOGICAL_WIDTH - MARGIN, MARGIN + 16);
}

/** One dot per life: filled while it lasts, a ring once lost. */
function drawLives(screen: CanvasRenderingContext2D, lives: number): void {
  const spacing = 22;
  const radius = 7;
  const left = LOGICAL_WIDTH / 2 - ((STARTING_LIVES - 1) * spacing) / 2;
  screen.textAlign = 'center';
  screen.textBaseline = 'top';
  screen.fillStyle = HUD_COLORS.dim;
  screen.font = `600 12px ${MONO}`;
  screen.fillText('CORE', LOGICAL_WIDTH / 2, MARGIN);
  screen.lineWidth = 2;
  for (let i = 0; i < STARTING_LIVES; i++) {
    screen.beginPath();
    screen.arc(left + i * spacing, MARGIN + 32, radius, 0, 2 * Math.PI);
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
): void {
  screen.textAlign = 'center';
  screen.textBaseline = 'middle';
  screen.font = `700 22px ${MONO}`;
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
function drawPaused(screen: CanvasRenderingContext2D, state: DeepReadonly<GameState>): void {
  drawCard(screen, 380, 176);
  const centerX = LOGICAL_WIDTH / 2;
  const centerY = LOGICAL_HEIGHT / 2;
  screen.textAlign = 'center';
  screen.textBaseline = 'middle';
  screen.fillStyle = HUD_COLORS.accent;
  screen.font = `700 20px ${MONO}`;
  screen.fillText('PAUSED', centerX, centerY - 50);
  screen.fillStyle = HUD_COLORS.dim;
  screen.font = `15px ${SANS}`;
  screen.fillText(`score ${state.score} · ${timeLeftSeconds(state).toFixed(1)} s left · the timer waits`, centerX, centerY - 6);
  screen.fillStyle = HUD_COLORS.text;
  screen.font = `600 16px ${SANS}`;
  screen.fillText('Press Esc or click to resume', centerX, centerY + 42);
}

/** The round's result on a card over the dimmed, cleared arena, fading in. */
function drawGameOver(screen: CanvasRenderingContext2D, state: DeepReadonly<GameState>): void {
  const fadeIn = Math.min(1, state.overSeconds / GAME_OVER_FADE_SECONDS);
  screen.globalAlpha = fadeIn;
  drawCard(screen, 440, 260);

  const centerX = LOGICAL_WIDTH / 2;
  const centerY = LOGICAL_HEIGHT / 2;
  screen.textAlign = 'center';
  screen.textBaseline = 'middle';
  screen.fillStyle = state.endReason === 'core-breached' ? HUD_COLORS.danger : HUD_COLORS.accent;
  screen.font = `700 20px ${MONO}`;
  screen.fillText(state.endReason === 'core-breached' ? 'CORE BREACHED' : "TIME'S UP", centerX, centerY - 78);
  screen.fillStyle = HUD_COLORS.text;
  screen.font = `800 76px ${MONO}`;
  screen.fillText(String(state.score), centerX, centerY - 14);
  screen.fillStyle = HUD_COLORS.dim;
  screen.font = `15px ${SANS}`;
  const clicks = state.caughtIds.length + state.misses;
  const accuracy = clicks === 0 ? 0 : Math.round((100 * state.caughtIds.length) / clicks);
  screen.fillText(
    `caught ${state.caughtIds.length} · escaped ${state.escaped} · accuracy ${accuracy}%`,
    centerX,
    centerY + 44,
  );
  if (state.overSeconds >= CLICK_TO_RESTART_AFTER_SECONDS) {
    screen.fillStyle = HUD_COLORS.text;
    screen.font = `600 16px ${SANS}`;
    screen.fillText('Press R or click to play again', centerX, centerY + 88);
  }
  screen.globalAlpha = 1;
}

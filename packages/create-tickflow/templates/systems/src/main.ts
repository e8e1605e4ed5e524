// The page: the game drawn by pixi.js in #game, upright when #game is taller
// than wide (a phone). The keys become 'steer' events, a finger on the court
// 'aim' events, a tap or Space a 'serve'; the score is written after each frame.
import { screenToLogical } from 'tickflow';
import { pixiSystemsBackend } from 'tickflow/pixi';
import { AIM, createGame, LANDSCAPE, PORTRAIT, SERVE_BALL, STEER, type Rally } from './game.js';

const container = document.querySelector<HTMLElement>('#game')!;
const court = container.clientHeight > container.clientWidth ? PORTRAIT : LANDSCAPE;
const backend = await pixiSystemsBackend({ container, logicalWidth: court.width, logicalHeight: court.height, background: 0x151b26, letterbox: 0x0b0e14 });
const engine = createGame({ court, backend });
await engine.play();

// The keys: ← → (or A D) steer, Space serves.
const held = new Set<string>();
const steer = () => engine.dispatchEvent(STEER, (held.has('right') ? 1 : 0) - (held.has('left') ? 1 : 0));
const sideOf = (code: string) => (code === 'ArrowLeft' || code === 'KeyA' ? 'left' : code === 'ArrowRight' || code === 'KeyD' ? 'right' : undefined);
window.addEventListener('keydown', (event) => {
  if (event.code === 'Space') engine.dispatchEvent(SERVE_BALL);
  const side = sideOf(event.code);
  if (side === undefined || held.has(side)) return;
  held.add(side);
  steer();
});
window.addEventListener('keyup', (event) => {
  const side = sideOf(event.code);
  if (side === undefined) return;
  held.delete(side);
  steer();
});

// A finger (or the mouse) on the court: touching serves, and the paddle heads for it until it lifts.
const aimAt = (event: PointerEvent) => {
  const box = container.getBoundingClientRect();
  engine.dispatchEvent(AIM, screenToLogical(backend.viewport, event.clientX - box.left, event.clientY - box.top).x);
};
container.addEventListener('pointerdown', (event) => {
  container.setPointerCapture(event.pointerId); // its moves and its lift come here even off the court
  engine.dispatchEvent(SERVE_BALL);
  aimAt(event);
});
container.addEventListener('pointermove', (event) => {
  if (container.hasPointerCapture(event.pointerId)) aimAt(event);
});
for (const type of ['pointerup', 'pointercancel'] as const) container.addEventListener(type, () => engine.dispatchEvent(AIM, null));

// The score, written once a frame after the simulation ran, and only when it changed.
const score = document.querySelector<HTMLElement>('#score')!;
const rally = engine.scene!.find('ball')!.get<Rally>('rally')!;
engine.loop!.phase('render').subscribe(() => {
  const text = `hits ${rally.hits}, misses ${rally.misses}`;
  if (score.textContent !== text) score.textContent = text;
});

// The page: the game on the browser's frames, drawn on the canvas after every
// update. The field is fitted into the canvas (letterboxed, sharp on any
// screen), upright when the canvas is taller than wide, as on a phone.
import { animationFrames, fitViewport, screenToLogical, type Viewport } from 'tickflow';
import { createGame, LANDSCAPE, PORTRAIT } from './game.js';

const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
const score = document.querySelector<HTMLElement>('#score')!;
const ctx = canvas.getContext('2d')!;
const field = canvas.clientHeight > canvas.clientWidth ? PORTRAIT : LANDSCAPE;

let viewport: Viewport = fit();
/** Where the field sits in the canvas: the bitmap is the canvas's size in device pixels, the field centred in it. */
function fit(): Viewport {
  const fitted = fitViewport(canvas.clientWidth, canvas.clientHeight, devicePixelRatio, field.width, field.height);
  canvas.width = Math.round(fitted.cssWidth * fitted.pixelRatio);
  canvas.height = Math.round(fitted.cssHeight * fitted.pixelRatio);
  return fitted;
}

const game = createGame({
  ticks: animationFrames(),
  field,
  keyboardTarget: window,
  pointerTarget: canvas,
  toField: (x, y) => screenToLogical(viewport, x, y),
});

game.loop.on('render', () => {
  if (canvas.clientWidth !== viewport.cssWidth || canvas.clientHeight !== viewport.cssHeight) viewport = fit();
  const { player, ball, score: caught } = game.state;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(viewport.scale, 0, 0, viewport.scale, viewport.x, viewport.y); // field pixels from here on
  ctx.fillStyle = '#151b26';
  ctx.fillRect(0, 0, field.width, field.height);
  ctx.fillStyle = '#66ccff';
  ctx.fillRect(player.x - 20, player.y - 20, 40, 40);
  ctx.fillStyle = '#ffaa33';
  ctx.beginPath();
  ctx.arc(ball.x, ball.y, 10, 0, Math.PI * 2);
  ctx.fill();
  const text = `caught ${caught}`;
  if (score.textContent !== text) score.textContent = text; // the page changes only when the score does
});
game.loop.start();

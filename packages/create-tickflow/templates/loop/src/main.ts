// The page: the game on the browser's frames, drawn on the canvas after every update.
import { animationFrames } from 'tickflow';
import { createGame, HEIGHT, WIDTH } from './game.js';

const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
const ctx = canvas.getContext('2d')!;
const game = createGame({ ticks: animationFrames(), keyboardTarget: window });

game.loop.on('render', () => {
  const { player, ball, score } = game.state;
  ctx.clearRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = '#66ccff';
  ctx.fillRect(player.x - 20, player.y - 20, 40, 40);
  ctx.fillStyle = '#ffaa33';
  ctx.beginPath();
  ctx.arc(ball.x, ball.y, 10, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#d8dee9';
  ctx.font = '20px system-ui, sans-serif';
  ctx.fillText(`caught ${score}`, 16, 32);
});
game.loop.start();

// The page: the game drawn by pixi.js in #game; the keys become 'steer' events.
import { pixiSystemsBackend } from 'tickflow/pixi';
import { createGame, HEIGHT, STEER, WIDTH, type Rally } from './game.js';

const backend = await pixiSystemsBackend({ container: document.querySelector<HTMLElement>('#game')!, logicalWidth: WIDTH, logicalHeight: HEIGHT });
const engine = createGame({ backend });
await engine.play();

const held = new Set<string>();
const steer = () => engine.dispatchEvent(STEER, (held.has('right') ? 1 : 0) - (held.has('left') ? 1 : 0));
const sideOf = (code: string) => (code === 'ArrowLeft' || code === 'KeyA' ? 'left' : code === 'ArrowRight' || code === 'KeyD' ? 'right' : undefined);
window.addEventListener('keydown', (event) => {
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

// The score, written once a frame after the simulation ran.
const score = document.querySelector<HTMLElement>('#score')!;
const rally = engine.scene!.find('ball')!.get<Rally>('rally')!;
engine.loop!.phase('render').subscribe(() => {
  const text = `hits ${rally.hits}, misses ${rally.misses}`;
  if (score.textContent !== text) score.textContent = text;
});

// The page: the game's engine on the stage, on the page's one requestAnimationFrame.
import { createGame, TAP } from './game.js';

const $ = (selector: string) => document.querySelector<HTMLElement>(selector)!;
const { engine } = createGame({ stage: $('#stage'), ball: $('#ball'), kicks: $('#kicks') });
// A tap (or a click) on the stage kicks: pressed and released as a key, which the next step reads however quick the tap.
$('#stage').addEventListener('pointerdown', () => {
  engine.input.press(TAP);
  engine.input.release(TAP);
});
engine.start();

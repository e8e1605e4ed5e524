// The page: the game's engine on the stage, on the page's one requestAnimationFrame.
import { createGame } from './game.js';

const $ = (selector: string) => document.querySelector<HTMLElement>(selector)!;
const { engine } = createGame({ stage: $('#stage'), ball: $('#ball'), kicks: $('#kicks') });
engine.start();

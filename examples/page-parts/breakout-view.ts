import type { PageEngine } from 'tickflow/page';
import type { BreakoutView } from './breakout.js';

/** Finds the breakout's DOM under `container` (see examples/page-breakout/index.html). */
export function breakoutView(container: ParentNode): BreakoutView {
  const find = (selector: string): HTMLElement => {
    const element = container.querySelector<HTMLElement>(selector);
    if (element === null) throw new Error(`breakout: no ${selector} on the page`);
    return element;
  };
  const fit = container.querySelector<HTMLElement>('.board-fit') ?? undefined;
  return { board: find('.board'), ...(fit !== undefined && { fit }), score: find('.score'), lives: find('.lives'), log: find('.events') };
}

/** Shows the engine's pause over the board: the reasons, written on the pause and resume transitions. */
export function showPauseOverlay(engine: PageEngine, board: HTMLElement): void {
  const overlay = document.createElement('div');
  overlay.className = 'board-overlay';
  board.append(overlay);
  const update = (): void => {
    const paused = engine.paused.size > 0;
    board.classList.toggle('is-paused', paused);
    overlay.textContent = paused
      ? engine.paused.has('typing')
        ? 'paused while you type\n(engine.paused: typing)'
        : `paused: ${[...engine.paused].join(', ')}`
      : '';
  };
  engine.on('pause', update);
  engine.on('resume', update);
  update();
}

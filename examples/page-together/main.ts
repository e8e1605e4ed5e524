// All three page engines of the gallery on one page (issue 11), with a live
// readout of requestAnimationFrame calls a second for the page and each
// engine's paused reasons.
import '../page-parts/raf-meter.js'; // first: it counts every requestAnimationFrame call
import { mountAmbientHero } from '../page-parts/ambient-hero.js';
import { mountBreakout } from '../page-parts/breakout.js';
import { breakoutView, showPauseOverlay } from '../page-parts/breakout-view.js';
import { showStatus } from '../page-parts/engine-status.js';
import { exposeForTests } from '../page-parts/handle.js';
import { mountPointerHero } from '../page-parts/pointer-hero.js';

const view = breakoutView(document.getElementById('game')!);
const engines = [
  mountAmbientHero(document.getElementById('ambient')!),
  mountPointerHero(document.getElementById('pointer')!),
  mountBreakout(view),
];
showPauseOverlay(engines[2]!, view.board);
showStatus(document.getElementById('status')!, engines, 'the page');
exposeForTests(engines);

// A small DOM game on the page engine (issue 11): breakout whose simulation
// runs in step and whose DOM writes go through the ledger, with a HUD reading
// the event ring, sharing the page with a text field that pauses it while
// typed in.
import '../page-parts/raf-meter.js'; // first: it counts every requestAnimationFrame call
import { mountBreakout } from '../page-parts/breakout.js';
import { breakoutView, showPauseOverlay } from '../page-parts/breakout-view.js';
import { showStatus } from '../page-parts/engine-status.js';
import { exposeForTests } from '../page-parts/handle.js';

const view = breakoutView(document.getElementById('game')!);
const game = mountBreakout(view);
showPauseOverlay(game, view.board);
showStatus(document.getElementById('status')!, [game]);
exposeForTests([game]);

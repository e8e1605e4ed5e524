// Marble tests of the game's loop, headless: the engine runs the game's own
// update on a marble of ticks, each frame worth exactly 1/60 s, and draws
// nothing (nullBackend).
import { map, type Observable } from 'rxjs';
import { constantClock, createInput, nullBackend } from 'tickflow';
import { createStateEngine } from 'tickflow/state';
import { describe, it } from 'vitest';
import { BINDINGS, INITIAL, SPIN_ACCELERATION, update } from './game.js';
import { marbles } from './marbles.js';

const FRAME_MS = 1000 / 60;

/** The game's engine on `ticks`, headless, started. */
function engineOn(ticks: Observable<number>) {
  const engine = createStateEngine({ backend: nullBackend(), ticks, clock: constantClock(FRAME_MS), input: createInput({ bindings: BINDINGS }), initial: INITIAL, update });
  engine.start();
  return engine;
}

describe('the game loop', () => {
  it(
    'turns the cube by its spin every frame: 1 rad/s is 1/60 rad a frame',
    marbles((m) => {
      const engine = engineOn(m.hot('-t-t-t-', { t: 0 }));
      const sixtieths = engine.phase('render').pipe(map(() => Math.round(engine.state.angle * 60)));
      m.expect(sixtieths).toBeObservable('-a-b-c-', { a: 1, b: 2, c: 3 });
    }),
  );

  it(
    'spins faster only while → is held',
    marbles((m) => {
      const engine = engineOn(m.hot('-t-t-t-t-', { t: 0 }));
      m.scheduler.schedule(() => engine.input.press('ArrowRight'), 2); // held for the 2nd and 3rd frames
      m.scheduler.schedule(() => engine.input.release('ArrowRight'), 6);
      const step = SPIN_ACCELERATION / 60; // 0.05 rad/s a frame
      const spin = engine.phase('render').pipe(map(() => engine.state.spin.toFixed(2)));
      m.expect(spin).toBeObservable('-a-b-c-c-', { a: '1.00', b: (1 + step).toFixed(2), c: (1 + 2 * step).toFixed(2) });
    }),
  );
});

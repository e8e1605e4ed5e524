// Marble tests of the game's loop, headless: the ticks are a marble, each
// frame is worth exactly 1/60 s, and nothing is drawn (nullBackend).
import { map } from 'rxjs';
import { constantClock, nullBackend } from 'tickflow';
import { describe, it } from 'vitest';
import { createGame, Orb, Ship, SHIP_SPEED } from './game.js';
import { marbles } from './marbles.js';

const FRAME_MS = 1000 / 60;

describe('the game loop', () => {
  it(
    'flies the ship right only while → is held',
    marbles((m) => {
      const engine = createGame({ backend: nullBackend(), ticks: m.hot('-t-t-t-t-', { t: 0 }), clock: constantClock(FRAME_MS) });
      engine.start();
      const ship = engine.world.ofType(Ship)[0]!;
      m.scheduler.schedule(() => engine.input.press('ArrowRight'), 2); // held for the 2nd and 3rd frames
      m.scheduler.schedule(() => engine.input.release('ArrowRight'), 6);
      const step = SHIP_SPEED / 60; // 5 units a frame
      const shipX = engine.phase('render').pipe(map(() => Math.round(ship.x)));
      m.expect(shipX).toBeObservable('-a-b-c-c-', { a: 0, b: step, c: 2 * step });
    }),
  );

  it(
    'collects an orb the ship touches: the count goes up in that frame, and one new orb takes its place',
    marbles((m) => {
      const engine = createGame({ backend: nullBackend(), ticks: m.hot('-t-t-t-', { t: 0 }), clock: constantClock(FRAME_MS) });
      engine.start();
      const ship = engine.world.ofType(Ship)[0]!;
      m.scheduler.schedule(() => {
        const orb = engine.world.ofType(Orb)[0]!;
        ship.x = orb.x; // put the ship on the orb between two frames
        ship.y = orb.y;
      }, 2);
      const counts = engine.phase('render').pipe(map(() => `${ship.collected} ${engine.world.ofType(Orb).length}`));
      m.expect(counts).toBeObservable('-a-b-b-', { a: '0 1', b: '1 1' });
    }),
  );
});

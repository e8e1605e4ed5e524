// Marble tests of the game's loop, headless: the ticks are a marble, each
// frame is worth exactly 1/60 s, and nothing is drawn (nullBackend).
import { map } from 'rxjs';
import { constantClock, nullBackend } from 'tickflow';
import { describe, it } from 'vitest';
import { createGame, LANDSCAPE, Orb, Ship, SHIP_SPEED } from './game.js';
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

  it(
    'flies the ship towards a finger held on the field, as fast as a key would, and stops under it',
    marbles((m) => {
      // A headless screen the field's size: its middle, (480, 270), is the world's (0, 0), where the ship starts.
      const backend = nullBackend({ logicalWidth: LANDSCAPE.width, logicalHeight: LANDSCAPE.height });
      const engine = createGame({ backend, ticks: m.hot('-t-t-t-t-', { t: 0 }), clock: constantClock(FRAME_MS) });
      engine.start();
      const ship = engine.world.ofType(Ship)[0]!;
      const step = SHIP_SPEED / 60; // 5 units a frame
      m.scheduler.schedule(() => {
        engine.input.movePointer(LANDSCAPE.width / 2 + 1.5 * step, LANDSCAPE.height / 2); // a frame and a half to the right
        engine.input.press('Pointer0');
      }, 2);
      const shipX = engine.phase('render').pipe(map(() => Math.round(ship.x * 10) / 10));
      m.expect(shipX).toBeObservable('-a-b-c-c-', { a: 0, b: step, c: 1.5 * step });
    }),
  );
});

import { describe, it } from 'vitest';
import { createLoop, pacedClock } from 'tickflow';
import { hz, tickMarble } from 'tickflow/testing';
import { marbles } from './marbles.js';

describe('a 30 fps loop on a 60 Hz display', () => {
  it(
    'declines every other tick and makes each frame worth 1/30 s',
    marbles((m) => {
      const host = tickMarble(hz(60, 5)); // { marble: 'a 16ms b 15ms c 16ms d 15ms e', values: {...} }
      const loop = createLoop({ ticks: m.hot(host.marble, host.values), clock: pacedClock({ fps: 30 }), phases: ['update'] });
      loop.start();
      const frames = tickMarble(hz(30, 3)); // the frame times, written by the same helper
      const dt = 1 / 30;
      m.expect(loop.phase('update')).toBeObservable(frames.marble, { a: dt, b: dt, c: dt });
    }),
  );
});

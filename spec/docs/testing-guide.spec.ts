// The code of docs/testing.md, run as a test. spec/docs/guide-in-sync.spec.ts
// checks that every code block of the guide stands here verbatim.
import { describe, it } from 'vitest';
// --- guide: setup
import { configure } from 'rxjs-marbles';
import { expect } from 'vitest';

export const { marbles } = configure({
  assert: (value: unknown, message: string) => expect(value, message).toBeTruthy(),
  assertDeepEqual: (actual: unknown, expected: unknown) => expect(actual).toStrictEqual(expected),
  frameworkMatcher: true,
});
// --- end
// --- guide: order
import { createLoop, pacedClock, wallClock } from 'tickflow';
import { hz, phaseOrder, tickMarble } from 'tickflow/testing';

describe('my loop', () => {
  it(
    'runs update before render in every frame',
    marbles((m) => {
      const ticks = m.hot('  -a----b-----', { a: 0, b: 16 });
      const order = '        -(ur)-(ur)-';
      const loop = createLoop({ ticks, clock: wallClock(), phases: ['update', 'render'] });
      loop.start();
      m.expect(phaseOrder(loop)).toBeObservable(order, { u: 'update', r: 'render' });
    }),
  );
});
// --- end
// --- guide: paced
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
// --- end
// --- guide: headless
import { constantClock, manualTicks } from 'tickflow';

it('falls 4.9 m in one second at 60 fps', () => {
  const loop = createLoop({ ticks: manualTicks().ticks$, clock: constantClock(1000 / 60), phases: ['update'] });
  let y = 0;
  let vy = 0;
  loop.on('update', (dt) => {
    vy += 9.81 * dt;
    y += vy * dt;
  });
  for (let i = 0; i < 60; i++) loop.advance();
  expect(loop.frame().timeMs).toBeCloseTo(1000, 9);
  expect(y).toBeCloseTo(4.99, 2); // semi-implicit Euler overshoots 4.905 by half a step's worth
});
// --- end

import { expect, it } from 'vitest';
import { constantClock, createLoop, manualTicks } from 'tickflow';

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

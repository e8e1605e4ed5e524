import { describe, it } from 'vitest';
import { createLoop, wallClock } from 'tickflow';
import { phaseOrder } from 'tickflow/testing';
import { marbles } from './marbles.js';

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

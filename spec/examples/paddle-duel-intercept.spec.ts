import { describe, expect, it } from 'vitest';
import { interceptY } from '../../examples/paddle-duel/intercept.js';

// The AI's foresight (examples/paddle-duel/intercept.ts): where a ball
// flying straight between two walls reaches a given x, bounces folded in
// closed form.

describe('interceptY', () => {
  it('without a bounce: straight along the flight', () => {
    expect(interceptY({ x: 0, y: 50, vx: 100, vy: 20 }, 100, 0, 100)).toBe(70);
  });

  it('off one wall: the doc example, up 10, bounce, down 40', () => {
    expect(interceptY({ x: 0, y: 10, vx: 100, vy: -100 }, 50, 0, 100)).toBe(40);
  });

  it('off both walls, flying left', () => {
    // 250 units of vertical travel from y = 20 between 0 and 100: down 80, up 100, down 70.
    expect(interceptY({ x: 500, y: 20, vx: -250, vy: 250 }, 250, 0, 100)).toBeCloseTo(70, 9);
  });

  it('between walls that do not start at zero', () => {
    expect(interceptY({ x: 0, y: 150, vx: 10, vy: -10 }, 10, 145, 300)).toBe(150);
  });

  it('is undefined for a ball flying away, or not across at all', () => {
    expect(interceptY({ x: 100, y: 50, vx: 100, vy: 0 }, 50, 0, 100)).toBeUndefined();
    expect(interceptY({ x: 100, y: 50, vx: 0, vy: 10 }, 50, 0, 100)).toBeUndefined();
  });

  it('names the same point asked on any frame of a flight', () => {
    const [minY, maxY] = [79, 511];
    /** The flight after `seconds`, bounced off the walls step by step, as the ball does. */
    const flown = (f: { x: number; y: number; vx: number; vy: number }, seconds: number, steps: number) => {
      let { x, y, vy } = f;
      for (let i = 0; i < steps; i++) {
        const dt = seconds / steps;
        x += f.vx * dt;
        y += vy * dt;
        if (y < minY) [y, vy] = [2 * minY - y, -vy];
        if (y > maxY) [y, vy] = [2 * maxY - y, -vy];
      }
      return { x, y, vx: f.vx, vy };
    };
    const flight = { x: 480, y: 300, vx: -350, vy: 410 };
    const at = interceptY(flight, 57, minY, maxY)!;
    for (const [seconds, steps] of [[0.1, 6], [0.37, 9], [0.8, 48], [1.2, 30]] as const) {
      expect(interceptY(flown(flight, seconds, steps), 57, minY, maxY)).toBeCloseTo(at, 6);
    }
  });
});

/**
 * A `CanvasRenderingContext2D` stand-in whose methods do nothing and whose
 * properties keep whatever is written to them: the headless backend's screen
 * layer, so a game's render code (`screen.fillText(...)`, `screen.font = ...`)
 * runs unchanged in Node, where there is no canvas.
 *
 * `measureText` answers a zero width, so layout code gets a number.
 *
 * @example
 * ```ts
 * const screen = noopContext2D();
 * screen.fillStyle = '#fff';
 * screen.fillText('score 3', 10, 20); // nothing drawn, nothing thrown
 * ```
 */
export function noopContext2D(): CanvasRenderingContext2D {
  const noop = (): undefined => undefined;
  const measured = { width: 0 } as TextMetrics;
  const store: Record<string | symbol, unknown> = {};
  return new Proxy(store, {
    get: (target, key) => {
      if (key in target) return target[key];
      if (key === 'measureText') return () => measured;
      // Not a thenable, and no answer to symbol probes (inspection, coercion).
      if (key === 'then' || typeof key === 'symbol') return undefined;
      return noop;
    },
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

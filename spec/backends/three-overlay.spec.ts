import { describe, expect, it } from 'vitest';
import {
  drawDiagnosticsOverlay,
  OVERLAY_GRAPH_MAX_MS,
  OVERLAY_PANEL_COLOR,
  OVERLAY_PANEL_CSS,
  overlayPanelRect,
} from '../../src/backends/overlay.js';
import type { Diagnostics } from 'tickflow';

// The diagnostics overlay shared by the drawing backends (src/backends/overlay.ts).
// Seed, step 9: "The diagnostics overlay draws on the screen layer in device space."

/** A 2D context that logs every call (and every property write) as text. */
function loggingContext(): { ctx: CanvasRenderingContext2D; log: string[] } {
  const log: string[] = [];
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : (...args: unknown[]) => log.push(`${String(key)}(${args.join(', ')})`)),
    set: (target, key, value) => {
      target[key] = value;
      log.push(`${String(key)} = ${value}`);
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, log };
}

const diagnostics: Diagnostics = { fps: 59.94, frameTimesMs: [16.7, 16.6, 33.4, 50], declinedTicks: 3, frameCount: 240 };

describe('drawDiagnosticsOverlay', () => {
  it('draws in device space, whatever transform the game left: the panel keeps its CSS size at any pixel ratio', () => {
    const { ctx, log } = loggingContext();
    drawDiagnosticsOverlay(ctx, diagnostics, 2);
    expect(log.slice(0, 2)).toEqual(['save()', 'setTransform(2, 0, 0, 2, 0, 0)']);
    const { x, y, width, height } = OVERLAY_PANEL_CSS;
    expect(log).toContain(`fillStyle = ${OVERLAY_PANEL_COLOR}`);
    expect(log).toContain(`fillRect(${x}, ${y}, ${width}, ${height})`);
    expect(overlayPanelRect(2)).toEqual({ x: 2 * x, y: 2 * y, width: 2 * width, height: 2 * height });
  });

  it('leaves the context as it found it (the game\'s next frame inherits nothing)', () => {
    const { ctx, log } = loggingContext();
    drawDiagnosticsOverlay(ctx, diagnostics, 1);
    expect(log.filter((line) => line === 'save()')).toHaveLength(1);
    expect(log.at(-1)).toBe('restore()');
  });

  it('shows the frame rate, the frame count and the declined ticks, and one bar per recent frame', () => {
    const { ctx, log } = loggingContext();
    drawDiagnosticsOverlay(ctx, diagnostics, 1);
    const texts = log.filter((line) => line.startsWith('fillText(')).map((line) => line.slice('fillText('.length).split(',')[0]);
    expect(texts).toEqual(['59.9 fps', 'frame 240', 'declined 3']);
    // The panel, four bars, and the 60 Hz line.
    const rects = log.filter((line) => line.startsWith('fillRect('));
    expect(rects).toHaveLength(1 + 4 + 1);
    // A frame as slow as OVERLAY_GRAPH_MAX_MS (or slower) fills the graph's height.
    const heights = rects.slice(1, 5).map((line) => Number(line.slice(0, -1).split(', ')[3]));
    const full = OVERLAY_PANEL_CSS.height - 48;
    expect(heights[3], '50 ms').toBe(full);
    expect(heights[2], '33.4 ms').toBe(full);
    expect(heights[0], '16.7 ms: about half').toBeCloseTo((16.7 / OVERLAY_GRAPH_MAX_MS) * full, 6);
  });
});

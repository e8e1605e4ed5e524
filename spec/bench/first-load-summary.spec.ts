// Issue 29: the first-load bench reports each page's time to its first frame (median of its loads, against the
// 16.7 ms budget) and the bytes it received (JS, WASM). The counting, apart from the browser.
import { describe, expect, it } from 'vitest';
import { byteKind, FRAME_BUDGET_MS, kilobytes, summariseLoads, summaryRow, SUMMARY_HEADER, type LoadReading } from '../../bench/first-load-summary.js';

/** A load whose first frame came at `frameMs`, with these bytes. */
const load = (frameMs: number, bytes: Partial<LoadReading['bytes']> = {}, rapierBytes = 0, drawnBy: 'webgl' | '2d' | 'dom' = 'webgl'): LoadReading => ({
  firstFrame: { drawMs: frameMs - 16, frameMs, drawnBy },
  bytes: { js: 0, wasm: 0, other: 0, ...bytes },
  rapierBytes,
  requests: 5,
});

describe('byteKind', () => {
  it('counts WebAssembly by its MIME type or its .wasm file, whatever the query', () => {
    expect(byteKind({ url: 'http://127.0.0.1/assets/rapier_bg.wasm?v=1', mimeType: 'application/octet-stream', type: 'Fetch' })).toBe('wasm');
    expect(byteKind({ url: 'http://127.0.0.1/physics', mimeType: 'application/wasm', type: 'Fetch' })).toBe('wasm');
  });

  it('counts JavaScript by resource type (a module script, a dynamic import) or by MIME type', () => {
    expect(byteKind({ url: 'http://127.0.0.1/assets/index-abc.js', mimeType: 'text/javascript', type: 'Script' })).toBe('js');
    expect(byteKind({ url: 'http://127.0.0.1/assets/rapier-abc.js', mimeType: 'application/javascript', type: 'Other' })).toBe('js');
  });

  it('counts the rest as other: the page, styles, images, data', () => {
    expect(byteKind({ url: 'http://127.0.0.1/', mimeType: 'text/html', type: 'Document' })).toBe('other');
    expect(byteKind({ url: 'http://127.0.0.1/assets/style.css', mimeType: 'text/css', type: 'Stylesheet' })).toBe('other');
    expect(byteKind({ url: 'http://127.0.0.1/assets/sheet.json', mimeType: 'application/json', type: 'Fetch' })).toBe('other');
  });
});

describe('summariseLoads', () => {
  it("takes the median first frame, the fastest and slowest, and the median in frames of the 60 Hz budget", () => {
    const summary = summariseLoads([load(900), load(500), load(700), load(2000), load(650)]);
    expect(summary).toMatchObject({ loads: 5, firstFrameMedianMs: 700, firstFrameMinMs: 500, firstFrameMaxMs: 2000 });
    expect(summary.firstFrameInFrames).toBeCloseTo(700 / FRAME_BUDGET_MS, 10);
    expect(FRAME_BUDGET_MS * 60).toBeCloseTo(1000, 10);
  });

  it('takes the median bytes of each kind, and their sum', () => {
    const summary = summariseLoads([load(1, { js: 1000, other: 30 }, 800), load(1, { js: 1200, other: 10 }, 900), load(1, { js: 1100, other: 20 }, 850)]);
    expect(summary.bytes).toEqual({ js: 1100, wasm: 0, other: 20, total: 1120 });
    expect(summary.rapierBytes).toBe(850);
  });

  it('names what drew first, every kind when loads disagree', () => {
    expect(summariseLoads([load(1), load(2)]).drawnBy).toBe('webgl');
    expect(summariseLoads([load(1, {}, 0, '2d'), load(2, {}, 0, 'webgl'), load(3, {}, 0, '2d')]).drawnBy).toBe('2d/webgl');
  });

  it('refuses to sum up no loads', () => {
    expect(() => summariseLoads([])).toThrow('summariseLoads: no loads to sum up');
  });
});

describe('summaryRow', () => {
  it('gives one cell a column: ms whole, frames to a tenth, kB to a tenth, a dash for no bytes', () => {
    const row = summaryRow('runtime starter', summariseLoads([load(1456.4, { js: 1_825_049, other: 1_900 }, 1_646_512)]));
    expect(row).toHaveLength(SUMMARY_HEADER.length);
    expect(row).toEqual(['runtime starter', 'webgl', '1456', '1456–1456', '87.4', '1825.0', '1646.5', '–', '1826.9', '5']);
    expect(kilobytes(0)).toBe('–');
  });
});

/**
 * The first-load bench's arithmetic: what kind of bytes a response is, and
 * a page's loads summed up into one row of the table (bench/first-load.ts
 * measures, this only counts).
 */
import type { FirstFrame } from './first-frame-probe.js';
import { fixed } from './markdown-table.js';
import { median } from './measure-allocation.js';

/** A 60 Hz frame, the budget a first frame is counted in, in ms. */
export const FRAME_BUDGET_MS = 1000 / 60;

/** What a response carried: JavaScript, WebAssembly, or anything else (the page, styles, images, data). */
export type ByteKind = 'js' | 'wasm' | 'other';

/** What the bench knows of a response when it counts its bytes (CDP's `Network.responseReceived`). */
export interface Response {
  readonly url: string;
  readonly mimeType: string;
  /** CDP's resource type: 'Script', 'Document', 'Fetch', ... */
  readonly type?: string;
}

/** A response's kind: WebAssembly by MIME type or `.wasm` file, JavaScript by resource type or MIME type, else other. */
export function byteKind({ url, mimeType, type }: Response): ByteKind {
  const path = url.split(/[?#]/)[0]!;
  if (mimeType === 'application/wasm' || path.endsWith('.wasm')) return 'wasm';
  if (type === 'Script' || /javascript|ecmascript/.test(mimeType)) return 'js';
  return 'other';
}

/** One load of a page: when its first frame came, and what it fetched until then. */
export interface LoadReading {
  /** What the first-frame probe saw (bench/first-frame-probe.ts). */
  readonly firstFrame: Required<FirstFrame>;
  /** Bytes received by kind (as sent: compressed where the server compressed), headers included. */
  readonly bytes: Readonly<Record<ByteKind, number>>;
  /** Of the JavaScript, the bytes of files named for Rapier: its WebAssembly travels inside them. */
  readonly rapierBytes: number;
  readonly requests: number;
}

/** A page's loads, summed up. */
export interface PageSummary {
  readonly loads: number;
  readonly firstFrameMedianMs: number;
  readonly firstFrameMinMs: number;
  readonly firstFrameMaxMs: number;
  /** The median first frame in 60 Hz frames ({@link FRAME_BUDGET_MS} each). */
  readonly firstFrameInFrames: number;
  /** What drew first; several kinds joined by '/' when loads disagreed. */
  readonly drawnBy: string;
  /** Median bytes by kind, and in all. */
  readonly bytes: Readonly<Record<ByteKind | 'total', number>>;
  readonly rapierBytes: number;
  readonly requests: number;
}

/**
 * Sums up a page's loads: the median, fastest and slowest first frame, the
 * median in frames of the 60 Hz budget, and the median bytes.
 *
 * @throws {Error} when there are no loads.
 */
export function summariseLoads(readings: readonly LoadReading[]): PageSummary {
  if (readings.length === 0) throw new Error('summariseLoads: no loads to sum up');
  const frames = readings.map((r) => r.firstFrame.frameMs);
  const byKind = (kind: ByteKind) => median(readings.map((r) => r.bytes[kind]));
  const bytes = { js: byKind('js'), wasm: byKind('wasm'), other: byKind('other') };
  const firstFrameMedianMs = median(frames);
  return {
    loads: readings.length,
    firstFrameMedianMs,
    firstFrameMinMs: Math.min(...frames),
    firstFrameMaxMs: Math.max(...frames),
    firstFrameInFrames: firstFrameMedianMs / FRAME_BUDGET_MS,
    drawnBy: [...new Set(readings.map((r) => r.firstFrame.drawnBy))].join('/'),
    bytes: { ...bytes, total: bytes.js + bytes.wasm + bytes.other },
    rapierBytes: median(readings.map((r) => r.rapierBytes)),
    requests: Math.round(median(readings.map((r) => r.requests))),
  };
}

/** Bytes in kB (1,000 bytes), one decimal; a dash for none. */
export const kilobytes = (bytes: number): string => (bytes === 0 ? '–' : fixed(bytes / 1000, 1));

/** The table's columns, matching {@link summaryRow}. */
export const SUMMARY_HEADER = [
  'page',
  'drawn by',
  'first frame, median ms',
  'fastest–slowest ms',
  'in 16.7 ms frames',
  'JS kB',
  'of which Rapier kB',
  'WASM kB',
  'all kB',
  'requests',
] as const;

/** A page's row of the table. */
export function summaryRow(name: string, summary: PageSummary): string[] {
  return [
    name,
    summary.drawnBy,
    fixed(summary.firstFrameMedianMs, 0),
    `${fixed(summary.firstFrameMinMs, 0)}–${fixed(summary.firstFrameMaxMs, 0)}`,
    fixed(summary.firstFrameInFrames, 1),
    kilobytes(summary.bytes.js),
    kilobytes(summary.rapierBytes),
    kilobytes(summary.bytes.wasm),
    kilobytes(summary.bytes.total),
    String(summary.requests),
  ];
}

import type { StepPlan } from 'tickflow';
import type { Body, LabFixedStep, TickRecord } from './lab.js';

/**
 * What the picture is drawn from: the live lab (`TimingLab`), or a recorded
 * session played back (`SessionTrack`).
 */
export interface LabPictureSource {
  /** "Now" on the time axis, in ms of the records' `rawMs`. */
  readonly nowMs: number;
  /** The ticks to draw, oldest first. */
  readonly history: readonly TickRecord[];
  readonly fixedStep: Pick<LabFixedStep, 'stepMs' | 'maxSteps'>;
  /** What the clock lane's label says. */
  readonly clock: { readonly label: string };
  /** A stall's total, for the host lane's label (0: none). */
  readonly stalledMs: number;
  readonly body: Body;
  readonly paused: boolean;
  readonly running: boolean;
  /** The latest frame's plan (its alpha draws the body). */
  plan(): StepPlan;
}

/** Horizontal scale of the picture: 0.6 px per real millisecond (a 60 Hz tick every 10 px). */
export const PX_PER_MS = 0.6;

/** The picture's height in CSS pixels; its width follows the page. */
export const PICTURE_HEIGHT = 410;

/**
 * How far the lanes reach past "now", in ms of the time axis. A jittered
 * timestamp can sit ahead of the real one, and a marble has a radius: both
 * are drawn inside the lanes, in this strip to the right of the "now" line.
 * It holds the lab's largest jitter (±32 ms) and a marble.
 */
export const FUTURE_MS = 40;

/** The height a dropped-time label takes over its box, in CSS pixels (10 px type). */
const DROPPED_LABEL_PX = 14;

/** The tallest delta the delta lane draws to scale, in ms; taller ones are capped and labelled. */
const DELTA_SCALE_MS = 50;

export const COLORS = {
  background: '#0d1117',
  lane: '#111821',
  grid: '#1c2430',
  text: '#e6edf3',
  dim: '#8b98a8',
  faint: '#4a5563',
  host: '#5b9cf5',
  stall: '#ff9f43',
  jitter: '#f7d154',
  delivered: '#3ddc97',
  declined: '#6b7683',
  step: '#b58cff',
  dropped: '#ff5c7a',
  alpha: '#f7d154',
  body: '#ffffff',
} as const;

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const SANS = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';
/** The picture's fonts, each string made once (the picture is drawn every frame). */
const FONT_MONO_11 = `11px ${MONO}`;
const FONT_MONO_BOLD_11 = `600 11px ${MONO}`;
const FONT_MONO_BOLD_10 = `600 10px ${MONO}`;
const FONT_SANS_BOLD_13 = `600 13px ${SANS}`;

/** The left column that names the lanes, and the space right of the lanes, in CSS pixels. */
export const GUTTER = 178;
const RIGHT_PAD = 14;
const MARBLE_R = 4.5;

/** Where a lane's name starts, and the least space between it and its lane, in CSS pixels. */
const LABEL_X = 26;
const LABEL_GAP = 8;

/** The widest a lane's subtitle may be on a wide picture, in CSS pixels (11 px monospace): longer ones are cut with "…". */
export const LABEL_MAX_WIDTH = GUTTER - LABEL_X - LABEL_GAP;

/** A picture narrower than this (a phone's) names its lanes in a {@link NARROW_GUTTER}, so the lanes keep most of the width. */
export const NARROW_PICTURE = 560;

/** The lane names' column on a narrow picture, in CSS pixels: the titles fit, long subtitles are cut with "…". */
export const NARROW_GUTTER = 140;

/** The lane names' column on a picture `width` CSS pixels wide: {@link GUTTER}, or {@link NARROW_GUTTER} below {@link NARROW_PICTURE}. */
export function gutterFor(width: number): number {
  return width < NARROW_PICTURE ? NARROW_GUTTER : GUTTER;
}

/** The lanes, top to bottom, in CSS pixels; across, each runs from {@link gutterFor} to {@link lanesEnd}. */
export const LANES = {
  host: { top: 28, bottom: 70 },
  clock: { top: 74, bottom: 116 },
  delta: { top: 120, bottom: 198 },
  steps: { top: 202, bottom: 276 },
  alpha: { top: 280, bottom: 330 },
  body: { top: 334, bottom: 402 },
} as const;

type Lane = { readonly top: number; readonly bottom: number };

/** Where the lanes end on a picture `width` CSS pixels wide: nothing is drawn right of it but the "now" label. */
export function lanesEnd(width: number): number {
  return width - RIGHT_PAD;
}

/** A lane's label as the picture drew it: `shown` is `subtitle`, or a cut of it ending in "…" when it did not fit. */
export interface LaneLabel {
  readonly title: string;
  readonly subtitle: string;
  readonly shown: string;
}

/** What {@link drawLab} drew that a test may ask about. */
export interface LabPicture {
  readonly labels: readonly LaneLabel[];
}

/** A 2D context and the size of its canvas in CSS pixels (the transform already scales by devicePixelRatio). */
export interface Surface {
  readonly ctx: CanvasRenderingContext2D;
  readonly width: number;
  readonly height: number;
}

/**
 * Sizes `canvas` to its CSS box times devicePixelRatio (so lines stay crisp
 * on any screen) and returns a context that draws in CSS pixels.
 */
export function fitCanvas(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D): Surface {
  const dpr = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  const pixelWidth = Math.max(1, Math.round(width * dpr));
  const pixelHeight = Math.max(1, Math.round(height * dpr));
  if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
    canvas.width = pixelWidth;
    canvas.height = pixelHeight;
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return { ctx, width, height };
}

/**
 * Draws the lab: time runs right to left, "now" at the right edge. Each host
 * tick is a marble; under it, what the clock made of it (a filled marble: a
 * frame; a hollow one: declined), the frame's delta, its fixed steps, its
 * alpha, and a body moved by the fixed steps and drawn at alpha.
 */
export function drawLab({ ctx, width, height }: Surface, lab: LabPictureSource): LabPicture {
  const left = gutterFor(width);
  const end = lanesEnd(width);
  const right = end - FUTURE_MS * PX_PER_MS; // "now" on the time axis
  const now = lab.nowMs;
  const xOf = (record: TickRecord): number => right - (now - record.rawMs - record.jitterMs) * PX_PER_MS;

  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, width, height);
  for (const lane of LANE_LIST) {
    ctx.fillStyle = COLORS.lane;
    ctx.fillRect(left, lane.top, end - left, lane.bottom - lane.top);
  }
  drawTimeAxis(ctx, left, right);
  const labels = drawLabels(ctx, lab, left - LABEL_X - LABEL_GAP);

  // The records on the picture, in an array kept from frame to frame (the picture is drawn every frame).
  const visible = visibleRecords;
  visible.length = 0;
  const history = lab.history;
  for (let i = 0; i < history.length; i++) if (xOf(history[i]!) > left - 12) visible.push(history[i]!);
  // Each lane draws inside its own rectangle: a marble or bar that would cross a lane's edge is cut there.
  clipTo(ctx, LANES.steps, left, end);
  drawPausedBands(ctx, visible, xOf);
  ctx.restore();
  clipTo(ctx, LANES.alpha, left, end);
  drawPausedBands(ctx, visible, xOf);
  ctx.restore();
  clipTo(ctx, HOST_AND_CLOCK, left, end);
  drawHostAndClock(ctx, visible, xOf);
  ctx.restore();
  clipTo(ctx, LANES.delta, left, end);
  drawDeltas(ctx, visible, xOf, lab.fixedStep.stepMs, left, end);
  ctx.restore();
  clipTo(ctx, LANES.steps, left, end);
  drawSteps(ctx, visible, xOf, lab.fixedStep.maxSteps);
  ctx.restore();
  clipTo(ctx, LANES.alpha, left, end);
  drawAlpha(ctx, visible, xOf);
  ctx.restore();

  drawBody(ctx, lab, left, end);
  drawNow(ctx, right);
  return { labels };
}

/** Every lane, top to bottom. */
const LANE_LIST: readonly Lane[] = Object.values(LANES);
/** The host and clock lanes, drawn as one (a delivered tick's line joins their marbles). */
const HOST_AND_CLOCK: Lane = { top: LANES.host.top, bottom: LANES.clock.bottom };
/** {@link drawLab}'s records on the picture, reused from frame to frame. */
const visibleRecords: TickRecord[] = [];

/** Saves the context and clips it to `lane`'s rectangle, from `left` to `end`: restore it when the lane is drawn. */
function clipTo(ctx: CanvasRenderingContext2D, lane: Lane, left: number, end: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, lane.top, end - left, lane.bottom - lane.top);
  ctx.clip();
}

function drawTimeAxis(ctx: CanvasRenderingContext2D, left: number, right: number): void {
  ctx.font = FONT_MONO_11;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let ms = 250; right - ms * PX_PER_MS >= left; ms += 250) {
    const x = Math.round(right - ms * PX_PER_MS) + 0.5;
    ctx.strokeStyle = COLORS.grid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(x, LANES.host.top);
    ctx.lineTo(x, LANES.alpha.bottom);
    ctx.stroke();
    if (ms % 500 === 0) {
      ctx.fillStyle = COLORS.faint;
      ctx.fillText(`−${ms / 1000} s`, x, 14);
    }
  }
}

function drawNow(ctx: CanvasRenderingContext2D, right: number): void {
  ctx.strokeStyle = COLORS.dim;
  ctx.lineWidth = 1;
  ctx.setLineDash([2, 3]);
  ctx.beginPath();
  ctx.moveTo(right + 0.5, LANES.host.top - 5);
  ctx.lineTo(right + 0.5, LANES.alpha.bottom);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = COLORS.dim;
  ctx.font = FONT_MONO_11;
  ctx.textAlign = 'center';
  ctx.fillText('now', right, 14);
}

/** What the lane labels were last laid out for, and the layout: the lab redraws every frame, its labels change rarely. */
let laidOut:
  | { stalledMs: number; clockLabel: string; stepMs: number; maxSteps: number; width: number; labels: LaneLabel[] }
  | undefined;

/** The lanes' titles, colours and subtitles, each subtitle cut to `subtitleWidth` ("…"): laid out again only when one of them or the width changed. */
function laneLabels(ctx: CanvasRenderingContext2D, lab: LabPictureSource, subtitleWidth: number): LaneLabel[] {
  const { stepMs, maxSteps } = lab.fixedStep;
  const last = laidOut;
  if (
    last !== undefined &&
    last.stalledMs === lab.stalledMs &&
    last.clockLabel === lab.clock.label &&
    last.stepMs === stepMs &&
    last.maxSteps === maxSteps &&
    last.width === subtitleWidth
  ) {
    return last.labels;
  }
  ctx.font = FONT_MONO_11;
  const labels = LANE_ROWS.map(([, title, , subtitleOf]) => {
    const subtitle = subtitleOf(lab);
    return { title, subtitle, shown: fitText(ctx, subtitle, subtitleWidth) };
  });
  laidOut = { stalledMs: lab.stalledMs, clockLabel: lab.clock.label, stepMs, maxSteps, width: subtitleWidth, labels };
  return labels;
}

/** Each lane's title, colour and subtitle, top to bottom. */
const LANE_ROWS: readonly (readonly [Lane, string, string, (lab: LabPictureSource) => string])[] = [
  [LANES.host, 'host ticks', COLORS.host, (lab) => (lab.stalledMs > 0 ? `+${lab.stalledMs} ms stalled` : 'rAF timestamps')],
  [LANES.clock, 'clock', COLORS.delivered, (lab) => lab.clock.label],
  [LANES.delta, 'delta', COLORS.delivered, () => `ms per frame, 0–${DELTA_SCALE_MS}`],
  [LANES.steps, 'fixed steps', COLORS.step, ({ fixedStep }) => `${fixedStep.stepMs.toFixed(1)} ms, max ${fixedStep.maxSteps}`],
  [LANES.alpha, 'alpha', COLORS.alpha, () => 'leftover ÷ step'],
  [LANES.body, 'body', COLORS.body, () => 'steps, drawn at alpha'],
];

function drawLabels(ctx: CanvasRenderingContext2D, lab: LabPictureSource, subtitleWidth: number): readonly LaneLabel[] {
  const labels = laneLabels(ctx, lab, subtitleWidth);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  for (let i = 0; i < LANE_ROWS.length; i++) {
    const [lane, title, color] = LANE_ROWS[i]!;
    const middle = (lane.top + lane.bottom) / 2;
    ctx.fillStyle = color;
    ctx.fillRect(14, middle - 13, 3, 26);
    ctx.fillStyle = COLORS.text;
    ctx.font = FONT_SANS_BOLD_13;
    ctx.fillText(title, LABEL_X, middle - 2);
    ctx.fillStyle = COLORS.dim;
    ctx.font = FONT_MONO_11;
    ctx.fillText(labels[i]!.shown, LABEL_X, middle + 13);
  }
  return labels;
}

function fitText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function drawPausedBands(ctx: CanvasRenderingContext2D, records: TickRecord[], xOf: (r: TickRecord) => number): void {
  ctx.fillStyle = 'rgba(255, 255, 255, 0.05)';
  for (const record of records) {
    if (!record.paused) continue;
    ctx.fillRect(xOf(record) - 5, LANES.steps.top, 10, LANES.alpha.bottom - LANES.steps.top);
  }
}

function drawHostAndClock(ctx: CanvasRenderingContext2D, records: TickRecord[], xOf: (r: TickRecord) => number): void {
  const hostY = (LANES.host.top + LANES.host.bottom) / 2;
  const clockY = (LANES.clock.top + LANES.clock.bottom) / 2;
  for (const record of records) {
    const x = xOf(record);
    if (record.delivered) {
      ctx.strokeStyle = 'rgba(61, 220, 151, 0.18)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(x, hostY + MARBLE_R);
      ctx.lineTo(x, clockY - MARBLE_R);
      ctx.stroke();
    }
    const hostColor =
      record.disturbance === 'stall' ? COLORS.stall : record.disturbance === 'jitter' ? COLORS.jitter : COLORS.host;
    marble(ctx, x, hostY, record.disturbance === 'stall' ? MARBLE_R + 2 : MARBLE_R, hostColor);
    if (record.disturbance === 'stall') {
      ctx.fillStyle = COLORS.stall;
      ctx.font = FONT_MONO_BOLD_11;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'alphabetic';
      ctx.fillText('stall', x, LANES.host.top + 10);
    }
    if (record.delivered) {
      marble(ctx, x, clockY, MARBLE_R, COLORS.delivered);
    } else {
      ring(ctx, x, clockY, MARBLE_R - 0.5, COLORS.declined);
    }
  }
}

function drawDeltas(
  ctx: CanvasRenderingContext2D,
  records: TickRecord[],
  xOf: (r: TickRecord) => number,
  stepMs: number,
  left: number,
  right: number,
): void {
  const { top, bottom } = LANES.delta;
  const scale = (bottom - top - 14) / DELTA_SCALE_MS;
  if (stepMs <= DELTA_SCALE_MS) {
    const y = Math.round(bottom - stepMs * scale) + 0.5;
    ctx.strokeStyle = 'rgba(181, 140, 255, 0.45)';
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(right, y);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.font = FONT_MONO_BOLD_10;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  for (const record of records) {
    if (!record.delivered) continue;
    const x = xOf(record);
    const capped = record.deltaMs > DELTA_SCALE_MS;
    const h = Math.max(1.5, Math.min(record.deltaMs, DELTA_SCALE_MS) * scale);
    ctx.fillStyle = capped ? COLORS.stall : 'rgba(61, 220, 151, 0.8)';
    ctx.fillRect(x - 2.5, bottom - h, 5, h);
    if (capped) {
      ctx.fillText(record.deltaMs.toFixed(0), x, bottom - h - 3);
    }
  }
}

function drawSteps(
  ctx: CanvasRenderingContext2D,
  records: TickRecord[],
  xOf: (r: TickRecord) => number,
  maxSteps: number,
): void {
  const { top, bottom } = LANES.steps;
  // Room for maxSteps cells, one more for a dropped-time box, and its label over that: all inside the lane.
  const cell = Math.min(8, (bottom - top - 4 - DROPPED_LABEL_PX) / (maxSteps + 1));
  ctx.font = FONT_MONO_BOLD_10;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  for (const record of records) {
    if (!record.delivered) continue;
    const x = xOf(record);
    for (let i = 0; i < record.steps; i++) {
      ctx.fillStyle = COLORS.step;
      ctx.fillRect(x - 3.5, bottom - 4 - (i + 1) * cell, 7, cell - 2);
    }
    if (record.droppedMs > 0) {
      const y = bottom - 4 - (record.steps + 1) * cell;
      ctx.strokeStyle = COLORS.dropped;
      ctx.lineWidth = 1.5;
      ctx.strokeRect(x - 3.5, y, 7, cell - 2);
      ctx.fillStyle = COLORS.dropped;
      ctx.fillText(`−${record.droppedMs.toFixed(0)} ms`, x, y - 3);
    }
  }
}

function drawAlpha(ctx: CanvasRenderingContext2D, records: TickRecord[], xOf: (r: TickRecord) => number): void {
  const { top, bottom } = LANES.alpha;
  const yOf = (alpha: number): number => bottom - 6 - alpha * (bottom - top - 12);
  ctx.strokeStyle = COLORS.alpha;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  let started = false;
  for (const record of records) {
    if (!record.delivered) continue;
    const x = xOf(record);
    const y = yOf(record.alpha);
    if (started) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
    started = true;
  }
  ctx.stroke();
  for (const record of records) {
    if (record.delivered) marble(ctx, xOf(record), yOf(record.alpha), 2, COLORS.alpha);
  }
}

function drawBody(ctx: CanvasRenderingContext2D, lab: LabPictureSource, left: number, right: number): void {
  const { top, bottom } = LANES.body;
  const y = (top + bottom) / 2;
  const inset = 14;
  const trackLeft = left + inset;
  const trackRight = right - inset;
  const xAt = (position: number): number => trackLeft + fold(position) * (trackRight - trackLeft);

  ctx.strokeStyle = COLORS.grid;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(trackLeft, y);
  ctx.lineTo(trackRight, y);
  ctx.stroke();

  const { previous, current } = lab.body;
  const alpha = lab.plan().alpha;
  ring(ctx, xAt(current), y, 9, COLORS.faint, 1.5);
  marble(ctx, xAt(previous + (current - previous) * alpha), y, 8, COLORS.body);

  ctx.font = FONT_MONO_11;
  ctx.textBaseline = 'alphabetic';
  let legendWidth = trackRight - trackLeft;
  if (lab.paused || !lab.running) {
    const status = lab.running ? 'paused: simulation skipped' : 'stopped: no ticks taken';
    ctx.textAlign = 'right';
    ctx.fillStyle = COLORS.stall;
    ctx.fillText(status, trackRight, bottom - 6);
    legendWidth -= statusWidth(ctx, status) + 12;
  }
  // On a narrow picture the legend gives way: cut, or left out, where the track is short.
  const legend = legendWidth > 40 ? fittedLegend(ctx, legendWidth) : '';
  ctx.textAlign = 'left';
  ctx.fillStyle = COLORS.faint;
  ctx.fillText(legend, trackLeft, bottom - 6);
}

/*
 * The body lane's texts are measured only when they change: each measureText
 * call makes a TextMetrics on Blink's own heap, and the legend fitted every
 * frame was enough to force a full collection every 7.6 s
 * (bench/GAMES-RESULTS.md). Both are set in FONT_MONO_11.
 */
const BODY_LEGEND = '○ latest step   ● drawn at alpha';
/** The legend as last fitted, and the width it was fitted to. */
let legendFitted: { readonly width: number; readonly text: string } | undefined;
/** The status texts' widths, each measured once. */
const statusWidths = new Map<string, number>();

function fittedLegend(ctx: CanvasRenderingContext2D, width: number): string {
  if (legendFitted?.width !== width) legendFitted = { width, text: fitText(ctx, BODY_LEGEND, width) };
  return legendFitted.text;
}

function statusWidth(ctx: CanvasRenderingContext2D, status: string): number {
  let width = statusWidths.get(status);
  if (width === undefined) {
    width = ctx.measureText(status).width;
    statusWidths.set(status, width);
  }
  return width;
}

/** A triangle wave in [0, 1]: the body runs along the track and back. */
function fold(position: number): number {
  const t = ((position % 2) + 2) % 2;
  return t <= 1 ? t : 2 - t;
}

function marble(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

function ring(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string, width = 1.5): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
}

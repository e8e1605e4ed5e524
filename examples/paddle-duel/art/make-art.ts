// Draws Paddle Duel's art with pngjs and writes it beside this file: one
// spritesheet (duel-sheet.png + duel-sheet.json) with
//
// - `paddle`: a rounded bar, white with soft shading, tinted per side by its visual;
// - `ball-0` … `ball-7`, the animation `ball-spin`: a ball with a seam that turns;
// - `glow`: a soft round halo drawn under the ball.
//
// Run after changing it: node --import tsx examples/paddle-duel/art/make-art.ts
import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { ART } from './art-layout.js';

const here = new URL('./', import.meta.url);
const { paddle, ball, glow, spinFrames } = ART;
const width = paddle.width + 2 + spinFrames * (ball.size + 2) + glow.size;
const height = Math.max(paddle.height, ball.size, glow.size);
const image = new PNG({ width, height });

/** Blends a white-ish pixel of brightness `value` (0–1) at coverage `alpha` (0–1) into the sheet. */
function put(x: number, y: number, value: number, alpha: number): void {
  if (alpha <= 0) return;
  const i = (y * width + x) * 4;
  const v = Math.round(Math.max(0, Math.min(1, value)) * 255);
  image.data[i] = v;
  image.data[i + 1] = v;
  image.data[i + 2] = v;
  image.data[i + 3] = Math.round(Math.max(0, Math.min(1, alpha)) * 255);
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
const frames: Record<string, { frame: { x: number; y: number; w: number; h: number } }> = {};
const frame = (name: string, x: number, w: number, h: number) => (frames[name] = { frame: { x, y: 0, w, h } });

// The paddle: a capsule, lit from the left, with a bright core line.
{
  const r = paddle.width / 2;
  for (let y = 0; y < paddle.height; y++) {
    for (let x = 0; x < paddle.width; x++) {
      const cx = x + 0.5 - r;
      const cy = Math.max(0, Math.abs(y + 0.5 - paddle.height / 2) - (paddle.height / 2 - r));
      const d = Math.hypot(cx, cy);
      const coverage = clamp01(r - d + 0.5);
      const light = 0.78 + 0.22 * (1 - Math.abs(cx) / r) - 0.1 * (cx / r);
      put(x, y, light, coverage);
    }
  }
  frame('paddle', 0, paddle.width, paddle.height);
}

// The ball's spin: a sphere, shaded, with a seam (a dark band) whose phase moves one step a frame.
for (let f = 0; f < spinFrames; f++) {
  const ox = paddle.width + 2 + f * (ball.size + 2);
  const r = ball.size / 2 - 0.5;
  const phase = (f / spinFrames) * Math.PI * 2;
  for (let y = 0; y < ball.size; y++) {
    for (let x = 0; x < ball.size; x++) {
      const dx = (x + 0.5 - ball.size / 2) / r;
      const dy = (y + 0.5 - ball.size / 2) / r;
      const d = Math.hypot(dx, dy);
      const coverage = clamp01((1 - d) * r + 0.5);
      if (coverage <= 0) continue;
      const z = Math.sqrt(Math.max(0, 1 - d * d));
      // Longitude of the surface point, turned by the frame's phase: the seam is where it crosses 0.
      const longitude = Math.atan2(dx, z) + phase;
      const seam = Math.abs(Math.sin(longitude)) < 0.22 && z > 0.05 ? 0.45 : 0;
      const shade = 0.55 + 0.45 * z - 0.15 * dy + 0.1 * -dx;
      put(ox + x, y, shade - seam, coverage);
    }
  }
  frame(`ball-${f}`, ox, ball.size, ball.size);
}

// The glow: a soft radial fade.
{
  const ox = paddle.width + 2 + spinFrames * (ball.size + 2);
  const r = glow.size / 2;
  for (let y = 0; y < glow.size; y++) {
    for (let x = 0; x < glow.size; x++) {
      const d = Math.hypot(x + 0.5 - r, y + 0.5 - r) / r;
      put(ox + x, y, 1, 0.55 * (1 - d) ** 2);
    }
  }
  frame('glow', ox, glow.size, glow.size);
}

writeFileSync(new URL('duel-sheet.png', here), PNG.sync.write(image));
const sheet = {
  frames,
  animations: { 'ball-spin': Array.from({ length: spinFrames }, (_, f) => `ball-${f}`) },
  meta: { image: 'duel-sheet.png', format: 'RGBA8888', size: { w: width, h: height }, scale: '1' },
};
writeFileSync(new URL('duel-sheet.json', here), `${JSON.stringify(sheet, null, 2)}\n`);

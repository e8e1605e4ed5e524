import type { DeepReadonly } from 'tickflow/state';
import type { GameState } from './state.js';

/**
 * Headless parity (DESIGN.md: "one scenario under one scripted clock reaches
 * the same states stepped synchronously in Node as it does running in a
 * browser"): what the page's `?parity=N` mode and the Node side of
 * spec/browser/orbit-catch-parity.spec.ts share, so both fingerprint a state
 * the same way.
 *
 * The scenario: a seeded round, the scripted player acting just before each
 * frame (`ScriptedPlayer.beforeFrame`), every frame worth {@link PARITY_FRAME_MS}
 * (`constantClock(PARITY_FRAME_MS)`), stopped after exactly N frames. In Node,
 * `engine.advance()` N times on the headless three backend; on the page, the
 * page's frames with the same clock, the engine stopped at frame N.
 *
 * @module
 */

/** What each frame of the parity scenario is worth: a 60 Hz constant clock. */
export const PARITY_FRAME_MS = 1000 / 60;

/** Numbers are compared to this resolution (1e-9), so a last-bit difference in a platform's maths does not count. */
const ROUNDING = 1e9;

const FNV_OFFSET = 0x811c9dc5;

/** 32-bit FNV-1a over UTF-16 code units, continuing from `hash`. */
function fnv1a(text: string, hash = FNV_OFFSET): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const hex = (hash: number): string => hash.toString(16).padStart(8, '0');

/**
 * The state as a canonical string: keys sorted, numbers rounded to 1e-9
 * (`-0` as `0`). Accepts the engine's read-only view as well as a plain copy.
 */
export function canonicalJson(state: DeepReadonly<GameState> | GameState): string {
  return JSON.stringify(state, (_key, value: unknown) => {
    if (typeof value === 'number') {
      const rounded = Math.round(value * ROUNDING) / ROUNDING;
      return Object.is(rounded, -0) ? 0 : rounded;
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const sorted: Record<string, unknown> = {};
      for (const key of Object.keys(value).sort()) sorted[key] = (value as Record<string, unknown>)[key];
      return sorted;
    }
    return value;
  });
}

/**
 * A short fingerprint of a state: 32-bit FNV-1a over the UTF-16 code units
 * of {@link canonicalJson}, as 8 hex digits. The same state gives the same
 * hash in Node and in a browser.
 *
 * @example
 * ```ts
 * stateHash(initialState(7)); // the same 8 hex digits on every platform
 * ```
 */
export function stateHash(state: DeepReadonly<GameState> | GameState): string {
  return hex(fnv1a(canonicalJson(state)));
}

/** What a {@link ParityTrace} has seen: a fingerprint of every frame's state, chained, and one per checkpoint. */
export interface ParityTraceReport {
  /** Frames recorded. */
  readonly frames: number;
  /** The chained fingerprint of every recorded state, in order: equal only if every frame's state was. */
  readonly trail: string;
  /** The state's fingerprint at every `checkpointEvery`-th frame, by frame count (where two runs part, to the nearest checkpoint). */
  readonly checkpoints: Readonly<Record<number, string>>;
}

/**
 * Records the states a run passes through, not only the last one: call
 * {@link record} after each frame with the frame count and the state it left.
 * A scenario can end in the same state by different roads (a scripted player
 * that catches every orb leaves an empty arena however it timed its clicks);
 * the trail tells them apart.
 */
export class ParityTrace {
  private trailHash = FNV_OFFSET;
  private count = 0;
  private readonly marks: Record<number, string> = {};

  /** @param checkpointEvery Frames between checkpoints. */
  constructor(private readonly checkpointEvery = 60) {}

  /** After a frame: folds the state's fingerprint into the trail. */
  record(frameCount: number, state: DeepReadonly<GameState> | GameState): void {
    const hash = stateHash(state);
    this.trailHash = fnv1a(`${frameCount}:${hash};`, this.trailHash);
    this.count++;
    if (frameCount % this.checkpointEvery === 0) this.marks[frameCount] = hash;
  }

  report(): ParityTraceReport {
    return { frames: this.count, trail: hex(this.trailHash), checkpoints: { ...this.marks } };
  }
}

/**
 * The frame count `?parity=N` asks for: a whole number from 1 up, or
 * `undefined` when the parameter is absent or not one.
 */
export function parityFrames(params: URLSearchParams): number | undefined {
  const raw = params.get('parity');
  if (raw === null) return undefined;
  const frames = Number(raw);
  return Number.isInteger(frames) && frames > 0 ? frames : undefined;
}

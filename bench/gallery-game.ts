/**
 * What the replay bench needs of a gallery game (bench/replay-games.ts),
 * and the scripted person at its keys.
 */
import type { Input } from '../src/index.js';
import type { ReplayHost, ShellEngine } from '../src/replay/index.js';
import { createSeededRandom, nextRandom, type SeededRandom } from '../operators/seeded-random.js';

/** A game built and ready to play: its engine, the Input a replay sends recorded calls to, and the person at the keys. */
export interface PlayedGame {
  readonly engine: ShellEngine;
  /** The Input the game reads, when the engine does not hold it where the recorder looks (a systems game). */
  readonly input?: Input<string>;
  /** The person's input before host tick `index` (0, 1, ...) at `seconds` of host time; between frames, as a page's key handlers run. */
  beforeTick(index: number, seconds: number): void;
  /** Runs one host tick at `timestampMs` (the engine's `advance`, or the page's frame); whether a frame ran. */
  tick(timestampMs: number): boolean;
  /** After a tick the engine declined: waits for what it waits for (a level load). */
  settle?(): Promise<void>;
}

/** A gallery game as the bench plays it. */
export interface GalleryGame {
  /** Its title in the gallery. */
  readonly name: string;
  readonly preset: string;
  /** The scripted minute, in words. */
  readonly how: string;
  /** Builds the game; given a replay's host, the replay's build (its ticks, clock and seed). */
  build(host?: ReplayHost): Promise<PlayedGame>;
  /** The checkpoint state, when the preset has none of its own (the page engine). */
  readonly stateOf?: (engine: never) => unknown;
}

/**
 * A person at a keyboard, scripted: holds one of `keys` for 0.15-0.9 s, lets
 * go for 0.1-0.6 s, and taps `tap` (press, release 0.1 s later) every
 * 0.8-2.5 s; about five key events a second, a busy player's rate. Seeded,
 * so every run presses the same keys at the same host times.
 */
export class HumanKeys {
  private readonly random: SeededRandom;
  private held: string | undefined;
  private nextChangeSeconds = 0.5;
  private nextTapSeconds = 1;
  private tapUpSeconds = Number.POSITIVE_INFINITY;

  constructor(
    private readonly keys: readonly string[],
    private readonly tap: string | undefined,
    private readonly press: (code: string) => void,
    private readonly release: (code: string) => void,
    seed = 26,
  ) {
    this.random = createSeededRandom(seed);
  }

  /** Presses and lets go of what is due by `seconds`. */
  at(seconds: number): void {
    if (seconds >= this.nextChangeSeconds) {
      if (this.held !== undefined) {
        this.release(this.held);
        this.held = undefined;
        this.nextChangeSeconds = seconds + this.between(0.1, 0.6);
      } else {
        this.held = this.keys[Math.floor(nextRandom(this.random) * this.keys.length)]!;
        this.press(this.held);
        this.nextChangeSeconds = seconds + this.between(0.15, 0.9);
      }
    }
    if (this.tap === undefined) return;
    if (seconds >= this.tapUpSeconds) {
      this.release(this.tap);
      this.tapUpSeconds = Number.POSITIVE_INFINITY;
    } else if (seconds >= this.nextTapSeconds && this.tapUpSeconds === Number.POSITIVE_INFINITY) {
      this.press(this.tap);
      this.tapUpSeconds = seconds + 0.1;
      this.nextTapSeconds = seconds + this.between(0.8, 2.5);
    }
  }

  private between(low: number, high: number): number {
    return low + nextRandom(this.random) * (high - low);
  }
}

import type { DeepReadonly } from 'tickflow/state';
import { escapeAtSeconds, orbPosition } from './orbits.js';
import type { ScreenPoint } from './project.js';
import type { GameState, Orb, Vec3 } from './state.js';

/**
 * A scripted player: it plays Orbit Catch through the same input a person
 * uses (move the pointer over an orb, press the primary button, release it),
 * so everything it does goes through the game's real path: the input frame,
 * the pick through the view, the update. The page runs it with `?autoplay=1`;
 * the Node tests run it to play whole rounds under different clocks.
 *
 * It decides on the round's schedule, not on frames: it clicks every
 * `clickIntervalSeconds` of round time, and aims at the orb due to reach the
 * core soonest among those that appeared at least `marginSeconds` before the
 * click is due and will escape no sooner than `marginSeconds` after it. Both
 * times are exact whatever the step size (see `escapeAtSeconds`), so as long
 * as the margin exceeds the longest frame, the same orbs are eligible under
 * any clock, and a round played at 60 Hz and one played with jittered steps
 * make the same choices.
 *
 * @module
 */

/** The pointer button the player clicks with (the game binds it to `catch`). */
export const CLICK_INPUT = 'Pointer0';

/** The inputs a scripted player drives: what `Input` offers for scripted play. */
export interface ScriptedInput {
  press(input: string): void;
  release(input: string): void;
  movePointer(x: number, y: number, inside?: boolean): void;
}

/** Options of {@link ScriptedPlayer}. */
export interface ScriptedPlayerOptions {
  /** Round time between two clicks. Defaults to {@link DEFAULT_CLICK_INTERVAL_SECONDS}. */
  clickIntervalSeconds?: number;
  /** The safety margin around spawns and escapes; must exceed the longest frame. Defaults to {@link DEFAULT_MARGIN_SECONDS}. */
  marginSeconds?: number;
  /** Where a world point appeared in the last frame, in CSS pixels of the surface (the renderer's `locate`). */
  locate: (point: Vec3) => ScreenPoint | undefined;
  /**
   * What a pick at a CSS point would name (the backend's `view.pick(x, y)?.name`),
   * to check an orb is not hidden behind another before clicking it. Optional:
   * without it, the player clicks the orb's centre and trusts it.
   */
  confirm?: (cssX: number, cssY: number) => string | undefined;
}

/** The scripted player's default cadence: a little over two clicks a second. */
export const DEFAULT_CLICK_INTERVAL_SECONDS = 0.42;

/**
 * The page's autoplayer (`?autoplay=1`) clicks a little slower than it could,
 * so the arena stays busy enough to watch. Shared with the parity test, which
 * plays the page's scenario in Node.
 */
export const PAGE_CLICK_INTERVAL_SECONDS = 0.55;

/** The default margin: well over the longest frame a clock may deliver (the wall clock caps a frame at 250 ms; the scripted clocks here stay under 60 ms). */
export const DEFAULT_MARGIN_SECONDS = 0.3;

/** Where the scripted player will click, and at which orb. */
export interface AimPoint {
  readonly id: string;
  readonly x: number;
  readonly y: number;
}

/**
 * The orb to click at round time `atSeconds`, and where: the eligible orb
 * (see the module's doc) due at the core soonest, at the first of its
 * on-screen points that a pick would name it at. Pure: reads the state and
 * the two functions, changes nothing.
 */
export function chooseTarget(
  state: DeepReadonly<GameState>,
  atSeconds: number,
  options: Pick<ScriptedPlayerOptions, 'locate' | 'confirm' | 'marginSeconds'>,
): AimPoint | undefined {
  const { locate, confirm, marginSeconds = DEFAULT_MARGIN_SECONDS } = options;
  const eligible = state.orbs
    .filter((orb) => orb.spawnedAtSeconds <= atSeconds - marginSeconds && escapeAtSeconds(orb) >= atSeconds + marginSeconds)
    .sort(bySoonestEscape);
  for (const orb of eligible) {
    const at = locate(orbPosition(orb));
    if (at === undefined || !at.inFront) continue;
    if (confirm !== undefined && confirm(at.x, at.y) !== orb.id) continue; // hidden behind another orb
    return { id: orb.id, x: at.x, y: at.y };
  }
  return undefined;
}

function bySoonestEscape(a: DeepReadonly<Orb>, b: DeepReadonly<Orb>): number {
  return escapeAtSeconds(a) - escapeAtSeconds(b) || (a.id < b.id ? -1 : 1);
}

/**
 * Plays by a schedule of clicks. Call {@link beforeFrame} between frames with
 * the state the last frame left; it releases the previous click and, when a
 * click is due, aims and presses. The next frame's update consumes the press.
 *
 * @example
 * ```ts
 * const player = new ScriptedPlayer(engine.input, { locate: renderer.locate, confirm: (x, y) => backend.view.pick(x, y)?.name });
 * for (let i = 0; i < 3600; i++) {
 *   player.beforeFrame(engine.state);
 *   engine.advance();
 * }
 * ```
 */
export class ScriptedPlayer {
  /** The clicks it made so far (aimed at an orb), oldest first. */
  readonly clicks: AimPoint[] = [];
  private readonly clickIntervalSeconds: number;
  private readonly options: ScriptedPlayerOptions;
  private nextClickAtSeconds: number;
  private holding = false;
  private lastElapsedSeconds = 0;

  constructor(
    private readonly input: ScriptedInput,
    options: ScriptedPlayerOptions,
  ) {
    const { clickIntervalSeconds = DEFAULT_CLICK_INTERVAL_SECONDS } = options;
    if (!(clickIntervalSeconds > 0)) throw new Error(`ScriptedPlayer: clickIntervalSeconds must be > 0, got ${clickIntervalSeconds}`);
    this.clickIntervalSeconds = clickIntervalSeconds;
    this.options = options;
    this.nextClickAtSeconds = clickIntervalSeconds;
  }

  /** Between frames: releases the last click, and presses when the next is due. */
  beforeFrame(state: DeepReadonly<GameState>): void {
    if (this.holding) {
      this.input.release(CLICK_INPUT);
      this.holding = false;
    }
    // A new round (a restart went through engine.apply): start the schedule again.
    if (state.elapsedSeconds < this.lastElapsedSeconds) this.nextClickAtSeconds = this.clickIntervalSeconds;
    this.lastElapsedSeconds = state.elapsedSeconds;
    if (state.phase !== 'playing' || state.elapsedSeconds < this.nextClickAtSeconds) return;

    const atSeconds = this.nextClickAtSeconds;
    // One click per frame at most; after a long frame the schedule skips what it missed rather than bursting.
    while (this.nextClickAtSeconds <= state.elapsedSeconds) this.nextClickAtSeconds += this.clickIntervalSeconds;
    const target = chooseTarget(state, atSeconds, this.options);
    if (target === undefined) return;
    this.input.movePointer(target.x, target.y, true);
    this.input.press(CLICK_INPUT);
    this.holding = true;
    this.clicks.push(target);
  }
}

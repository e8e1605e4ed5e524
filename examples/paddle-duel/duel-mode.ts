import { GameMode, TIMER_DUE_TOLERANCE_SECONDS, type TickContext, type World } from 'tickflow/world';
import { createSeededRandom, nextRandom, type SeededRandom } from 'tickflow/operators';
import { Ball } from './ball.js';
import type { DuelAction } from './bindings.js';
import { COURTS, courtCentre, type Court } from './courts.js';
import { CUES, type CueName } from './cues.js';
import { clearRecord, otherSide, recordRound, type MatchRecord, type Side } from './match.js';
import type { Referee } from './referee.js';
import {
  POINTS_TO_WIN_ROUND,
  ROUND_BREAK_SECONDS,
  SERVE_DELAY_SECONDS,
  SERVE_MAX_ANGLE_RADIANS,
  SERVE_MIN_ANGLE_RADIANS,
  WARM_UP_SECONDS,
} from './tuning.js';

/**
 * The phases of a round, in the order they come:
 *
 * ```text
 * warm-up ──3 s──▶ playing ──first to 3──▶ round-over ──2 s──▶ (next court) warm-up ...
 *                                     └── last round ──▶ over ──Enter──▶ (round 1) warm-up
 * ```
 */
export type MatchPhase = 'warm-up' | 'playing' | 'round-over' | 'over';

/** The time between two beeps of the warm-up countdown. */
const COUNTDOWN_STEP_SECONDS = 1;

/**
 * The rules of one round, and the referee of its rallies.
 *
 * The ball and the goals report returns, bounces and exits during the
 * collision pass (step 7); the mode ticks right after (step 8) and decides:
 * it plays the cues, awards the point, takes the ball away, and schedules the
 * next serve on a world timer, or ends the round. Its `phase` and `scores`
 * (the match's points per side) are what an outcome table compares.
 *
 * Time is world time throughout: the countdown is a row of timers, the
 * serve delay a one-shot timed from the instant the ball crossed the line,
 * and a serve that fires a little after its due time (timers fire on the
 * first frame at or past it) sends the ball off with the head start it is
 * owed. No frame is counted anywhere.
 *
 * Everything it keeps is plain data or a world object, the match record
 * included, and its timers call its methods ({@link countDown},
 * {@link serve}, {@link openNextCourt}): so `engine.save()` holds the whole
 * round and the match, and a restore, into this engine or a fresh one, plays
 * on from it.
 */
export class DuelMode extends GameMode<DuelAction> implements Referee {
  override phase: MatchPhase = 'warm-up';
  /** Points per side in this round. */
  readonly roundScores: Record<Side, number> = { left: 0, right: 0 };
  /** The number the warm-up shows (3, 2, 1), then 0. */
  countdown = Math.round(WARM_UP_SECONDS / COUNTDOWN_STEP_SECONDS);
  /** Who won the latest point, for the banner. */
  lastPoint: Side | undefined;

  private pendingOut: { defending: Side; atSeconds: number } | undefined;
  private readonly cues: CueName[] = [];
  private readonly serves: SeededRandom;

  /**
   * @param world The round's world (timers, spawning).
   * @param court The round's court.
   * @param record The match's record, taken over from the round before (the HUD reads it too).
   * @param servesSeed Seeds the round's serve angles (`Match.seedFor(round, 'serves')`).
   */
  constructor(
    private readonly world: World<DuelAction>,
    readonly court: Court,
    readonly record: MatchRecord,
    servesSeed: number,
  ) {
    super();
    this.scores.left = record.totals.left;
    this.scores.right = record.totals.right;
    this.serves = createSeededRandom(servesSeed);
  }

  /** Whether this is the match's last round. */
  get lastRound(): boolean {
    return this.court.round >= COURTS.length;
  }

  /**
   * Starts the warm-up: a countdown of one-shot timers, one beep a second,
   * then the round's first serve.
   *
   * A round that opened from a timer (the break after the last one) opened on
   * the first frame at or past the timer's due time, a little late; the match
   * hands that lateness over as a head start, and the countdown runs that
   * much early, so round 2 keeps the time it would have had under any clock.
   */
  begin(): void {
    const headStartSeconds = this.record.headStartSeconds;
    this.record.headStartSeconds = 0;
    const steps = this.countdown;
    for (let step = 1; step <= steps; step++) {
      this.world.timers.after(step * COUNTDOWN_STEP_SECONDS - headStartSeconds, this.self, 'countDown', steps - step, headStartSeconds);
    }
  }

  /**
   * A timer's target (scheduled by {@link begin}): one beep of the warm-up,
   * `left` beeps to go; at 0 play starts and the first serve goes, due at
   * the end of the warm-up less the round's head start.
   */
  countDown(left: number, headStartSeconds: number): void {
    this.countdown = left;
    if (this.countdown > 0) {
      this.cues.push(CUES.count);
      return;
    }
    this.phase = 'playing';
    this.cues.push(CUES.go);
    this.serveAt(this.court.firstServeTowards, WARM_UP_SECONDS - headStartSeconds);
  }

  // -- the referee (called from the collision pass) ---------------------------

  returned(_side: Side): void {
    this.cues.push(CUES.paddle);
  }

  bounced(): void {
    this.cues.push(CUES.wall);
  }

  out(defending: Side, atSeconds: number): void {
    if (this.phase !== 'playing' || this.pendingOut !== undefined) return;
    this.pendingOut = { defending, atSeconds };
  }

  // -- step 8 ----------------------------------------------------------------------

  override tick(_dt: number, { cue, input }: TickContext<DuelAction>): void {
    if (this.pendingOut !== undefined) {
      const { defending, atSeconds } = this.pendingOut;
      this.pendingOut = undefined;
      this.award(otherSide(defending), atSeconds);
    }
    for (const name of this.cues) cue(name);
    this.cues.length = 0;
    if (this.phase === 'over' && input.pressed('confirm')) this.restartMatch();
  }

  /**
   * Starts the match again from round 1: the record is cleared, the world
   * unpaused, and round 1's level requested (it opens when this frame's
   * deferred work flushes). Enter after the match, or the pause menu's
   * Restart.
   */
  restartMatch(): void {
    clearRecord(this.record);
    this.world.paused = false;
    this.world.openLevel(COURTS[0]!.level);
  }

  /** A point to `scorer`, its ball out at world time `atSeconds`: the next serve, or the round's end. */
  private award(scorer: Side, atSeconds: number): void {
    this.roundScores[scorer]++;
    this.record.totals[scorer]++;
    this.scores[scorer] = this.record.totals[scorer];
    this.lastPoint = scorer;
    for (const ball of this.world.ofType(Ball)) this.world.destroy(ball);
    if (this.roundScores[scorer] >= POINTS_TO_WIN_ROUND) {
      this.finishRound(scorer, atSeconds);
      return;
    }
    this.cues.push(CUES.point);
    // The side that conceded receives the next serve.
    this.serveAt(otherSide(scorer), atSeconds + SERVE_DELAY_SECONDS);
  }

  /** The round is `winner`'s, its last ball out at world time `atSeconds`: the match is over, or the next court opens after a break. */
  private finishRound(winner: Side, atSeconds: number): void {
    const { round } = this.court;
    recordRound(this.record, { round, winner, points: { ...this.roundScores } }, this.lastRound);
    if (this.lastRound) {
      this.phase = 'over';
      this.cues.push(CUES.over);
      return;
    }
    this.phase = 'round-over';
    this.cues.push(CUES.round);
    const next = COURTS[round]!;
    const dueSeconds = atSeconds + ROUND_BREAK_SECONDS;
    this.world.timers.after(dueSeconds - this.world.time, this.self, 'openNextCourt', next.level, dueSeconds);
  }

  /**
   * A timer's target (scheduled at a round's end): the break is over, so
   * `level` (the next court) opens. The timer was due at world time
   * `dueSeconds`; how late it fired is left in the record as the next
   * round's head start.
   */
  openNextCourt(level: string, dueSeconds: number): void {
    this.record.headStartSeconds = this.lateBy(dueSeconds);
    this.world.openLevel(level);
  }

  /**
   * Serves from the centre towards `towards` at world time `dueSeconds`: now
   * if that is already past, else on a timer. The ball leaves at a seeded
   * angle (one draw per serve, so every clock draws the same angles in the
   * same order) and is flown forward by however late the serve fired.
   */
  private serveAt(towards: Side, dueSeconds: number): void {
    const waitSeconds = dueSeconds - this.world.time;
    if (waitSeconds <= TIMER_DUE_TOLERANCE_SECONDS) this.serve(towards, dueSeconds); // due now, to within the timers' own rounding
    else this.world.timers.after(waitSeconds, this.self, 'serve', towards, dueSeconds);
  }

  /**
   * A timer's target (scheduled by a serve not due yet), or called at once:
   * serves a ball from the centre towards `towards`, the serve due at world
   * time `dueSeconds`.
   */
  serve(towards: Side, dueSeconds: number): void {
    const lateSeconds = this.lateBy(dueSeconds);
    const steepness = SERVE_MIN_ANGLE_RADIANS + nextRandom(this.serves) * (SERVE_MAX_ANGLE_RADIANS - SERVE_MIN_ANGLE_RADIANS);
    const angle = nextRandom(this.serves) < 0.5 ? -steepness : steepness;
    const ball = this.world.spawn(new Ball(this.court, this), courtCentre(this.court));
    ball.launch(towards, this.court.serveSpeed, angle);
    ball.fly(lateSeconds);
  }

  /** This mode as its class, not the polymorphic `this`: what a method timer's type names its methods from. */
  private get self(): DuelMode {
    return this;
  }

  /**
   * How far past `dueSeconds` the world is, up to this frame's delta: a timer
   * fires on the first frame at or past its due time, so it is late by less
   * than a frame; anything more is time the world spent paused, which owes
   * nobody a head start.
   */
  private lateBy(dueSeconds: number): number {
    return Math.min(Math.max(this.world.time - dueSeconds, 0), this.world.frame().lastDeltaMs / 1000);
  }
}

import type { World } from 'tickflow/world';
import { OPEN_COURT } from './courts.js';
import { DEFAULT_SEED } from './tuning.js';

/**
 * What outlives a level: the match. A world holds one round (its court, its
 * paddles, its game mode) and is thrown away when the next round's level
 * opens; the match record carries the totals, the finished rounds and who is
 * playing which side across those transitions.
 *
 * @module
 */

/** The two ends of the court. */
export type Side = 'left' | 'right';

/** Both sides, left first: the order every table and loop uses. */
export const SIDES: readonly Side[] = ['left', 'right'];

/** The side facing `side`. */
export function otherSide(side: Side): Side {
  return side === 'left' ? 'right' : 'left';
}

/**
 * Who plays a side: the AI, a person at the keyboard, or the AI until a
 * person presses one of that side's keys (`'demo'`: the page's default, so
 * the game plays itself until someone joins in).
 */
export type Seat = 'ai' | 'player' | 'demo';

/** A finished round. */
export interface RoundResult {
  readonly round: number;
  readonly winner: Side;
  readonly points: Readonly<Record<Side, number>>;
}

/** How a match ended: a side, or a draw (one round each and level on points). */
export type MatchWinner = Side | 'draw';

/** Options of {@link Match}. */
export interface MatchOptions {
  /** Who plays each side; defaults to the AI on both. */
  seats?: Partial<Record<Side, Seat>>;
  /** Seeds the serves and the AI's choices; defaults to {@link DEFAULT_SEED}. */
  seed?: number;
}

/** A match's record as plain data (see {@link Match.save}). */
export interface MatchData {
  readonly seats: Record<Side, Seat>;
  readonly seed: number;
  readonly totals: Record<Side, number>;
  readonly rounds: RoundResult[];
  readonly takenOver: Side[];
  readonly winner: MatchWinner | null;
  readonly headStartSeconds: number;
}

/** The match record, shared by every level of one match. */
export class Match {
  /** Who plays each side (a restore may change them: a session recorded with other seats). */
  seats: Readonly<Record<Side, Seat>>;
  /** The seed every round derives its random streams from (a restore may change it, as the seats). */
  seed: number;
  /** Points per side over the whole match. */
  readonly totals: Record<Side, number> = { left: 0, right: 0 };
  /** The rounds played so far. */
  readonly rounds: RoundResult[] = [];
  /** Demo sides a person has taken over (they stay theirs in later rounds). */
  readonly takenOver = new Set<Side>();
  /** Set when the last round ends. */
  winner: MatchWinner | undefined;
  /** How late the transition to the next round fired, for that round to make up (see `DuelMode.begin`). */
  private headStartSeconds = 0;

  constructor(options: MatchOptions = {}) {
    const { seats = {}, seed = DEFAULT_SEED } = options;
    this.seats = { left: seats.left ?? 'ai', right: seats.right ?? 'ai' };
    this.seed = seed;
  }

  /** The level a match starts in. */
  get firstLevel(): string {
    return OPEN_COURT.level;
  }

  /** Rounds won per side. */
  roundsWon(): Record<Side, number> {
    const won = { left: 0, right: 0 };
    for (const round of this.rounds) won[round.winner]++;
    return won;
  }

  /** Records a finished round; after the last one, decides the match. */
  finishRound(result: RoundResult, last: boolean): void {
    this.rounds.push(result);
    if (last) this.winner = decideWinner(this.roundsWon(), this.totals);
  }

  /** Leaves the next round a head start: how late (seconds) the timer that opens it fired. */
  handHeadStart(seconds: number): void {
    this.headStartSeconds = seconds;
  }

  /** Takes the head start left for this round (and clears it). */
  takeHeadStart(): number {
    const seconds = this.headStartSeconds;
    this.headStartSeconds = 0;
    return seconds;
  }

  /** What changes as the match is played, as plain data: the duel's game mode keeps it in the engine's snapshots. */
  save(): MatchData {
    return {
      seats: { ...this.seats },
      seed: this.seed,
      totals: { ...this.totals },
      rounds: this.rounds.map((r) => ({ ...r, points: { ...r.points } })),
      takenOver: [...this.takenOver],
      winner: this.winner ?? null,
      headStartSeconds: this.headStartSeconds,
    };
  }

  /** Back to what {@link save} returned (this record, so every object holding it sees the change). */
  restore(data: MatchData): void {
    this.seats = { ...data.seats };
    this.seed = data.seed;
    Object.assign(this.totals, data.totals);
    this.rounds.splice(0, this.rounds.length, ...data.rounds);
    this.takenOver.clear();
    for (const side of data.takenOver) this.takenOver.add(side);
    this.winner = data.winner ?? undefined;
    this.headStartSeconds = data.headStartSeconds;
  }

  /** Back to nothing played (seats and takeovers stay: the same people play again). */
  reset(): void {
    this.totals.left = 0;
    this.totals.right = 0;
    this.rounds.length = 0;
    this.winner = undefined;
    this.headStartSeconds = 0;
  }

  /**
   * Starts the match again from round 1: the record is cleared, the world
   * unpaused, and round 1's level requested (it opens when this frame's
   * deferred work flushes).
   */
  restart<A extends string>(world: World<A>): void {
    this.reset();
    world.paused = false;
    world.openLevel(this.firstLevel);
  }

  /**
   * A seed for one random stream of one round, so each round (and a
   * restarted match) draws the same sequence whatever happened before it.
   */
  seedFor(round: number, stream: 'serves' | Side): number {
    const streamIndex = stream === 'serves' ? 0 : stream === 'left' ? 1 : 2;
    return (Math.imul(this.seed ^ 0x9e3779b9, 31) + round * 977 + streamIndex * 7919) >>> 0;
  }
}

/** More rounds won wins; level on rounds, more points wins; level on both, a draw. */
function decideWinner(rounds: Record<Side, number>, points: Record<Side, number>): MatchWinner {
  if (rounds.left !== rounds.right) return rounds.left > rounds.right ? 'left' : 'right';
  if (points.left !== points.right) return points.left > points.right ? 'left' : 'right';
  return 'draw';
}

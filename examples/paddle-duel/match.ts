import { OPEN_COURT } from './courts.js';
import { DEFAULT_SEED } from './tuning.js';

/**
 * What outlives a level: the match. A world holds one round (its court, its
 * paddles, its game mode) and is thrown away when the next round's level
 * opens; the match record carries the totals, the finished rounds and who is
 * playing which side across those transitions. The record is plain data in
 * the open round's game mode, so a snapshot of the world holds it; the
 * `Match` reads it from there.
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

/**
 * The match record as plain data: the totals, the finished rounds, the demo
 * sides a person has taken over, the winner, and the head start handed from
 * one round to the next. The round's game mode keeps it in a field
 * (`DuelMode.record`), so it is in every snapshot of the world
 * (`engine.save()`), and a restore puts it back with the world; each round's
 * level takes it over from the round before (see {@link Match.record}).
 */
export interface MatchRecord {
  /** Points per side over the whole match. */
  readonly totals: Record<Side, number>;
  /** The rounds played so far. */
  readonly rounds: RoundResult[];
  /** Demo sides a person has taken over (they stay theirs in later rounds). */
  readonly takenOver: Set<Side>;
  /** Set when the last round ends. */
  winner: MatchWinner | undefined;
  /** How late the transition to the next round fired, for that round to make up (see `DuelMode.begin`). */
  headStartSeconds: number;
}

/** A record of nothing played yet. */
export function newMatchRecord(): MatchRecord {
  return { totals: { left: 0, right: 0 }, rounds: [], takenOver: new Set(), winner: undefined, headStartSeconds: 0 };
}

/** Rounds won per side. */
export function roundsWon(record: MatchRecord): Record<Side, number> {
  const won = { left: 0, right: 0 };
  for (const round of record.rounds) won[round.winner]++;
  return won;
}

/** Records a finished round; after the last one, decides the match. */
export function recordRound(record: MatchRecord, result: RoundResult, last: boolean): void {
  record.rounds.push(result);
  if (last) record.winner = decideWinner(roundsWon(record), record.totals);
}

/** Back to nothing played (takeovers stay: the same people play again). */
export function clearRecord(record: MatchRecord): void {
  record.totals.left = 0;
  record.totals.right = 0;
  record.rounds.length = 0;
  record.winner = undefined;
  record.headStartSeconds = 0;
}

/**
 * A match: who plays it and its seed (settings, fixed for the match), and a
 * window on its record, which lives in the open round's world.
 */
export class Match {
  /** Who plays each side. */
  readonly seats: Readonly<Record<Side, Seat>>;
  /** The seed every round derives its random streams from. */
  readonly seed: number;
  /** The record as last read from the open round (before the first round opens, a record of nothing played). */
  private latest: MatchRecord = newMatchRecord();
  /** Reads the open round's record; undefined while there is none to read (the first level, or any level, loading). */
  private source: (() => MatchRecord | undefined) | undefined;

  constructor(options: MatchOptions = {}) {
    const { seats = {}, seed = DEFAULT_SEED } = options;
    this.seats = { left: seats.left ?? 'ai', right: seats.right ?? 'ai' };
    this.seed = seed;
  }

  /** The level a match starts in. */
  get firstLevel(): string {
    return OPEN_COURT.level;
  }

  /**
   * Where the record is read from: the open round's game mode
   * (createPaddleDuel passes it once the engine exists). So after
   * `engine.restore(snapshot)` the match reads the restored record.
   */
  follow(source: () => MatchRecord | undefined): void {
    this.source = source;
  }

  /**
   * The record: the open round's, or, while a level loads, the one read
   * last. A level's loader reads it as the transition begins (the old round
   * still open) and hands it to the new round's game mode.
   */
  get record(): MatchRecord {
    const open = this.source?.();
    if (open !== undefined) this.latest = open;
    return this.latest;
  }

  /** Points per side over the whole match. */
  get totals(): Readonly<Record<Side, number>> {
    return this.record.totals;
  }

  /** The rounds played so far. */
  get rounds(): readonly RoundResult[] {
    return this.record.rounds;
  }

  /** Demo sides a person has taken over (they stay theirs in later rounds). */
  get takenOver(): ReadonlySet<Side> {
    return this.record.takenOver;
  }

  /** Set when the last round ends. */
  get winner(): MatchWinner | undefined {
    return this.record.winner;
  }

  /** Rounds won per side. */
  roundsWon(): Record<Side, number> {
    return roundsWon(this.record);
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

import { Actor, type TickContext } from 'tickflow/world';
import type { DuelAction } from './bindings.js';
import { COURTS } from './courts.js';
import type { DuelMode } from './duel-mode.js';
import { Label, type LabelStyle } from './label.js';
import { roundsWon, type Side } from './match.js';
import { surfaceOf } from './surface.js';
import { DIM_TEXT_COLOR, LEFT_COLOR, LOGICAL_WIDTH, POINTS_TO_WIN_ROUND, RIGHT_COLOR, TEXT_COLOR } from './tuning.js';

/**
 * Where the HUD's lines sit, in logical units: a small capital label over a
 * large figure in each top corner (the sides' scores) and in the middle (the
 * round), as Orbit Catch sets its score and time.
 */
const LAYOUT = {
  labelY: 13,
  figureY: 36,
  /** How far the corner columns sit from the picture's edges. */
  inset: 36,
  /** The banner's distance above the court's middle, and the line under it. */
  bannerRise: 40,
  subBannerDrop: 6,
} as const;

const SIZES = { label: 12, score: 30, title: 16, banner: 44, subBanner: 18 } as const;

const SIDE_COLOR: Record<Side, number> = { left: LEFT_COLOR, right: RIGHT_COLOR };
const SIDE_NAME: Record<Side, string> = { left: 'Left', right: 'Right' };

/** The HUD's labels, by the name each is spawned under (a restore finds them again by it). */
const LABEL_NAMES = {
  leftLabel: 'left-label',
  rightLabel: 'right-label',
  roundLabel: 'round-label',
  title: 'title',
  leftScore: 'left-score',
  rightScore: 'right-score',
  banner: 'banner',
  subBanner: 'sub-banner',
} as const;

type HudLabels = Record<keyof typeof LABEL_NAMES, Label>;

/**
 * The heads-up display: the round's scores, a title line, and a banner for
 * the countdown, points, round and match results. All of it is text on the
 * screen layer; this actor has no picture of its own and only keeps its
 * labels in step with the game mode, in its tick.
 *
 * Its labels are actors of the world, which a snapshot holds; the record it
 * keeps them in is not (a snapshot holds a world object in a field of its
 * own, not inside other data), so its `restore()` finds them again by name.
 */
export class Hud extends Actor<DuelAction> {
  override name = 'hud';
  /** It ticks while paused only to take the banner down: the pause menu stands in the banner's place. */
  override tickWhenPaused = true;
  private labels: HudLabels | undefined;

  /** @param mode The round's game mode, whose phase, scores and match record it shows. */
  constructor(private readonly mode: DuelMode) {
    super();
  }

  override beginPlay(): void {
    const world = this.world!;
    const middleX = LOGICAL_WIDTH / 2;
    const { top, bottom } = this.mode.court;
    const bannerY = (top + bottom) / 2 - LAYOUT.bannerRise;
    const leftX = LAYOUT.inset;
    const rightX = LOGICAL_WIDTH - LAYOUT.inset;
    // The side and round labels are small print: on a phone the scores and the title say enough.
    const label = { size: SIZES.label, color: DIM_TEXT_COLOR, weight: 600, minor: true } as const;
    const spawn = (key: keyof HudLabels, at: { x: number; y: number }, style: LabelStyle) => world.spawn(new Label(LABEL_NAMES[key], at, style));
    this.labels = {
      leftLabel: spawn('leftLabel', { x: leftX, y: LAYOUT.labelY }, { ...label, align: 'left' }),
      rightLabel: spawn('rightLabel', { x: rightX, y: LAYOUT.labelY }, { ...label, align: 'right' }),
      roundLabel: spawn('roundLabel', { x: middleX, y: LAYOUT.labelY }, label),
      title: spawn('title', { x: middleX, y: LAYOUT.figureY }, { size: SIZES.title, color: TEXT_COLOR }),
      leftScore: spawn('leftScore', { x: leftX, y: LAYOUT.figureY }, { size: SIZES.score, color: LEFT_COLOR, align: 'left', weight: 700 }),
      rightScore: spawn('rightScore', { x: rightX, y: LAYOUT.figureY }, { size: SIZES.score, color: RIGHT_COLOR, align: 'right', weight: 700 }),
      banner: spawn('banner', { x: middleX, y: bannerY }, { size: SIZES.banner, color: TEXT_COLOR }),
      subBanner: spawn('subBanner', { x: middleX, y: bannerY + SIZES.banner / 2 + SIZES.subBanner / 2 + LAYOUT.subBannerDrop }, { size: SIZES.subBanner, color: DIM_TEXT_COLOR }),
    };
  }

  override tick(_dt: number, { input }: TickContext<DuelAction>): void {
    this.refresh(surfaceOf(input).textFloor());
  }

  /** Nothing of its own to save: its labels are in the snapshot as actors. */
  override save(): null {
    return null;
  }

  /** Finds its labels again, by name, in the restored world (their text, colour and size came back with them). */
  override restore(): void {
    const world = this.world!;
    this.labels = Object.fromEntries(Object.entries(LABEL_NAMES).map(([key, name]) => [key, world.find(name) as Label])) as HudLabels;
  }

  /** What the banner says now, if anything. */
  get bannerText(): string | undefined {
    return this.labels?.banner.shown;
  }

  /**
   * Brings every label in step with the game mode, its text grown to `floor`
   * (the smallest legible size now, label.ts): each tick, and once by the
   * level that built it, so the frame that opens a court draws its HUD.
   */
  refresh(floor: number): void {
    const labels = this.labels;
    if (labels === undefined) return;
    const { mode } = this;
    const { court, record } = mode;
    const won = roundsWon(record);
    labels.leftLabel.show(`LEFT · ROUNDS ${won.left}`, floor);
    labels.rightLabel.show(`ROUNDS ${won.right} · RIGHT`, floor);
    labels.roundLabel.show(`ROUND ${court.round} OF ${COURTS.length}`, floor);
    labels.title.show(`${court.title} · first to ${POINTS_TO_WIN_ROUND}`, floor);
    labels.leftScore.show(String(mode.roundScores.left), floor);
    labels.rightScore.show(String(mode.roundScores.right), floor);

    // While paused the menu stands where the banner would: never both.
    const banner = this.world!.paused ? undefined : this.banner();
    if (banner === undefined) {
      labels.banner.hide();
      labels.subBanner.hide();
      return;
    }
    labels.banner.show(banner.text, floor, banner.color);
    if (banner.sub === undefined) labels.subBanner.hide();
    else labels.subBanner.show(banner.sub, floor);
  }

  private banner(): { text: string; color: number; sub?: string } | undefined {
    const { mode } = this;
    const { court, record } = mode;
    switch (mode.phase) {
      case 'warm-up':
        return { text: String(mode.countdown), color: TEXT_COLOR, sub: `round ${court.round}: ${court.title}` };
      case 'playing': {
        const between = this.world!.find('ball') === undefined;
        const scorer = mode.lastPoint;
        return between && scorer !== undefined ? { text: `point ${SIDE_NAME[scorer].toLowerCase()}`, color: SIDE_COLOR[scorer] } : undefined;
      }
      case 'round-over': {
        const winner = record.rounds.at(-1)!.winner;
        const next = COURTS[court.round];
        return { text: `${SIDE_NAME[winner]} takes round ${court.round}`, color: SIDE_COLOR[winner], sub: next ? `next: ${next.title}` : undefined };
      }
      case 'over': {
        const winner = record.winner;
        const sub = 'Enter to play again';
        if (winner === undefined || winner === 'draw') return { text: 'A draw', color: TEXT_COLOR, sub };
        return { text: `${SIDE_NAME[winner]} wins the match`, color: SIDE_COLOR[winner], sub };
      }
    }
  }
}

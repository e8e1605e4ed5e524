import { Actor } from 'tickflow/world';
import type { DuelAction } from './bindings.js';

/**
 * The smallest text size a person can read on the surface right now, in
 * logical units: `MIN_TEXT_CSS_PX` (tuning.ts) through the fit of the latest frame
 * (about 31 units on a phone's 366 px stage, 12 on a 960 px one). Where
 * nothing is seen (Node), 0.
 */
export type TextFloor = () => number;

/** No floor: every label at its own size. */
export const NO_TEXT_FLOOR: TextFloor = () => 0;

/** How a label is set. */
export interface LabelStyle {
  /** Text height, in logical units: the label grows to the {@link TextFloor} where that is larger. */
  readonly size: number;
  /**
   * Small print that gives way on a small surface: hidden, rather than grown
   * past twice its size, where the floor is more than that (a phone).
   */
  readonly minor?: boolean;
  readonly color: number;
  readonly align?: 'left' | 'center' | 'right';
  /** Font weight (CSS: 400 normal, 700 bold); defaults to the backend's. */
  readonly weight?: number;
  /** Drawing order on the screen layer; defaults to 5 (over the court). */
  readonly z?: number;
}

/** Where labels sit in the stack unless told otherwise: above the court's pictures. */
const DEFAULT_LABEL_Z = 5;

/**
 * A line of text on the screen layer, at fixed logical coordinates (the
 * scores, the banners, the pause menu's items). Hidden until shown.
 *
 * It stays legible however small the picture is drawn: its text grows to the
 * floor its owner hands {@link show} (the {@link TextFloor} now), and small
 * print ({@link LabelStyle.minor}) is left out where growing it would crowd
 * the picture.
 *
 * Visuals are values: the backend redraws an actor's picture only when its
 * `visual` is another object. So a label builds a new visual only when its
 * text, colour or size changes, never per frame.
 */
export class Label extends Actor<DuelAction> {
  private text: string | undefined;
  private color: number;
  /** The size it is drawn at; 0 while small print is left out. */
  private drawnSize = -1;

  constructor(
    name: string,
    at: { x: number; y: number },
    private readonly style: LabelStyle,
  ) {
    super();
    this.name = name;
    this.x = at.x;
    this.y = at.y;
    this.color = style.color;
  }

  /** What it shows, or `undefined` when hidden. */
  get shown(): string | undefined {
    return this.text;
  }

  /** Shows `text`, in `color` (defaults to the style's), grown to `floor` (the smallest legible size now; 0 for none). */
  show(text: string, floor: number, color: number = this.style.color): void {
    const { size, minor = false, align = 'center', z = DEFAULT_LABEL_Z, weight } = this.style;
    const drawnSize = minor && floor > 2 * size ? 0 : Math.max(size, floor);
    if (text === this.text && color === this.color && drawnSize === this.drawnSize) return;
    this.text = text;
    this.color = color;
    this.drawnSize = drawnSize;
    this.visual = drawnSize === 0 ? undefined : { kind: 'text', text, size: drawnSize, color, align, layer: 'screen', z, ...(weight !== undefined && { weight }) };
  }

  /** Hides it. */
  hide(): void {
    this.text = undefined;
    this.visual = undefined;
    this.drawnSize = -1;
  }
}

import { Actor, type Visual } from 'tickflow/world';
import type { DuelAction } from './bindings.js';

/** How a label is set. */
export interface LabelStyle {
  /** Text height, in logical units. */
  readonly size: number;
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
 * Visuals are values: the backend redraws an actor's picture only when its
 * `visual` is another object. So a label builds a new visual only when its
 * text or colour changes, never per frame.
 */
export class Label extends Actor<DuelAction> {
  private text: string | undefined;
  private color: number;

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

  /** Shows `text`, in `color` (defaults to the style's). */
  show(text: string, color: number = this.style.color): void {
    if (text === this.text && color === this.color && this.visual !== undefined) return;
    this.text = text;
    this.color = color;
    const { size, align = 'center', z = DEFAULT_LABEL_Z, weight } = this.style;
    const visual: Visual = { kind: 'text', text, size, color, align, layer: 'screen', z, ...(weight !== undefined && { weight }) };
    this.visual = visual;
  }

  /** Hides it. */
  hide(): void {
    this.text = undefined;
    this.visual = undefined;
  }
}

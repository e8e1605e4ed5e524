/** What the ledger last wrote to one element. */
interface Written {
  readonly styles: Map<string, string>;
  readonly attributes: Map<string, string | null>;
  readonly classes: Map<string, boolean>;
  text: string | undefined;
}

/**
 * Change-only DOM writes: render hands the ledger the value each thing should
 * have, and the ledger touches the DOM only when it differs from what it
 * wrote there last. A game that sets a score, a transform and a class every
 * frame costs the page only the writes that changed something: no style
 * recalculation, no layout, no mutation records for the rest.
 *
 * The ledger remembers its own writes, not the DOM: a value another script
 * changed behind its back is not noticed (call {@link forget} after such a
 * change).
 *
 * ```text
 * render   score=10   score=10   score=11
 * DOM      write      -          write
 * ```
 *
 * @example
 * ```ts
 * engine.add({
 *   render(e) {
 *     e.ledger.text(scoreEl, String(score));                 // written only when the score changed
 *     e.ledger.style(ball, 'transform', `translate(${x}px, ${y}px)`);
 *     e.ledger.toggle(board, 'won', won);
 *   },
 * });
 * ```
 */
export class DomLedger {
  private readonly written = new WeakMap<Element, Written>();
  private writesTotal = 0;
  private skippedTotal = 0;

  /** DOM writes made so far. */
  get writes(): number {
    return this.writesTotal;
  }

  /** Writes skipped because the value had not changed. */
  get skipped(): number {
    return this.skippedTotal;
  }

  /**
   * Sets a CSS property (its CSS name: `'transform'`, `'background-color'`,
   * `'--hue'`) through `style.setProperty`; `''` removes it. Returns whether the
   * DOM was touched.
   */
  style(element: HTMLElement | SVGElement, property: string, value: string): boolean {
    const styles = this.record(element).styles;
    if (styles.get(property) === value) return this.skip();
    styles.set(property, value);
    element.style.setProperty(property, value);
    return this.wrote();
  }

  /** Sets the element's text (`textContent`). Returns whether the DOM was touched. */
  text(element: Element, value: string): boolean {
    const record = this.record(element);
    if (record.text === value) return this.skip();
    record.text = value;
    element.textContent = value;
    return this.wrote();
  }

  /** Sets an attribute; `null` removes it. Returns whether the DOM was touched. */
  attribute(element: Element, name: string, value: string | null): boolean {
    const attributes = this.record(element).attributes;
    if (attributes.has(name) && attributes.get(name) === value) return this.skip();
    attributes.set(name, value);
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
    return this.wrote();
  }

  /** Adds (`on`) or removes a class. Returns whether the DOM was touched. */
  toggle(element: Element, className: string, on: boolean): boolean {
    const classes = this.record(element).classes;
    if (classes.get(className) === on) return this.skip();
    classes.set(className, on);
    element.classList.toggle(className, on);
    return this.wrote();
  }

  /** Forgets what was written to `element`: the next write of each value touches the DOM again. */
  forget(element: Element): void {
    this.written.delete(element);
  }

  private record(element: Element): Written {
    let record = this.written.get(element);
    if (record === undefined) {
      record = { styles: new Map(), attributes: new Map(), classes: new Map(), text: undefined };
      this.written.set(element, record);
    }
    return record;
  }

  private skip(): false {
    this.skippedTotal++;
    return false;
  }

  private wrote(): true {
    this.writesTotal++;
    return true;
  }
}

/**
 * A readout of label–value rows in a `<dl class="readouts">` (panel.css): a
 * page's HUD beside its stage. It writes a value only when it changed, so a
 * HUD read every frame touches the DOM only when what it shows moves.
 *
 * @module
 */

/** The rows written, and what each shows now. */
export interface Readouts<K extends string> {
  /** The values shown now, by row (for tests). */
  readonly shown: Readonly<Record<K, string>>;
  /** Shows `text` in row `key`; `warn` colors it as a warning (`dd.warn`). */
  set(key: K, text: string, warn?: boolean): void;
}

/** Fills `list` with one `<dt>` label and `<dd data-row=key>` value a row, each value '—' to start. */
export function readouts<K extends string>(list: HTMLElement, rows: readonly (readonly [key: K, label: string])[]): Readouts<K> {
  const cells = {} as Record<K, HTMLElement>;
  const shown = {} as Record<K, string>;
  for (const [key, label] of rows) {
    const term = document.createElement('dt');
    term.textContent = label;
    const value = document.createElement('dd');
    value.dataset['row'] = key;
    value.textContent = '—';
    list.append(term, value);
    cells[key] = value;
    shown[key] = '—';
  }
  return {
    shown,
    set(key, text, warn = false) {
      if (shown[key] !== text) {
        shown[key] = text;
        cells[key].textContent = text;
      }
      cells[key].classList.toggle('warn', warn);
    },
  };
}

// Node has no DOM: the page engine's pause watchers get a document and a
// window made of Node's own EventTarget and Event (the real listeners run on
// them), installed as globals for each test and put back after it. The
// IntersectionObserver and the media query are checked in real Chromium
// (spec/browser/page-engine.spec.ts).
import { afterEach, beforeEach } from 'vitest';

/** A document the watchers can listen to: visibility and focus. */
export class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  activeElement: unknown = null;
}

/** This test's document and window. */
export interface FakePage {
  readonly doc: FakeDocument;
  readonly win: EventTarget;
  /** The tab goes hidden (or visible again): `visibilitychange`. */
  hide(hidden: boolean): void;
}

/** For every test of the file or describe it is called in: a fresh document and window as the globals. */
export function fakePage(): FakePage {
  let doc = new FakeDocument();
  let win = new EventTarget();
  const saved: Record<string, unknown> = {};
  beforeEach(() => {
    doc = new FakeDocument();
    win = new EventTarget();
    const g = globalThis as Record<string, unknown>;
    for (const key of ['document', 'addEventListener', 'removeEventListener']) saved[key] = g[key];
    g.document = doc;
    g.addEventListener = win.addEventListener.bind(win);
    g.removeEventListener = win.removeEventListener.bind(win);
  });
  afterEach(() => {
    const g = globalThis as Record<string, unknown>;
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete g[key];
      else g[key] = value;
    }
  });
  return {
    get doc() {
      return doc;
    },
    get win() {
      return win;
    },
    hide(hidden) {
      doc.visibilityState = hidden ? 'hidden' : 'visible';
      doc.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

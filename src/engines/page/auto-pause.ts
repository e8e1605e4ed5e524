import { isTextField } from '../../input/text-field.js';
import type { PauseOptions, PauseReason } from './engine-options.js';

/** The automatic pause reasons, as a watcher sets them. */
export type AutomaticPauseReason = Exclude<PauseReason, 'stopped' | 'manual'>;

/**
 * Watches the page for the automatic pauses in `watch` and reports each
 * reason as it starts and ends through `set`. Each watcher reports the
 * current state at once (a tab that is already hidden pauses at creation),
 * except the off-screen one, whose first report comes from the
 * IntersectionObserver a moment later.
 *
 * - hidden: `visibilitychange`, reading `document.visibilityState`;
 * - pagehide: `pagehide` on, `pageshow` off (no `unload` listener, so the page
 *   stays eligible for the back/forward cache);
 * - offscreen: an IntersectionObserver on the root;
 * - typing: `focusin`/`focusout` on the document, for a text field that is
 *   not inside the root;
 * - reducedMotion: the `(prefers-reduced-motion: reduce)` media query.
 *
 * Where a watcher's API is missing (Node), that watcher is skipped.
 *
 * @return Detaches every watcher.
 */
export function watchPauseReasons(
  root: Element | undefined,
  watch: Readonly<Required<PauseOptions>>,
  set: (reason: AutomaticPauseReason, on: boolean) => void,
): () => void {
  const detachers: (() => void)[] = [];
  const g = globalThis as {
    document?: Document;
    addEventListener?: Window['addEventListener'];
    removeEventListener?: Window['removeEventListener'];
    IntersectionObserver?: typeof IntersectionObserver;
    matchMedia?: Window['matchMedia'];
  };
  const doc = g.document;
  const listen = (target: EventTarget, type: string, handler: (event: Event) => void): void => {
    target.addEventListener(type, handler);
    detachers.push(() => target.removeEventListener(type, handler));
  };

  if (watch.hidden && doc !== undefined) {
    const update = (): void => set('hidden', doc.visibilityState === 'hidden');
    listen(doc, 'visibilitychange', update);
    update();
  }
  if (watch.pagehide && typeof g.addEventListener === 'function') {
    const win = globalThis as unknown as EventTarget;
    listen(win, 'pagehide', () => set('pagehide', true));
    listen(win, 'pageshow', () => set('pagehide', false));
  }
  if (watch.offscreen && root !== undefined && typeof g.IntersectionObserver === 'function') {
    const observer = new g.IntersectionObserver((entries) => {
      const latest = entries[entries.length - 1];
      if (latest !== undefined) set('offscreen', !latest.isIntersecting);
    });
    observer.observe(root);
    detachers.push(() => observer.disconnect());
  }
  if (watch.typing && doc !== undefined) {
    const update = (focused: unknown): void => {
      const inside = root !== undefined && focused != null && root.contains(focused as Node);
      set('typing', isTextField(focused) && !inside);
    };
    listen(doc, 'focusin', (event) => update(event.target));
    // On focusout the element gaining focus (if any) is the relatedTarget.
    listen(doc, 'focusout', (event) => update((event as FocusEvent).relatedTarget));
    update(doc.activeElement);
  }
  if (watch.reducedMotion && typeof g.matchMedia === 'function') {
    const query = g.matchMedia('(prefers-reduced-motion: reduce)');
    const update = (): void => set('reducedMotion', query.matches);
    query.addEventListener('change', update);
    detachers.push(() => query.removeEventListener('change', update));
    update();
  }
  return () => {
    for (const detach of detachers.splice(0)) detach();
  };
}

import { describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_PAUSE, type PauseReason } from '../../../src/engines/page/index.js';
import { fakePage } from './fake-page.js';
import { testFrames } from './frames.js';

// Seed (shared-page-loop, "Pause by default"): "An engine pauses on its own
// when the tab is hidden, the page is leaving, its root is scrolled off
// screen or the visitor is typing in one of the host page's fields. Reduced
// motion is opt-in (pause: { reducedMotion: true }) ... Paused, it asks for
// no frames: zero CPU. engine.paused lists why." Issue 11: "an automatic
// resume never clears a manual pause. Pause and resume hooks run on each
// transition; every resume starts with an empty accumulator."
//
// Node has no DOM: these specs give the watchers a document and a window
// (fake-page.ts).

/** A focusable field, as the typing watcher sees one. */
function field(tagName: string, type = 'text') {
  return { tagName, type, isContentEditable: false };
}

const page = fakePage();
const hide = (hidden: boolean): void => page.hide(hidden);

function focus(target: unknown, from: unknown = null): void {
  if (from !== null) {
    const out = new Event('focusout') as Event & { relatedTarget: unknown };
    Object.defineProperty(out, 'relatedTarget', { value: target });
    page.doc.dispatchEvent(out);
  }
  const into = new Event('focusin');
  Object.defineProperty(into, 'target', { value: target });
  page.doc.activeElement = target;
  page.doc.dispatchEvent(into);
}

const reasons = (set: ReadonlySet<PauseReason>) => [...set].sort();

describe('pause reasons', () => {
  it('an engine starts paused by "stopped"; start() clears it; the defaults pause on all but reduced motion', () => {
    const engine = createEngine({ frames: testFrames() });
    expect(reasons(engine.paused)).toEqual(['stopped']);
    engine.start();
    expect(engine.paused.size).toBe(0);
    expect(DEFAULT_PAUSE).toEqual({ hidden: true, pagehide: true, offscreen: true, typing: true, reducedMotion: false });
    engine.destroy();
  });

  it('engine.paused is the same set while no reason comes or goes (read every frame, it makes no garbage); a change makes a new one and leaves the one read before as it was', () => {
    const engine = createEngine({ frames: testFrames() });
    const stopped = engine.paused;
    expect(engine.paused).toBe(stopped);
    engine.start();
    const running = engine.paused;
    expect(running).not.toBe(stopped);
    expect(engine.paused).toBe(running);
    hide(true);
    expect(reasons(engine.paused)).toEqual(['hidden']);
    expect([reasons(stopped), running.size], 'the sets read before the changes still say what they said').toEqual([['stopped'], 0]);
    hide(false);
    engine.destroy();
    expect(reasons(engine.paused)).toEqual(['stopped']);
  });

  it('"when the tab is hidden": visibilitychange to hidden pauses ("hidden"), back to visible resumes', () => {
    const frames = testFrames();
    const engine = createEngine({ frames });
    engine.start();
    hide(true);
    expect(reasons(engine.paused)).toEqual(['hidden']);
    hide(false);
    expect(engine.paused.size).toBe(0);
    engine.destroy();
  });

  it('a tab already hidden when the engine is made starts with "hidden"', () => {
    page.doc.visibilityState = 'hidden';
    const engine = createEngine({ frames: testFrames() });
    expect(reasons(engine.paused)).toEqual(['hidden', 'stopped']);
    engine.destroy();
  });

  it('"the page is leaving": pagehide pauses ("pagehide"), pageshow (back from the cache) resumes', () => {
    const engine = createEngine({ frames: testFrames() });
    engine.start();
    page.win.dispatchEvent(new Event('pagehide'));
    expect(reasons(engine.paused)).toEqual(['pagehide']);
    page.win.dispatchEvent(new Event('pageshow'));
    expect(engine.paused.size).toBe(0);
    engine.destroy();
  });

  it('"the visitor is typing in one of the host page\'s fields": a text input, a textarea or contenteditable outside the root', () => {
    const root = { nodeType: 1, tagName: 'DIV', id: 'game', contains: (n: unknown) => n === inside };
    const inside = field('INPUT');
    const engine = createEngine({ root: root as unknown as Element, frames: testFrames() });
    engine.start();
    const text = field('INPUT');
    focus(text);
    expect(reasons(engine.paused)).toEqual(['typing']);
    focus(null, text); // focus leaves the field
    expect(engine.paused.size).toBe(0);
    focus(field('TEXTAREA'));
    expect(reasons(engine.paused)).toEqual(['typing']);
    focus({ tagName: 'DIV', isContentEditable: true }, {});
    expect(reasons(engine.paused)).toEqual(['typing']);
    focus(field('INPUT', 'checkbox'), {}); // no typing in a checkbox
    expect(engine.paused.size).toBe(0);
    focus(inside, {}); // a field inside the root is the game's own
    expect(engine.paused.size).toBe(0);
    engine.destroy();
  });

  it('typing releases held input ("focus in a field ... releasing held input")', () => {
    const engine = createEngine({ frames: testFrames() });
    engine.start();
    engine.input.press('ArrowLeft');
    expect(engine.input.held('ArrowLeft')).toBe(true);
    focus(field('INPUT'));
    expect(engine.input.held('ArrowLeft')).toBe(false);
    expect(engine.input.released('ArrowLeft')).toBe(true);
    engine.destroy();
  });

  it('"engine.paused lists why": reasons overlap, each clears on its own, and "an automatic resume never clears a manual pause"', () => {
    const engine = createEngine({ frames: testFrames() });
    engine.start();
    engine.pause();
    hide(true);
    expect(reasons(engine.paused)).toEqual(['hidden', 'manual']);
    hide(false);
    expect(reasons(engine.paused)).toEqual(['manual']);
    engine.resume();
    expect(engine.paused.size).toBe(0);
    engine.destroy();
  });

  it('"Paused, it asks for no frames": a paused engine leaves the page\'s clock and cancels the frame it asked for', () => {
    const frames = testFrames();
    const engine = createEngine({ frames });
    engine.add({ step: () => {} });
    engine.start();
    frames.tick(0);
    expect(frames.pending).toBe(1);
    hide(true);
    expect(frames.pending).toBe(0);
    const requests = frames.requests;
    frames.tick(16);
    frames.tick(33);
    expect(frames.requests).toBe(requests);
    expect(engine.stats().frames).toBe(1);
    hide(false);
    expect(frames.pending).toBe(1);
    engine.destroy();
  });

  it('"Pause and resume hooks run on each transition", with the reason, and not when a second reason joins', () => {
    const engine = createEngine({ frames: testFrames() });
    const log: string[] = [];
    engine.on('pause', (_e, reason) => void log.push(`pause:${reason}`));
    const off = engine.on('resume', (_e, reason) => void log.push(`resume:${reason}`));
    engine.start();
    hide(true);
    engine.pause(); // already paused: no transition
    hide(false); // still paused by hand
    engine.resume();
    off();
    engine.stop();
    engine.start();
    expect(log).toEqual(['resume:stopped', 'pause:hidden', 'resume:manual', 'pause:stopped']);
    engine.destroy();
  });

  it('"Reduced motion is opt-in (pause: { reducedMotion: true })": off by default, on with the option', () => {
    const g = globalThis as Record<string, unknown>;
    const query = Object.assign(new EventTarget(), { matches: true });
    g.matchMedia = () => query;
    try {
      const byDefault = createEngine({ frames: testFrames() });
      byDefault.start();
      expect(byDefault.paused.size).toBe(0);
      const optedIn = createEngine({ frames: testFrames(), pause: { reducedMotion: true } });
      optedIn.start();
      expect(reasons(optedIn.paused)).toEqual(['reducedMotion']);
      query.matches = false;
      query.dispatchEvent(new Event('change'));
      expect(optedIn.paused.size).toBe(0);
      byDefault.destroy();
      optedIn.destroy();
    } finally {
      delete g.matchMedia;
    }
  });

  it('pause: false and pause: { hidden: false } turn watchers off', () => {
    const none = createEngine({ frames: testFrames(), pause: false });
    const noHidden = createEngine({ frames: testFrames(), pause: { hidden: false } });
    none.start();
    noHidden.start();
    hide(true);
    page.win.dispatchEvent(new Event('pagehide'));
    expect(none.paused.size).toBe(0);
    expect(reasons(noHidden.paused)).toEqual(['pagehide']);
    none.destroy();
    noHidden.destroy();
  });

  it('destroy() detaches every watcher', () => {
    const engine = createEngine({ frames: testFrames() });
    engine.start();
    engine.destroy();
    expect(reasons(engine.paused)).toEqual(['stopped']);
    hide(true);
    hide(false);
    expect(reasons(engine.paused)).toEqual(['stopped']);
    expect(() => engine.start()).toThrow("was destroyed"); // the shell's one text: "start: the page engine '<name>' was destroyed"
  });
});

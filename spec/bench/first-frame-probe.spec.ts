// Issue 29: "time from navigation to the first drawn frame for each starter and gallery page". The bench finds a
// page's first frame from outside (bench/first-frame-probe.ts); its definition is checked here on a fake window.
import { describe, expect, it } from 'vitest';
import { FIRST_FRAME_PROBE_FUNCTION, type FirstFrame } from '../../bench/first-frame-probe.js';

type Callback = (time: number) => void;

/** A window with what the probe touches: frames fired by hand, a clock set by hand, drawing contexts, a document watcher. */
function fakeWindow() {
  let queued: Callback[] = [];
  let records: string[] = [];
  const clock = { nowMs: 0 };
  const calls: string[] = [];
  // A context's canvas is in the document unless made with `false`.
  class WebGLRenderingContext {
    constructor(readonly canvas = { isConnected: true }) {}
    drawElements() {
      calls.push('drawElements');
    }
    clear() {
      calls.push('clear');
    }
  }
  class CanvasRenderingContext2D {
    constructor(readonly canvas = { isConnected: true }) {}
    fillRect() {
      calls.push('fillRect');
    }
    clearRect() {
      calls.push('clearRect');
    }
  }
  let observing = false;
  class MutationObserver {
    observe() {
      observing = true;
    }
    disconnect() {
      observing = false;
      records = [];
    }
    takeRecords() {
      const taken = records;
      records = [];
      return taken;
    }
  }
  const window = {
    performance: { now: () => clock.nowMs },
    document: {},
    requestAnimationFrame: (callback: Callback) => queued.push(callback),
    WebGLRenderingContext,
    CanvasRenderingContext2D,
    MutationObserver,
    __firstFrame: undefined as FirstFrame | undefined,
  };
  (new Function(`return ${FIRST_FRAME_PROBE_FUNCTION}`)() as (w: unknown) => void)(window);
  return {
    window,
    calls,
    clock,
    /** The page changes the document (seen only while the probe observes it). */
    mutate: (what: string) => {
      if (observing) records.push(what);
    },
    /** Fires one animation frame at the clock's time. */
    frame: () => {
      const callbacks = queued;
      queued = [];
      for (const callback of callbacks) callback(clock.nowMs);
    },
    pendingFrames: () => queued.length,
    firstFrame: () => window.__firstFrame!,
  };
}

describe('the first-frame probe', () => {
  it('sees nothing before the page draws: not a clear, not a clearRect, not frames that draw nothing', () => {
    const page = fakeWindow();
    page.window.requestAnimationFrame(function loop() {
      new page.window.WebGLRenderingContext().clear();
      new page.window.CanvasRenderingContext2D().clearRect();
      page.window.requestAnimationFrame(loop);
    });
    for (let i = 0; i < 3; i++) {
      page.clock.nowMs += 16;
      page.frame();
    }
    expect(page.firstFrame()).toEqual({});
    expect(page.calls).toEqual(['clear', 'clearRect', 'clear', 'clearRect', 'clear', 'clearRect']);
  });

  it('sees no drawing on a canvas outside the document (pixi.js drawing text and textures before its first frame)', () => {
    const page = fakeWindow();
    page.window.requestAnimationFrame(() => {
      new page.window.CanvasRenderingContext2D({ isConnected: false }).fillRect();
      new page.window.WebGLRenderingContext({ isConnected: false }).drawElements();
    });
    page.frame();
    expect(page.firstFrame()).toEqual({});
    expect(page.calls).toEqual(['fillRect', 'drawElements']);
  });

  it('takes a WebGL draw call as the drawing, and the next animation frame as the first frame', () => {
    const page = fakeWindow();
    page.clock.nowMs = 250;
    page.window.requestAnimationFrame(() => new page.window.WebGLRenderingContext().drawElements());
    page.frame();
    expect(page.firstFrame()).toEqual({ drawMs: 250, drawnBy: 'webgl' });
    page.clock.nowMs = 266;
    page.frame();
    expect(page.firstFrame()).toEqual({ drawMs: 250, frameMs: 266, drawnBy: 'webgl' });
    expect(page.calls).toEqual(['drawElements']); // the page's own call still runs
  });

  it('takes a 2D canvas drawing the same way, even outside a frame (a picture drawn at start-up)', () => {
    const page = fakeWindow();
    page.clock.nowMs = 40;
    new page.window.CanvasRenderingContext2D().fillRect();
    expect(page.firstFrame()).toEqual({ drawMs: 40, drawnBy: '2d' });
    page.clock.nowMs = 50;
    page.frame();
    expect(page.firstFrame().frameMs).toBe(50);
  });

  it('takes a document change inside an animation frame as a DOM drawing, and ignores the page being set up outside one', () => {
    const page = fakeWindow();
    page.mutate('the HUD is built'); // outside a frame
    page.window.requestAnimationFrame(() => {});
    page.clock.nowMs = 100;
    page.frame();
    expect(page.firstFrame()).toEqual({});
    page.window.requestAnimationFrame(() => page.mutate('style.transform'));
    page.clock.nowMs = 116;
    page.frame();
    expect(page.firstFrame()).toEqual({ drawMs: 116, drawnBy: 'dom' });
    page.clock.nowMs = 133;
    page.frame();
    expect(page.firstFrame()).toEqual({ drawMs: 116, frameMs: 133, drawnBy: 'dom' });
  });

  it('keeps the first drawing: later ones of any kind change nothing, and ask for no frames of their own', () => {
    const page = fakeWindow();
    page.clock.nowMs = 10;
    new page.window.CanvasRenderingContext2D().fillRect();
    page.clock.nowMs = 20;
    page.frame();
    new page.window.WebGLRenderingContext().drawElements();
    page.window.requestAnimationFrame(() => page.mutate('a class'));
    page.clock.nowMs = 30;
    page.frame();
    expect(page.firstFrame()).toEqual({ drawMs: 10, frameMs: 20, drawnBy: '2d' });
    expect(page.pendingFrames()).toBe(0);
  });

  it("passes each frame's time to the page's callbacks, and a callback that throws still ends its frame's check", () => {
    const page = fakeWindow();
    const times: number[] = [];
    page.window.requestAnimationFrame((time) => times.push(time));
    page.window.requestAnimationFrame(() => {
      page.mutate('written before the throw');
      throw new Error('the game threw');
    });
    page.clock.nowMs = 70;
    expect(() => page.frame()).toThrow('the game threw');
    expect(times).toEqual([70]);
    expect(page.firstFrame()).toEqual({ drawMs: 70, drawnBy: 'dom' });
  });
});

import { describe, expect, it } from 'vitest';
import { SurfaceFit } from '../../src/backends/surface-fit.js';

// The drawing backends' step 3 (src/backends/surface-fit.ts): "the canvas is
// synced and the viewport is recomputed" (frame-2d-actor-world.txt, step 3;
// frame-3d-state-engine.txt: "Both canvases are synced to the surface's size
// and ratio"). What it does in Chromium (a steady frame reads no layout, a
// padding and a window resize are fitted) is spec/browser/three-backend.spec.ts's;
// here, in Node, the elements and windows are stand-ins, so these cover what
// Chromium cannot show: a window without ResizeObserver, and what dispose()
// takes back.

/** An element of `width` × `height` CSS pixels that counts its size reads, in a window of its own. */
function element(width: number, height: number, view: object | null) {
  const box = { width, height, reads: 0 };
  const target = {
    get clientWidth() {
      box.reads++;
      return box.width;
    },
    get clientHeight() {
      box.reads++;
      return box.height;
    },
    ownerDocument: { defaultView: view },
  } as unknown as HTMLElement;
  return { box, target };
}

/** A window with a ResizeObserver and resize listeners that the test fires by hand. */
function watchingWindow(devicePixelRatio = 1) {
  const observers: { callback: () => void; observed: { box: string | undefined }[]; connected: boolean }[] = [];
  const listeners = new Map<string, Set<() => void>>();
  const view = {
    devicePixelRatio,
    ResizeObserver: class {
      private readonly entry: (typeof observers)[number];
      constructor(callback: () => void) {
        this.entry = { callback, observed: [], connected: true };
        observers.push(this.entry);
      }
      observe(_target: unknown, options?: { box?: string }): void {
        this.entry.observed.push({ box: options?.box });
      }
      disconnect(): void {
        this.entry.connected = false;
      }
    },
    addEventListener(type: string, listener: () => void): void {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    },
    removeEventListener(type: string, listener: () => void): void {
      listeners.get(type)?.delete(listener);
    },
  };
  const fire = (type: string): void => {
    for (const listener of listeners.get(type) ?? []) listener();
  };
  return { view, observers, listeners, fire };
}

describe('SurfaceFit', () => {
  it('where the window has no ResizeObserver, measures the element every frame and returns a fit only when it changed', () => {
    const { box, target } = element(800, 450, { devicePixelRatio: 1 });
    const fit = new SurfaceFit(640, 360);
    expect(fit.refit(target)).toMatchObject({ cssWidth: 800, cssHeight: 450, pixelRatio: 1, scale: 1.25 });
    expect(fit.refit(target)).toBeUndefined();
    expect(box.reads, 'two frames, two reads each').toBe(4);
    box.width = 400;
    expect(fit.refit(target)).toMatchObject({ cssWidth: 400, cssHeight: 450, scale: 0.625 });
    expect(fit.viewport.cssWidth).toBe(400);
  });

  it('with a ResizeObserver, measures again only after the observer or a window resize said so; reads the ratio every frame', () => {
    const window = watchingWindow();
    const { box, target } = element(800, 450, window.view);
    const fit = new SurfaceFit(640, 360);
    fit.refit(target);
    expect(window.observers.map((o) => o.observed)).toEqual([[{ box: 'content-box' }], [{ box: 'border-box' }]]);
    const afterFirst = box.reads;
    box.width = 400;
    expect(fit.refit(target), 'nothing said it changed').toBeUndefined();
    expect(box.reads).toBe(afterFirst);

    window.observers[1]!.callback(); // the border box moved
    expect(fit.refit(target)).toMatchObject({ cssWidth: 400 });
    expect(fit.refit(target)).toBeUndefined();
    const settled = box.reads;

    box.height = 300;
    window.fire('resize');
    expect(fit.refit(target)).toMatchObject({ cssWidth: 400, cssHeight: 300 });

    window.view.devicePixelRatio = 2;
    expect(fit.refit(target), 'a ratio change alone is seen').toMatchObject({ pixelRatio: 2, cssWidth: 400 });
    expect(box.reads).toBe(settled + 4);
  });

  it('dispose() disconnects the observers and takes the resize listener back; the next refit watches anew', () => {
    const window = watchingWindow();
    const { target } = element(800, 450, window.view);
    const fit = new SurfaceFit(640, 360);
    fit.refit(target);
    fit.dispose();
    expect(window.observers.map((o) => o.connected)).toEqual([false, false]);
    expect(window.listeners.get('resize')?.size).toBe(0);
    fit.refit(target);
    expect(window.observers.map((o) => o.connected)).toEqual([false, false, true, true]);
    expect(window.listeners.get('resize')?.size).toBe(1);
  });
});

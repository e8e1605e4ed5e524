/**
 * The first-load bench's marker of a page's first drawn frame, found from
 * outside, so every starter and gallery page is measured alike and none has
 * to expose anything.
 *
 * **First frame**: the start of the first requestAnimationFrame callback
 * after the page first drew, in ms since navigation start
 * (`performance.now()`, whose origin is the navigation's start). By then the
 * browser has run the rendering step of the frame that holds the drawing.
 * **Drew** is the first of:
 *
 * - a WebGL draw call (`drawArrays`, `drawElements`, their instanced and
 *   ranged forms), WebGL 1 or 2, on a canvas in the document: three.js and
 *   pixi.js draw so; a `clear` alone is not a drawing;
 * - a 2D canvas drawing call (`fill`, `stroke`, `fillRect`, `strokeRect`,
 *   `fillText`, `strokeText`, `drawImage`, `putImageData`) on a canvas in
 *   the document: `clearRect` alone is not, nor the text and textures
 *   pixi.js draws on canvases of its own before its first frame;
 * - a change to the document (an element, an attribute, a style, a text)
 *   made inside a requestAnimationFrame callback: the page engine draws so.
 *   Changes outside one are the page being set up (its markup, its HUD),
 *   not a frame.
 *
 * Installed by Playwright before any script of the page runs
 * (`addInitScript`), as {@link FIRST_FRAME_PROBE}; it writes
 * `window.__firstFrame = { drawMs, frameMs, drawnBy }`. Once the first frame
 * is seen it stops observing the document; the wrapped methods then cost a
 * comparison a call.
 *
 * The source is a string, as the browser specs' scripts are (a function
 * compiled by tsx calls a `__name` helper the page lacks), and a function
 * of `window`, so spec/bench/first-frame-probe.spec.ts runs it on a fake
 * window in Node.
 */

/** What the probe leaves in `window.__firstFrame`; each field undefined until seen. */
export interface FirstFrame {
  /** When the page first drew, ms since navigation start. */
  readonly drawMs?: number;
  /** The start of the next animation frame's callbacks: the first frame, ms since navigation start. */
  readonly frameMs?: number;
  /** What the first drawing was. */
  readonly drawnBy?: 'webgl' | '2d' | 'dom';
}

/** The WebGL methods that draw, on WebGL 1 and 2 contexts. */
export const WEBGL_DRAW_METHODS = ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced', 'drawRangeElements'] as const;

/** The 2D canvas methods that draw. */
export const CANVAS_2D_DRAW_METHODS = ['fill', 'stroke', 'fillRect', 'strokeRect', 'fillText', 'strokeText', 'drawImage', 'putImageData'] as const;

/** The probe, as the source of a function of `window`. */
export const FIRST_FRAME_PROBE_FUNCTION = `function (window) {
  const state = {};
  window.__firstFrame = state;
  const request = window.requestAnimationFrame.bind(window);
  const now = () => window.performance.now();
  let observer;
  const drew = (how) => {
    if (state.drawMs !== undefined) return;
    state.drawMs = now();
    state.drawnBy = how;
    if (observer !== undefined) observer.disconnect();
    request(() => {
      state.frameMs = now();
    });
  };
  const wrap = (prototype, names, how) => {
    if (prototype === undefined) return;
    for (const name of names) {
      const original = prototype[name];
      if (typeof original !== 'function') continue;
      prototype[name] = function (...args) {
        // Only a canvas in the document: pixi.js draws text and textures on canvases of its own first.
        if (state.drawMs === undefined && this.canvas && this.canvas.isConnected) drew(how);
        return original.apply(this, args);
      };
    }
  };
  wrap(window.WebGLRenderingContext && window.WebGLRenderingContext.prototype, ${JSON.stringify(WEBGL_DRAW_METHODS)}, 'webgl');
  wrap(window.WebGL2RenderingContext && window.WebGL2RenderingContext.prototype, ${JSON.stringify(WEBGL_DRAW_METHODS)}, 'webgl');
  wrap(window.CanvasRenderingContext2D && window.CanvasRenderingContext2D.prototype, ${JSON.stringify(CANVAS_2D_DRAW_METHODS)}, '2d');
  observer = new window.MutationObserver(() => {});
  observer.observe(window.document, { subtree: true, childList: true, attributes: true, characterData: true });
  window.requestAnimationFrame = (callback) =>
    request((time) => {
      if (state.drawMs !== undefined) return callback(time);
      observer.takeRecords(); // changes made outside a frame: the page being set up
      try {
        return callback(time);
      } finally {
        if (state.drawMs === undefined && observer.takeRecords().length > 0) drew('dom');
      }
    });
}`;

/** The probe as an init script: the function applied to the page's window. */
export const FIRST_FRAME_PROBE = `(${FIRST_FRAME_PROBE_FUNCTION})(window);`;

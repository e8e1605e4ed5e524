import { describe, expect, it } from 'vitest';
import { Input, type InputCall } from '../../../src/input/input.js';
import { createEngine, type PageEngine } from '../../../src/engines/page/index.js';
import { recordSession } from '../../../src/replay/index.js';
import { testFrames } from './frames.js';

// Seed (shared-page-loop, "One frame"): "read · once a frame. The only phase
// that may measure the page: cached geometry, input edges latched.
// @fzlt/core/input measures its target here, at most once a frame, and only
// when the pointer moved." And "a settled engine wakes on input". Issue 25,
// item 4: "one Input model under world, state, systems, runtime and page
// input (... the page's pointer measuring are features of it, not separate
// models)". Node has no window: the root here is an EventTarget that counts
// its measures, and a pointer event is dispatched on it as a browser would.
// The real DOM is spec/browser/page-engine.spec.ts and touch-input.spec.ts.

/** A root the engine can listen to and measure, 300 × 200 CSS pixels at (100, 50). */
function fakeRoot() {
  const root = Object.assign(new EventTarget(), {
    nodeType: 1,
    tagName: 'DIV',
    id: 'stage',
    measures: 0,
    getBoundingClientRect() {
      root.measures++;
      return { left: 100, top: 50, width: 300, height: 200 };
    },
  });
  return root;
}

const pointer = (type: string, clientX: number, clientY: number, pointerType = 'mouse') =>
  Object.assign(new Event(type), { button: 0, pointerId: 1, clientX, clientY, pointerType });

function engineOn(root?: ReturnType<typeof fakeRoot>): PageEngine {
  return createEngine({ frames: testFrames(), pause: false, ...(root === undefined ? {} : { root: root as unknown as Element }) });
}

describe('the page engine\'s input, on the one Input model', () => {
  it('engine.input.device is an Input: every call, a script\'s or a device\'s, goes through its one tap (as a recorder listens)', () => {
    const engine = engineOn();
    const device = engine.input.device;
    expect(device).toBeInstanceOf(Input);
    const calls: InputCall[] = [];
    device.setTap((call) => void calls.push(call));
    engine.input.press('Space');
    engine.input.release('Space');
    engine.input.movePointer(30, 40); // client coordinates: measured at the next read
    expect(calls).toEqual([
      ['press', 'Space'],
      ['release', 'Space'],
    ]);
    engine.advance(1 / 60);
    expect(calls.at(-1)).toEqual(['move', 30, 40, true]); // no root: the viewport's coordinates
    engine.destroy();
  });

  it('"measures its target here, at most once a frame, and only when the pointer moved"', () => {
    const root = fakeRoot();
    const engine = engineOn(root);
    const seen: unknown[] = [];
    engine.add({ read: (e) => void seen.push({ ...e.input.pointer }) });
    void engine.input; // listens from now on
    for (let i = 0; i < 20; i++) root.dispatchEvent(pointer('pointermove', 150 + i, 100));
    expect(root.measures, 'a move only stores its position').toBe(0);
    engine.advance(1 / 60);
    engine.advance(1 / 60);
    expect(root.measures).toBe(1);
    expect(engine.input.measureCount).toBe(1);
    expect(seen).toEqual([
      { x: 69, y: 50, inside: true, down: false },
      { x: 69, y: 50, inside: true, down: false },
    ]);
    root.dispatchEvent(pointer('pointerleave', 420, 100));
    engine.advance(1 / 60);
    expect(seen.at(-1)).toEqual({ x: 320, y: 50, inside: false, down: false });
    engine.destroy();
  });

  it('"input edges latched": until a hook consumes them, or a frame that ran steps ends', () => {
    const engine = engineOn();
    engine.input.press('Space');
    engine.advance(0.001); // a frame with no step
    expect(engine.stats().steps).toBe(0);
    expect(engine.input.pressed('Space'), 'it survives a frame with no step').toBe(true);
    expect(engine.input.pressed('Space'), 'and is consumed once').toBe(false);
    engine.input.release('Space');
    engine.advance(1 / 60); // a frame that ran a step
    expect(engine.input.released('Space'), 'discarded at the end of a frame that stepped').toBe(false);
    engine.destroy();
  });

  it('pointer.down follows the button; going into a pause releases everything held, the button included', () => {
    const root = fakeRoot();
    const engine = engineOn(root);
    engine.start();
    void engine.input;
    root.dispatchEvent(pointer('pointerdown', 150, 100));
    engine.input.press('ArrowLeft');
    expect([engine.input.pointer.down, engine.input.held('ArrowLeft')]).toEqual([true, true]);
    engine.pause();
    expect([engine.input.pointer.down, engine.input.held('ArrowLeft'), engine.input.released('ArrowLeft')]).toEqual([false, false, true]);
    engine.destroy();
  });

  it('going into a pause releases held keys without waking a settled engine: letting go is no input of the player\'s', () => {
    const frames = testFrames();
    const engine = createEngine({ frames, pause: false, settle: 0 });
    engine.add({ step: () => {} });
    engine.start();
    engine.input.press('ArrowLeft');
    for (const t of [0, 10, 20]) frames.tick(t);
    expect([engine.settled, engine.input.held('ArrowLeft')]).toEqual([true, true]); // "settling keeps it"
    engine.pause();
    engine.resume();
    expect([engine.settled, engine.input.held('ArrowLeft')]).toEqual([true, false]);
    engine.destroy();
  });

  it('a page engine\'s key presses are recorded through that tap: recordSession(engine, { input: engine.input.device })', () => {
    const frames = testFrames();
    const engine = createEngine({ frames, pause: false });
    const pressed: boolean[] = [];
    engine.add({ step: (e) => void pressed.push(e.input.pressed('Space')) });
    const recording = recordSession(engine, { input: engine.input.device });
    engine.start();
    frames.tick(0);
    const consumedBy = { frame: engine.loop.frameCount, tick: engine.stats().steps }; // stamped with the frame and tick that read it
    engine.input.press('Space');
    frames.tick(17);
    const session = recording.stop();
    expect(session.events).toEqual([{ kind: 'input', ...consumedBy, call: ['press', 'Space'] }]);
    expect(pressed).toContain(true);
    engine.destroy();
  });
});

import { describe, expect, it } from 'vitest';
import { createInput, OptionError } from '../../src/index.js';

// Node has EventTarget; events shaped like the DOM's (code, button, client
// coordinates) exercise the same listeners a browser does. The browser tests
// of the example games press real keys.
const key = (type: string, code: string) => Object.assign(new Event(type, { cancelable: true }), { code });
const pointer = (type: string, button: number, clientX: number, clientY: number) =>
  Object.assign(new Event(type), { button, clientX, clientY });

describe('createInput: devices mapped to named actions', () => {
  it('reads held state and a pressed edge from keyboard events, across every bound key', () => {
    const window = new EventTarget();
    const input = createInput({ bindings: { left: ['ArrowLeft', 'KeyA'], jump: ['Space'] }, keyboardTarget: window });
    window.dispatchEvent(key('keydown', 'KeyA'));
    expect(input.frame.held('left')).toBe(true);
    window.dispatchEvent(key('keydown', 'ArrowLeft'));
    window.dispatchEvent(key('keyup', 'KeyA'));
    expect(input.frame.held('left')).toBe(true); // the other key still holds it
    expect(input.frame.pressed('left')).toBe(true);
    window.dispatchEvent(key('keyup', 'ArrowLeft'));
    expect(input.frame.held('left')).toBe(false);
    expect(input.frame.released('left')).toBe(true);
  });

  it('"an edge is consumed at most once and discarded at frame close"', () => {
    const input = createInput({ bindings: { jump: ['Space'] } });
    input.press('Space');
    expect(input.frame.pressed('jump')).toBe(true);
    expect(input.frame.pressed('jump')).toBe(false);
    input.release('Space');
    input.press('Space');
    input.closeFrame();
    expect(input.frame.pressed('jump')).toBe(false);
    expect(input.frame.held('jump')).toBe(true);
  });

  it('does not count key repeat as a new press', () => {
    const window = new EventTarget();
    const input = createInput({ bindings: { jump: ['Space'] }, keyboardTarget: window });
    window.dispatchEvent(key('keydown', 'Space'));
    expect(input.frame.pressed('jump')).toBe(true);
    window.dispatchEvent(key('keydown', 'Space'));
    expect(input.frame.pressed('jump')).toBe(false);
  });

  it('keeps a bound key from scrolling the page, and leaves other keys alone', () => {
    const window = new EventTarget();
    createInput({ bindings: { jump: ['Space'] }, keyboardTarget: window });
    const bound = key('keydown', 'Space');
    const other = key('keydown', 'KeyQ');
    window.dispatchEvent(bound);
    window.dispatchEvent(other);
    expect(bound.defaultPrevented).toBe(true);
    expect(other.defaultPrevented).toBe(false);
  });

  it('"In fixedUpdate, an edge survives a rendered frame with no fixed tick and is consumed once, even when the next frame catches up several ticks"', () => {
    const input = createInput({ bindings: { jump: ['Space'] } });
    input.press('Space');
    input.closeFrame(); // a rendered frame with no fixed tick
    const ticks = [input.fixed.pressed('jump'), input.fixed.pressed('jump'), input.fixed.pressed('jump')]; // three catch-up ticks
    expect(ticks).toEqual([true, false, false]);
    expect(input.frame.pressed('jump')).toBe(false); // the frame view's edge was discarded at close
  });

  it('maps pointer buttons and tracks the pointer relative to its target', () => {
    const canvas = Object.assign(new EventTarget(), {
      getBoundingClientRect: () => ({ left: 10, top: 20, width: 100, height: 50 }),
    });
    const input = createInput({ bindings: { fire: ['Pointer0'], aim: ['Pointer2'] }, pointerTarget: canvas });
    canvas.dispatchEvent(pointer('pointerdown', 0, 60, 45));
    expect(input.frame.pressed('fire')).toBe(true);
    expect(input.frame.pointer).toEqual({ x: 50, y: 25, inside: true });
    canvas.dispatchEvent(pointer('pointermove', 0, 200, 45));
    expect(input.frame.pointer.inside).toBe(false);
    canvas.dispatchEvent(pointer('pointerup', 0, 200, 45));
    expect(input.frame.held('fire')).toBe(false);
    expect(input.frame.held('aim')).toBe(false);
  });

  it('releases everything held when the window loses focus (the keyup will never come)', () => {
    const window = new EventTarget();
    const input = createInput({ bindings: { left: ['KeyA'] }, keyboardTarget: window });
    window.dispatchEvent(key('keydown', 'KeyA'));
    window.dispatchEvent(new Event('blur'));
    expect(input.frame.held('left')).toBe(false);
  });

  it('axis(negative, positive) is -1, 0 or 1', () => {
    const input = createInput({ bindings: { left: ['KeyA'], right: ['KeyD'] } });
    expect(input.frame.axis('left', 'right')).toBe(0);
    input.press('KeyA');
    expect(input.frame.axis('left', 'right')).toBe(-1);
    input.press('KeyD');
    expect(input.frame.axis('left', 'right')).toBe(0);
  });

  it('"events from the host are never trusted": a non-finite pointer position is ignored', () => {
    const input = createInput({ bindings: {} });
    input.movePointer(5, 6);
    input.movePointer(NaN, 1);
    expect(input.frame.pointer).toEqual({ x: 5, y: 6, inside: true });
  });

  it('destroy() removes every listener', () => {
    const window = new EventTarget();
    const input = createInput({ bindings: { jump: ['Space'] }, keyboardTarget: window });
    input.destroy();
    window.dispatchEvent(key('keydown', 'Space'));
    expect(input.frame.held('jump')).toBe(false);
  });

  it('names a bad binding or an unknown action', () => {
    expect(() => createInput({ bindings: { jump: 'Space' as never } })).toThrow(
      'createInput: bindings.jump must be an array of key codes or pointer buttons, got "Space"',
    );
    const input = createInput({ bindings: { jump: ['Space'] } });
    expect(() => input.frame.held('fly' as never)).toThrow(OptionError);
    expect(() => input.frame.held('fly' as never)).toThrow('input: action must be one of the bound actions (jump), got "fly"');
  });
});

describe('createInput refuses bad options by name (issue 12: "Unknown option keys are ignored in every factory")', () => {
  it('an unknown key, a target that is not an EventTarget, bindings that are not an object', () => {
    expect(() => createInput({ bindings: {}, keyboardTaget: new EventTarget() } as never)).toThrow(
      "createInput: unknown option 'keyboardTaget'; did you mean 'keyboardTarget'?",
    );
    expect(() => createInput({ bindings: {}, pointerTarget: {} as never })).toThrow('createInput: pointerTarget must be an EventTarget');
    expect(() => createInput({ bindings: [] as never })).toThrow('createInput: bindings must be an object of action names to key codes');
    expect(() => createInput(undefined as never)).toThrow('createInput: options must be an options object, got undefined');
  });
});

// Issue 25, item 4, "one Input model under world, state, systems, runtime and
// page input (the runtime's latched edges and the page's pointer measuring
// are features of it, not separate models)". The page engine's seed
// (shared-page-loop) asks of its input: "read · once a frame. The only phase
// that may measure the page: cached geometry, input edges latched.
// @fzlt/core/input measures its target here, at most once a frame, and only
// when the pointer moved." These are the features that make it one model.
describe('createInput: the features every preset\'s input is built from', () => {
  /** A target that counts how often it is measured. */
  function measuredTarget(left = 10, top = 20) {
    const target = Object.assign(new EventTarget(), {
      measures: 0,
      getBoundingClientRect() {
        target.measures++;
        return { left, top, width: 100, height: 50 };
      },
    });
    return target;
  }
  const move = (type: string, clientX: number, clientY: number, pointerType = 'mouse') =>
    Object.assign(new Event(type), { button: 0, pointerId: 1, clientX, clientY, pointerType });

  it("bindings: 'codes': every key and pointer button is an action of its own, named by its code", () => {
    const window = new EventTarget();
    const input = createInput({ bindings: 'codes', keyboardTarget: window });
    const space = key('keydown', 'Space');
    window.dispatchEvent(space);
    expect(space.defaultPrevented).toBe(false); // no key is the game's to keep from the page: none is bound
    expect([input.frame.held('Space'), input.frame.pressed('Space'), input.frame.pressed('Space')]).toEqual([true, true, false]);
    expect([input.frame.held('KeyQ'), input.frame.pressed('KeyQ')]).toEqual([false, false]); // a code never pressed reads as up
    input.press('ArrowRight');
    expect(input.frame.axis('ArrowLeft', 'ArrowRight')).toBe(1);
    input.press('Pointer0');
    expect([input.frame.held('Pointer0'), input.pointerDown]).toEqual([true, true]);
    expect([input.reads('anything'), createInput({ bindings: { jump: ['Space'] } }).reads('fly')]).toEqual([true, false]);
  });

  it('"a key\'s auto-repeat is never a new press", not even after a release-all (a blur, a pause) while the key stays down', () => {
    const window = new EventTarget();
    const input = createInput({ bindings: { jump: ['Space'] }, keyboardTarget: window });
    window.dispatchEvent(key('keydown', 'Space'));
    window.dispatchEvent(new Event('blur'));
    expect([input.frame.pressed('jump'), input.frame.released('jump')]).toEqual([true, true]);
    const repeat = Object.assign(key('keydown', 'Space'), { repeat: true });
    window.dispatchEvent(repeat);
    expect([input.frame.held('jump'), input.frame.pressed('jump')]).toEqual([false, false]);
    expect(repeat.defaultPrevented).toBe(true); // a held bound key still does not scroll the page
  });

  it('ignoreTextFields: "Keys typed into a text field are not the game\'s" (the keyup still releases what the game holds)', () => {
    const window = new EventTarget();
    const input = createInput({ bindings: 'codes', keyboardTarget: window, ignoreTextFields: true });
    const inField = (type: string, code: string, field: object) => Object.defineProperty(key(type, code), 'target', { value: field });
    window.dispatchEvent(inField('keydown', 'KeyH', { tagName: 'INPUT', type: 'text' }));
    window.dispatchEvent(inField('keydown', 'KeyE', { tagName: 'TEXTAREA' }));
    window.dispatchEvent(inField('keydown', 'KeyL', { tagName: 'DIV', isContentEditable: true }));
    expect(['KeyH', 'KeyE', 'KeyL'].map((code) => input.frame.held(code))).toEqual([false, false, false]);
    window.dispatchEvent(inField('keydown', 'Space', { tagName: 'INPUT', type: 'checkbox' })); // no typing in a checkbox
    window.dispatchEvent(key('keydown', 'KeyA'));
    window.dispatchEvent(inField('keyup', 'KeyA', { tagName: 'INPUT', type: 'text' }));
    expect([input.frame.held('Space'), input.frame.held('KeyA'), input.frame.released('KeyA')]).toEqual([true, false, true]);
  });

  it('pointerMeasure: \'frame\': "measures its target here, at most once a frame, and only when the pointer moved"', () => {
    const canvas = measuredTarget();
    const input = createInput({ bindings: 'codes', pointerTarget: canvas, pointerMeasure: 'frame' });
    for (let i = 0; i < 20; i++) canvas.dispatchEvent(move('pointermove', 20 + i, 30));
    expect([input.frame.pointer, canvas.measures]).toEqual([{ x: 0, y: 0, inside: false }, 0]); // a move only stores its position
    input.measurePointer(); // the frame's read
    expect([input.frame.pointer, canvas.measures, input.measureCount]).toEqual([{ x: 29, y: 10, inside: true }, 1, 1]);
    input.measurePointer();
    expect(canvas.measures, 'no move: no measure').toBe(1);
    input.movePointerClient(60, 45); // a script, as an event would
    expect(input.frame.pointer.x).toBe(29);
    input.measurePointer();
    expect([input.frame.pointer, canvas.measures]).toEqual([{ x: 50, y: 25, inside: true }, 2]);
    canvas.dispatchEvent(move('pointerleave', 70, 40, 'touch')); // "a touch leaves where it lifted"
    input.measurePointer();
    expect(input.frame.pointer).toEqual({ x: 60, y: 20, inside: false });
  });

  it("pointerMeasure: 'event' (the default) measures at each event, as before; movePointerClient measures now", () => {
    const canvas = measuredTarget();
    const input = createInput({ bindings: { fire: ['Pointer0'] }, pointerTarget: canvas });
    canvas.dispatchEvent(move('pointermove', 20, 30));
    canvas.dispatchEvent(move('pointermove', 60, 45));
    expect([input.frame.pointer, canvas.measures]).toEqual([{ x: 50, y: 25, inside: true }, 2]);
    input.movePointerClient(210, 45);
    input.measurePointer(); // measured already
    expect([input.frame.pointer, canvas.measures]).toEqual([{ x: 200, y: 25, inside: false }, 3]);
  });

  it('onInput: "any input wakes a settled engine": called on every press, release and pointer move that changes something', () => {
    const canvas = measuredTarget();
    const window = new EventTarget();
    let calls = 0;
    const input = createInput({ bindings: 'codes', keyboardTarget: window, pointerTarget: canvas, pointerMeasure: 'frame', onInput: () => void calls++ });
    window.dispatchEvent(key('keydown', 'KeyA'));
    window.dispatchEvent(key('keydown', 'KeyA')); // already held: nothing changes
    window.dispatchEvent(key('keyup', 'KeyA'));
    canvas.dispatchEvent(move('pointermove', 20, 30));
    expect(calls).toBe(3);
    input.measurePointer(); // the engine's own read is no input
    input.press('Space');
    input.movePointer(1, 2);
    expect(calls).toBe(5);
    input.releaseAll(); // a pause or a lost focus lets go: no input of the player's
    expect([calls, input.frame.held('Space')]).toEqual([5, false]);
  });

  it('pointerDown: whether a pointer button is held; a release-all lifts it', () => {
    const canvas = measuredTarget();
    const input = createInput({ bindings: 'codes', pointerTarget: canvas, pointerMeasure: 'frame' });
    canvas.dispatchEvent(move('pointerdown', 20, 30));
    expect(input.pointerDown).toBe(true); // at once; the position waits for the read
    canvas.dispatchEvent(move('pointerup', 20, 30));
    expect(input.pointerDown).toBe(false);
    canvas.dispatchEvent(move('pointerdown', 20, 30));
    input.releaseAll();
    expect([input.pointerDown, input.frame.released('Pointer0')]).toEqual([false, true]);
  });

  it('refuses a pointerMeasure, ignoreTextFields or onInput of the wrong kind, by name', () => {
    expect(() => createInput({ bindings: {}, pointerMeasure: 'read' as never })).toThrow(`createInput: pointerMeasure must be 'event' or 'frame', got "read"`);
    expect(() => createInput({ bindings: {}, ignoreTextFields: 1 as never })).toThrow('createInput: ignoreTextFields must be true or false, got 1');
    expect(() => createInput({ bindings: {}, onInput: 'wake' as never })).toThrow('createInput: onInput must be a function, got "wake"');
    expect(() => createInput({ bindings: 'keys' as never })).toThrow("createInput: bindings must be an object of action names to key codes, or 'codes'");
  });
});

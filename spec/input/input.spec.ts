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

/**
 * On-screen buttons for touch screens, feeding a game's own keyboard input.
 *
 * A pad is plain HTML: buttons that each name the key they stand for in
 * `data-key` (a `KeyboardEvent.code`):
 *
 * ```html
 * <div class="touch-pad" aria-label="Touch controls">
 *   <button type="button" data-key="ArrowLeft" aria-label="Run left">◀</button>
 *   <button type="button" data-key="Space" aria-label="Jump">Jump</button>
 * </div>
 * ```
 *
 * A finger that goes down on a button presses its key through the game's
 * input (`press(code)`, the call a scripted player or a test makes), and the
 * key stays held until that finger lifts: the game cannot tell the button
 * from the key. So there is one input path, whatever the device. Real pointer
 * events drive it, one finger per button, so a thumb can hold "right" while
 * the other taps "jump".
 *
 * touch-pad.css shows a pad only where the primary pointer is coarse (a phone,
 * a tablet), or once a touch has been seen ({@link revealOnTouch}): desktop
 * pages look as they did.
 *
 * @module
 */

/** Where a pad's buttons send their keys: the game's input (an `Input`, a runtime, a page's key handler). */
export interface KeySink {
  /** The key (`KeyboardEvent.code`) goes down. */
  press(code: string): void;
  /** The key comes up. */
  release(code: string): void;
}

/** The class {@link revealOnTouch} puts on `<html>`: touch-pad.css shows the pads under it. */
export const TOUCH_SEEN_CLASS = 'touch-seen';

/**
 * Makes each `[data-key]` button under `pad` hold its key while a finger (or
 * the mouse) is down on it.
 *
 * @throws {Error} when the pad has no `[data-key]` button: a pad that does
 * nothing is a mistake in the page.
 */
export function bindTouchPad(pad: ParentNode, keys: KeySink): void {
  const buttons = pad.querySelectorAll<HTMLElement>('[data-key]');
  if (buttons.length === 0) throw new Error('bindTouchPad: the pad has no [data-key] button');
  for (const button of buttons) holdKey(button, button.dataset['key']!, keys);
  revealOnTouch();
}

/** One button: its key is held while at least one pointer is down on it. */
function holdKey(button: HTMLElement, code: string, keys: KeySink): void {
  const holding = new Set<number>(); // pointer ids: two fingers on one button are one press
  button.addEventListener('pointerdown', (event) => {
    // No focus (a later Space would click the button), no text selection, no emulated mouse events.
    event.preventDefault();
    // The finger's pointerup comes to this button even when it slides off.
    button.setPointerCapture?.(event.pointerId);
    if (holding.size === 0) {
      keys.press(code);
      button.dataset['held'] = '';
    }
    holding.add(event.pointerId);
  });
  const lift = (event: PointerEvent): void => {
    if (!holding.delete(event.pointerId) || holding.size > 0) return;
    keys.release(code);
    delete button.dataset['held'];
  };
  // pointercancel: the browser took the touch (a system gesture); lostpointercapture: it was taken away.
  for (const type of ['pointerup', 'pointercancel', 'lostpointercapture'] as const) button.addEventListener(type, lift);
  // A long press opens no context menu over a game.
  button.addEventListener('contextmenu', (event) => event.preventDefault());
}

let revealing = false;

/**
 * Shows the touch pads from the first touch on: for a device whose primary
 * pointer is fine (a laptop with a touch screen), which touch-pad.css's
 * `(pointer: coarse)` query does not match. Safe to call twice.
 */
export function revealOnTouch(): void {
  if (revealing) return;
  revealing = true;
  const onPointer = (event: PointerEvent): void => {
    if (event.pointerType !== 'touch') return;
    document.documentElement.classList.add(TOUCH_SEEN_CLASS);
    window.removeEventListener('pointerdown', onPointer, true);
  };
  window.addEventListener('pointerdown', onPointer, true);
}

// On-screen buttons for touch screens, feeding the game's own keys. Each
// button names the key it stands for in data-key (a KeyboardEvent.code):
//
//   <div class="touch-pad"><button type="button" data-key="Space">Jump</button></div>
//
// A finger down on a button presses its key, and the key stays held until
// that finger lifts: the game cannot tell the button from the key, so there
// is one input path whatever the device. One finger per button, so a thumb
// can hold "right" while the other taps "jump". touch-pad.css shows the pad
// (and words marked .touch-only) only on a touch screen, or once a touch was
// seen: a desktop page looks as it did.
import './touch-pad.css';

/** Where the buttons send their keys: the game's input (`createInput`'s, or the runtime's `press`/`release`). */
export interface KeySink {
  press(code: string): void;
  release(code: string): void;
}

/** Makes each `[data-key]` button under `pad` hold its key while a finger (or the mouse) is down on it. */
export function bindTouchPad(pad: ParentNode, keys: KeySink): void {
  for (const button of pad.querySelectorAll<HTMLElement>('[data-key]')) {
    const code = button.dataset['key']!;
    const fingers = new Set<number>(); // two fingers on one button are one press
    button.addEventListener('pointerdown', (event) => {
      event.preventDefault(); // no focus, no text selection, no mouse events made up from the touch
      button.setPointerCapture(event.pointerId); // its lift comes here even if it slides off
      if (fingers.size === 0) keys.press(code);
      fingers.add(event.pointerId);
      button.dataset['held'] = '';
    });
    const lift = (event: PointerEvent) => {
      if (!fingers.delete(event.pointerId) || fingers.size > 0) return;
      keys.release(code);
      delete button.dataset['held'];
    };
    // pointercancel: the browser took the touch (a system gesture), and sends no pointerup.
    for (const type of ['pointerup', 'pointercancel', 'lostpointercapture'] as const) button.addEventListener(type, lift);
    button.addEventListener('contextmenu', (event) => event.preventDefault()); // a long press opens no menu
  }
  // A laptop with a touch screen has a fine primary pointer: show the pad from its first touch on.
  const onTouch = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    document.documentElement.classList.add('touch-seen');
    window.removeEventListener('pointerdown', onTouch, true);
  };
  window.addEventListener('pointerdown', onTouch, true);
}

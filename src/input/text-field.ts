/** The input types that take no typing: focus in one of these is not "typing in a field". */
const NON_TEXT_INPUT_TYPES: ReadonlySet<string> = new Set([
  'button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit',
]);

/**
 * Whether `target` is a field the visitor types in: an `<input>` that takes
 * text, a `<textarea>`, or contenteditable content. Keys typed there are the
 * visitor's, not the game's (an Input with `ignoreTextFields`), and focus
 * there pauses a page engine (`'typing'`).
 */
export function isTextField(target: unknown): boolean {
  if (typeof target !== 'object' || target === null) return false;
  const element = target as { tagName?: unknown; type?: unknown; isContentEditable?: unknown };
  if (element.isContentEditable === true) return true;
  if (element.tagName === 'TEXTAREA') return true;
  return element.tagName === 'INPUT' && !NON_TEXT_INPUT_TYPES.has(String(element.type ?? 'text').toLowerCase());
}

// What the code under test writes to the console, captured and asserted
// instead of printed: a passing run prints nothing on stderr (issue 25,
// item 7), and a warning a test provokes is part of what it checks.
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

/** The console methods that write to stderr. */
export type StderrMethod = 'warn' | 'error';

/** Messages captured by {@link captureConsole}. */
export interface ConsoleCapture {
  /** The messages written since the test began (or since the last {@link take}) and not yet taken, as text. */
  take(): string[];
}

/**
 * For every test of the file (call it at the top level, or in a describe):
 * replaces `console[method]` with a spy that prints nothing, and after the
 * test fails it if something was written that the test did not {@link
 * ConsoleCapture.take take}: a warning nobody asserted is a warning nobody
 * would notice.
 *
 * @param before Run before each test, before the spy is installed (e.g. to forget call sites already warned about).
 */
export function captureConsole(method: StderrMethod, before?: () => void): ConsoleCapture {
  let spy: MockInstance<(...args: unknown[]) => void> | undefined;
  let taken = 0;
  const written = (): string[] => (spy?.mock.calls ?? []).map((args) => args.map(String).join(' '));
  beforeEach(() => {
    before?.();
    taken = 0;
    spy = vi.spyOn(console, method).mockImplementation(() => {});
  });
  afterEach(() => {
    const left = written().slice(taken);
    spy?.mockRestore();
    spy = undefined;
    expect(left, `console.${method} written and not asserted by the test`).toEqual([]);
  });
  return {
    take() {
      const all = written();
      const fresh = all.slice(taken);
      taken = all.length;
      return fresh;
    },
  };
}

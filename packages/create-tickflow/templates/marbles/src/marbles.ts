// rxjs-marbles wired to vitest's expect, for marble tests of the game's loop.
// (Its observe() lets failing tests pass under vitest, and fakeSchedulers
// needs jest: neither is used.)
import { configure } from 'rxjs-marbles';
import { expect } from 'vitest';

export const { marbles } = configure({
  assert: (value: unknown, message: string) => expect(value, message).toBeTruthy(),
  assertDeepEqual: (actual: unknown, expected: unknown) => expect(actual).toStrictEqual(expected),
  frameworkMatcher: true,
});

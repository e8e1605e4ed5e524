import { configure } from 'rxjs-marbles';
import { expect } from 'vitest';

export const { marbles } = configure({
  assert: (value: unknown, message: string) => expect(value, message).toBeTruthy(),
  assertDeepEqual: (actual: unknown, expected: unknown) => expect(actual).toStrictEqual(expected),
  frameworkMatcher: true,
});

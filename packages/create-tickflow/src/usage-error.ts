/**
 * A mistake in how create-tickflow was called (an unknown template, a folder
 * that is not empty, ...). The CLI prints its message and exits with 1; any
 * other error is a bug and keeps its stack.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

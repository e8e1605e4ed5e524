// What a call throws, for a test that asserts on the error itself (its class,
// its fields and its message together) rather than only on a message.

/** The error `call` throws, or undefined when it returns. */
export function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

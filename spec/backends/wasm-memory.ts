// Test support: the WebAssembly memories instantiated while `load` runs.
// Rapier's compat packages do not expose their WASM memory, so the leak test
// wraps WebAssembly.instantiate around the package's init() (its first in
// this test file's module graph) and keeps each instance's exported memory.

/**
 * Runs `load` with WebAssembly.instantiate wrapped; returns the memories of
 * the instances instantiated meanwhile that export a function named with
 * `exportPrefix` (other WASM, such as a bundler's, may load at the same time).
 */
export async function captureWasmMemories(load: () => Promise<unknown>, exportPrefix: string): Promise<WebAssembly.Memory[]> {
  const memories: WebAssembly.Memory[] = [];
  const original = WebAssembly.instantiate;
  const wrapped = async (...args: Parameters<typeof WebAssembly.instantiate>) => {
    const result = (await (original as (...a: unknown[]) => Promise<unknown>)(...args)) as
      | WebAssembly.Instance
      | WebAssembly.WebAssemblyInstantiatedSource;
    const instance = result instanceof WebAssembly.Instance ? result : result.instance;
    const memory = instance.exports.memory;
    const ours = Object.keys(instance.exports).some((name) => name.startsWith(exportPrefix));
    if (ours && memory instanceof WebAssembly.Memory) memories.push(memory);
    return result;
  };
  WebAssembly.instantiate = wrapped as typeof WebAssembly.instantiate;
  try {
    await load();
  } finally {
    WebAssembly.instantiate = original;
  }
  return memories;
}

// Issue 29: "Rapier's WASM loads as its own file (or the chunk is split and lazy-loaded) where the starter
// needs physics." tickflow/rapier3d and tickflow/rapier2d import Rapier dynamically, inside createRapier3d()
// and createRapier2d(), so a bundler gives Rapier (its WebAssembly inlined as base64) a chunk of its own that
// a page fetches only when it creates physics. Built here with Vite, as a game's build would.
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { tickflowAliases } from '../../vite.config.js';

/** The start of every WebAssembly module ("\0asm", version 1), as base64: the -compat packages inline their WASM so. */
const WASM_BASE64 = 'AGFzbQEAAAAB';

/** The JavaScript chunks of a Vite build of one tickflow entry point, unminified (the test reads them, not their size). */
async function chunksOf(entry: string): Promise<Rolldown.OutputChunk[]> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: tickflowAliases },
    build: { write: false, minify: false, rolldownOptions: { input: { entry }, preserveEntrySignatures: 'strict' } },
  });
  const outputs = Array.isArray(result) ? result : [result as Rolldown.RolldownOutput];
  return outputs.flatMap((output) => output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk'));
}

describe.each([
  ['tickflow/rapier3d', '@dimforge/rapier3d-compat'],
  ['tickflow/rapier2d', '@dimforge/rapier2d-compat'],
])('a game built with %s', (entryPoint, rapier) => {
  it(`gets ${rapier} in a chunk of its own, imported dynamically, and none of its WASM in the entry chunk`, async () => {
    const chunks = await chunksOf(entryPoint);
    const entry = chunks.find((chunk) => chunk.isEntry)!;
    const withWasm = chunks.filter((chunk) => chunk.code.includes(WASM_BASE64));
    // Booleans, so a failure names the rule rather than printing megabytes of chunk.
    expect(entry.code.includes(WASM_BASE64), "Rapier's WASM is in the entry chunk").toBe(false);
    expect(withWasm).toHaveLength(1);
    expect(entry.dynamicImports).toContain(withWasm[0]!.fileName);
    expect(entry.imports).not.toContain(withWasm[0]!.fileName);
    expect(Object.keys(withWasm[0]!.modules).some((id) => id.includes(`${rapier}/`))).toBe(true);
  }, 60_000);
});

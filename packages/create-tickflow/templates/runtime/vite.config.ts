import { defineConfig, type Plugin } from 'vite';

// Two libraries are most of this game's JavaScript, each in a chunk of its own:
// - three.js, about 530 kB minified (130 kB gzipped). Its chunk's name
//   changes only when three.js (or the part of it you use) does, so a browser
//   keeps it cached across your deploys.
// - Rapier, about 4.3 MB minified (1.7 MB gzipped): @dimforge/rapier3d-compat
//   carries its WebAssembly inlined as base64, which is what lets it load
//   with no bundler plugin, in the browser, in Node and in vitest alike.
//   tickflow/rapier3d imports it dynamically, so it is fetched only when
//   createRapier3d() runs.
// Vite warns about any chunk over 500 kB, these two included. Its warning is
// set above Rapier, and the plugin below keeps the 500 kB warning for every
// other chunk: your own code still warns past 500 kB.
const LIBRARY_CHUNKS = /^(three|rapier)/;
const CHUNK_WARNING_KB = 500;

function warnOnLargeChunks(): Plugin {
  return {
    name: 'warn-on-large-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || LIBRARY_CHUNKS.test(chunk.name)) continue;
        const kb = chunk.code.length / 1000; // as Vite measures it
        if (kb > CHUNK_WARNING_KB) {
          this.warn(`Some chunks are larger than ${CHUNK_WARNING_KB} kB after minification: ${chunk.fileName} is ${kb.toFixed(2)} kB; split it with a dynamic import()`);
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [warnOnLargeChunks()],
  build: {
    chunkSizeWarningLimit: 4500,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'three', test: /[\\/]node_modules[\\/]three[\\/]/ }] },
      },
    },
  },
});

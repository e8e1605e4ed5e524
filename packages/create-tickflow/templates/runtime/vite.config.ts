import { defineConfig } from 'vite';

// Two libraries are most of this game's JavaScript, each in a chunk of its own:
// - three.js, about 530 kB minified (130 kB gzipped). Its chunk's name
//   changes only when three.js (or the part of it you use) does, so a browser
//   keeps it cached across your deploys.
// - Rapier, about 4.3 MB minified (1.7 MB gzipped): @dimforge/rapier3d-compat
//   carries its WebAssembly inlined as base64, which is what lets it load
//   with no bundler plugin, in the browser, in Node and in vitest alike.
//   tickflow/rapier3d imports it dynamically, so it is fetched only when
//   createRapier3d() runs.
// Vite warns about any chunk over 500 kB; the limit is set just above Rapier,
// the largest, so a chunk of your own code warns only past 4.5 MB.
export default defineConfig({
  build: {
    chunkSizeWarningLimit: 4500,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'three', test: /[\\/]node_modules[\\/]three[\\/]/ }] },
      },
    },
  },
});

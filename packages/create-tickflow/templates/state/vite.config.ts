import { defineConfig } from 'vite';

// three.js is most of this game's JavaScript: about 530 kB minified (130 kB
// gzipped) beside about 80 kB of tickflow, rxjs and the game. It gets a
// chunk of its own, whose name changes only when three.js (or the part of it
// you use) does, so a browser keeps it cached across your deploys. Vite
// warns about any chunk over 500 kB; the limit is set just above three.js,
// so a chunk of your own code past 600 kB still warns.
export default defineConfig({
  build: {
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'three', test: /[\\/]node_modules[\\/]three[\\/]/ }] },
      },
    },
  },
});

// The gallery's Vite config, plus the two headers that make the bench pages
// cross-origin isolated: there, performance.now() counts in 5 µs steps
// instead of 100 µs, fine enough to time a sprite sync of a fraction of a
// millisecond frame by frame.
import { defineConfig, mergeConfig } from 'vite';
import gallery from '../../vite.config.js';

export default mergeConfig(
  gallery,
  defineConfig({
    server: {
      headers: {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      },
    },
  }),
);

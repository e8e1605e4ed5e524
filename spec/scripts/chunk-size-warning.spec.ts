// Issue 29: "Every starter builds with no chunk-size warning." The starters check reads Vite's output for it.
import { describe, expect, it } from 'vitest';
import { chunkSizeWarning } from '../../scripts/chunk-size-warning.js';

// What Vite 8.3 printed for the runtime starter when Rapier's chunk was over a 600 kB limit.
const WARNED = `vite v8.3.8 building client environment for production...
transforming...
✓ 325 modules transformed.
rendering chunks...
computing gzip size...
dist/index.html                     1.46 kB │ gzip:     0.70 kB
dist/assets/index-uGtHuveJ.css      1.39 kB │ gzip:     0.58 kB
dist/assets/index-6wv8NlT8.js     144.26 kB │ gzip:    47.16 kB
dist/assets/three-CxjJE1jn.js     533.15 kB │ gzip:   131.78 kB
dist/assets/rapier-BcnL-M2-.js  4,335.10 kB │ gzip: 1,669.96 kB

[plugin builtin:vite-reporter]
(!) Some chunks are larger than 600 kB after minification. Consider:
- Using dynamic import() to code-split the application
- Adjust chunk size limit for this warning via build.chunkSizeWarningLimit.
✓ built in 827ms
`;

describe('chunkSizeWarning', () => {
  it('finds the warning, its limit and the chunks over it, largest first', () => {
    expect(chunkSizeWarning(WARNED)).toEqual({ limitKb: 600, chunks: ['dist/assets/rapier-BcnL-M2-.js (4335.10 kB)'] });
  });

  it('names every chunk over the default 500 kB limit', () => {
    const output = WARNED.replace('larger than 600 kB', 'larger than 500 kB');
    expect(chunkSizeWarning(output)?.chunks).toEqual(['dist/assets/rapier-BcnL-M2-.js (4335.10 kB)', 'dist/assets/three-CxjJE1jn.js (533.15 kB)']);
  });

  it('reads a limit written with a thousands separator', () => {
    const output = WARNED.replace('larger than 600 kB', 'larger than 4,000 kB');
    expect(chunkSizeWarning(output)).toEqual({ limitKb: 4000, chunks: ['dist/assets/rapier-BcnL-M2-.js (4335.10 kB)'] });
  });

  it('reads through the colour codes Vite prints on a terminal', () => {
    const coloured = WARNED.replace('(!) Some chunks', '\x1b[33m(!) Some chunks').replace('4,335.10 kB', '\x1b[1m\x1b[33m4,335.10 kB\x1b[39m\x1b[22m');
    expect(chunkSizeWarning(coloured)?.chunks).toEqual(['dist/assets/rapier-BcnL-M2-.js (4335.10 kB)']);
  });

  it('finds nothing in a build that did not warn, however large its files', () => {
    const quiet = WARNED.slice(0, WARNED.indexOf('[plugin builtin:vite-reporter]'));
    expect(chunkSizeWarning(quiet)).toBeUndefined();
    expect(chunkSizeWarning('')).toBeUndefined();
  });
});

import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The examples gallery that `npm start` serves. The examples import tickflow
// the way users do ('tickflow', 'tickflow/operators', 'tickflow/testing'); the
// aliases point those names at the sources, so an edit in src/ shows up live
// without a build. tsconfig.json's `paths` mirror them for the type-checker.
const repo = import.meta.dirname;

/**
 * 'tickflow' and its subpaths, resolved to the sources. Exact-match patterns,
 * so 'tickflow' does not swallow 'tickflow/operators'. vitest.config.ts uses
 * the same list.
 */
export const tickflowAliases = [
  { find: /^tickflow$/, replacement: resolve(repo, 'src/index.ts') },
  { find: /^tickflow\/operators$/, replacement: resolve(repo, 'operators/index.ts') },
  { find: /^tickflow\/testing$/, replacement: resolve(repo, 'src/testing/index.ts') },
  { find: /^tickflow\/world$/, replacement: resolve(repo, 'src/engines/world/index.ts') },
  { find: /^tickflow\/state$/, replacement: resolve(repo, 'src/engines/state/index.ts') },
  { find: /^tickflow\/web-audio$/, replacement: resolve(repo, 'src/backends/web-audio/index.ts') },
  { find: /^tickflow\/three$/, replacement: resolve(repo, 'src/backends/three/index.ts') },
  { find: /^tickflow\/pixi$/, replacement: resolve(repo, 'src/backends/pixi/index.ts') },
  { find: /^tickflow\/page$/, replacement: resolve(repo, 'src/engines/page/index.ts') },
  { find: /^tickflow\/systems$/, replacement: resolve(repo, 'src/engines/systems/index.ts') },
  { find: /^tickflow\/runtime$/, replacement: resolve(repo, 'src/engines/runtime/index.ts') },
  { find: /^tickflow\/replay$/, replacement: resolve(repo, 'src/replay/index.ts') },
  { find: /^tickflow\/netplay$/, replacement: resolve(repo, 'src/netplay/index.ts') },
  { find: /^tickflow\/netplay-server$/, replacement: resolve(repo, 'src/netplay/server.ts') },
  { find: /^tickflow\/colyseus$/, replacement: resolve(repo, 'src/colyseus/index.ts') },
  { find: /^tickflow\/rapier(2d|3d)$/, replacement: resolve(repo, 'src/backends/rapier/rapier$1.ts') },
];

export default defineConfig({
  root: resolve(repo, 'examples'),
  resolve: {
    alias: tickflowAliases,
  },
  server: {
    // Test fixture pages live in spec/browser/fixtures and are served from
    // outside the root as /@fs/<absolute path>.
    fs: { allow: [repo] },
  },
  optimizeDeps: {
    // Pre-bundle at start-up, so a first visit is not reloaded mid-way when
    // the optimizer discovers rxjs behind the aliases. colyseus.js (Gem Arena's
    // client) is CommonJS in browsers, so it must be pre-bundled too.
    include: ['rxjs', 'three', 'pixi.js', 'pixi.js/unsafe-eval', 'colyseus.js'],
  },
});

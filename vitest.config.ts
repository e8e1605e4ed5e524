import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const repo = import.meta.dirname;

export default defineConfig({
  // Specs of docs and examples import tickflow as users do; these resolve it
  // to the sources (as vite.config.ts does for the gallery).
  resolve: {
    alias: [
      { find: /^tickflow$/, replacement: resolve(repo, 'src/index.ts') },
      { find: /^tickflow\/operators$/, replacement: resolve(repo, 'operators/index.ts') },
      { find: /^tickflow\/testing$/, replacement: resolve(repo, 'src/testing/index.ts') },
      { find: /^tickflow\/three$/, replacement: resolve(repo, 'src/backends/three/index.ts') },
      { find: /^tickflow\/pixi$/, replacement: resolve(repo, 'src/backends/pixi/index.ts') },
    ],
  },
  test: {
    reporters: ['default', './spec/support/summary-reporter.ts'],
    projects: [
      {
        extends: true, // inherit the aliases above
        test: {
          name: 'unit',
          include: ['spec/**/*.spec.ts'],
          exclude: ['spec/browser/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['spec/browser/**/*.spec.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

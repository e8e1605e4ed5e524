import { defineConfig } from 'vitest/config';
import { tickflowAliases } from './vite.config.js';

export default defineConfig({
  // Specs of docs and examples import tickflow as users do; the gallery's
  // aliases resolve it to the sources.
  resolve: { alias: tickflowAliases },
  test: {
    reporters: ['default', './spec/support/summary-reporter.ts'],
    projects: [
      {
        extends: true, // inherit the aliases above
        test: {
          name: 'unit',
          include: ['spec/**/*.spec.ts'],
          exclude: ['spec/browser/**', 'spec/site/**'],
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
      {
        // `npm run test:site`: the built static site (`npm run build:site` first) in real Chromium.
        extends: true,
        test: {
          name: 'site',
          include: ['spec/site/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
});

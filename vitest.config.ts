import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import LongestFirst from './spec/support/longest-first.js';
import { tickflowAliases } from './vite.config.js';

/**
 * Unit specs that need a process of their own (run isolated): the leak specs watch Rapier's WebAssembly memory
 * from its instantiation, and the steady-allocation specs count bytes a frame, which code shared with other
 * files (compiled for their types too, or deoptimized by them) can change: the runtime's read 65 B an object
 * after other files in one run, under 1 B alone.
 */
const FRESH_PROCESS = ['spec/backends/rapier-leak.spec.ts', 'spec/runtime/runtime-leak.spec.ts', 'spec/**/steady-allocation.spec.ts'];

const TEMPLATES = resolve(import.meta.dirname, 'packages/create-tickflow/templates');

/**
 * The create-tickflow starters' own tests run here against the sources. Each
 * imports `./marbles.js`, which create-tickflow copies beside it from the
 * shared `marbles` template; in this repository that file lives there.
 */
const templateMarbles: Plugin = {
  name: 'create-tickflow-template-marbles',
  resolveId(source, importer) {
    if (source === './marbles.js' && importer?.startsWith(TEMPLATES)) return resolve(TEMPLATES, 'marbles/src/marbles.ts');
    return undefined;
  },
};

export default defineConfig({
  // Specs of docs and examples import tickflow as users do; the gallery's
  // aliases resolve it to the sources.
  resolve: { alias: tickflowAliases },
  plugins: [templateMarbles],
  test: {
    reporters: ['default', './spec/support/summary-reporter.ts'],
    // Every fast-check property bounded in time, its seed printed on failure (see the file).
    setupFiles: ['./spec/support/fast-check-bounds.ts'],
    // The longest files first, on a clean clone too (see the file).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true, // inherit the aliases above
        test: {
          name: 'unit',
          include: ['spec/**/*.spec.ts', 'packages/create-tickflow/templates/*/src/*.spec.ts'],
          exclude: ['spec/browser/**', 'spec/site/**', ...FRESH_PROCESS],
          environment: 'node',
          // The files share their workers' module cache instead of importing every module afresh per file:
          // about half the suite's CPU time (118 s against 225 s, measured 2026-12-06) was module loading. A
          // file must leave the process as it found it (timers real, rxjs' config put back); the one that left
          // vitest's fake setTimeout behind hung every later file of its worker until fixed
          // (spec/engines/page/fps-cap.spec.ts).
          isolate: false,
          maxWorkers: 2,
          // A property is stopped 2 s before its test's timeout (spec/support/fast-check-bounds.ts):
          // 18 s, several times what the slowest takes on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        // FRESH_PROCESS's specs, each file in a process of its own, as vitest runs files by default.
        extends: true,
        test: {
          name: 'unit-fresh',
          include: FRESH_PROCESS,
          environment: 'node',
          // One at a time, after every other file: vitest runs an isolated project's files whose maxWorkers is 1 in a
          // group of their own, alone, at the end. On two workers they ran beside the unit project's files, and the
          // runtime's steady-allocation spec read 63 B a frame in CI (under 1 alone).
          maxWorkers: 1,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['spec/browser/**/*.spec.ts'],
          environment: 'node',
          // One Vite server and one Chromium for the run, shared by every file (see the file).
          globalSetup: ['./spec/browser/global-setup.ts'],
          // Two files at a time: much of a browser test waits for a game's own time (a rally, a serve), which two
          // files can wait out together. No test depends on the host keeping up (they count frames the host
          // delivered, never time), so sharing the machine slows them and breaks nothing: 179 s against 224 s
          // one at a time (load 3.6-8.3), and a pass beside scripts/cpu-hog.sh.
          fileParallelism: true,
          maxWorkers: 2,
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

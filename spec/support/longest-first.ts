// The order vitest hands spec files to its workers: the longest first, so
// that no long file starts last and runs alone while the other worker waits
// (the browser run's 47 s whole-games file did, on a clean clone).
//
// vitest's own sequencer already runs the longest first when its cache of
// the last run's durations is there (node_modules/.vite/vitest); a clean
// clone, as `.ci/run` makes, has no cache, and vitest then runs the files in
// the order it found them. There the measured seconds below stand in. They
// are an order, not a check: a file that grows or shrinks only runs at
// another place in the queue.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each browser spec file took in `npm run test:browser` on a quiet
 * 2-core machine (2026-12-07 21:20 UTC, two files at a time, from a file's
 * first test to its last). Files not listed run after these, largest file first.
 */
const BROWSER_SECONDS: Readonly<Record<string, number>> = {
  'spec/browser/starters.spec.ts': 73,
  'spec/browser/paddle-duel-online.spec.ts': 55,
  'spec/browser/whole-games-play.spec.ts': 47,
  'spec/browser/replay-physics-playground.spec.ts': 43,
  'spec/browser/paddle-duel.spec.ts': 43,
  'spec/browser/gallery-phone.spec.ts': 33,
  'spec/browser/replay-paddle-duel.spec.ts': 26,
  'spec/browser/three-backend.spec.ts': 23,
  'spec/browser/page-examples.spec.ts': 23,
  'spec/browser/arena.spec.ts': 20,
  'spec/browser/pixi-backend.spec.ts': 19,
  'spec/browser/paddle-duel-webrtc.spec.ts': 18,
  'spec/browser/replay-platformer.spec.ts': 18,
  'spec/browser/backends-bench.spec.ts': 17,
  'spec/browser/orbit-catch.spec.ts': 17,
  'spec/browser/physics-playground.spec.ts': 16,
  'spec/browser/netplay-webrtc.spec.ts': 15,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const cached = (file: TestSpecification) => this.ctx.cache.getFileTestResults(`${file.project.name}:${this.pathOf(file)}`) !== undefined;
    // With last run's durations for every file, vitest's own order is already the longest first.
    if (sorted.every(cached)) return sorted;
    const seconds = (file: TestSpecification) => BROWSER_SECONDS[this.pathOf(file)] ?? 0;
    // Array.prototype.sort is stable: files of one weight (all the unlisted ones) keep vitest's order among them.
    return sorted.sort((a, b) => (a.project.name === b.project.name ? seconds(b) - seconds(a) : 0));
  }

  private pathOf(file: TestSpecification): string {
    return relative(this.ctx.config.root, file.moduleId);
  }
}

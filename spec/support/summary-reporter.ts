// A vitest reporter that closes each run with one plain line,
// "tests: N passed, N failed, N skipped", and, under CI=true, fails the run
// when any test was skipped: a browser test that quietly skips (no Chromium,
// no WebGL) must not pass for a green CI.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped.push(`${module.moduleId}: ${test.fullName}`);
      }
    }
    console.log(`tests: ${passed} passed, ${failed} failed, ${skipped.length} skipped`);
    if (process.env.CI === 'true' && skipped.length > 0) {
      console.error(`CI=true: ${skipped.length} skipped test(s) count as failures:\n  ${skipped.join('\n  ')}`);
      process.exitCode = 1;
    }
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type BrowserHarness, type OpenedPage } from './harness.js';

// Issue 20, item 5: "in development builds, a warning (once per call site)
// when Math.random, Date.now or performance.now is called inside a fixed step
// or update", in Chromium, where the stand-ins are swapped in on the objects
// that own the properties (performance.now on Performance.prototype: an own
// property added to `performance` and deleted again allocated each phase;
// spec/engines/shell/nondeterminism-warnings.spec.ts has the rest in Node).

let harness: BrowserHarness;
let opened: OpenedPage;
const warnings: string[] = [];

beforeAll(async () => {
  harness = await startHarness();
  opened = await harness.open(harness.fixture('determinism-warnings.html'), { readyWhen: () => window.__determinism !== undefined });
  opened.page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith('tickflow:')) warnings.push(message.text());
  });
});

afterAll(async () => {
  await harness?.close();
});

describe('the determinism warnings in Chromium', () => {
  it('inside the update the three calls are watched and still answer; each call site warns once; between frames the platform\'s functions are back', async () => {
    expect(await opened.page.evaluate(() => window.__determinism!.untouched())).toBe(true);
    const seen = await opened.page.evaluate(() => window.__determinism!.run(3));
    expect(seen).toHaveLength(3);
    for (const frame of seen) {
      expect(frame.wrappedInside).toBe(true);
      expect(frame.random >= 0 && frame.random < 1).toBe(true);
      expect(frame.now).toBeGreaterThan(0);
      expect(frame.dateMs).toBeGreaterThan(Date.UTC(2020, 0, 1));
    }
    expect(await opened.page.evaluate(() => window.__determinism!.untouched())).toBe(true);
    // Console messages reach the test asynchronously: wait until the three have come.
    await expect.poll(() => warnings.length).toBe(3);
    expect(warnings.map((w) => /^tickflow: (.+?)\(\) was called/.exec(w)?.[1]).sort()).toEqual(['Math.random', 'new Date', 'performance.now']);
    for (const warning of warnings) {
      expect(warning).toContain('phase "update" of the state engine');
      expect(warning).toMatch(/determinism-warnings\.ts:\d+:\d+/);
    }
  });
});

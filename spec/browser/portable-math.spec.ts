import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type BrowserHarness, type OpenedPage } from './harness.js';
import { differing, evaluateTrig, trigSamples } from '../support/trig-samples.js';

// docs/determinism.md: "`Math.sin`, `cos`, `tan`, `atan2` ... The
// specification lets each engine pick its own approximation ... Where that
// matters, use a table or a polynomial written with `+ - * /`." The gallery
// games whose sessions replay in Node (Paddle Duel, DOM Breakout) turn their
// balls with examples/shared/portable-math.ts for that reason: a recorded
// Paddle Duel session once replayed in Node with a different state from a
// return on, because Math.atan2(-6.774943881463479, 452.5353687228982) is
// -0.014969963132766495 in Node 20 and -0.014969963132766497 in Chromium.
// Checked here: the portable functions give the same bits in Chromium as in
// Node, on every sample.

const SAMPLES = 20_000;

let harness: BrowserHarness;
let opened: OpenedPage;

beforeAll(async () => {
  harness = await startHarness();
  opened = await harness.open(harness.fixture('portable-math.html'), { readyWhen: () => window.__portableMath !== undefined });
});

afterAll(async () => {
  await harness?.close();
});

describe('portable sine, cosine and arctangent (examples/shared/portable-math.ts)', () => {
  it('give the same bits in Chromium as in Node on every sample, where the built-ins need not', async () => {
    const { xs, ys } = trigSamples(SAMPLES);
    const inNode = evaluateTrig(xs, ys);
    const inChromium = await opened.page.evaluate(({ xs, ys }) => window.__portableMath!.evaluate(xs, ys), { xs, ys });
    const portable = {
      sin: differing(inNode.portable.sin, inChromium.portable.sin),
      cos: differing(inNode.portable.cos, inChromium.portable.cos),
      atan2: differing(inNode.portable.atan2, inChromium.portable.atan2),
    };
    // The built-ins, for the record (not asserted: two engines may happen to agree).
    const builtIn = {
      sin: differing(inNode.builtIn.sin, inChromium.builtIn.sin),
      cos: differing(inNode.builtIn.cos, inChromium.builtIn.cos),
      atan2: differing(inNode.builtIn.atan2, inChromium.builtIn.atan2),
    };
    console.log(`of ${SAMPLES} samples differing between Node and Chromium: portable ${JSON.stringify(portable)}, built-in ${JSON.stringify(builtIn)}`);
    expect(portable).toEqual({ sin: 0, cos: 0, atan2: 0 });
    expect(opened.errors).toEqual([]);
  });

});

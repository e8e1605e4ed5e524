import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type BrowserHarness, type OpenedPage } from './harness.js';
import { differing, evaluateTrig, trigSamples } from '../support/trig-samples.js';

// docs/determinism.md: "In a simulation, use portableSin, portableCos and
// portableAtan2 from tickflow: written with + - * / and exact bit reads
// only, they give the same bits in every engine on every CPU". Checked here
// on 20,000 arguments: Chromium computes tickflow's portable functions to
// the same bits as Node does, where the built-ins need not agree (a recorded
// Paddle Duel session once replayed in Node with another state from a return
// on: Math.atan2(-6.774943881463479, 452.5353687228982) is
// -0.014969963132766495 in Node 20 and -0.014969963132766497 in Chromium).

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

describe('portableSin, portableCos, portableAtan2 in Chromium', () => {
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

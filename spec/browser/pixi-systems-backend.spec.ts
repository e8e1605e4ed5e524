import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemsFixture } from './fixtures/pixi-systems-backend.js';
import { startHarness, type BrowserHarness, type OpenedPage } from './harness.js';

// The pixi.js systems backend (src/backends/pixi/pixi-systems-backend.ts) in
// real Chromium, fed frames by hand: "a Graphics is drawn only for a new
// entity or a new shape or size, and a colour or opacity change is a write of
// its `tint` or `alpha`, so a steady frame allocates nothing per entity,
// recoloured or not" (issue 29: 0 B per object per frame; a redrawn Graphics
// allocated about 3 KB), and the sprite of an entity a frame no longer holds
// (removed, or another scene's) is destroyed, while the others stay.

/** Chromium's SwiftShader prints this driver warning when pixi starts (BROWSER.md, pitfall 2). */
const KNOWN_NOISE = /GPU stall due to ReadPixels/;

let harness: BrowserHarness;
let fixture: OpenedPage;

const call = <K extends keyof SystemsFixture>(name: K, ...args: Parameters<SystemsFixture[K]>): Promise<ReturnType<SystemsFixture[K]>> =>
  fixture.page.evaluate(([n, a]) => (window.__systems![n] as (...x: unknown[]) => unknown)(...a), [name, args] as const) as Promise<ReturnType<SystemsFixture[K]>>;

beforeAll(async () => {
  harness = await startHarness();
  fixture = await harness.open(harness.fixture('pixi-systems-backend.html'), {
    viewport: { width: 320, height: 180 },
    readyWhen: () => window.__systems !== undefined,
  });
});

afterAll(async () => {
  expect(fixture.errors.filter((e) => !KNOWN_NOISE.test(e))).toEqual([]);
  await harness?.close();
});

describe('the pixi.js systems backend in real Chromium', () => {
  it('draws one Graphics per entity with a sprite, at its drawn pose', async () => {
    await call('render', ['e1', 'e2', 'e3', 'e4']);
    expect(await call('xs')).toEqual([10, 20, 30, 40]);
    expect(await call('destroyed')).toBe(0);
  });

  it('destroys the sprites of entities a frame no longer holds, and keeps the rest in their order', async () => {
    await call('render', ['e1', 'e3']);
    expect(await call('xs')).toEqual([10, 30]);
    expect(await call('destroyed')).toBe(2);
    // A steady frame removes nothing.
    await call('render', ['e1', 'e3']);
    expect(await call('xs')).toEqual([10, 30]);
    expect(await call('destroyed')).toBe(2);
  });

  it('destroys the sprite of an entity still in the list but no longer alive', async () => {
    await call('kill', 'e3');
    await call('render', ['e1', 'e3']);
    expect(await call('xs')).toEqual([10]);
    expect(await call('destroyed')).toBe(3);
  });

  it('replaces every sprite when the frame holds another scene\'s entities', async () => {
    await call('render', ['e5', 'e6']);
    expect(await call('xs')).toEqual([50, 60]);
    expect(await call('destroyed')).toBe(4);
  });

  it('recolours a sprite with its tint and fades it with its alpha, drawing nothing again', async () => {
    const before = (await call('look', 'e5')).redraws;
    await call('change', 'e5', { color: 0x3366ff, alpha: 0.5 });
    await call('render', ['e5', 'e6']);
    expect(await call('look', 'e5')).toEqual({ tint: 0x3366ff, alpha: 0.5, redraws: before });
    expect(await call('look', 'e6')).toEqual({ tint: 0xffcc00, alpha: 1, redraws: before });
  });

  it('draws a sprite again only when its size changes', async () => {
    const before = (await call('look', 'e5')).redraws;
    await call('render', ['e5', 'e6']);
    expect((await call('look', 'e5')).redraws).toBe(before);
    await call('change', 'e5', { width: 20 });
    await call('render', ['e5', 'e6']);
    expect(await call('look', 'e5')).toEqual({ tint: 0x3366ff, alpha: 0.5, redraws: before + 1 });
  });
});

import { startHarness } from './harness.js';
const h = await startHarness();
for (const [name, path] of [['paddle', process.argv[2] ?? 'paddle-duel/?autoplay=1'], ['orbit', 'orbit-catch/']] as const) {
  if (process.argv[3] === 'only' && name === 'orbit') continue;
  const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('console', m.text().slice(0, 200)));
  await page.goto(h.url(path));
  await page.waitForTimeout(Number(process.env.WAIT ?? 6000));
  if (process.env.KEYS) for (const k of process.env.KEYS.split(',')) { await page.keyboard.press(k); await page.waitForTimeout(400); }
  await page.screenshot({ path: `/tmp/shot-${name}.png` });
  const box = await page.evaluate(() => { const s = document.querySelector('#stage'); const r = s?.getBoundingClientRect(); return r && { top: r.top, bottom: r.bottom, w: r.width, h: r.height, docH: document.documentElement.scrollHeight }; });
  console.log(name, JSON.stringify(box));
  await ctx.close();
}
await h.close();

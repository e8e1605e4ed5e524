// Run by spec/browser/paddle-duel-webrtc.spec.ts inside a network namespace of
// its own (see there): the gallery's Vite server and the signalling server on
// 127.0.0.1, and Chromium, whose two tabs play Paddle Duel online over WebRTC
// (?signal=): tab A makes a room with "New room", tab B joins it by the code
// in A's link; each holds a real key for 20 of its frames; both play on until
// each has confirmed 300 ticks and matched 3 checksums. Prints one JSON line.
// Page scripts are strings: tsx's names helper (__name) does not exist in a page.
import { chromium, type Page } from 'playwright-core';
import { startSignallingServer } from '../../src/netplay/signalling-server.js';
import { CHROMIUM_PATH, startViteServer } from './harness.js';

const STEP_TIMEOUT_MS = 20_000;

const server = await startViteServer();
const signalling = await startSignallingServer({ port: 0 });
// No frame limit: two tabs that draw WebGL share one frame source otherwise (paddle-duel-online.spec.ts);
// loopback allowed as an ICE candidate address: it is the only one this namespace has.
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--disable-frame-rate-limit', '--allow-loopback-in-peer-connection'] });
const errors: string[] = [];
try {
  const base = `${server.resolvedUrls!.local[0]!}paddle-duel/online/?signal=${encodeURIComponent(signalling.url)}`;
  // The camera and microphone permissions let Chromium's WebRTC offer loopback candidates (see the spec's comment).
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ['camera', 'microphone'] });
  const pages = [await context.newPage(), await context.newPage()] as const;
  for (const page of pages) {
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/GPU stall due to ReadPixels/.test(message.text())) errors.push(message.text());
    });
  }
  const [a, b] = pages;
  const until = (page: Page, expression: string) => page.waitForFunction(expression, undefined, { polling: 50, timeout: STEP_TIMEOUT_MS });
  await a.goto(base);
  await until(a, 'window.__online !== undefined');
  await a.click('#new-room');
  await until(a, "new URL(location.href).searchParams.get('room') !== null");
  const code = new URL(a.url()).searchParams.get('room')!;
  await b.goto(`${base}&room=${code}`);
  for (const page of pages) await until(page, "window.__online.stats()?.phase === 'running'");
  const online = <T>(page: Page, expression: string) => page.evaluate(`(() => { const o = window.__online; return ${expression}; })()`) as Promise<T>;
  /** Holds `key` in `page` for 20 of its frames; returns how far that side's paddle moved on the other page once it confirmed those ticks. */
  const hold = async (page: Page, other: Page, key: string, side: 'left' | 'right'): Promise<number> => {
    const before = await online<number>(other, `o.paddles().${side}`);
    const from = await online<number>(page, 'o.frames');
    await page.keyboard.down(key);
    await until(page, `window.__online.frames >= ${from + 20}`);
    await page.keyboard.up(key);
    const through = (await online<number>(page, 'o.stats().currentTick')) + 1;
    await until(other, `window.__online.stats().confirmedTick >= ${through}`);
    return (await online<number>(other, `o.paddles().${side}`)) - before;
  };
  const leftMoved = await hold(a, b, 'KeyW', 'left');
  const rightMoved = await hold(b, a, 'ArrowDown', 'right');
  for (const page of pages) await until(page, 'window.__online.stats().confirmedTick >= 300 && window.__online.stats().checksumsMatched >= 3');
  const report = {
    code,
    joined: await Promise.all(pages.map((page) => online<unknown>(page, 'o.joined'))),
    leftMoved,
    rightMoved,
    sessions: await Promise.all(
      pages.map((page) =>
        online<unknown>(page, '(({ confirmedTick, checksumsMatched, desyncs, rollbacks, peers }) => ({ confirmedTick, checksumsMatched, desyncs: desyncs.length, rollbacks, pingMs: peers[0].pingMs }))(o.stats())'),
      ),
    ),
    errors,
  };
  console.log(JSON.stringify(report));
} finally {
  await browser.close();
  await signalling.close();
  await server.close();
}

// The browser project's global setup: one Vite dev server and one Chromium
// for the whole run, which every spec file's startHarness() connects to (see
// SHARED_HARNESS_ENV in harness.ts). A file still opens its pages in
// contexts of its own, so nothing a page does is seen by another file; what
// is shared is the cost: a second or more to start each, on a busy machine,
// and a fresh server's transform of every module for its first page.
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, DEFAULT_VITE_CONFIG, SHARED_HARNESS_ENV, startViteServer, type SharedHarness } from './harness.js';

export default async function setup(): Promise<() => Promise<void>> {
  const [server, browser] = await Promise.all([startViteServer(), chromium.launchServer({ executablePath: CHROMIUM_PATH })]);
  const baseUrl = server.resolvedUrls?.local[0];
  if (baseUrl === undefined) {
    await Promise.all([browser.close(), server.close()]);
    throw new Error('browser global setup: the Vite server reported no local address');
  }
  // The workers that run the spec files start after this, and inherit the environment.
  process.env[SHARED_HARNESS_ENV] = JSON.stringify({ configFile: DEFAULT_VITE_CONFIG, baseUrl, wsEndpoint: browser.wsEndpoint() } satisfies SharedHarness);
  return async () => {
    delete process.env[SHARED_HARNESS_ENV];
    await Promise.allSettled([browser.close(), server.close()]);
  };
}

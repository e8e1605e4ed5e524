import type { PageEngine } from 'tickflow/page';
import { rafMeter, type RafMeter } from './raf-meter.js';

/** What a page engine example exposes to its browser test. */
export interface PageExampleHandle {
  readonly engines: readonly PageEngine[];
  readonly raf: RafMeter;
}

declare global {
  interface Window {
    __pageExample?: PageExampleHandle;
  }
}

/** Exposes an example's engines to its browser test (spec/browser/page-examples.spec.ts). */
export function exposeForTests(engines: readonly PageEngine[]): void {
  window.__pageExample = { engines, raf: rafMeter };
}

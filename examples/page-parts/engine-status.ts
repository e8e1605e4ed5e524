import type { PageEngine } from 'tickflow/page';
import { rafMeter } from './raf-meter.js';

/** How often the readouts refresh, in milliseconds: a timer, not a frame. */
export const STATUS_INTERVAL_MS = 500;

/** One row of the readout: what an engine is doing right now. */
export function describeEngine(engine: PageEngine): string {
  if (engine.paused.size > 0) return `paused: ${[...engine.paused].join(', ')}`;
  if (engine.settled) return 'settled (no frames)';
  return engine.fps === undefined ? 'running' : `running (fps: ${engine.fps})`;
}

/**
 * Keeps a readout list up to date: the page's requestAnimationFrame calls a
 * second, then one row per engine (its name, its frames a second and why it
 * is paused). Refreshed on a timer outside every engine's frame, so these
 * writes are nobody's render phase.
 */
export function showStatus(list: HTMLElement, engines: readonly PageEngine[], pageLabel = 'this page'): void {
  const page = document.createElement('li');
  page.className = 'status-page';
  list.replaceChildren(page);
  const rows = engines.map((engine) => {
    const row = document.createElement('li');
    const name = document.createElement('b');
    name.textContent = engine.name;
    const state = document.createElement('span');
    row.append(name, state);
    list.append(row);
    return { engine, state, frames: engine.stats().frames };
  });
  let lastMs = performance.now();
  let measured = false;
  const refresh = (): void => {
    const now = performance.now();
    const seconds = Math.max(1e-3, (now - lastMs) / 1000);
    lastMs = now;
    page.textContent = `${pageLabel}: ${rafMeter.sample().toFixed(0)} rAF calls/s`;
    for (const row of rows) {
      const frames = row.engine.stats().frames;
      // The first refresh runs as the rows are built: no interval yet, so no rate (it read "0 fps" for running engines).
      const fps = measured ? ((frames - row.frames) / seconds).toFixed(0) : '…';
      row.frames = frames;
      row.state.textContent = `${fps} fps · ${describeEngine(row.engine)}`;
      row.state.dataset.state = row.engine.paused.size > 0 ? 'paused' : row.engine.settled ? 'settled' : 'running';
    }
  };
  refresh();
  measured = true;
  setInterval(refresh, STATUS_INTERVAL_MS);
}

import type { TickflowClientStats } from 'tickflow/colyseus';
import { readouts } from '../shared/readouts.js';

/**
 * The arena's HUD beside the field: what the room client says of the link
 * and of itself (`client.stats()`): ping, the room's newest tick,
 * corrections a second, the interpolation delay, and how far the
 * prediction runs ahead. Read a few times a second (numbers that change 60
 * times a second cannot be read).
 *
 * @module
 */

/** How often the HUD reads the client: 4 times a second. */
export const HUD_EVERY_MS = 250;

/** A correction rate that is worth a color: above it the others are surprising the prediction often. */
const MANY_CORRECTIONS = 5;

const ROWS = [
  ['ping', 'Ping'],
  ['serverTick', 'Server tick'],
  ['corrections', 'Corrections / s'],
  ['delay', 'Interpolation delay'],
  ['ahead', 'Predicted ahead'],
] as const;

type RowKey = (typeof ROWS)[number][0];

/** What the HUD shows, updated from the client's frames. */
export interface ArenaHud {
  /** Shows `stats` if {@link HUD_EVERY_MS} passed since it last did (`nowMs`: the frame's time). */
  update(stats: TickflowClientStats, nowMs: number): void;
  /** Puts every row back to '—' (out of a room). */
  clear(): void;
  /** The values shown now, by row (for tests). */
  readonly shown: Readonly<Record<RowKey, string>>;
}

/** Fills `list` (a `<dl class="readouts">`) with the HUD's rows. */
export function arenaHud(list: HTMLElement): ArenaHud {
  const { shown, set } = readouts(list, ROWS);
  let lastMs: number | undefined;
  return {
    shown,
    update(stats, nowMs) {
      if (lastMs !== undefined && nowMs - lastMs < HUD_EVERY_MS) return;
      lastMs = nowMs;
      set('ping', stats.pingMs === null ? '—' : `${Math.round(stats.pingMs)} ms`);
      set('serverTick', stats.serverTick < 0 ? '—' : String(stats.serverTick));
      set('corrections', stats.correctionsPerSecond.toFixed(0), stats.correctionsPerSecond > MANY_CORRECTIONS);
      set('delay', `${Math.round(stats.interpolationDelayMs)} ms`);
      set('ahead', stats.tick < 0 ? '—' : `${stats.aheadTicks.toFixed(1)} ticks`);
    },
    clear() {
      lastMs = undefined;
      for (const [key] of ROWS) set(key, '—');
    },
  };
}

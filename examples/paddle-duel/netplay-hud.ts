import type { P2PSessionStats } from 'tickflow/netplay';
import { readouts } from '../shared/readouts.js';

/**
 * The netplay HUD beside the court: what the rollback session says of the
 * link and of itself (`session.stats()`), as label–value rows: ping, frame
 * advantage, rollbacks a second, prediction depth, stalls, and whether the
 * two machines' confirmed states agree.
 *
 * It writes only the values that changed (../shared/readouts.ts), a few times a second (numbers
 * that change 60 times a second cannot be read).
 *
 * @module
 */

/** How often the HUD reads the session: 4 times a second. */
export const HUD_EVERY_MS = 250;

/** The rows, in order: key, label, and what the row says. */
const ROWS = [
  ['ping', 'Ping'],
  ['advantage', 'Frame advantage'],
  ['rollbacks', 'Rollbacks / s'],
  ['depth', 'Prediction depth'],
  ['stalls', 'Stalls'],
  ['ticks', 'Tick (confirmed)'],
  ['checks', 'Checksums'],
] as const;

type RowKey = (typeof ROWS)[number][0];

/** What the HUD shows, updated from the page's frames. */
export interface NetplayHud {
  /** Shows `stats` if {@link HUD_EVERY_MS} passed since it last did (`nowMs`: the frame's time). */
  update(stats: P2PSessionStats, nowMs: number): void;
  /** The values shown now, by row (for tests). */
  readonly shown: Readonly<Record<RowKey, string>>;
}

/** Fills `list` (a `<dl class="readouts">`) with the HUD's rows. */
export function netplayHud(list: HTMLElement): NetplayHud {
  const { shown, set } = readouts(list, ROWS);
  let lastMs: number | undefined;
  let lastRollbacks = 0;
  return {
    shown,
    update(stats, nowMs) {
      if (lastMs !== undefined && nowMs - lastMs < HUD_EVERY_MS) return;
      const perSecond = lastMs === undefined ? 0 : ((stats.rollbacks - lastRollbacks) * 1000) / (nowMs - lastMs);
      lastMs = nowMs;
      lastRollbacks = stats.rollbacks;
      const peer = stats.peers[0];
      set('ping', peer?.pingMs === undefined ? '—' : `${Math.round(peer.pingMs)} ms`);
      set('advantage', peer === undefined ? '—' : `${peer.frameAdvantage >= 0 ? '+' : ''}${peer.frameAdvantage.toFixed(1)} ticks`);
      set('rollbacks', perSecond.toFixed(1));
      set('depth', `${stats.predictionDepth} ticks`, stats.predictionDepth >= 6);
      set('stalls', String(stats.stalledFrames), stats.stalledFrames > 0);
      set('ticks', `${stats.currentTick} (${Math.max(0, stats.confirmedTick)})`);
      const desynced = stats.desyncs.length > 0;
      set('checks', desynced ? `DESYNC at tick ${stats.desyncs[0]!.tick}` : `${stats.checksumsMatched} matched`, desynced);
    },
  };
}

import { HOST_SCENARIOS, type HostScenario } from './host-timeline.js';
import type { RowSpec } from './isolated-rows.js';

export { HAND_WRITTEN } from './hand-written-rows.js';

/**
 * The core-path table's rows, the baseline first. Each is built in a
 * process of its own (bench/isolated-rows.ts), so each row's code is its own.
 */
export const CORE_ROWS: readonly RowSpec[] = [
  { module: './hand-written-rows.js', factory: 'createHandWrittenCandidate' },
  { module: './floor-row.js', factory: 'createFloorCandidate' },
  { module: './tickflow-core-path.js', factory: 'createTickflowHandlers' },
  { module: './tickflow-core-path.js', factory: 'createTickflowAdvance' },
  { module: './tickflow-core-path.js', factory: 'createTickflowCustomClock' },
  { module: './tickflow-core-path.js', factory: 'createTickflowRepeatingDelta' },
  { module: './peers/pixi-ticker.js', factory: 'createPixiCorePath' },
  { module: './peers/phaser-time-step.js', factory: 'createPhaserCorePath', args: [1000] },
  { module: './peers/excalibur-clock.js', factory: 'createExcaliburCorePath', args: [1000] },
  { module: './peers/kontra-game-loop.js', factory: 'createKontraCorePath', args: [1000] },
];

/** Handlers per phase in the listener-count table. */
export const LISTENER_COUNTS = [1, 100, 1_000, 10_000] as const;

/** The listener-count table's rows: per count, the hand-written arrays and tickflow's `loop.on`. */
export const LISTENER_ROWS: readonly RowSpec[] = LISTENER_COUNTS.flatMap((perPhase) => [
  { module: './hand-written-rows.js', factory: 'createHandWrittenListCandidate', args: [perPhase] },
  { module: './tickflow-core-path.js', factory: 'createTickflowManyHandlers', args: [perPhase] },
]);

/**
 * Issue 19's core-path table, one per host of {@link HOST_SCENARIOS}: the
 * hand-written loop (the allocation baseline), the floor row and tickflow's
 * host-driven row, driven by that host in the same rounds.
 */
export function hostScenarioRows(host: HostScenario): readonly RowSpec[] {
  return [
    { module: './hand-written-rows.js', factory: 'createHandWrittenCandidate', host },
    { module: './floor-row.js', factory: 'createFloorCandidate', host },
    { module: './tickflow-core-path.js', factory: 'createTickflowHandlers', host },
  ];
}

export { HOST_SCENARIOS };

/**
 * Helpers for marble-testing loops built with tickflow: write host ticks
 * without counting dashes, and observe the order phases run in.
 *
 * They need only `rxjs`; pair them with any TestScheduler-based runner
 * (rxjs-marbles, `TestScheduler.run`). See docs/testing.md.
 *
 * @packageDocumentation
 */
export { hz, tickMarble, virtualTicks, type TickMarble } from './tick-marbles.js';
export { phaseOrder } from './phase-order.js';

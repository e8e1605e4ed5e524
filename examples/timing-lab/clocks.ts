import { constantClock, pacedClock, seededClock, sequenceClock, wallClock, type Clock } from 'tickflow';

/** The clocks the lab offers, one per kind of clock tickflow ships. */
export const CLOCK_KINDS = ['wall', 'paced', 'constant', 'sequence', 'seeded'] as const;

/** One of {@link CLOCK_KINDS}. */
export type ClockKind = (typeof CLOCK_KINDS)[number];

/** The paced clock's rate when none is picked. */
export const DEFAULT_PACED_FPS = 30;

/** The scripted clocks' settings: fixed, so what you watch is what the doc comments promise. */
const CONSTANT_MS = 1000 / 60;
const SEQUENCE_MS = [8, 16, 33] as const;
const SEEDED = { seed: 7, minMs: 4, maxMs: 40 } as const;

/** A clock the lab runs, with what it says about itself. */
export interface ClockChoice {
  readonly kind: ClockKind;
  /** Only for `'paced'`. */
  readonly fps: number;
  readonly clock: Clock;
  /** A short name for the picture, e.g. `paced 30 fps`. */
  readonly label: string;
  /** The call that built it, as a user would write it. */
  readonly code: string;
}

/**
 * Builds the lab's clock of `kind`.
 *
 * @param fps The paced clock's rate; ignored by the other kinds.
 * @throws {OptionError} (from tickflow) for a bad `fps`.
 */
export function chooseClock(kind: ClockKind, fps = DEFAULT_PACED_FPS): ClockChoice {
  switch (kind) {
    case 'wall':
      return { kind, fps, clock: wallClock(), label: 'wall (max 250 ms)', code: 'wallClock()' };
    case 'paced':
      return { kind, fps, clock: pacedClock({ fps }), label: `paced ${fps} fps`, code: `pacedClock({ fps: ${fps} })` };
    case 'constant':
      return { kind, fps, clock: constantClock(CONSTANT_MS), label: 'constant 16.7 ms', code: 'constantClock(1000 / 60)' };
    case 'sequence':
      return {
        kind,
        fps,
        clock: sequenceClock(SEQUENCE_MS),
        label: `sequence ${SEQUENCE_MS.join('·')} ms`, // fits the lane's label column (draw.ts LABEL_MAX_WIDTH)
        code: `sequenceClock([${SEQUENCE_MS.join(', ')}])`,
      };
    case 'seeded':
      return {
        kind,
        fps,
        clock: seededClock(SEEDED),
        label: `seeded ${SEEDED.minMs}–${SEEDED.maxMs} ms`,
        code: `seededClock({ seed: ${SEEDED.seed}, minMs: ${SEEDED.minMs}, maxMs: ${SEEDED.maxMs} })`,
      };
  }
}

/** Whether `value` names one of the lab's clocks. */
export function isClockKind(value: unknown): value is ClockKind {
  return (CLOCK_KINDS as readonly unknown[]).includes(value);
}

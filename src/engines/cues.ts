/**
 * Plays named audio cues. Declared by the engines, implemented by a backend:
 * Web Audio in the browser, a log in Node. Only update/tick code is handed
 * one, so a frame's audible behaviour belongs to the simulation.
 */
export interface CuePlayer {
  /** Plays the cue `name`; `options` are the player's own (volume, pitch, ...). */
  play(name: string, options?: Readonly<Record<string, number>>): void;
}

/** One cue as a {@link CueLog} records it. */
export interface CueRecord {
  readonly name: string;
  readonly options: Readonly<Record<string, number>> | undefined;
  /** The frame count when it played (set by the engine through `frameOf`). */
  readonly frame: number;
}

/** A cue player that plays nothing and records every cue: the headless one. */
export interface CueLog extends CuePlayer {
  readonly cues: readonly CueRecord[];
  clear(): void;
}

/**
 * A cue player for Node and tests: records each cue with the frame it played in.
 *
 * @param frameOf Reports the current frame count; an engine passes its own.
 */
export function cueLog(frameOf: () => number = () => 0): CueLog {
  const cues: CueRecord[] = [];
  return {
    cues,
    play(name, options) {
      cues.push({ name, options, frame: frameOf() });
    },
    clear() {
      cues.length = 0;
    },
  };
}

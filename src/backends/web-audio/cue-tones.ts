/**
 * A cue as a synthesized tone: one oscillator through a short gain envelope.
 * No samples to load, so a cue sounds the first time it is played.
 */
export interface CueTone {
  /** The pitch, in hertz. */
  readonly frequency: number;
  /** How long the tone lasts, attack to silence, in milliseconds. */
  readonly durationMs: number;
  /** The waveform; defaults to {@link DEFAULT_CUE_TYPE}. (`'custom'` needs a PeriodicWave, so `webAudioCues` refuses it.) */
  readonly type?: OscillatorType;
  /** The peak gain, in [0, 1]; defaults to {@link DEFAULT_CUE_GAIN}. */
  readonly gain?: number;
}

/** A cue's waveform unless it names one. */
export const DEFAULT_CUE_TYPE = 'sine' satisfies OscillatorType;

/** A cue's peak gain unless it names one: loud enough to hear over music, quiet enough to stack. */
export const DEFAULT_CUE_GAIN = 0.2;

/** How long a tone takes to rise from silence to its peak, in ms: short, but long enough not to click. */
export const CUE_ATTACK_MS = 5;

/**
 * The cues every player knows, for the events most small games have. A game
 * adds its own or replaces these through `webAudioCues({ cues })`.
 */
export const DEFAULT_CUE_TONES: Readonly<Record<string, CueTone>> = Object.freeze({
  /** Something struck something: low and buzzy. */
  hit: { frequency: 180, durationMs: 90, type: 'square', gain: 0.15 },
  /** A point scored: high and clear, long enough to notice. */
  score: { frequency: 880, durationMs: 260, type: 'triangle', gain: 0.25 },
  /** A ball off a wall: short and mid-pitched. */
  bounce: { frequency: 440, durationMs: 60, type: 'sine' },
  /** The game paused or resumed: a soft low tone. */
  pause: { frequency: 330, durationMs: 140, type: 'sine', gain: 0.15 },
  /** A menu choice: a short high tick. */
  select: { frequency: 1320, durationMs: 45, type: 'square', gain: 0.1 },
});

/** What a name the player does not know plays: a neutral short beep, so a missing cue is heard rather than lost. */
export const FALLBACK_CUE_TONE: CueTone = Object.freeze({ frequency: 520, durationMs: 100, type: 'sine' });

/**
 * Schedules one tone on `context`, starting now: an oscillator into a gain
 * that rises over {@link CUE_ATTACK_MS} to the peak and falls exponentially
 * to silence at the end. Both nodes disconnect when the tone ends, so
 * nothing accumulates in the audio graph.
 *
 * @param volume Multiplies the tone's peak gain (a cue option).
 * @param pitch Multiplies the tone's frequency (a cue option).
 * @return The oscillator, already started and set to stop.
 */
export function playTone(context: BaseAudioContext, tone: CueTone, volume = 1, pitch = 1): OscillatorNode {
  const start = context.currentTime;
  const seconds = tone.durationMs / 1000;
  const attack = Math.min(CUE_ATTACK_MS / 1000, seconds / 2);
  const peak = (tone.gain ?? DEFAULT_CUE_GAIN) * volume;
  const oscillator = context.createOscillator();
  oscillator.type = tone.type ?? DEFAULT_CUE_TYPE;
  oscillator.frequency.value = tone.frequency * pitch;
  const envelope = context.createGain();
  envelope.gain.setValueAtTime(0, start);
  envelope.gain.linearRampToValueAtTime(peak, start + attack);
  // An exponential ramp cannot reach 0; a ten-thousandth of full scale is silence.
  envelope.gain.exponentialRampToValueAtTime(Math.max(peak * 1e-4, 1e-6), start + seconds);
  oscillator.connect(envelope).connect(context.destination);
  oscillator.onended = () => {
    oscillator.disconnect();
    envelope.disconnect();
  };
  oscillator.start(start);
  oscillator.stop(start + seconds);
  return oscillator;
}

import type { CuePlayer } from 'tickflow';

/**
 * A cue player on Web Audio: each cue name is a short synthesized beep (one
 * oscillator through a gain envelope), so the example needs no sound files.
 *
 * Browsers start an `AudioContext` suspended until the user interacts with
 * the page, so the context is created (or resumed) on the first gesture;
 * cues before that are counted but silent. Every cue is counted either way,
 * which is what the browser test reads (`window.__game.cueCounts()`).
 *
 * @module
 */

/** How one cue sounds. */
export interface CueVoice {
  /** The oscillator's waveform. */
  readonly type: OscillatorType;
  /** The pitch it starts at. */
  readonly startHz: number;
  /** The pitch it glides to by the end. */
  readonly endHz: number;
  /** How long it sounds. */
  readonly durationSeconds: number;
  /** Its loudness, 0..1. */
  readonly gain: number;
}

/** How long a beep takes to reach full loudness (a click-free attack). */
const ATTACK_SECONDS = 0.008;

/** Loudness cannot ramp exponentially to 0; it ramps to this instead. */
const SILENCE_GAIN = 0.0001;

/**
 * Plays named cues as beeps. `options.pitch` (a factor, default 1) scales a
 * voice's pitch; a catch's `options.value` raises it (a rarer orb rings higher).
 */
export class WebAudioCues implements CuePlayer {
  private context: AudioContext | undefined;
  private readonly counts = new Map<string, number>();

  /** @param voices The sound of each cue name; a cue with no voice is only counted. */
  constructor(private readonly voices: Readonly<Record<string, CueVoice>>) {}

  /**
   * Creates the audio context, or resumes it: call from a user gesture.
   * {@link unlockOn} does it for you.
   */
  unlock(): void {
    if (this.context === undefined) {
      const Context = globalThis.AudioContext as typeof AudioContext | undefined;
      if (Context === undefined) return; // no Web Audio: cues stay silent
      this.context = new Context();
    }
    if (this.context.state === 'suspended') void this.context.resume();
  }

  /** Unlocks on the first pointer press or key press on `target`. */
  unlockOn(target: EventTarget): void {
    const unlock = (): void => {
      this.unlock();
      target.removeEventListener('pointerdown', unlock);
      target.removeEventListener('keydown', unlock);
    };
    target.addEventListener('pointerdown', unlock);
    target.addEventListener('keydown', unlock);
  }

  play(name: string, options?: Readonly<Record<string, number>>): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    const voice = this.voices[name];
    const context = this.context;
    if (voice === undefined || context === undefined || context.state !== 'running') return;
    const pitch = (options?.pitch ?? 1) * (1 + 0.2 * ((options?.value ?? 1) - 1));
    const start = context.currentTime;
    const end = start + voice.durationSeconds;
    const oscillator = context.createOscillator();
    oscillator.type = voice.type;
    oscillator.frequency.setValueAtTime(voice.startHz * pitch, start);
    oscillator.frequency.exponentialRampToValueAtTime(voice.endHz * pitch, end);
    const gain = context.createGain();
    gain.gain.setValueAtTime(SILENCE_GAIN, start);
    gain.gain.exponentialRampToValueAtTime(voice.gain, start + ATTACK_SECONDS);
    gain.gain.exponentialRampToValueAtTime(SILENCE_GAIN, end);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(end);
  }

  /** How many times each cue has played (audible or not). */
  played(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }
}

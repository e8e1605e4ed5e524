import { checkOptionKeys, optionsObject } from '../../../operators/validate.js';
import { OptionError } from '../../../operators/option-error.js';
import type { CuePlayer } from '../../engines/cues.js';
import { DEFAULT_CUE_TONES, FALLBACK_CUE_TONE, playTone, type CueTone } from './cue-tones.js';

/** How many played names {@link WebAudioCues.played} keeps; the oldest go first. */
export const PLAYED_HISTORY_LIMIT = 1000;

/** The waveforms a cue may name. */
const WAVEFORMS: readonly string[] = ['sine', 'square', 'sawtooth', 'triangle'];

/** Options of {@link webAudioCues}. */
export interface WebAudioCuesOptions {
  /** Cues by name, added to (or replacing) {@link DEFAULT_CUE_TONES}. */
  cues?: Readonly<Record<string, CueTone>>;
  /**
   * The audio context to play on. Defaults to one created the first time a
   * cue plays or `resume()` is called (never at import, so the module loads
   * in Node).
   */
  context?: AudioContext;
}

/** A cue player on Web Audio. */
export interface WebAudioCues extends CuePlayer {
  /**
   * Plays cue `name` (an unknown name plays {@link FALLBACK_CUE_TONE}).
   * Options: `volume` multiplies the peak gain, `pitch` the frequency (both
   * default to 1). While the context is not running (a browser keeps it
   * suspended until a user gesture) the cue is recorded but not heard:
   * scheduling it would release every queued cue at once on resume.
   */
  play(name: string, options?: Readonly<Record<string, number>>): void;
  /** The names played so far (the last {@link PLAYED_HISTORY_LIMIT}), heard or not. */
  readonly played: readonly string[];
  /** Creates the context if needed and resumes it. Call it from a user gesture (a click, a key press). */
  resume(): Promise<void>;
}

/**
 * A cue player that synthesizes each cue as a short tone with Web Audio: an
 * OscillatorNode through a GainNode envelope (see `playTone`). Hand it to the
 * world engine as `cues`; ticks play cues through their context
 * (`context.cue('score')`), so a frame's sound belongs to the simulation.
 *
 * Browsers start an AudioContext suspended until the page has had a user
 * gesture. Call `resume()` from one (a "click to start" button). A player
 * whose context is suspended also resumes it by itself once the page has
 * been interacted with (`navigator.userActivation.hasBeenActive`), so a game
 * played with the keyboard becomes audible at its first key press.
 *
 * In Node there is no AudioContext: cues are only recorded in `played`.
 *
 * @example
 * ```ts
 * import { createWorldEngine } from 'tickflow/world';
 * import { webAudioCues } from 'tickflow/web-audio';
 *
 * const cues = webAudioCues({ cues: { goal: { frequency: 660, durationMs: 300, type: 'triangle' } } });
 * startButton.addEventListener('click', () => void cues.resume());
 * const engine = createWorldEngine({ backend, levels, startLevel: 'court', cues });
 * // in a tick: context.cue('goal'); context.cue('hit', { volume: 0.5, pitch: 1.2 });
 * ```
 *
 * @throws {OptionError} for a cue whose frequency or duration is not a positive finite number, whose gain is outside [0, 1], or whose waveform is unknown; or a context that is not an AudioContext.
 */
export function webAudioCues(options?: WebAudioCuesOptions): WebAudioCues {
  const where = 'webAudioCues';
  optionsObject(where, options, true);
  checkOptionKeys(where, options, ['cues', 'context']);
  const { cues = {}, context: given } = options ?? {};
  if (cues === null || typeof cues !== 'object') throw new OptionError(where, 'cues', 'an object of cue tones by name', cues);
  for (const [name, tone] of Object.entries(cues)) checkTone(where, name, tone);
  if (given !== undefined && typeof (given as Partial<AudioContext>)?.createOscillator !== 'function') {
    throw new OptionError(where, 'context', 'an AudioContext', given);
  }
  const tones: Readonly<Record<string, CueTone>> = { ...DEFAULT_CUE_TONES, ...cues };
  const played: string[] = [];
  let context: AudioContext | undefined = given;

  /** The context, created on first need; undefined where there is no Web Audio (Node). */
  const contextNow = (): AudioContext | undefined => {
    if (context !== undefined) return context;
    const Constructor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
    if (Constructor === undefined) return undefined;
    context = new Constructor();
    return context;
  };

  return {
    played,
    play(name, playOptions) {
      played.push(name);
      if (played.length > PLAYED_HISTORY_LIMIT) played.splice(0, played.length - PLAYED_HISTORY_LIMIT);
      const audio = contextNow();
      if (audio === undefined) return;
      if (audio.state === 'suspended' && hasBeenActive()) audio.resume().catch(() => {});
      if (audio.state !== 'running') return;
      const tone = Object.hasOwn(tones, name) ? tones[name]! : FALLBACK_CUE_TONE;
      playTone(audio, tone, factor(playOptions?.['volume']), factor(playOptions?.['pitch']));
    },
    async resume() {
      const audio = contextNow();
      if (audio !== undefined && audio.state === 'suspended') await audio.resume();
    },
  };
}

/** A cue option's multiplier: a finite number ≥ 0, or 1. (Play runs in ticks: a bad option plays the cue plainly rather than throwing.) */
function factor(value: number | undefined): number {
  return typeof value === 'number' && value >= 0 && Number.isFinite(value) ? value : 1;
}

/** Whether the page has had a user gesture (so an AudioContext may run). False where the browser does not say. */
function hasBeenActive(): boolean {
  const nav = (globalThis as { navigator?: { userActivation?: { hasBeenActive?: boolean } } }).navigator;
  return nav?.userActivation?.hasBeenActive === true;
}

function checkTone(where: string, name: string, tone: CueTone): void {
  const at = `cues.${name}`;
  if (tone === null || typeof tone !== 'object') throw new OptionError(where, at, 'a cue tone { frequency, durationMs, type?, gain? }', tone);
  const { frequency, durationMs, type, gain } = tone;
  if (!(typeof frequency === 'number' && frequency > 0 && Number.isFinite(frequency))) {
    throw new OptionError(where, `${at}.frequency`, 'a finite number of hertz > 0', frequency);
  }
  if (!(typeof durationMs === 'number' && durationMs > 0 && Number.isFinite(durationMs))) {
    throw new OptionError(where, `${at}.durationMs`, 'a finite number of milliseconds > 0', durationMs);
  }
  if (type !== undefined && !WAVEFORMS.includes(type)) {
    throw new OptionError(where, `${at}.type`, `one of ${WAVEFORMS.join(', ')}`, type);
  }
  if (gain !== undefined && !(typeof gain === 'number' && gain >= 0 && gain <= 1)) {
    throw new OptionError(where, `${at}.gain`, 'a number from 0 to 1', gain);
  }
}

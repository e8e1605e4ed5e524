export {
  webAudioCues,
  PLAYED_HISTORY_LIMIT,
  type WebAudioCues,
  type WebAudioCuesOptions,
} from './web-audio-cues.js';
export {
  DEFAULT_CUE_TONES,
  DEFAULT_CUE_GAIN,
  DEFAULT_CUE_TYPE,
  CUE_ATTACK_MS,
  FALLBACK_CUE_TONE,
  type CueTone,
} from './cue-tones.js';

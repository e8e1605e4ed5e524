import { afterEach, describe, expect, it, vi } from 'vitest';
import { constantClock, nullBackend, OptionError } from '../../src/index.js';
import { createWorldEngine, Actor } from '../../src/engines/world/index.js';
import {
  CUE_ATTACK_MS,
  DEFAULT_CUE_GAIN,
  DEFAULT_CUE_TONES,
  FALLBACK_CUE_TONE,
  PLAYED_HISTORY_LIMIT,
  webAudioCues,
  type CueTone,
} from '../../src/backends/web-audio/index.js';

// The Web Audio cue player (src/backends/web-audio) in Node. Issue 3: "Audio
// cues through Web Audio, callable from ticks only; in Node a cue log." In
// Node there is no AudioContext, so the player must load and record without
// one; the synthesis is checked here against a context that records what it
// is asked to build (the real one is exercised in spec/browser/pixi-backend.spec.ts).

/** One automation call on an AudioParam. */
type ParamCall = [method: string, value: number, time: number];

/** A stand-in AudioContext that records the nodes and automation a tone builds. */
class RecordingContext {
  state: AudioContextState = 'running';
  currentTime = 10;
  readonly destination = { name: 'destination' };
  readonly oscillators: { type: string; frequency: number; started: number; stopped: number; connectedTo: unknown }[] = [];
  readonly gains: ParamCall[][] = [];
  resumed = 0;

  createOscillator() {
    const record = { type: 'sine', frequency: 440, started: NaN, stopped: NaN, connectedTo: undefined as unknown };
    this.oscillators.push(record);
    return {
      set type(value: string) {
        record.type = value;
      },
      frequency: {
        set value(hz: number) {
          record.frequency = hz;
        },
      },
      connect: (node: { connect: unknown }) => {
        record.connectedTo = node;
        return node;
      },
      disconnect: () => {},
      onended: null,
      start: (t: number) => {
        record.started = t;
      },
      stop: (t: number) => {
        record.stopped = t;
      },
    };
  }

  createGain() {
    const calls: ParamCall[] = [];
    this.gains.push(calls);
    const param = (method: string) => (value: number, time: number) => void calls.push([method, value, time]);
    const node = {
      gain: {
        setValueAtTime: param('set'),
        linearRampToValueAtTime: param('linear'),
        exponentialRampToValueAtTime: param('exponential'),
      },
      connect: (target: unknown) => target,
      disconnect: () => {},
    };
    return node;
  }

  async resume() {
    this.resumed++;
    this.state = 'running';
  }
}

const recording = (state: AudioContextState = 'running') => {
  const context = new RecordingContext();
  context.state = state;
  return context;
};
const asContext = (c: RecordingContext) => c as unknown as AudioContext;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('webAudioCues in Node', () => {
  it('loads and plays with no AudioContext: cues are recorded, nothing is heard, resume() resolves', async () => {
    expect(typeof (globalThis as { AudioContext?: unknown }).AudioContext).toBe('undefined');
    const cues = webAudioCues();
    cues.play('score');
    cues.play('hit', { volume: 0.5 });
    await expect(cues.resume()).resolves.toBeUndefined();
    expect(cues.played).toEqual(['score', 'hit']);
  });

  it('creates its AudioContext lazily: not when built, once on the first cue', () => {
    const made: RecordingContext[] = [];
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          const context = recording();
          made.push(context);
          return context;
        }
      },
    );
    const cues = webAudioCues();
    expect(made).toHaveLength(0);
    cues.play('bounce');
    cues.play('bounce');
    expect(made).toHaveLength(1);
    expect(made[0]!.oscillators).toHaveLength(2);
  });

  it('is the cue player ticks play on: "callable from ticks only"', () => {
    const cues = webAudioCues();
    class Scorer extends Actor {
      override tick(_dt: number, context: { cue: (name: string) => void }) {
        context.cue('score');
      }
    }
    const engine = createWorldEngine({
      backend: nullBackend(),
      levels: { court: (world) => void world.spawn(new Scorer()) },
      startLevel: 'court',
      clock: constantClock(1000 / 60),
      cues,
    });
    engine.advance();
    engine.advance();
    expect(cues.played).toEqual(['score', 'score']);
  });
});

describe('the tone a cue synthesizes', () => {
  it('is an oscillator at the cue\'s pitch and waveform, through a gain envelope that rises, then falls to silence', () => {
    const context = recording();
    webAudioCues({ context: asContext(context) }).play('score');
    const tone = DEFAULT_CUE_TONES['score']!;
    const [oscillator] = context.oscillators;
    expect(oscillator).toMatchObject({ type: tone.type, frequency: tone.frequency, started: 10, stopped: 10 + tone.durationMs / 1000 });
    const peak = tone.gain!;
    expect(context.gains[0]).toEqual([
      ['set', 0, 10],
      ['linear', peak, 10 + CUE_ATTACK_MS / 1000],
      ['exponential', peak * 1e-4, 10 + tone.durationMs / 1000],
    ]);
  });

  it('plays an unknown name as the fallback tone, and takes volume and pitch as multipliers', () => {
    const context = recording();
    const cues = webAudioCues({ context: asContext(context) });
    cues.play('no-such-cue');
    cues.play('no-such-cue', { volume: 0.5, pitch: 2 });
    expect(context.oscillators.map((o) => o.frequency)).toEqual([FALLBACK_CUE_TONE.frequency, FALLBACK_CUE_TONE.frequency * 2]);
    expect(context.gains[1]![1]).toEqual(['linear', DEFAULT_CUE_GAIN * 0.5, 10 + CUE_ATTACK_MS / 1000]);
  });

  it('adds the game\'s cues to the defaults, or replaces one', () => {
    const context = recording();
    const goal: CueTone = { frequency: 660, durationMs: 300, type: 'sawtooth' };
    const cues = webAudioCues({ context: asContext(context), cues: { goal, hit: { frequency: 100, durationMs: 50 } } });
    cues.play('goal');
    cues.play('hit');
    cues.play('select');
    expect(context.oscillators.map((o) => [o.type, o.frequency])).toEqual([
      ['sawtooth', 660],
      ['sine', 100],
      [DEFAULT_CUE_TONES['select']!.type, DEFAULT_CUE_TONES['select']!.frequency],
    ]);
  });

  it('is not scheduled while the context is suspended (it would sound on resume, all at once), but is recorded', async () => {
    const context = recording('suspended');
    const cues = webAudioCues({ context: asContext(context) });
    cues.play('hit');
    expect(context.oscillators).toHaveLength(0);
    await cues.resume();
    expect(context.resumed).toBe(1);
    cues.play('hit');
    expect(context.oscillators).toHaveLength(1);
    expect(cues.played).toEqual(['hit', 'hit']);
  });

  it('keeps the last PLAYED_HISTORY_LIMIT names', () => {
    const cues = webAudioCues();
    for (let i = 0; i < PLAYED_HISTORY_LIMIT + 5; i++) cues.play(`cue ${i}`);
    expect(cues.played).toHaveLength(PLAYED_HISTORY_LIMIT);
    expect(cues.played[0]).toBe('cue 5');
  });
});

describe('webAudioCues options', () => {
  it.each([
    [{ cues: { bad: { frequency: 0, durationMs: 50 } } }, 'webAudioCues: cues.bad.frequency must be a finite number of hertz > 0, got 0'],
    [{ cues: { bad: { frequency: 440, durationMs: -1 } } }, 'webAudioCues: cues.bad.durationMs must be a finite number of milliseconds > 0, got -1'],
    [{ cues: { bad: { frequency: 440, durationMs: 50, gain: 2 } } }, 'webAudioCues: cues.bad.gain must be a number from 0 to 1, got 2'],
    [{ cues: { bad: { frequency: 440, durationMs: 50, type: 'custom' } } }, 'webAudioCues: cues.bad.type must be one of sine, square, sawtooth, triangle, got "custom"'],
    [{ context: {} }, 'webAudioCues: context must be an AudioContext, got an object'],
  ])('refuses %j with an OptionError naming the option, the rule and the value', (options, message) => {
    const attempt = () => webAudioCues(options as never);
    expect(attempt).toThrow(OptionError);
    expect(attempt).toThrow(message);
  });
});

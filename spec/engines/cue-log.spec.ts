// The default cue player keeps the latest cues, not every cue (issue 12: "The
// default cue player keeps every cue forever (about 107 B per cue: 300,000
// frames with one cue each grew the heap from 7.9 to 38.5 MB). Bound it, as
// webAudioCues does.")
import { describe, expect, it } from 'vitest';
import { constantClock, CUE_LOG_LIMIT, cueLog, nullBackend, OptionError, type CueLog } from '../../src/index.js';
import { Actor, createWorldEngine, type TickContext } from '../../src/engines/world/index.js';
import { PLAYED_HISTORY_LIMIT } from '../../src/backends/web-audio/index.js';

describe('cueLog keeps the latest CUE_LOG_LIMIT cues', () => {
  it('the same bound as webAudioCues', () => {
    expect(CUE_LOG_LIMIT).toBe(PLAYED_HISTORY_LIMIT);
  });

  it('after 300,000 cues: the latest CUE_LOG_LIMIT, oldest first, and the count of the dropped', () => {
    let frame = 0;
    const log = cueLog(() => frame);
    for (frame = 1; frame <= 300_000; frame++) log.play('tick', { n: frame });
    expect(log.cues).toHaveLength(CUE_LOG_LIMIT);
    expect(log.cues[0]).toEqual({ name: 'tick', options: { n: 300_000 - CUE_LOG_LIMIT + 1 }, frame: 300_000 - CUE_LOG_LIMIT + 1 });
    expect(log.cues.at(-1)).toEqual({ name: 'tick', options: { n: 300_000 }, frame: 300_000 });
    expect(log.dropped).toBe(300_000 - CUE_LOG_LIMIT);
    log.clear();
    expect([log.cues.length, log.dropped]).toEqual([0, 0]);
  });

  it('a limit of its own, or Infinity to keep every cue', () => {
    const small = cueLog(() => 0, { limit: 2 });
    for (const name of ['a', 'b', 'c']) small.play(name);
    expect(small.cues.map((c) => c.name)).toEqual(['b', 'c']);
    expect(small.dropped).toBe(1);
    const all = cueLog(() => 0, { limit: Infinity });
    for (let i = 0; i < CUE_LOG_LIMIT + 5; i++) all.play('x');
    expect(all.cues).toHaveLength(CUE_LOG_LIMIT + 5);
  });

  it('refuses a limit that is not a whole number >= 1, an unknown option, a frameOf that is not a function', () => {
    for (const limit of [0, -1, 1.5, NaN, '10']) expect(() => cueLog(() => 0, { limit: limit as never }), String(limit)).toThrow(OptionError);
    expect(() => cueLog(() => 0, { limit: 0 })).toThrow('cueLog: limit must be a whole number >= 1, got 0');
    expect(() => cueLog(() => 0, { limt: 5 } as never)).toThrow("cueLog: unknown option 'limt'; did you mean 'limit'?");
    expect(() => cueLog(42 as never)).toThrow('cueLog: frameOf must be a function returning the frame count, got 42');
  });

  it("the world engine's default player after 300,000 frames of one cue each holds CUE_LOG_LIMIT cues", () => {
    class Beeper extends Actor {
      override tick(_dt: number, { cue }: TickContext): void {
        cue('beep');
      }
    }
    const engine = createWorldEngine({
      backend: nullBackend(),
      clock: constantClock(16),
      determinismWarnings: false, // they wrap Math.random and Date.now around every frame: most of 300,000 frames' time

      levels: { main: (world) => void world.spawn(new Beeper()) },
      startLevel: 'main',
    });
    for (let i = 0; i < 300_000; i++) engine.advance();
    const log = engine.cues as CueLog;
    expect(log.cues).toHaveLength(CUE_LOG_LIMIT);
    expect(log.cues.at(-1)!.frame).toBe(300_000);
    expect(log.dropped + log.cues.length).toBe(300_000);
  }, 60_000);
});

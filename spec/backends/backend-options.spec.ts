import { describe, expect, it } from 'vitest';
import { nullBackend, OptionError } from '../../src/index.js';
import { webAudioCues } from '../../src/backends/web-audio/index.js';
import { threeBackend } from '../../src/backends/three/index.js';

// Issue 12: "`threeBackend({ background: 'bogus' })` ... accepted" and
// "Unknown option keys are ignored in every factory (14 of 14) ... Refuse
// them with the closest known name".
describe('the backends refuse bad options by name, before anything starts', () => {
  it("threeBackend: a colour three.js does not know, an unknown key, a headless that is not a boolean", () => {
    expect(() => threeBackend({ logicalWidth: 320, logicalHeight: 180, headless: true, background: 'bogus' })).toThrow(
      'threeBackend: background must be a three.js colour: 0xRRGGBB, a CSS colour string, or a Color, got "bogus"',
    );
    expect(() => threeBackend({ logicalWidth: 320, logicalHeight: 180, headless: true, fvo: 60 } as never)).toThrow(
      "threeBackend: unknown option 'fvo'; did you mean 'fov'?",
    );
    expect(() => threeBackend({ logicalWidth: 320, logicalHeight: 180, headless: 'yes' as never })).toThrow(OptionError);
    for (const background of [0x102030, '#abc', 'steelblue', 'rgb(1, 2, 3)']) {
      expect(() => threeBackend({ logicalWidth: 320, logicalHeight: 180, headless: true, background }).destroy()).not.toThrow();
    }
  });

  it('webAudioCues and nullBackend: unknown keys and bad sizes', () => {
    expect(() => webAudioCues({ cue: {} } as never)).toThrow("webAudioCues: unknown option 'cue'; did you mean 'cues'?");
    expect(() => webAudioCues(5 as never)).toThrow('webAudioCues: options must be an options object, or nothing, got 5');
    expect(() => nullBackend({ logicalWidht: 5 } as never)).toThrow("nullBackend: unknown option 'logicalWidht'; did you mean 'logicalWidth'?");
    expect(() => nullBackend({ logicalWidth: -5 })).toThrow('nullBackend: logicalWidth must be a finite number > 0, got -5');
  });
});

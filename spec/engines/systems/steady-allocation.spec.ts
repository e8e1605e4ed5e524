import { describe, expect, it } from 'vitest';
import { Behavior, createSystemsEngine, type BehaviorOptions, type Entity, type Scene } from '../../../src/engines/systems/index.js';
import { nullSystemsBackend } from '../../../src/index.js';
import { advancing, leastBytesPerFrame } from '../../support/bytes-per-frame.js';
import { withoutEscapeAnalysis } from '../../support/without-escape-analysis.js';

// Issue 29, item 3: "no steady allocation by tickflow itself". A systems
// engine's frame, entities moving and a behaviour looking one up by id each
// step, allocates nothing of tickflow's: before this check the frame's end
// read `plan()` (a new object a frame) to count a frame at the step cap, and
// `scene.find` made a closure a call. Read with escape analysis off, which
// removes both in Node but did not in the browser
// (spec/support/without-escape-analysis.ts).
withoutEscapeAnalysis();

const FRAMES = 2_000;
const BOUND_BYTES_PER_FRAME = 4; // the reading's noise (the profiler's own session) is about 1 B a frame

/** Each fixed step the entity moves one unit along x, round a 100-unit track (whole numbers: nothing to box), and finds the first entity. */
class Walk extends Behavior {
  private readonly entity: Entity;
  private readonly scene: Scene;
  constructor(options: BehaviorOptions) {
    super();
    this.entity = options.entity;
    this.scene = options.scene;
  }
  fixedUpdate(): void {
    this.entity.transform.x = (this.entity.transform.x + 1) % 100;
    if (this.scene.find('e0') === undefined) throw new Error('e0 is gone');
  }
}

describe('the systems engine allocates nothing of its own in a steady frame (issue 29: "no steady allocation by tickflow itself")', () => {
  it(`ten entities stepping, each calling scene.find, on the null systems backend: under ${BOUND_BYTES_PER_FRAME} B a frame`, async () => {
    const engine = createSystemsEngine({
      scenes: [{ id: 'field', entities: Array.from({ length: 10 }, (_, i) => ({ id: `e${i}`, transform: { x: i * 10, y: 0 }, behaviors: [Walk] })) }],
      startSceneId: 'field',
      backend: nullSystemsBackend(),
      ticks: { subscribe: () => ({ unsubscribe() {} }) },
      determinismWarnings: false,
      onError: (error) => {
        throw error;
      },
    });
    void engine.play();
    const bytes = await leastBytesPerFrame(advancing(engine), FRAMES, BOUND_BYTES_PER_FRAME);
    engine.destroy();
    expect(bytes).toBeLessThan(BOUND_BYTES_PER_FRAME);
  });
});

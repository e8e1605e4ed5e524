import { describe, expect, it } from 'vitest';
import { Actor } from '../../src/engines/world/index.js';
import { recorderStateOf } from '../../src/replay/preset-states.js';
import { flattenState, hashState, worldEngineState } from '../../src/replay/index.js';
import { worldGame } from './games.js';

// Issue 26, item 6: "0 B per actor per frame" recorded. A recorder reads the world engine's checkpoint state into a
// record per actor that it keeps from one checkpoint to the next; what it hashes must stay what worldEngineState gives,
// as actors come and go and an actor's fields change.

class Probe extends Actor<'left'> {
  hp = 3;
}

describe('a recorder reads the world engine\'s checkpoint state into records it keeps', () => {
  it('hashes as a fresh worldEngineState every time, through spawns, destroys, a field added and a field turned into an object', () => {
    const engine = worldGame();
    const read = recorderStateOf('world engine')! as (engine: unknown) => ReturnType<typeof worldEngineState>;
    let t = 0;
    const probe = new Probe();
    for (let step = 0; step < 7; step++) {
      for (let i = 0; i < 5; i++) engine.advance((t += 1000 / 60));
      const world = engine.world;
      if (step === 1) world.spawn(probe, { x: 5, y: 5 });
      if (step === 2) probe.hp = 2;
      if (step === 3) (probe as unknown as Record<string, unknown>)['shield'] = true; // a field the record did not have
      if (step === 4) (probe as unknown as Record<string, unknown>)['hp'] = { left: 1 }; // no longer a scalar: out of the fields
      if (step === 5) world.destroy(probe);
      engine.advance((t += 1000 / 60));
      const kept = read(engine);
      const fresh = worldEngineState(engine);
      expect(hashState(kept), `after step ${step}`).toBe(hashState(fresh));
      expect(flattenState(kept)).toEqual(flattenState(fresh));
    }
    engine.destroy();
  });
});

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { createPoseBuffer, createRapier3d, type BodyHandle } from 'tickflow/rapier3d';
import { DEFAULT_GRAVITY_MPS2, DEFAULT_PHYSICS_SUBSTEPS } from '../../src/engines/runtime/physics-adapter.js';
import {
  bodyDescOf,
  colliderDescOf,
  DEFAULT_FIXED_DELTA_SECONDS,
  DEFAULT_MAX_CATCH_UP_TICKS,
  MAX_FIXED_DELTA_SECONDS,
  MAX_PHYSICS_SUBSTEPS,
  parseSceneDocument,
  SceneDocumentError,
  sceneProblems,
  visualSizeOf,
  type SceneDocument,
  type SceneProblem,
} from '../../src/engines/runtime/scene-document.js';

// The scene document (src/engines/runtime/scene-document.ts). The seed
// (fixed-tick-runtime.txt, "Configure simulation"): "The Player reads this
// optional object from the scene document. The settings are used by ordinary
// Play and --validate ... fixed_delta is seconds, gravity is metres per
// second squared, and substeps are solver subdivisions inside one fixed tick.
// ... Invalid configuration is rejected before the Player starts." Issue 10:
// "Invalid configuration is rejected before anything starts, with every
// problem named (path, value, rule), not just the first."

const repo = resolve(import.meta.dirname, '../..');
const KNOWN_BEHAVIORS = ['player', 'camera', 'spawner', 'despawn'] as const;
const known = { knownBehaviors: KNOWN_BEHAVIORS };

const pathsOf = (problems: readonly SceneProblem[]): string[] => problems.map((p) => p.path);

/** The SceneDocumentError `run` throws (failing the test when it throws nothing, or something else). */
function thrown(run: () => unknown): SceneDocumentError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SceneDocumentError);
    return error as SceneDocumentError;
  }
  throw new Error('expected a SceneDocumentError, nothing was thrown');
}

/** A valid object to build bad documents from. */
const ball = { name: 'ball', position: [0, 2, 0], body: { colliders: [{ shape: 'ball', radius: 0.5 }] } };
const withObject = (object: Record<string, unknown>): unknown => ({ objects: [object] });
const withCollider = (collider: Record<string, unknown>): unknown => withObject({ name: 'thing', body: { colliders: [collider] } });
const withSimulation = (simulation: Record<string, unknown>): unknown => ({ simulation, objects: [ball] });

describe('"Invalid configuration is rejected before the Player starts": each bad document, rejected at its exact path', () => {
  // [what is wrong, the document, the one problem's path, the value found there]
  const table: ReadonlyArray<readonly [string, unknown, string, unknown]> = [
    ['the document is a number', 42, '', 42],
    ['the document is an array', [], '', []],
    ['JSON text with a syntax error', '{"objects": [', '', '{"objects": ['],
    ['no objects ("This is an excerpt, not a complete scene")', { simulation: { fixed_delta: 1 / 60 } }, 'objects', undefined],
    ['objects is not an array', { objects: { ball } }, 'objects', { ball }],
    ['an unknown top-level key', { simulations: {}, objects: [] }, 'simulations', {}],
    ['the scene name is empty', { name: '', objects: [] }, 'name', ''],
    ['simulation is not an object', { simulation: 60, objects: [] }, 'simulation', 60],
    ['"fixed_delta is seconds": 0', withSimulation({ fixed_delta: 0 }), 'simulation.fixed_delta', 0],
    ['fixed_delta longer than 1 s (milliseconds by mistake)', withSimulation({ fixed_delta: 16.7 }), 'simulation.fixed_delta', 16.7],
    ['fixed_delta as a string', withSimulation({ fixed_delta: '1/60' }), 'simulation.fixed_delta', '1/60'],
    ['fixed_delta not finite', withSimulation({ fixed_delta: Number.POSITIVE_INFINITY }), 'simulation.fixed_delta', Number.POSITIVE_INFINITY],
    ['max_catch_up_ticks 0', withSimulation({ max_catch_up_ticks: 0 }), 'simulation.max_catch_up_ticks', 0],
    ['max_catch_up_ticks not whole', withSimulation({ max_catch_up_ticks: 2.5 }), 'simulation.max_catch_up_ticks', 2.5],
    ['physics_substeps 0', withSimulation({ physics_substeps: 0 }), 'simulation.physics_substeps', 0],
    ['physics_substeps above 64', withSimulation({ physics_substeps: 400 }), 'simulation.physics_substeps', 400],
    ['gravity of two numbers', withSimulation({ gravity: [0, -9.81] }), 'simulation.gravity', [0, -9.81]],
    ['gravity with NaN', withSimulation({ gravity: [0, Number.NaN, 0] }), 'simulation.gravity[1]', Number.NaN],
    ['a misspelt simulation key', withSimulation({ fixed_detla: 0.02 }), 'simulation.fixed_detla', 0.02],
    ['an object that is not an object', { objects: ['ball'] }, 'objects[0]', 'ball'],
    ['an object with no name', withObject({ position: [0, 0, 0] }), 'objects[0].name', undefined],
    ['an object with an empty name', withObject({ name: '' }), 'objects[0].name', ''],
    ['two objects with one name (the second is named)', { objects: [ball, { name: 'crate' }, { ...ball }] }, 'objects[2].name', 'ball'],
    ['a position element not a number', withObject({ name: 'a', position: [0, 'up', 0] }), 'objects[0].position[1]', 'up'],
    ['a position of four numbers', withObject({ name: 'a', position: [0, 1, 2, 3] }), 'objects[0].position', [0, 1, 2, 3]],
    ['a rotation that is not a unit quaternion', withObject({ name: 'a', rotation: [0, 0, 0, 2] }), 'objects[0].rotation', [0, 0, 0, 2]],
    ['a rotation rounded to 4 digits (not within 1e-6)', withObject({ name: 'a', rotation: [0, 0, 0.7071, 0.7071] }), 'objects[0].rotation', [0, 0, 0.7071, 0.7071]],
    ['a scale of 0', withObject({ name: 'a', scale: [1, 0, 1] }), 'objects[0].scale[1]', 0],
    ['a misspelt object key', withObject({ name: 'a', postion: [0, 1, 0] }), 'objects[0].postion', [0, 1, 0]],
    ['a body kind misspelt', withObject({ name: 'a', body: { kind: 'dynamc', colliders: ball.body.colliders } }), 'objects[0].body.kind', 'dynamc'],
    ['a body with no colliders', withObject({ name: 'a', body: { kind: 'fixed' } }), 'objects[0].body.colliders', undefined],
    ['a body with an empty collider list', withObject({ name: 'a', body: { colliders: [] } }), 'objects[0].body.colliders', []],
    ['lock_rotations not a boolean', withObject({ name: 'a', body: { lock_rotations: 'yes', colliders: ball.body.colliders } }), 'objects[0].body.lock_rotations', 'yes'],
    ['gravity_scale not finite', withObject({ name: 'a', body: { gravity_scale: Number.NaN, colliders: ball.body.colliders } }), 'objects[0].body.gravity_scale', Number.NaN],
    ['a collider shape not in the list', withCollider({ shape: 'cylinder', radius: 1 }), 'objects[0].body.colliders[0].shape', 'cylinder'],
    ['a box without half_extents', withCollider({ shape: 'box' }), 'objects[0].body.colliders[0].half_extents', undefined],
    ['a box half extent of -1', withCollider({ shape: 'box', half_extents: [1, -1, 1] }), 'objects[0].body.colliders[0].half_extents[1]', -1],
    ['a ball radius of 0', withCollider({ shape: 'ball', radius: 0 }), 'objects[0].body.colliders[0].radius', 0],
    ['a capsule without half_height', withCollider({ shape: 'capsule', radius: 0.4 }), 'objects[0].body.colliders[0].half_height', undefined],
    ['a ball with a box field', withCollider({ shape: 'ball', radius: 0.5, half_extents: [1, 1, 1] }), 'objects[0].body.colliders[0].half_extents', [1, 1, 1]],
    ['a box with a radius', withCollider({ shape: 'box', half_extents: [1, 1, 1], radius: 1 }), 'objects[0].body.colliders[0].radius', 1],
    ['restitution above 1', withCollider({ shape: 'ball', radius: 0.5, restitution: 1.5 }), 'objects[0].body.colliders[0].restitution', 1.5],
    ['friction below 0', withCollider({ shape: 'ball', radius: 0.5, friction: -0.1 }), 'objects[0].body.colliders[0].friction', -0.1],
    ['density 0', withCollider({ shape: 'ball', radius: 0.5, density: 0 }), 'objects[0].body.colliders[0].density', 0],
    ['a misspelt collider key', withCollider({ shape: 'ball', raduis: 0.5, radius: 0.5 }), 'objects[0].body.colliders[0].raduis', 0.5],
    ['behaviors as one string', withObject({ name: 'a', behaviors: 'player' }), 'objects[0].behaviors', 'player'],
    ['a behavior that is not a string', withObject({ name: 'a', behaviors: ['player', 3] }), 'objects[0].behaviors[1]', 3],
    ['a behavior not registered', withObject({ name: 'a', behaviors: ['camera', 'playr'] }), 'objects[0].behaviors[1]', 'playr'],
    ['a behavior listed twice', withObject({ name: 'a', behaviors: ['player', 'player'] }), 'objects[0].behaviors[1]', 'player'],
    ['a visual shape not in the list', withObject({ name: 'a', visual: { shape: 'cone' } }), 'objects[0].visual.shape', 'cone'],
    ['a visual without a shape', withObject({ name: 'a', visual: { color: '#ffffff' } }), 'objects[0].visual.shape', undefined],
    ['a colour by name', withObject({ name: 'a', visual: { shape: 'box', color: 'red' } }), 'objects[0].visual.color', 'red'],
    ['a colour of three digits', withObject({ name: 'a', visual: { shape: 'box', color: '#fff' } }), 'objects[0].visual.color', '#fff'],
    ['a visual size of 0', withObject({ name: 'a', visual: { shape: 'plane', size: [10, 1, 0] } }), 'objects[0].visual.size[2]', 0],
    ['an empty tag', withObject({ name: 'a', tags: ['crate', ''] }), 'objects[0].tags[1]', ''],
    ['a collider shape named like an Object method', withCollider({ shape: 'toString', radius: 1 }), 'objects[0].body.colliders[0].shape', 'toString'],
    ['a "__proto__" key in JSON text', '{"__proto__": {"objects": []}, "objects": []}', '__proto__', { objects: [] }],
    ['a body kind named like an Object method', withObject({ name: 'a', body: { kind: 'constructor', colliders: ball.body.colliders } }), 'objects[0].body.kind', 'constructor'],
  ];

  it('has at least 20 bad documents', () => expect(table.length).toBeGreaterThanOrEqual(20));

  it.each(table)('%s', (_, doc, path, value) => {
    const problems = sceneProblems(doc, known);
    expect(pathsOf(problems)).toEqual([path]);
    expect(problems[0]!.value).toEqual(value);
    expect(problems[0]!.rule.length).toBeGreaterThan(0);
    const error = thrown(() => parseSceneDocument(doc, known));
    expect(error.problems).toEqual(problems);
  });

  it('an unknown key names the closest known one ("did you mean")', () => {
    const rules = (doc: unknown) => sceneProblems(doc, known).map((p) => p.rule);
    expect(rules({ simulations: {}, objects: [] })).toEqual(["not a field of a scene document (did you mean 'simulation'?)"]);
    expect(rules(withSimulation({ fixed_detla: 0.02 }))).toEqual(["not a field of the simulation settings (did you mean 'fixed_delta'?)"]);
    expect(rules(withObject({ name: 'a', postion: [0, 1, 0] }))).toEqual(["not a field of a scene object (did you mean 'position'?)"]);
    expect(rules(withCollider({ shape: 'ball', radius: 1, restitusion: 0.5 }))).toEqual(["not a field of a collider (did you mean 'restitution'?)"]);
    expect(rules(withObject({ name: 'a', visual: { shape: 'box', colour: '#ffffff' } }))).toEqual(["not a field of a visual (did you mean 'color'?)"]);
    // Nothing close: the known fields are listed instead.
    expect(rules(withObject({ name: 'a', velocity: [1, 0, 0] }))[0]).toBe(
      'not a field of a scene object (its fields are name, position, rotation, scale, body, behaviors, visual, tags)',
    );
  });

  it('an unknown behavior suggests the closest registered one, or lists them', () => {
    expect(sceneProblems(withObject({ name: 'a', behaviors: ['playr'] }), known)[0]!.rule).toBe("a registered behavior (did you mean 'player'?)");
    expect(sceneProblems(withObject({ name: 'a', behaviors: ['jetpack'] }), known)[0]!.rule).toBe(
      'a registered behavior (the registered ones are player, camera, spawner, despawn)',
    );
    // Without knownBehaviors any non-empty name passes: the runtime checks them when it knows its registry.
    expect(sceneProblems(withObject({ name: 'a', behaviors: ['jetpack'] }))).toEqual([]);
  });

  it('a misspelt choice suggests the closest, and a duplicate name says which object has it first', () => {
    expect(sceneProblems(withObject({ name: 'a', body: { kind: 'kinematik', colliders: ball.body.colliders } }))[0]!.rule).toBe(
      "one of 'dynamic', 'fixed', 'kinematic' (did you mean 'kinematic'?)",
    );
    expect(sceneProblems({ objects: [ball, { name: 'ball' }] })[0]!.rule).toBe('a name unique within the scene (objects[0] has it already)');
  });

  it('the rules name their units and bounds', () => {
    const rule = (doc: unknown) => sceneProblems(doc)[0]!.rule;
    expect(rule(withSimulation({ fixed_delta: 0 }))).toBe('a finite number of seconds > 0 and <= 1');
    expect(rule(withSimulation({ physics_substeps: 65 }))).toBe('a whole number from 1 to 64');
    expect(rule(withSimulation({ max_catch_up_ticks: 0 }))).toBe('a whole number of ticks >= 1');
    expect(rule(withSimulation({ gravity: 'down' }))).toBe('three finite numbers, x, y, z in m/s², each within ±3.4028234663852886e+38');
    expect(rule(withCollider({ shape: 'ball' }))).toBe('a finite number of metres > 0 and <= 3.4028234663852886e+38 (a ball collider needs it)');
    expect(rule(withCollider({ shape: 'box', half_extents: [1, 1, 1], radius: 1 }))).toBe('not a field of a box collider (a box has half_extents)');
    expect(MAX_FIXED_DELTA_SECONDS).toBe(1);
    expect(MAX_PHYSICS_SUBSTEPS).toBe(64);
  });

  it('the bounds themselves are valid: fixed_delta 1 s, 64 substeps, restitution 0 and 1, friction 0', () => {
    expect(sceneProblems(withSimulation({ fixed_delta: 1, max_catch_up_ticks: 1, physics_substeps: 64 }))).toEqual([]);
    expect(sceneProblems(withSimulation({ physics_substeps: 1 }))).toEqual([]);
    expect(sceneProblems(withCollider({ shape: 'ball', radius: 0.5, restitution: 0, friction: 0 }))).toEqual([]);
    expect(sceneProblems(withCollider({ shape: 'ball', radius: 0.5, restitution: 1 }))).toEqual([]);
    expect(sceneProblems(withObject({ name: 'a', rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] }))).toEqual([]);
  });
});

describe('"with every problem named (path, value, rule), not just the first"', () => {
  // Five different problems, written in this order.
  const fiveProblems = {
    simulation: { fixed_delta: 0, gravity: [0, -9.81] },
    objects: [
      { name: 'crate', scale: [1, -2, 1], body: { colliders: [{ shape: 'box', half_extents: [0.5, 0.5, 0.5], restitution: 2 }] } },
      { name: 'crate', visual: { shape: 'box' } },
    ],
  };

  it('one document with 5 different problems reports all 5, in document order', () => {
    expect(sceneProblems(fiveProblems)).toEqual([
      { path: 'simulation.fixed_delta', value: 0, rule: 'a finite number of seconds > 0 and <= 1' },
      { path: 'simulation.gravity', value: [0, -9.81], rule: 'three finite numbers, x, y, z in m/s², each within ±3.4028234663852886e+38' },
      { path: 'objects[0].scale[1]', value: -2, rule: 'a finite number > 0' },
      { path: 'objects[0].body.colliders[0].restitution', value: 2, rule: 'a finite number from 0 to 1' },
      { path: 'objects[1].name', value: 'crate', rule: 'a name unique within the scene (objects[0] has it already)' },
    ]);
  });

  it('SceneDocumentError lists every problem, one per line, `path: rule, got <value>`', () => {
    const error = thrown(() => parseSceneDocument(fiveProblems));
    expect(error.name).toBe('SceneDocumentError');
    expect(error.problems).toHaveLength(5);
    expect(error.message.split('\n')).toEqual([
      'scene document: 5 problems',
      'simulation.fixed_delta: a finite number of seconds > 0 and <= 1, got 0',
      'simulation.gravity: three finite numbers, x, y, z in m/s², each within ±3.4028234663852886e+38, got [0, -9.81]',
      'objects[0].scale[1]: a finite number > 0, got -2',
      'objects[0].body.colliders[0].restitution: a finite number from 0 to 1, got 2',
      'objects[1].name: a name unique within the scene (objects[0] has it already), got "crate"',
    ]);
  });

  it('document order is the order keys are written in, and a missing field comes after the fields present', () => {
    const doc = withObject({ scale: [0, 1, 1], position: [Number.NaN, 0, 0], body: { colliders: [{ radius: -1 }] } });
    expect(pathsOf(sceneProblems(doc))).toEqual([
      'objects[0].scale[0]',
      'objects[0].position[0]',
      'objects[0].body.colliders[0].radius',
      'objects[0].body.colliders[0].shape',
      'objects[0].name',
    ]);
  });

  it('a missing value shows as "got nothing", the document itself as "(document)"', () => {
    expect(thrown(() => parseSceneDocument({})).message).toBe('scene document: 1 problem\nobjects: an array of scene objects, got nothing');
    expect(thrown(() => parseSceneDocument(null)).message).toBe(
      'scene document: 1 problem\n(document): a scene document: an object with "objects" (and optionally "name" and "simulation"), got null',
    );
    const syntax = thrown(() => parseSceneDocument('{"objects": ['));
    expect(syntax.problems).toHaveLength(1);
    expect(syntax.problems[0]!.rule).toMatch(/^JSON text \(.+\)$/);
  });

  it('options are checked like every tickflow option: an unknown key or a bad knownBehaviors throws OptionError', () => {
    expect(() => sceneProblems({ objects: [] }, { knownBehaviours: ['player'] } as never)).toThrow(
      "sceneProblems: unknown option 'knownBehaviours'; did you mean 'knownBehaviors'?",
    );
    expect(() => parseSceneDocument({ objects: [] }, { knownBehaviors: 'player' } as never)).toThrow(OptionError);
    expect(() => parseSceneDocument({ objects: [] }, 5 as never)).toThrow(OptionError);
  });
});

describe('a valid document: "The Player reads this optional object from the scene document"', () => {
  const seedExcerpt = {
    simulation: { fixed_delta: 0.016666666666666666, max_catch_up_ticks: 4, physics_substeps: 4, gravity: [0, -9.81, 0] },
  };
  const full = {
    name: 'demo',
    ...seedExcerpt,
    objects: [
      { name: 'ground', position: [0, -0.5, 0], body: { kind: 'fixed', colliders: [{ shape: 'box', half_extents: [10, 0.5, 10], friction: 0.8 }] } },
      {
        name: 'hero',
        position: [0, 1, 0],
        rotation: [0, 0, 0, 1],
        scale: [1, 1, 1],
        body: {
          kind: 'dynamic',
          linear_velocity: [1, 0, 0],
          gravity_scale: 1,
          lock_rotations: true,
          ccd: false,
          colliders: [{ shape: 'capsule', radius: 0.4, half_height: 0.5, offset: [0, 0, 0], density: 1, friction: 0, restitution: 0, sensor: false }],
        },
        behaviors: ['player'],
        visual: { shape: 'capsule', color: '#f2c14e', size: [0.8, 1.8, 0.8] },
        tags: ['player'],
      },
      { name: 'camera', position: [0, 5, 10], behaviors: ['camera'] },
    ],
  };

  it("the seed's settings excerpt, completed with objects, is valid; alone it is not a scene (\"This is an excerpt, not a complete scene\")", () => {
    expect(sceneProblems({ ...seedExcerpt, objects: [] })).toEqual([]);
    expect(pathsOf(sceneProblems(seedExcerpt))).toEqual(['objects']);
  });

  it('round-trips: the document returned equals the one given, as an object and as JSON text', () => {
    expect(parseSceneDocument(full, known).document).toEqual(full);
    expect(parseSceneDocument(JSON.stringify(full), known).document).toEqual(full);
    const again = parseSceneDocument(JSON.stringify(parseSceneDocument(full).document)).document;
    expect(again).toEqual(full);
  });

  it('the settings resolve to the runtime\'s names: "fixed_delta is seconds, gravity is metres per second squared"', () => {
    const { simulation } = parseSceneDocument({ simulation: { fixed_delta: 0.02, max_catch_up_ticks: 8, physics_substeps: 2, gravity: [0, -1.62, 0] }, objects: [] });
    expect(simulation).toEqual({ fixedDeltaSeconds: 0.02, maxCatchUpTicks: 8, physicsSubsteps: 2, gravity: [0, -1.62, 0] });
  });

  it('defaults: "The default interval is 1/60 second", "The default catch-up limit is four ticks per frame", 4 substeps, [0, -9.81, 0]', () => {
    expect(DEFAULT_FIXED_DELTA_SECONDS).toBe(1 / 60);
    expect(DEFAULT_MAX_CATCH_UP_TICKS).toBe(4);
    const defaults = { fixedDeltaSeconds: 1 / 60, maxCatchUpTicks: 4, physicsSubsteps: DEFAULT_PHYSICS_SUBSTEPS, gravity: [0, -9.81, 0] };
    expect(DEFAULT_PHYSICS_SUBSTEPS).toBe(4);
    expect(DEFAULT_GRAVITY_MPS2).toEqual([0, -9.81, 0]);
    // No simulation object at all ("this optional object"), an empty one, and one field given.
    expect(parseSceneDocument({ objects: [] }).simulation).toEqual(defaults);
    expect(parseSceneDocument({ simulation: {}, objects: [] }).simulation).toEqual(defaults);
    expect(parseSceneDocument({ simulation: { physics_substeps: 8 }, objects: [] }).simulation).toEqual({ ...defaults, physicsSubsteps: 8 });
    // The seed's written value is the default.
    expect(parseSceneDocument({ ...seedExcerpt, objects: [] }).simulation).toEqual(defaults);
  });

  it('"replacing the scene starts again from the document as written": the result is a deep-frozen copy, and the input is neither changed nor kept', () => {
    const input = structuredClone(full) as typeof full & { objects: Array<Record<string, unknown>> };
    const before = structuredClone(input);
    const { document, simulation } = parseSceneDocument(input, known);
    expect(input).toEqual(before); // not mutated
    expect(Object.isFrozen(input)).toBe(false); // not frozen in place
    expect(document).not.toBe(input);
    expect(document.objects[1]).not.toBe(input.objects[1]);
    expectDeepFrozen(document);
    expectDeepFrozen(simulation);

    // Mutating the input afterwards changes nothing in the result.
    input.simulation.fixed_delta = 0.5;
    input.simulation.gravity[1] = 0;
    (input.objects[1]!.position as number[])[1] = 99;
    (input.objects[1]!.body as { colliders: Array<{ radius: number }> }).colliders[0]!.radius = 7;
    input.objects.push({ name: 'late' });
    expect(document).toEqual(full);
    expect(simulation.fixedDeltaSeconds).toBe(0.016666666666666666);
    expect(simulation.gravity).toEqual([0, -9.81, 0]);

    // And the result cannot be changed (ES modules are strict: a write throws).
    expect(() => {
      (document.objects as unknown[]).push({ name: 'x' });
    }).toThrow(TypeError);
    expect(() => {
      (document.objects[1]!.position as unknown as number[])[0] = 5;
    }).toThrow(TypeError);
  });
});

function expectDeepFrozen(value: unknown, path = 'document'): void {
  if (value === null || typeof value !== 'object') return;
  expect(Object.isFrozen(value), `${path} is frozen`).toBe(true);
  for (const [key, field] of Object.entries(value)) expectDeepFrozen(field, `${path}.${key}`);
}

describe('converting to the physics adapter: colliderDescOf and bodyDescOf', () => {
  it('a collider doc becomes a ColliderDesc, shape by shape, leaving out what the document leaves out', () => {
    expect(colliderDescOf({ shape: 'box', half_extents: [1, 2, 3] })).toEqual({ shape: { type: 'box', halfExtents: [1, 2, 3] } });
    expect(colliderDescOf({ shape: 'ball', radius: 0.5, restitution: 0.7, friction: 0.2, density: 2, offset: [0, 1, 0], sensor: true })).toEqual({
      shape: { type: 'ball', radius: 0.5 },
      restitution: 0.7,
      friction: 0.2,
      density: 2,
      offset: [0, 1, 0],
      sensor: true,
    });
    expect(colliderDescOf({ shape: 'capsule', radius: 0.4, half_height: 0.5 })).toEqual({ shape: { type: 'capsule', radius: 0.4, halfHeight: 0.5 } });
  });

  it('an object becomes a BodyDesc: its pose and its body\'s fields in the adapter\'s names', () => {
    const object = {
      name: 'hero',
      position: [1, 2, 3],
      rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2],
      scale: [2, 2, 2],
      body: { kind: 'kinematic', linear_velocity: [0, 0, -1], gravity_scale: 0.5, lock_rotations: true, ccd: true, colliders: [{ shape: 'ball', radius: 1 }] },
    } as const;
    expect(bodyDescOf(object)).toEqual({
      kind: 'kinematic',
      position: [1, 2, 3],
      rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2],
      scale: [2, 2, 2],
      linearVelocity: [0, 0, -1],
      gravityScale: 0.5,
      lockRotations: true,
      ccd: true,
    });
    expect(bodyDescOf({ name: 'plain', body: { colliders: [{ shape: 'ball', radius: 1 }] } })).toEqual({});
  });

  it('both hold what they are given to the document rules (a collider or object built by game code at run time)', () => {
    const bad = thrown(() => colliderDescOf({ shape: 'box', radius: 1 } as never));
    expect(pathsOf(bad.problems)).toEqual(['radius', 'half_extents']);
    const badObject = thrown(() => bodyDescOf({ name: 'x', rotation: [0, 0, 0, 3], body: { colliders: [] } } as never));
    expect(pathsOf(badObject.problems)).toEqual(['rotation', 'body.colliders']);
    expect(() => bodyDescOf({ name: 'camera' })).toThrow(OptionError);
  });

  it('visualSizeOf: the visual\'s size, else its first collider\'s, else 1 m', () => {
    expect(visualSizeOf({ name: 'a', visual: { shape: 'plane', size: [20, 1, 20] } })).toEqual([20, 1, 20]);
    expect(visualSizeOf({ name: 'a', body: { colliders: [{ shape: 'box', half_extents: [1, 0.5, 2] }] } })).toEqual([2, 1, 4]);
    expect(visualSizeOf({ name: 'a', body: { colliders: [{ shape: 'ball', radius: 0.4 }] } })).toEqual([0.8, 0.8, 0.8]);
    expect(visualSizeOf({ name: 'a', body: { colliders: [{ shape: 'capsule', radius: 0.4, half_height: 0.5 }] } })).toEqual([0.8, 1.8, 0.8]);
    expect(visualSizeOf({ name: 'a' })).toEqual([1, 1, 1]);
  });
});

// --- properties --------------------------------------------------------------

const finite = fc.double({ min: -1000, max: 1000, noNaN: true });
const positive = fc.double({ min: 1e-3, max: 100, noNaN: true });
const vec3 = fc.tuple(finite, finite, finite);
const positiveVec3 = fc.tuple(positive, positive, positive);
const unitQuaternion = fc
  .tuple(...([0, 1, 2, 3].map(() => fc.double({ min: -1, max: 1, noNaN: true })) as [fc.Arbitrary<number>, fc.Arbitrary<number>, fc.Arbitrary<number>, fc.Arbitrary<number>]))
  .filter((q) => Math.hypot(...q) > 0.1)
  .map((q) => {
    const length = Math.hypot(...q);
    return q.map((c) => c / length) as [number, number, number, number];
  });
const colour = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);
const material = {
  offset: vec3,
  density: positive,
  friction: fc.double({ min: 0, max: 2, noNaN: true }),
  restitution: fc.double({ min: 0, max: 1, noNaN: true }),
  sensor: fc.boolean(),
};
const collider = fc.oneof(
  fc.record({ shape: fc.constant('box'), half_extents: positiveVec3, ...material }, { requiredKeys: ['shape', 'half_extents'] }),
  fc.record({ shape: fc.constant('ball'), radius: positive, ...material }, { requiredKeys: ['shape', 'radius'] }),
  fc.record({ shape: fc.constant('capsule'), radius: positive, half_height: positive, ...material }, { requiredKeys: ['shape', 'radius', 'half_height'] }),
);
const body = fc.record(
  {
    kind: fc.constantFrom('dynamic', 'fixed', 'kinematic'),
    linear_velocity: vec3,
    gravity_scale: finite,
    lock_rotations: fc.boolean(),
    ccd: fc.boolean(),
    colliders: fc.array(collider, { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: ['colliders'] },
);
const sceneObject = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 12 }),
    position: vec3,
    rotation: unitQuaternion,
    scale: positiveVec3,
    body,
    behaviors: fc.uniqueArray(fc.constantFrom(...KNOWN_BEHAVIORS)),
    visual: fc.record({ shape: fc.constantFrom('box', 'ball', 'capsule', 'plane'), color: colour, size: positiveVec3 }, { requiredKeys: ['shape'] }),
    tags: fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 3 }),
  },
  { requiredKeys: ['name'] },
);
const validDocument = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 12 }),
    simulation: fc.record(
      {
        fixed_delta: fc.double({ min: 1e-4, max: 1, noNaN: true }),
        max_catch_up_ticks: fc.integer({ min: 1, max: 1000 }),
        physics_substeps: fc.integer({ min: 1, max: MAX_PHYSICS_SUBSTEPS }),
        gravity: vec3,
      },
      { requiredKeys: [] },
    ),
    objects: fc.uniqueArray(sceneObject, { selector: (o) => o.name, maxLength: 6 }),
  },
  { requiredKeys: ['objects'] },
);

type Segment = string | number;
/** One single change to a document and the one path it must be reported at. */
interface Mutation {
  readonly path: string;
  readonly apply: (doc: Record<string, unknown>) => void;
}

const pathString = (segments: readonly Segment[]): string =>
  segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

function parentOf(doc: Record<string, unknown>, segments: readonly Segment[]): Record<Segment, unknown> {
  let at: unknown = doc;
  for (const segment of segments.slice(0, -1)) at = (at as Record<Segment, unknown>)[segment];
  return at as Record<Segment, unknown>;
}
const setAt = (segments: readonly Segment[], value: unknown): Mutation => ({
  path: pathString(segments),
  apply: (doc) => {
    parentOf(doc, segments)[segments.at(-1)!] = value;
  },
});
const removeAt = (segments: readonly Segment[]): Mutation => ({
  path: pathString(segments),
  apply: (doc) => {
    delete parentOf(doc, segments)[segments.at(-1)!];
  },
});

/** Invalid values for each number field, by key. */
const BAD_NUMBERS: Readonly<Record<string, readonly unknown[]>> = {
  fixed_delta: [0, -0.01, 1.5, Number.NaN, '0.016'],
  max_catch_up_ticks: [0, 2.5, '4'],
  physics_substeps: [0, MAX_PHYSICS_SUBSTEPS + 1, 1.5],
  gravity_scale: [Number.POSITIVE_INFINITY, '1', null],
  radius: [0, -1, '0.5'],
  half_height: [0, -0.5],
  density: [0, -1],
  friction: [-0.1, Number.NaN],
  restitution: [-0.1, 1.5],
};
/** Vector fields by key: their length, and invalid values for one element. */
const VECTORS: Readonly<Record<string, { readonly length: number; readonly badElements: readonly unknown[] }>> = {
  gravity: { length: 3, badElements: [Number.NaN, Number.POSITIVE_INFINITY, '9.81'] },
  position: { length: 3, badElements: [Number.NaN, Number.NEGATIVE_INFINITY, 'x'] },
  offset: { length: 3, badElements: [Number.NaN, null] },
  linear_velocity: { length: 3, badElements: [Number.NaN, '1'] },
  scale: { length: 3, badElements: [0, -1, Number.NaN] },
  half_extents: { length: 3, badElements: [0, -1] },
  size: { length: 3, badElements: [0, -2] },
  rotation: { length: 4, badElements: [Number.NaN, 'w'] },
};

/** Every single mutation of `doc` to an invalid value, each with the path it must be reported at. */
function mutationsOf(doc: SceneDocument): Mutation[] {
  const out: Mutation[] = [];
  const record = (value: Record<string, unknown>, at: Segment[], kind: 'document' | 'simulation' | 'object' | 'body' | 'collider' | 'visual') => {
    out.push(setAt([...at, 'extra_field'], 1)); // an unknown key
    if (kind === 'collider' && value.shape === 'box') out.push(setAt([...at, 'radius'], 0.5)); // a foreign field
    if (kind === 'collider' && value.shape !== 'box') out.push(setAt([...at, 'half_extents'], [1, 1, 1]));
    if (kind === 'collider' && value.shape === 'ball') out.push(setAt([...at, 'half_height'], 0.5));
    for (const [key, field] of Object.entries(value)) {
      const here = [...at, key];
      if (key in BAD_NUMBERS) for (const bad of BAD_NUMBERS[key]!) out.push(setAt(here, bad));
      if (key in VECTORS) {
        const { length, badElements } = VECTORS[key]!;
        out.push(setAt(here, Array.from({ length: length - 1 }, () => 1)), setAt(here, 'up'));
        for (let i = 0; i < length; i++) for (const bad of badElements) out.push(setAt([...here, i], bad));
        if (key === 'rotation') out.push(setAt(here, [0, 0, 0, 2]), setAt(here, [0, 0, 0.7071, 0.7071]));
      }
      if (key === 'name') out.push(setAt(here, ''), setAt(here, 7));
      if (key === 'kind') out.push(setAt(here, 'dynamc'), setAt(here, 3));
      if (key === 'lock_rotations' || key === 'ccd' || key === 'sensor') out.push(setAt(here, 'yes'), setAt(here, 1));
      if (key === 'shape') out.push(setAt(here, 'cone'), setAt(here, 1), removeAt(here));
      if (key === 'color') out.push(setAt(here, 'red'), setAt(here, '#12345g'));
      if (key === 'simulation') out.push(setAt(here, []), setAt(here, 60));
      if (key === 'body' || key === 'visual') out.push(setAt(here, 'box'), setAt(here, null));
      if (key === 'behaviors' || key === 'tags') {
        out.push(setAt(here, 'player'));
        (field as unknown[]).forEach((_, i) => out.push(setAt([...here, i], ''), setAt([...here, i], 4)));
        if (key === 'behaviors') (field as unknown[]).forEach((_, i) => out.push(setAt([...here, i], 'playr')));
      }
      if (key === 'colliders') {
        out.push(setAt(here, []), setAt(here, 'ball'), removeAt(here));
        (field as Record<string, unknown>[]).forEach((c, i) => {
          out.push(setAt([...here, i], 'ball'));
          record(c, [...here, i], 'collider');
          for (const needed of c.shape === 'box' ? ['half_extents'] : c.shape === 'ball' ? ['radius'] : ['radius', 'half_height']) {
            out.push(removeAt([...here, i, needed]));
          }
        });
      }
      if (key === 'simulation') record(field as Record<string, unknown>, here, 'simulation');
      if (key === 'body') record(field as Record<string, unknown>, here, 'body');
      if (key === 'visual') record(field as Record<string, unknown>, here, 'visual');
    }
  };
  record(doc as unknown as Record<string, unknown>, [], 'document');
  out.push(setAt(['objects'], {}), removeAt(['objects']));
  doc.objects.forEach((object, i) => {
    out.push(setAt(['objects', i], 'crate'), removeAt(['objects', i, 'name']));
    if (i > 0) out.push(setAt(['objects', i, 'name'], doc.objects[0]!.name)); // a duplicate: the second is named
    record(object as unknown as Record<string, unknown>, ['objects', i], 'object');
  });
  return out;
}

describe('properties', () => {
  it('any valid document passes, and parses to an equal, deep-frozen copy', () => {
    fc.assert(
      fc.property(validDocument, (doc) => {
        expect(sceneProblems(doc, known)).toEqual([]);
        const { document } = parseSceneDocument(doc, known);
        expect(document).toEqual(doc);
        expectDeepFrozen(document);
      }),
    );
  });

  it('any single mutation of one field to an invalid value yields exactly one problem, at that field\'s path', () => {
    fc.assert(
      fc.property(validDocument, fc.nat(), (doc, pick) => {
        const mutations = mutationsOf(doc);
        const mutation = mutations[pick % mutations.length]!;
        const mutated = structuredClone(doc) as unknown as Record<string, unknown>;
        mutation.apply(mutated);
        expect(pathsOf(sceneProblems(mutated, known))).toEqual([mutation.path]);
      }),
      { numRuns: 500 },
    );
  });
});

// --- the example scenes and the docs ----------------------------------------

const scenesDir = resolve(repo, 'examples/physics-playground/scenes');
const readScene = (name: string): string => readFileSync(resolve(scenesDir, name), 'utf8');

describe('the example scenes ("The tutorial scenes contain complete examples")', () => {
  it.each(['arena.json', 'towers.json'])('%s validates with the playground\'s behaviors', (file) => {
    const text = readScene(file);
    expect(sceneProblems(text, known)).toEqual([]);
    const { document } = parseSceneDocument(text, known);
    const byName = new Map(document.objects.map((o) => [o.name, o]));
    // What a playground scene needs: ground, a player capsule, a camera, something to spawn.
    expect(byName.get('ground')?.body?.kind).toBe('fixed');
    expect(byName.get('player')?.behaviors).toEqual(['player']);
    expect(byName.get('player')?.body?.colliders[0]?.shape).toBe('capsule');
    expect(byName.get('camera')?.behaviors).toEqual(['camera']);
    expect(byName.get('camera')?.body).toBeUndefined();
    expect(document.objects.some((o) => o.behaviors?.includes('spawner'))).toBe(true);
    expect(document.objects.filter((o) => o.tags?.includes('crate')).length).toBeGreaterThanOrEqual(6);
  });

  it('the two scenes differ in their simulation settings (a scene replacement changes them)', () => {
    const arena = parseSceneDocument(readScene('arena.json')).simulation;
    const towers = parseSceneDocument(readScene('towers.json')).simulation;
    expect(arena).toEqual({ fixedDeltaSeconds: 1 / 60, maxCatchUpTicks: 4, physicsSubsteps: 4, gravity: [0, -9.81, 0] });
    expect(towers.fixedDeltaSeconds).toBe(1 / 120);
    expect(towers.physicsSubsteps).toBe(8);
  });

  // Real physics, not a mock: every body of the arena goes through bodyDescOf
  // and colliderDescOf into a real Rapier world, which steps it for 3 s.
  it('arena.json builds in a real Rapier world through bodyDescOf/colliderDescOf, and nothing falls through or escapes', { timeout: 60_000 }, async () => {
    const { document, simulation } = parseSceneDocument(readScene('arena.json'), known);
    const physics = await createRapier3d({ gravity: simulation.gravity });
    try {
      const withBody = document.objects.filter((o) => o.body !== undefined);
      const handles: BodyHandle[] = [];
      physics.barrier((structure) => {
        for (const object of withBody) {
          const handle = structure.createBody(bodyDescOf(object));
          for (const c of object.body!.colliders) structure.createCollider(handle, colliderDescOf(c));
          handles.push(handle);
        }
      });
      expect(physics.bodyCount).toBe(withBody.length);
      const poses = createPoseBuffer(handles.length);
      for (let tick = 0; tick < 180; tick++) physics.step(simulation.fixedDeltaSeconds, simulation.physicsSubsteps);
      physics.readPoses(handles, handles.length, poses);
      withBody.forEach((object, i) => {
        const [x, y, z] = [poses.positions[3 * i]!, poses.positions[3 * i + 1]!, poses.positions[3 * i + 2]!];
        if (object.body!.kind === 'fixed') {
          // Rapier computes in 32-bit floats: equal to 5 decimal digits.
          [x, y, z].forEach((c, axis) => expect(c, object.name).toBeCloseTo(object.position![axis]!, 5));
          return;
        }
        expect(y, `${object.name} above the ground`).toBeGreaterThan(0);
        expect(Math.abs(x), `${object.name} inside the walls`).toBeLessThan(15);
        expect(Math.abs(z), `${object.name} inside the walls`).toBeLessThan(15);
      });
      // The player's capsule (lock_rotations) stands upright on the ground: centre at radius + half_height.
      const player = withBody.findIndex((o) => o.name === 'player');
      expect(poses.positions[3 * player + 1]).toBeCloseTo(0.9, 1);
      expect(Math.abs(poses.rotations[4 * player + 3]!)).toBeCloseTo(1, 3);
    } finally {
      physics.destroy();
    }
  });
});

describe('the docs run', () => {
  const scratch = resolve(repo, 'spec/runtime/__examples__');
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('the module comment\'s @example prints what its comments say', async () => {
    const source = readFileSync(resolve(repo, 'src/engines/runtime/scene-document.ts'), 'utf8');
    const code = /@example\s*\n\s*\* ```ts\n([\s\S]*?)\n\s*\* ```/.exec(source)![1]!.replace(/^\s*\* ?/gm, '');
    const expected = [...code.matchAll(/console\.log\(.*\); \/\/ (.+)$/gm)].map((m) => m[1]);
    expect(expected).toHaveLength(2);
    mkdirSync(scratch, { recursive: true });
    const file = resolve(scratch, 'module-example.ts');
    writeFileSync(file, `import { parseSceneDocument, SceneDocumentError } from '../../../src/engines/runtime/scene-document.js';\n${code}\n`);
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
    try {
      await import(/* @vite-ignore */ file);
    } finally {
      log.mockRestore();
    }
    expect(printed).toEqual(expected);
  });

  it('docs/scene-documents.md: its error output is what parseSceneDocument really prints for its bad document', () => {
    const page = readFileSync(resolve(repo, 'docs/scene-documents.md'), 'utf8');
    const input = /<!-- error-example: input -->\n```json\n([\s\S]*?)```/.exec(page)?.[1];
    const output = /<!-- error-example: output -->\n```text\n([\s\S]*?)```/.exec(page)?.[1];
    expect(input).toBeDefined();
    expect(output).toBeDefined();
    expect(thrown(() => parseSceneDocument(input!, known)).message).toBe(output!.trimEnd());
  });

  it('docs/scene-documents.md: its complete scene is valid', () => {
    const page = readFileSync(resolve(repo, 'docs/scene-documents.md'), 'utf8');
    const scene = /## A small complete scene\n\n```json\n([\s\S]*?)```/.exec(page)?.[1];
    expect(scene).toBeDefined();
    expect(sceneProblems(scene!, known)).toEqual([]);
  });

  it('docs/scene-documents.md names every field of the format', () => {
    const page = readFileSync(resolve(repo, 'docs/scene-documents.md'), 'utf8');
    const fields = [
      'name', 'simulation', 'objects', 'fixed_delta', 'max_catch_up_ticks', 'physics_substeps', 'gravity',
      'position', 'rotation', 'scale', 'body', 'behaviors', 'visual', 'tags',
      'kind', 'linear_velocity', 'gravity_scale', 'lock_rotations', 'ccd', 'colliders',
      'shape', 'half_extents', 'radius', 'half_height', 'offset', 'density', 'friction', 'restitution', 'sensor',
      'color', 'size',
    ];
    for (const field of fields) expect(page, field).toContain(`\`${field}\``);
  });
});

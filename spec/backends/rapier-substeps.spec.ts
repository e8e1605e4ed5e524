import { describe, expect, it } from 'vitest';
import { createRapier2d } from 'tickflow/rapier2d';
import { createPoseBuffer, createRapier3d, type BodyHandle, type PhysicsAdapter } from 'tickflow/rapier3d';

// The seed: "substeps are solver subdivisions inside one fixed tick. These do
// not create additional gameplay callbacks." Issue 10: "Say how
// physics_substeps maps onto Rapier's solver settings, and check it (a stack
// of boxes that is unstable at 1 substep and stable at 4)."
//
// The mapping (docs/physics.md): physics_substeps is Rapier's
// numSolverIterations, the number of substeps its solver runs inside one
// World.step, each over dt / substeps. One step, one collision pass, one
// batch of events, whatever the substeps.

/** Boxes in the stack: 1 m cubes, one on another... */
const STACK_HEIGHT = 20;
const HALF = 0.5;
/** ...stacked as a hand would: box i is offset sideways by ±2 cm, alternately. */
const OFFSET_M = 0.02;
const offsetOf = (i: number): number => (i % 2 === 0 ? -OFFSET_M : OFFSET_M);
/** Generous: a run under a loaded machine's two cores takes several seconds. */
const TIMEOUT_MS = 60_000;
const DT = 1 / 60;
/** Ten seconds of fixed ticks. */
const TICKS = 600;

/** Stable: no box moves sideways from where it was placed by more than this (m)... */
const STABLE_DRIFT_M = 0.05;
/** ...and the top box stays this close to its starting height (m): 20 contacts settling a few mm each. */
const STABLE_SAG_M = 0.25;
/** Unstable: the top box ends at least this far from where it started (m): the stack fell. */
const FALLEN_M = 1;

interface StackRun {
  /** Largest sideways distance of any box from where it was placed, over the run (m). */
  maxDriftM: number;
  /** Largest distance of the top box below its starting height, over the run (m). */
  maxSagM: number;
  /** How far the top box ended from its start (m). */
  topMovedM: number;
  /** Event kinds over the run. */
  begins: number;
  ends: number;
  /** The most events any one step reported. */
  mostEventsInAStep: number;
}

async function runStack(create: () => Promise<PhysicsAdapter>, substeps: number): Promise<StackRun> {
  const physics = await create();
  const boxes: BodyHandle[] = [];
  physics.barrier((s) => {
    const ground = s.createBody({ kind: 'fixed' });
    s.createCollider(ground, { shape: { type: 'box', halfExtents: [50, 0.5, 50] }, offset: [0, -0.5, 0] });
    for (let i = 0; i < STACK_HEIGHT; i++) {
      const box = s.createBody({ position: [offsetOf(i), HALF + 2 * HALF * i, 0] });
      s.createCollider(box, { shape: { type: 'box', halfExtents: [HALF, HALF, HALF] } });
      boxes.push(box);
    }
  });
  const poses = createPoseBuffer(STACK_HEIGHT, false);
  const topStartY = HALF + 2 * HALF * (STACK_HEIGHT - 1);
  const run: StackRun = { maxDriftM: 0, maxSagM: 0, topMovedM: 0, begins: 0, ends: 0, mostEventsInAStep: 0 };
  for (let tick = 0; tick < TICKS; tick++) {
    physics.step(DT, substeps);
    physics.readPoses(boxes, STACK_HEIGHT, poses);
    const p = poses.positions;
    for (let i = 0; i < STACK_HEIGHT; i++) run.maxDriftM = Math.max(run.maxDriftM, Math.hypot(p[i * 3]! - offsetOf(i), p[i * 3 + 2]!));
    const top = (STACK_HEIGHT - 1) * 3;
    run.maxSagM = Math.max(run.maxSagM, topStartY - p[top + 1]!);
    run.topMovedM = Math.hypot(p[top]! - offsetOf(STACK_HEIGHT - 1), p[top + 1]! - topStartY, p[top + 2]!);
    run.mostEventsInAStep = Math.max(run.mostEventsInAStep, physics.collisionCount);
    for (let i = 0; i < physics.collisionCount; i++) {
      if (physics.collisionAt(i).kind === 'begin') run.begins++;
      else run.ends++;
    }
  }
  physics.destroy();
  return run;
}

describe.each([
  ['rapier3d', () => createRapier3d()],
  ['rapier2d', () => createRapier2d()],
] as const)('%s: physics_substeps is numSolverIterations', (_name, create) => {
  it(`a stack of ${STACK_HEIGHT} boxes (±2 cm off true) falls at 1 substep (top box moves > ${FALLEN_M} m within 10 s)`, async () => {
    const run = await runStack(create, 1);
    expect(run.topMovedM).toBeGreaterThan(FALLEN_M);
  }, TIMEOUT_MS);

  it(`the same stack stands at 4 substeps (drift < ${STABLE_DRIFT_M} m, top sags < ${STABLE_SAG_M} m, for 10 s)`, async () => {
    const run = await runStack(create, 4);
    expect(run.maxDriftM).toBeLessThan(STABLE_DRIFT_M);
    expect(run.maxSagM).toBeLessThan(STABLE_SAG_M);
    // "These do not create additional gameplay callbacks": each of the 20
    // contacts begins once, and never ends, with 4 substeps as with 1 tick's worth.
    expect(run.begins).toBe(STACK_HEIGHT);
    expect(run.ends).toBe(0);
  }, TIMEOUT_MS);
});

import type { Subscribable } from 'rxjs';
import { fromStep, type StepOperator } from '../../operators/step-operator.js';
import { engineLoop } from '../engines/shell/engine-loop.js';
import type { Input } from '../input/input.js';
import { applyEvent, buildRecordedGame, loadUnderWay, type ReplayGame } from './session-events.js';
import { applyChanges, recordAsSession, type ShellEngine } from './record-session.js';
import { TICKFLOW_VERSION, type Checkpoint, type Session, type SessionEvent } from './session.js';
import { diffFields, type FieldDifference, type StateFields } from './state-hash.js';

/**
 * What a replay hands the game's build function: pass all three to the
 * engine's options (`{ ...options, ...host }` does, for every preset but the
 * page engine, which takes `seed` only: its clock is the page's). A build
 * that leaves one out is told so, by name, before anything is compared.
 */
export interface ReplayHost {
  /** Ticks that never come on their own (the replay drives the engine with `advance()`): the engine's `ticks`. */
  readonly ticks: Subscribable<number>;
  /** The session's clock ({@link sessionClock}): the engine's `clock`. */
  readonly clock: StepOperator<number, number>;
  /** The seed the recorded engine was built with (the default seed for a session that did not record one): the engine's `seed`, so what the build itself draws is what it drew. */
  readonly seed: number;
}

export type { ReplayGame } from './session-events.js';

/** Builds the game a replay drives: the same game as recorded, with the host's `ticks` and `clock`. */
export type ReplayBuild<E extends ShellEngine> = (host: ReplayHost) => E | ReplayGame<E> | Promise<E | ReplayGame<E>>;

/** Options of {@link replay}. */
export interface ReplayOptions<E extends ShellEngine = ShellEngine> {
  /** The state a checkpoint hashes: the function the recording used (defaults to the preset's own, as in `recordSession`). */
  stateOf?: (engine: E) => unknown;
}

/** Where a replay first differed from its recording. */
export interface Divergence {
  /** The frame after which the state differed (the checkpoint's frame), or before which the schedule did. */
  readonly frame: number;
  /** The fixed steps run by then, as recorded. */
  readonly tick: number;
  /** The recorded checkpoint's hash (`''` for a schedule difference). */
  readonly recordedHash: string;
  /** The replayed state's hash there (`''` for a schedule difference). */
  readonly replayedHash: string;
  /**
   * Which fields differ, recorded (`expected`) vs replayed (`actual`), at
   * the divergent checkpoint or, when it kept only its hash, at the next
   * one that kept fields ({@link fieldsFrame}); empty when the recording
   * kept no fields. A schedule difference names `schedule.…`.
   */
  readonly fields: readonly FieldDifference[];
  /**
   * The frame of the checkpoint whose fields {@link fields} compares, when
   * it is not {@link frame}: the divergent checkpoint kept only its hash
   * (see `recordSession`'s `fieldsEvery`), so the fields are the next
   * kept ones', where the difference may have spread.
   */
  readonly fieldsFrame?: number;
}

/** What {@link replay} found. */
export interface ReplayReport {
  /** Whether the replay ran every recorded frame and every checkpoint hash was equal. */
  readonly same: boolean;
  /** The frames replayed (the recording's, unless the schedule differed). */
  readonly frames: number;
  /** The checkpoints compared. */
  readonly checkpoints: number;
  /** The first checkpoint (or schedule point) that differed; absent when `same`. */
  readonly firstDivergence?: Divergence;
  /** Errors the replayed engine caught (a recorded game that threw throws again, on the same frame). */
  readonly errors: number;
  /** The replay itself, recorded: its deltas, declined ticks and checkpoints, to compare with the recording. */
  readonly replayed: Session;
  /** What the replay warns about (a session recorded by another tickflow version); empty when nothing. */
  readonly warnings: readonly string[];
}

/**
 * The session's clock: it hands back the recorded deltas exactly (their
 * float64 bits) and declines exactly the recorded declined ticks, one per
 * tick, whatever the timestamp; past the end it declines every tick. Its
 * place in the schedule is shared by every run (a restarted clock, after a
 * hold or a load, goes on where it was), so a replayed engine's tick, step
 * and alpha schedule is the recorded one by construction.
 *
 * ```text
 * recorded   --δ1--δ2--·---δ3--|      · a declined tick
 * ticks      --a---b---c---d---e--
 * clock      --δ1--δ2------δ3-----    c and e declined
 * ```
 */
export function sessionClock(session: Session): StepOperator<number, number> {
  const schedule = scheduleOf(session);
  let cursor = 0;
  return fromStep(() => () => (cursor < schedule.length ? schedule[cursor++] : (cursor++, undefined)));
}

/** The session's clock, and whether anything has asked it for a tick yet (a build that ignored it never does). */
function watchedSessionClock(session: Session): { clock: StepOperator<number, number>; asked: () => boolean } {
  const inner = sessionClock(session);
  let asked = false;
  const clock = fromStep(() => {
    const step = inner.start();
    return (timestampMs: number) => {
      asked = true;
      return step(timestampMs);
    };
  });
  return { clock, asked: () => asked };
}

/** Versions whose sessions this tickflow has warned about replaying, so each warns once. */
const warnedVersions = new Set<string>();

/** Every tick of a session in order: its delta, or `undefined` where the clock declined it. */
export function scheduleOf(session: Session): (number | undefined)[] {
  const ticks: (number | undefined)[] = [];
  let d = 0;
  for (let frame = 0; frame <= session.deltasMs.length; frame++) {
    while (d < session.declined.length && session.declined[d]!.frame === frame) {
      for (let n = 0; n < session.declined[d]!.count; n++) ticks.push(undefined);
      d++;
    }
    if (frame < session.deltasMs.length) ticks.push(session.deltasMs[frame]);
  }
  return ticks;
}

/**
 * Plays a session back on a freshly built engine and compares every
 * checkpoint: `build` makes the same game with the host's `ticks` and
 * `clock` ({@link sessionClock}), and the replay advances it tick by tick,
 * making each recorded input call and control change before the frame that
 * consumed it. The report says whether every checkpoint hash was equal and,
 * if not, the first frame and tick where one differed and which fields
 * (recorded vs replayed, when the recording kept fields).
 *
 * The engine is destroyed when the replay ends. Caller controls that are the
 * preset's own (a systems engine's `pause()`/`play()`, a `loadScene`, a
 * level load) are recorded as `hold`/`release` and not made again; the
 * loop's own controls (`paused`, `timeScale`, `setFixedStep`, `step`, as the
 * world engine's `paused`, the runtime's `pause()`, `resume()` and `step()`
 * and any engine's `timeScale` reach them) are.
 *
 * @example
 * ```ts
 * import { createInput, nullBackend } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 * import { decodeSession, replay } from 'tickflow/replay';
 *
 * declare const json: string; // a session saved with encodeSession
 * const report = await replay(decodeSession(json), ({ ticks, clock }) =>
 *   createStateEngine({
 *     backend: nullBackend(),
 *     ticks,
 *     clock,
 *     input: createInput({ bindings: { jump: ['Space'] } }),
 *     initial: { y: 0 },
 *     update: (s, { dt, input }) => ({ y: input.held('jump') ? s.y + dt : s.y }),
 *   }),
 * );
 * report.same; // true: every checkpoint equal
 * ```
 *
 * @throws {Error} when the built engine is another preset than the recorded
 * one, has run frames already, or the session has input calls and the game
 * no Input.
 */
export async function replay<E extends ShellEngine>(session: Session, build: ReplayBuild<E>, options?: ReplayOptions<E>): Promise<ReplayReport> {
  const warnings: string[] = [];
  if (session.tickflowVersion !== TICKFLOW_VERSION) {
    warnings.push(`the session was recorded by tickflow ${session.tickflowVersion} and replays on ${TICKFLOW_VERSION}: where the two simulate differently, the report names the first divergence`);
    if (!warnedVersions.has(session.tickflowVersion)) {
      warnedVersions.add(session.tickflowVersion);
      console.warn(`tickflow: replay: ${warnings[0]}`);
    }
  }
  const watched = watchedSessionClock(session);
  const page = session.preset === 'page engine';
  const { engine, input } = await buildRecordedGame('replay', session, build, watched.clock);
  const loop = engineLoop(engine);
  const baseFrame = loop.frameCount;
  const baseTick = loop.fixedStepCount;
  const recording = recordAsSession(engine, session, input, options?.stateOf as ((engine: ShellEngine) => unknown) | undefined);
  const frames = session.deltasMs.length;
  let scheduleDivergence: Divergence | undefined;
  let eventIndex = 0;
  let declinedIndex = 0;
  let timestampMs = 0;

  const applyEvents = async (frame: number): Promise<boolean> => {
    while (eventIndex < session.events.length && session.events[eventIndex]!.frame === frame) {
      const event = session.events[eventIndex++]!;
      const tick = loop.fixedStepCount - baseTick;
      if (tick !== event.tick) {
        scheduleDivergence = scheduleDifference(frame, event.tick, `schedule.fixedStepsBeforeFrame${frame + 1}`, event.tick, tick);
        return false;
      }
      const made = applyEvent(engine, input, event);
      if (made instanceof Promise) await made.catch(() => {}); // a load: its frames come after it, as recorded; its error was reported
    }
    return true;
  };
  const stepsBefore: number[] = []; // the fixed steps run before each replayed frame
  const tick = (delivers: boolean, frame: number): boolean => {
    timestampMs += 1000 / 60;
    if (delivers) stepsBefore.push(loop.fixedStepCount - baseTick);
    let made: boolean;
    try {
      made = page ? runPageFrame(engine, session.deltasMs[frame], delivers) : engine.advance(timestampMs);
    } catch {
      made = loop.frameCount - baseFrame > frame; // the frame ran and threw (reported, counted): as recorded
    }
    if (!page && !watched.asked()) {
      engine.destroy();
      throw new Error(`replay: the built ${engine.preset} does not run on the replay's clock: pass host.clock and host.ticks to its options (clock: host.clock, ticks: host.ticks)`);
    }
    if (made !== delivers) {
      scheduleDivergence = scheduleDifference(frame, loop.fixedStepCount - baseTick, `schedule.frame${frame + 1}Delivered`, delivers, made);
      return false;
    }
    return true;
  };
  const declinedBefore = (frame: number): boolean => {
    while (declinedIndex < session.declined.length && session.declined[declinedIndex]!.frame === frame) {
      for (let n = 0; n < session.declined[declinedIndex]!.count; n++) if (!tick(false, frame)) return false;
      declinedIndex++;
    }
    return true;
  };

  // After the last frame a load is waited for only if the recording saw it end (its release is recorded there): a
  // recording stopped while a level loaded ended with the load under way, and so does its replay.
  const endsReleased = session.events.some((event) => event.frame === frames && event.kind === 'control' && event.control === 'release');
  for (let frame = 0; frame <= frames; frame++) {
    if (frame < frames || endsReleased) await loadUnderWay(engine); // a level the game opened in the frame before: no frame ran while it loaded
    if (!(await applyEvents(frame)) || !declinedBefore(frame)) break;
    if (frame < frames && !tick(true, frame)) break;
  }
  const replayed = recording.stop();
  const errors = engine.stats().errors;
  engine.destroy();
  // A game that replaced the session clock (setClock from a hook) gets other deltas: the schedule differs there.
  const other = replayed.deltasMs.findIndex((deltaMs, i) => !Object.is(deltaMs, session.deltasMs[i]));
  if (other >= 0 && (scheduleDivergence === undefined || scheduleDivergence.frame > other)) {
    scheduleDivergence = scheduleDifference(other, stepsBefore[other] ?? 0, `schedule.frame${other + 1}DeltaMs`, session.deltasMs[other]!, replayed.deltasMs[other]!);
  }
  const compared = compareCheckpoints(session.checkpoints, replayed.checkpoints);
  const firstDivergence = scheduleDivergence !== undefined && (compared.divergence === undefined || compared.divergence.frame > scheduleDivergence.frame) ? scheduleDivergence : compared.divergence;
  return {
    same: firstDivergence === undefined && replayed.deltasMs.length === frames,
    frames: replayed.deltasMs.length,
    checkpoints: compared.count,
    ...(firstDivergence === undefined ? {} : { firstDivergence }),
    errors,
    replayed,
    warnings,
  };
}

/**
 * A page engine's recorded frame, made again: its clock is the page's, so
 * the replay runs the frame by hand with the recorded delta (a tick its cap
 * declined runs nothing).
 */
function runPageFrame(engine: ShellEngine, deltaMs: number | undefined, delivers: boolean): boolean {
  if (!delivers || deltaMs === undefined) return false;
  engineLoop(engine).advanceBy(deltaMs);
  return true;
}

function scheduleDifference(frame: number, tick: number, path: string, expected: number | boolean, actual: number | boolean): Divergence {
  return { frame, tick, recordedHash: '', replayedHash: '', fields: [{ path, expected, actual }] };
}

/**
 * Compares the checkpoints frame by frame: the first whose hashes differ,
 * with the fields that differ at the first checkpoint from there on that
 * kept fields on both sides (the divergent one itself when it did).
 */
function compareCheckpoints(recorded: readonly Checkpoint[], replayed: readonly Checkpoint[]): { count: number; divergence?: Divergence } {
  const byFrame = new Map(replayed.map((checkpoint, index) => [checkpoint.frame, index] as const));
  let count = 0;
  for (let i = 0; i < recorded.length; i++) {
    const checkpoint = recorded[i]!;
    const index = byFrame.get(checkpoint.frame);
    if (index === undefined) {
      return { count, divergence: { frame: checkpoint.frame, tick: checkpoint.tick, recordedHash: checkpoint.hash, replayedHash: '', fields: [] } };
    }
    count++;
    const other = replayed[index]!;
    if (other.hash === checkpoint.hash) continue;
    const divergence = { frame: checkpoint.frame, tick: checkpoint.tick, recordedHash: checkpoint.hash, replayedHash: other.hash };
    const kept = fieldsFrom(recorded, replayed, byFrame, i);
    if (kept === undefined) return { count, divergence: { ...divergence, fields: [] } };
    return { count, divergence: { ...divergence, fields: diffFields(kept.recorded, kept.replayed), ...(kept.frame === checkpoint.frame ? {} : { fieldsFrame: kept.frame }) } };
  }
  return { count };
}

/** Both sides' fields at the first checkpoint from `from` on that kept them on both, rebuilt from every change up to it. */
function fieldsFrom(recorded: readonly Checkpoint[], replayed: readonly Checkpoint[], byFrame: ReadonlyMap<number, number>, from: number): { frame: number; recorded: StateFields; replayed: StateFields } | undefined {
  for (let i = from; i < recorded.length; i++) {
    const index = byFrame.get(recorded[i]!.frame);
    if (recorded[i]!.changes === undefined || index === undefined || replayed[index]!.changes === undefined) continue;
    return { frame: recorded[i]!.frame, recorded: fieldsAt(recorded, i), replayed: fieldsAt(replayed, index) };
  }
  return undefined;
}

/** The fields at checkpoint `index`: every change up to it applied. */
function fieldsAt(checkpoints: readonly Checkpoint[], index: number): StateFields {
  let fields: StateFields = new Map();
  for (let i = 0; i <= index; i++) if (checkpoints[i]!.changes !== undefined) fields = applyChanges(fields, checkpoints[i]!.changes!);
  return fields;
}

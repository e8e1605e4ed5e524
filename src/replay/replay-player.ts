import { fromStep } from '../../operators/step-operator.js';
import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, integerAtLeast, optionsObject } from '../../operators/validate.js';
import type { EngineSnapshot } from '../engines/shell/engine-snapshot.js';
import { engineLoop } from '../engines/shell/engine-loop.js';
import type { Input } from '../input/input.js';
import type { ShellEngine } from './record-session.js';
import type { ReplayBuild } from './replay-session.js';
import type { Session, SessionEvent } from './session.js';
import { applyEvent, buildRecordedGame, loadUnderWay } from './session-events.js';

/** How many frames apart a player keeps snapshots to seek from, when not told: two seconds at 60 Hz. */
export const DEFAULT_SEEK_SNAPSHOT_EVERY = 120;

/** The speeds a player takes: a quarter to eight times the recorded pace. */
export const PLAYBACK_SPEEDS: {
  /** The slowest: a quarter of the recorded pace. */
  readonly min: 0.25;
  /** The fastest: eight times the recorded pace. */
  readonly max: 8;
} = { min: 0.25, max: 8 };

/** Options of {@link createReplayPlayer}. */
export interface ReplayPlayerOptions {
  /** Frames between the snapshots a seek restores from (taken as the player first plays through them). An integer >= 1; defaults to {@link DEFAULT_SEEK_SNAPSHOT_EVERY}. */
  snapshotEvery?: number;
}

/**
 * A session played back on a live engine, under a viewer's control: pause,
 * single step, speed and seek. The engine draws as it did when recorded
 * (its backend renders each replayed frame); what it is handed is the
 * recording, frame by frame.
 */
export interface ReplayPlayer<E extends ShellEngine> {
  /** The engine the session plays on (draw it, read its state). */
  readonly engine: E;
  /** The frames the session holds. */
  readonly frames: number;
  /** The frames played so far: 0 before the first, `frames` at the end. */
  readonly frame: number;
  /** Whether {@link advance} plays (a player starts paused). */
  paused: boolean;
  /** Recorded time per viewer time: 1 is the recorded pace, from {@link PLAYBACK_SPEEDS}.min to .max. */
  speed: number;
  /**
   * Plays on by `viewerMs` of the viewer's time (call it from the page's
   * frames with their delta): every recorded frame whose time has come runs,
   * at `speed`. Does nothing while paused, at the end, or while a recorded
   * load (a level or scene the session opened) is still loading.
   * @return The frames it ran.
   */
  advance(viewerMs: number): number;
  /** Runs exactly the next recorded frame (paused or not), once a recorded load before it has finished. @return Whether there was one. */
  step(): Promise<boolean>;
  /**
   * Goes to just after frame `frame` (0: before the first): restores the
   * nearest snapshot at or before it (one is kept every `snapshotEvery`
   * frames, as the player first plays through them) and runs the recorded
   * frames from there, waiting for the recorded loads among them.
   * @throws {OptionError} unless an integer from 0 to `frames`.
   */
  seek(frame: number): Promise<void>;
  /** Destroys the engine. */
  destroy(): void;
}

/**
 * Plays a recorded session back on an engine a viewer controls: the replay
 * view of a game (pause, single step, ¼× to 8×, a scrubber). `build` is the
 * replay's (see `replay`): the same game, built with `host.ticks`,
 * `host.clock` and `host.seed`.
 *
 * Seeking backward is what save and restore are for: the player keeps a
 * snapshot (`engine.save()`) every `snapshotEvery` frames as it plays, and a
 * seek restores the nearest one before the target and re-simulates from
 * there, which costs at most `snapshotEvery` frames of simulation.
 *
 * ```text
 * frames    0 ───── 120 ───── 240 ─── 300
 * kept      S0      S120      S240          (snapshots, as played)
 * seek(200) restore S120, run 121…200
 * ```
 *
 * @example
 * ```ts
 * const player = await createReplayPlayer(session, (host) => build(host));
 * player.paused = false;
 * requestAnimationFrame(function frame(now) { player.advance(16.7); requestAnimationFrame(frame); });
 * scrubber.oninput = () => player.seek(Number(scrubber.value));
 * ```
 *
 * @throws {Error} as `replay` does for a build of another preset, one that ignores its seed, or a game without the Input the session's calls need.
 */
export async function createReplayPlayer<E extends ShellEngine>(session: Session, build: ReplayBuild<E>, options?: ReplayPlayerOptions): Promise<ReplayPlayer<E>> {
  const where = 'createReplayPlayer';
  optionsObject(where, options, true);
  checkOptionKeys(where, options, ['snapshotEvery']);
  const snapshotEvery = options?.snapshotEvery ?? DEFAULT_SEEK_SNAPSHOT_EVERY;
  integerAtLeast(where, 'snapshotEvery', snapshotEvery, 1);
  // The player's clock hands out what the player sets before each tick: a delta, or undefined for a declined tick.
  let next: number | undefined;
  const clock = fromStep(() => () => next);
  const { engine, input } = await buildRecordedGame(where, session, build, clock);
  return new Player(engine, input, session, snapshotEvery, (deltaMs) => (next = deltaMs));
}

class Player<E extends ShellEngine> implements ReplayPlayer<E> {
  readonly frames: number;
  paused = true;
  private playbackSpeed = 1;
  private played = 0;
  /** Viewer time owed to the next frame, in recorded ms (speed applied). */
  private owedMs = 0;
  private readonly eventsBefore: SessionEvent[][];
  private readonly declinedBefore: number[];
  private readonly snapshots = new Map<number, EngineSnapshot<unknown>>();
  private readonly page: boolean;
  /** A recorded call still under way (a load), which the next frame waits for. */
  private pendingCall: Promise<void> | undefined;
  /** Whether the events before frame `played` were made (the frame then waits only for a load). */
  private eventsApplied = false;

  constructor(
    readonly engine: E,
    private readonly input: Input<string> | undefined,
    private readonly session: Session,
    private readonly snapshotEvery: number,
    private readonly setNext: (deltaMs: number | undefined) => void,
  ) {
    this.frames = session.deltasMs.length;
    this.eventsBefore = Array.from({ length: this.frames + 1 }, () => []);
    for (const event of session.events) this.eventsBefore[Math.min(event.frame, this.frames)]!.push(event);
    this.declinedBefore = new Array<number>(this.frames + 1).fill(0);
    for (const { frame, count } of session.declined) this.declinedBefore[Math.min(frame, this.frames)]! += count;
    this.page = engine.preset === 'page engine';
    this.snapshots.set(0, engine.save());
  }

  get frame(): number {
    return this.played;
  }

  get speed(): number {
    return this.playbackSpeed;
  }

  set speed(value: number) {
    if (typeof value !== 'number' || !(value >= PLAYBACK_SPEEDS.min && value <= PLAYBACK_SPEEDS.max)) {
      throw new OptionError('player.speed', 'speed', `a number from ${PLAYBACK_SPEEDS.min} to ${PLAYBACK_SPEEDS.max}`, value);
    }
    this.playbackSpeed = value;
  }

  advance(viewerMs: number): number {
    if (this.paused || this.played >= this.frames || !(viewerMs > 0)) return 0;
    this.owedMs += viewerMs * this.playbackSpeed;
    let ran = 0;
    // At most a quarter second of recorded frames per call at 1x: a stalled page does not replay a minute in one frame.
    const cap = Math.max(1, Math.ceil(this.playbackSpeed * 15));
    while (this.played < this.frames && ran < cap && this.owedMs >= this.session.deltasMs[this.played]!) {
      if (!this.runFrame()) return ran; // a recorded load under way: the frame runs once it is done
      this.owedMs -= this.session.deltasMs[this.played - 1]!;
      ran++;
    }
    if (ran === cap) this.owedMs = 0;
    return ran;
  }

  async step(): Promise<boolean> {
    if (this.played >= this.frames) return false;
    await this.runFrameWhole();
    return true;
  }

  async seek(frame: number): Promise<void> {
    if (!Number.isInteger(frame) || frame < 0 || frame > this.frames) throw new OptionError('player.seek', 'frame', `an integer from 0 to ${this.frames}`, frame);
    if (frame !== this.played) {
      let from = Math.floor(frame / this.snapshotEvery) * this.snapshotEvery;
      while (!this.snapshots.has(from)) from -= this.snapshotEvery; // not played that far yet: the last one kept
      await this.pendingCall;
      await loadUnderWay(this.engine); // a restore waits for a level load to finish
      if (frame < this.played || from > this.played) {
        const snapshot = this.snapshots.get(from)!;
        await intoSceneOf(this.engine, snapshot);
        this.engine.restore(snapshot);
        this.played = from;
        this.eventsApplied = false;
      }
      while (this.played < frame) await this.runFrameWhole();
    }
    this.owedMs = 0;
  }

  destroy(): void {
    this.engine.destroy();
  }

  /** One tick through the player's clock. A frame that throws was reported by the engine, as when recorded: the playback goes on. */
  private tick(): void {
    try {
      this.engine.advance();
    } catch {
      // reported through the engine's onError and errors$
    }
  }

  /** {@link runFrame}, waiting out a recorded load before the frame. */
  private async runFrameWhole(): Promise<void> {
    while (!this.runFrame()) await this.pendingCall;
  }

  /**
   * The recorded frame after `played`: its events, the ticks declined before
   * it, then the frame with its delta; a snapshot kept on the grid. When an
   * event is a load still under way (a promise), the frame waits for it.
   * @return Whether the frame ran.
   */
  private runFrame(): boolean {
    const frame = this.played;
    if (this.pendingCall !== undefined) return false;
    if (this.waitFor(loadUnderWay(this.engine))) return false; // a level the game opened in the frame before
    if (!this.eventsApplied) {
      this.eventsApplied = true;
      for (const event of this.eventsBefore[frame]!) {
        const made = applyEvent(this.engine, this.input, event);
        if (made instanceof Promise) this.waitFor(made);
      }
      if (this.pendingCall !== undefined) return false;
    }
    const deltaMs = this.session.deltasMs[frame]!;
    if (this.page) {
      try {
        engineLoop(this.engine).advanceBy(deltaMs);
      } catch {
        // reported, as above
      }
    } else {
      this.setNext(undefined);
      for (let n = 0; n < this.declinedBefore[frame]!; n++) this.tick();
      this.setNext(deltaMs);
      this.tick();
      this.setNext(undefined);
    }
    this.played = frame + 1;
    this.eventsApplied = false;
    // Not while a level the frame opened loads (it cannot be saved then): a seek restores from the one before.
    if (this.played % this.snapshotEvery === 0 && !this.snapshots.has(this.played) && !engineLoop(this.engine).held) this.snapshots.set(this.played, this.engine.save());
    return true;
  }

  /** Makes the next frame wait for `promise` (a recorded call's, or a load's), when there is one. @return Whether there was. */
  private waitFor(promise: Promise<unknown> | undefined): boolean {
    if (promise === undefined) return false;
    const pending: Promise<void> = promise.then(
      () => undefined,
      () => undefined, // its error was reported by the engine
    ).finally(() => {
      if (this.pendingCall === pending) this.pendingCall = undefined;
    });
    this.pendingCall = pending;
    return true;
  }
}

/**
 * A systems engine restores only into the scene its snapshot was taken in (a
 * restore builds no scene: its load hooks may be asynchronous): a seek back
 * across a scene change the session made loads that scene first.
 */
async function intoSceneOf(engine: ShellEngine, snapshot: EngineSnapshot<unknown>): Promise<void> {
  const sceneId = (snapshot.state as { scene?: { id?: unknown } | null } | null)?.scene?.id;
  const scenes = engine as unknown as { scene?: { id: string } | undefined; loadScene?: (id: string) => Promise<unknown> };
  if (typeof sceneId === 'string' && typeof scenes.loadScene === 'function' && scenes.scene?.id !== sceneId) await scenes.loadScene(sceneId);
}

/**
 * The gallery's replay view: a recorded session played back in the game's
 * own canvas, with play and pause, single steps, a speed from ¼× to 8×, a
 * scrubber and the frame counter. One module for every game: the page gives
 * it the session, the game's build (the same function the live game is
 * built with, handed the replay's `ticks`, `clock` and `seed`) and an empty
 * element for the controls.
 *
 * Underneath is `createReplayPlayer` (tickflow/replay), driven from the
 * page's requestAnimationFrame: each page frame hands `player.advance` the
 * time since the last one, and every recorded frame whose time has come
 * runs (and draws). A seek restores the nearest snapshot the player kept
 * (one every `snapshotEvery` frames, as it first plays through them) and
 * re-simulates from there.
 *
 * Keys: Space plays or pauses; `.` and `,` step one frame forward or back;
 * → and ← jump one second; Home and End go to the start and the end; `-` and
 * `+` halve and double the speed.
 *
 * @module
 */
import {
  createReplayPlayer,
  checkpointHashFor,
  presetStateOf,
  type ReplayBuild,
  type ReplayPlayer,
  type Session,
  type ShellEngine,
} from 'tickflow/replay';

/** The speeds the view offers, slowest first: ¼× to 8× the recorded pace. */
export const REPLAY_SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const;

/**
 * The most viewer time one page frame hands the player, in ms. A page that
 * stalled (a hidden tab, a slow machine) goes on from where it was, not a
 * long way further; it also keeps each call under the player's own cap, so
 * the recorded time played is always the speed times the viewer time given.
 */
export const MAX_VIEWER_MS_PER_FRAME = 100;

/** Snapshots the view's player keeps, one every this many frames (two seconds at 60 Hz). */
export const VIEW_SNAPSHOT_EVERY = 120;

/** Options of {@link openReplayView}. */
export interface ReplayViewOptions<E extends ShellEngine> {
  /** The session to play. */
  readonly session: Session;
  /** The game, built from the replay's host (see `ReplayBuild`). Its backend draws where the live game drew. */
  readonly build: ReplayBuild<E>;
  /** An empty element the view's controls go in; shown while the view is open. */
  readonly mount: HTMLElement;
  /** What the session is called (its file's name), for the heading. */
  readonly title?: string;
  /** The state a checkpoint hashes, when the recording was given one; defaults to the preset's own. */
  readonly stateOf?: (engine: E) => unknown;
  /** Frames between the player's snapshots; defaults to {@link VIEW_SNAPSHOT_EVERY}. */
  readonly snapshotEvery?: number;
  /** The "Back to the game" button: what it does (leave it out for no button). */
  readonly onExit?: () => void;
}

/** What the view played since the speed last changed or play last started: for a reader (and a test) to check the pace. */
export interface ReplayPace {
  /** Viewer time handed to the player, in ms. */
  readonly viewerMs: number;
  /** Recorded time of the frames it ran, in ms. */
  readonly recordedMs: number;
  /** The frames it ran. */
  readonly frames: number;
  /** The speed meanwhile. */
  readonly speed: number;
}

/** An open replay view. */
export interface ReplayView<E extends ShellEngine> {
  /** The player underneath (its engine, frame, speed). */
  readonly player: ReplayPlayer<E>;
  /** What was played at the current speed (see {@link ReplayPace}). */
  readonly pace: ReplayPace;
  /** Whether a seek is under way. */
  readonly seeking: boolean;
  /** Plays (from the start, when at the end) or pauses. */
  setPlaying(playing: boolean): void;
  /** One of {@link REPLAY_SPEEDS}. */
  setSpeed(speed: number): void;
  /** Pauses and runs the next recorded frame. */
  step(): Promise<void>;
  /** Pauses and goes to just after frame `frame` (0: the start); resolves when there. */
  seek(frame: number): Promise<void>;
  /**
   * Whether the state now hashes as the recording's checkpoint at this frame
   * did: true or false on a checkpoint's frame, undefined between them.
   */
  matchesCheckpoint(): boolean | undefined;
  /** Closes the view: the player's engine is destroyed and the controls emptied. */
  destroy(): void;
}

/**
 * Opens the replay view: builds the game from the session, fills `mount`
 * with the controls and plays on the page's frames (starting paused at frame
 * 0).
 *
 * @throws {Error} as `createReplayPlayer` does: a session of another preset
 * than the game, a build that ignores the replay's host.
 */
export async function openReplayView<E extends ShellEngine>(options: ReplayViewOptions<E>): Promise<ReplayView<E>> {
  const { session, build, mount, title, snapshotEvery = VIEW_SNAPSHOT_EVERY, onExit } = options;
  const player = await createReplayPlayer(session, build, { snapshotEvery });
  const stateOf = (options.stateOf ?? presetStateOf(player.engine.preset)) as ((engine: E) => unknown) | undefined;
  const frames = player.frames;
  // timeAt[f]: the recorded time before frame f + 1, in ms.
  const timeAt = [0];
  for (const ms of session.deltasMs) timeAt.push(timeAt[timeAt.length - 1]! + ms);
  const checkpoints = new Map(session.checkpoints.map((checkpoint) => [checkpoint.frame, checkpoint.hash]));
  const hashOf = checkpointHashFor(session); // an older session's checkpoints were hashed another way

  const ui = buildControls(mount, { title: title ?? 'Recorded session', frames, seconds: timeAt[frames]! / 1000, exit: onExit !== undefined });
  let pace = { viewerMs: 0, recordedMs: 0, frames: 0, speed: player.speed };
  let seekTarget: number | undefined;
  let seeking: Promise<void> | undefined;
  let lastMs: number | undefined;
  let frameRequest = 0;
  let destroyed = false;

  const matchesCheckpoint = (): boolean | undefined => {
    const hash = checkpoints.get(player.frame);
    if (hash === undefined || stateOf === undefined || player.frame === 0) return undefined;
    return hashOf(stateOf(player.engine)) === hash;
  };

  const show = (): void => {
    ui.play.textContent = player.paused ? 'Play' : 'Pause';
    ui.play.setAttribute('aria-pressed', String(!player.paused));
    if (document.activeElement !== ui.scrubber || seeking === undefined) ui.scrubber.value = String(player.frame);
    const match = matchesCheckpoint();
    ui.frame.textContent = `frame ${player.frame} / ${frames} · ${(timeAt[player.frame]! / 1000).toFixed(1)} s`;
    ui.check.textContent = match === undefined ? '' : match ? '✓ as recorded' : '✗ differs from the recording';
    ui.check.className = `replay-check${match === false ? ' bad' : ''}`;
    for (const button of ui.speeds) button.setAttribute('aria-pressed', String(Number(button.dataset['speed']) === player.speed));
  };

  const resetPace = (): void => {
    pace = { viewerMs: 0, recordedMs: 0, frames: 0, speed: player.speed };
  };

  const setPlaying = (playing: boolean): void => {
    if (playing && player.frame >= frames) {
      void seek(0).then(() => setPlaying(true)); // from the start again
      return;
    }
    if (playing && player.paused) resetPace();
    player.paused = !playing;
    lastMs = undefined; // the first page frame after play hands over no time
    show();
  };

  const setSpeed = (speed: number): void => {
    if (!(REPLAY_SPEEDS as readonly number[]).includes(speed)) throw new RangeError(`replay view: speed must be one of ${REPLAY_SPEEDS.join(', ')}, got ${speed}`);
    player.speed = speed;
    resetPace();
    show();
  };

  const seek = (frame: number): Promise<void> => {
    player.paused = true;
    seekTarget = Math.max(0, Math.min(frames, Math.round(frame)));
    ui.root.classList.add('is-seeking');
    // One seek at a time; a scrubber dragged meanwhile goes to where it was let go.
    seeking ??= (async () => {
      try {
        while (seekTarget !== undefined) {
          const target = seekTarget;
          seekTarget = undefined;
          await player.seek(target);
        }
      } finally {
        seeking = undefined;
        ui.root.classList.remove('is-seeking');
        show();
      }
    })();
    show();
    return seeking;
  };

  const step = async (): Promise<void> => {
    player.paused = true;
    await seeking;
    await player.step();
    show();
  };

  const onPageFrame = (nowMs: number): void => {
    if (destroyed) return;
    frameRequest = requestAnimationFrame(onPageFrame);
    const viewerMs = lastMs === undefined ? 0 : Math.min(Math.max(nowMs - lastMs, 0), MAX_VIEWER_MS_PER_FRAME);
    lastMs = nowMs;
    if (player.paused || seeking !== undefined || viewerMs === 0) return;
    const before = player.frame;
    const ran = player.advance(viewerMs);
    pace = { viewerMs: pace.viewerMs + viewerMs, recordedMs: pace.recordedMs + timeAt[player.frame]! - timeAt[before]!, frames: pace.frames + ran, speed: player.speed };
    if (player.frame >= frames) player.paused = true;
    show();
  };

  const onKey = (event: KeyboardEvent): void => {
    if (event.target instanceof HTMLInputElement && event.target !== ui.scrubber) return;
    // A focused button of the view takes Space and Enter itself (a click), once.
    if (event.target instanceof HTMLButtonElement && (event.code === 'Space' || event.code === 'Enter')) return;
    // Arrows on the focused scrubber move it a frame at a time (its own keys): left to it.
    if (event.target === ui.scrubber && event.code.startsWith('Arrow')) return;
    const second = (direction: number): number => {
      const targetMs = timeAt[player.frame]! + direction * 1000;
      let frame = player.frame;
      while (direction > 0 ? frame < frames && timeAt[frame]! < targetMs : frame > 0 && timeAt[frame]! > targetMs) frame += direction;
      return frame;
    };
    const speedIndex = (REPLAY_SPEEDS as readonly number[]).indexOf(player.speed);
    const actions: Record<string, () => void> = {
      Space: () => setPlaying(player.paused),
      Period: () => void step(),
      Comma: () => void seek(player.frame - 1),
      ArrowRight: () => void seek(second(1)),
      ArrowLeft: () => void seek(second(-1)),
      Home: () => void seek(0),
      End: () => void seek(frames),
      Minus: () => setSpeed(REPLAY_SPEEDS[Math.max(0, speedIndex - 1)]!),
      Equal: () => setSpeed(REPLAY_SPEEDS[Math.min(REPLAY_SPEEDS.length - 1, speedIndex + 1)]!),
    };
    const action = actions[event.code];
    if (action === undefined || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    action();
  };

  // A button clicked with the mouse or a finger does not keep the focus: Space then plays or pauses, whatever was clicked.
  ui.root.addEventListener('pointerup', (event) => (event.target as HTMLElement).closest('button')?.blur());
  ui.play.addEventListener('click', () => setPlaying(player.paused));
  ui.step.addEventListener('click', () => void step());
  ui.back.addEventListener('click', () => void seek(player.frame - 1));
  for (const button of ui.speeds) button.addEventListener('click', () => setSpeed(Number(button.dataset['speed'])));
  ui.scrubber.addEventListener('input', () => void seek(Number(ui.scrubber.value)));
  ui.exit?.addEventListener('click', () => onExit?.());
  window.addEventListener('keydown', onKey);
  frameRequest = requestAnimationFrame(onPageFrame);
  show();

  return {
    player,
    get pace() {
      return pace;
    },
    get seeking() {
      return seeking !== undefined;
    },
    setPlaying,
    setSpeed,
    step,
    seek,
    matchesCheckpoint,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      cancelAnimationFrame(frameRequest);
      window.removeEventListener('keydown', onKey);
      player.destroy();
      mount.replaceChildren();
      mount.hidden = true;
    },
  };
}

/** The view's controls, written into `mount`. */
interface Controls {
  readonly root: HTMLElement;
  readonly play: HTMLButtonElement;
  readonly back: HTMLButtonElement;
  readonly step: HTMLButtonElement;
  readonly speeds: HTMLButtonElement[];
  readonly scrubber: HTMLInputElement;
  readonly frame: HTMLElement;
  readonly check: HTMLElement;
  readonly exit: HTMLButtonElement | undefined;
}

function buildControls(mount: HTMLElement, about: { title: string; frames: number; seconds: number; exit: boolean }): Controls {
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] => {
    const element = document.createElement(tag);
    element.className = className;
    element.textContent = text;
    return element;
  };
  const button = (text: string, label: string): HTMLButtonElement => {
    const element = make('button', 'replay-button', text);
    element.type = 'button';
    element.setAttribute('aria-label', label);
    element.title = label;
    return element;
  };
  const root = make('div', 'replay-view');
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', 'Replay controls');

  const head = make('div', 'replay-head');
  const badge = make('span', 'replay-badge', 'Replay');
  const name = make('span', 'replay-title', about.title);
  const length = make('span', 'replay-length', `${about.frames} frames · ${about.seconds.toFixed(1)} s`);
  head.append(badge, name, length);
  let exit: HTMLButtonElement | undefined;
  if (about.exit) {
    exit = button('Back to the game', 'Back to the game');
    exit.classList.add('replay-exit');
    head.append(exit);
  }

  const scrubber = make('input', 'replay-scrubber');
  scrubber.type = 'range';
  scrubber.min = '0';
  scrubber.max = String(about.frames);
  scrubber.step = '1';
  scrubber.value = '0';
  scrubber.setAttribute('aria-label', 'Frame');

  const row = make('div', 'replay-row');
  const play = button('Play', 'Play or pause (Space)');
  play.classList.add('replay-play');
  const back = button('‹ Frame', 'One frame back (,)');
  const step = button('Frame ›', 'One frame forward (.)');
  const speedGroup = make('div', 'replay-speeds');
  speedGroup.setAttribute('role', 'group');
  speedGroup.setAttribute('aria-label', 'Speed (- and +)');
  const speeds = REPLAY_SPEEDS.map((speed) => {
    const element = button(`${speed === 0.25 ? '¼' : speed === 0.5 ? '½' : speed}×`, `${speed}× speed`);
    element.dataset['speed'] = String(speed);
    return element;
  });
  speedGroup.append(...speeds);
  const readout = make('p', 'replay-readout');
  const frame = make('span', 'replay-frame');
  const check = make('span', 'replay-check');
  readout.setAttribute('aria-live', 'off');
  readout.append(frame, check);
  row.append(play, back, step, speedGroup, readout);

  const keys = make('p', 'replay-keys', 'Space play · , . one frame · ← → one second · - + speed');
  root.append(head, scrubber, row, keys);
  mount.replaceChildren(root);
  mount.hidden = false;
  return { root, play, back, step, speeds, scrubber, frame, check, exit };
}

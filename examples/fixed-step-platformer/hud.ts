import { WorldSystem, type SystemsEngineControls, type WorldSystemOptions } from 'tickflow/systems';
import type { GameState } from './game-state.js';
import type { SimulatedDisplay } from './simulated-display.js';

/** How often the rates are re-measured, in ms of page time. */
const RATE_WINDOW_MS = 500;

/** Where the HUD writes: the page's readouts, measured against its simulated display. */
export interface HudPage {
  readonly display: SimulatedDisplay;
  readonly root: Document;
}

/**
 * The readouts beside the stage, written from the engine's frames (a world
 * system's `update`), each only when its text changes. Paused, no frame
 * runs, so they hold their last values.
 *
 * Without a page (Node, a test) the system is there all the same and
 * writes nothing: the game has the same world systems wherever it runs, so
 * a snapshot taken on the page restores in Node.
 */
export function hudSystem(state: GameState, page?: HudPage) {
  if (page === undefined) {
    return class Hud extends WorldSystem {
      saveState(): null {
        return null;
      }

      restoreState(): void {}
    };
  }
  const { display, root } = page;
  const cell = (name: string) => root.querySelector<HTMLElement>(`[data-readout="${name}"]`)!;
  const cells = {
    scene: cell('scene'),
    fps: cell('fps'),
    steps: cell('steps'),
    apex: cell('apex'),
    drop: cell('drop'),
    falls: cell('falls'),
    dropped: cell('dropped'),
    frames: cell('frames'),
  };
  const title = root.querySelector<HTMLElement>('#level-title')!;
  const banner = root.querySelector<HTMLElement>('#drop-banner')!;
  const write = (element: HTMLElement, text: string) => {
    if (element.textContent !== text) element.textContent = text;
  };

  return class Hud extends WorldSystem {
    private readonly engine: SystemsEngineControls;
    /** Fixed steps run since this world was built: a world system's fixedUpdate runs once per fixed step. */
    private steps = 0;
    private windowStartMs = NaN;
    private ticksAtStart = 0;
    private stepsAtStart = 0;
    /** What the readouts show now (NaN and a fresh object: nothing shown yet, so the first frame writes them all). */
    private shownLevel: GameState['level'] | null = null;
    private shownApex: number | undefined = NaN;
    private shownFalls = NaN;
    private shownDrop: GameState['dropResult'] | null = null;
    private shownDropping: boolean | undefined = undefined;
    private shownDropMode: GameState['dropMode'] | null = null;

    constructor(options: WorldSystemOptions) {
      super();
      this.engine = options.engine;
    }

    fixedUpdate(): void {
      this.steps += 1;
    }

    /** The rates are the page's measure, not the game's: nothing to save, and after a restore they are measured afresh. */
    saveState(): null {
      return null;
    }

    restoreState(): void {
      this.windowStartMs = NaN;
    }

    update(): void {
      // The page frame's timestamp, not performance.now(): a read of the wall clock inside update is what the
      // engine's determinism warnings flag (docs/determinism.md), and the host's timestamp is the time this frame shows.
      const nowMs = display.pageTimeMs;
      if (Number.isNaN(this.windowStartMs) || Number.isNaN(nowMs)) {
        this.startWindow(nowMs);
      } else if (nowMs - this.windowStartMs >= RATE_WINDOW_MS) {
        const seconds = (nowMs - this.windowStartMs) / 1000;
        write(cells.fps, `${display.rateHz} Hz · ${((display.ticks - this.ticksAtStart) / seconds).toFixed(0)} fps`);
        write(cells.steps, `${((this.steps - this.stepsAtStart) / seconds).toFixed(0)} /s (${state.mode === 'fixed' ? 'used' : 'unused'})`);
        // stats() makes a fresh object a call (its documentation says so): read with the rates, twice a second.
        const stats = this.engine.stats();
        write(cells.dropped, `${stats.droppedMs.toFixed(0)} ms`);
        write(cells.frames, String(stats.frames));
        this.startWindow(nowMs);
      }
      // The game's readouts, each made into text only when what it shows changed.
      const level = state.level;
      if (level !== this.shownLevel) {
        this.shownLevel = level;
        write(cells.scene, level?.id ?? '–');
        write(title, level?.title ?? '');
      }
      if (state.lastJumpApex !== this.shownApex) {
        this.shownApex = state.lastJumpApex;
        write(cells.apex, state.lastJumpApex === undefined ? '–' : `${state.lastJumpApex.toFixed(1)} px`);
      }
      if (state.falls !== this.shownFalls) {
        this.shownFalls = state.falls;
        write(cells.falls, String(state.falls));
      }
      if (state.dropResult !== this.shownDrop || state.dropping !== this.shownDropping || state.dropMode !== this.shownDropMode) {
        this.shownDrop = state.dropResult;
        this.shownDropping = state.dropping;
        this.shownDropMode = state.dropMode;
        write(cells.drop, state.dropResult === undefined ? (state.dropping ? 'falling…' : '–') : state.dropResult.replace(' the ledge', ''));
        banner.hidden = state.dropResult === undefined;
        if (state.dropResult !== undefined) {
          write(banner, `${state.dropMode === 'fixed' ? 'fixed step' : 'per frame'}: ${state.dropResult}`);
          banner.className = `stage-banner ${state.dropResult.startsWith('landed') ? 'good' : 'bad'}`;
        }
      }
    }

    /** Starts a rate window at `nowMs`. */
    private startWindow(nowMs: number): void {
      this.windowStartMs = nowMs;
      this.ticksAtStart = display.ticks;
      this.stepsAtStart = this.steps;
    }
  };
}

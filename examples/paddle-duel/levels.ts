import type { LevelLoader, World, WorldClass } from 'tickflow/world';
import { AiController } from './ai-controller.js';
import { Ball } from './ball.js';
import { LEFT_KEYS, RIGHT_KEYS, type DuelAction, type PaddleKeys } from './bindings.js';
import { CAMERA_BOUNDS, NARROWS, OPEN_COURT, type Court } from './courts.js';
import { DuelMode } from './duel-mode.js';
import { Goal } from './goal.js';
import { Hud } from './hud.js';
import { Label, NO_TEXT_FLOOR, type TextFloor } from './label.js';
import { SIDES, type Match, type MatchRecord, type Side } from './match.js';
import { Paddle } from './paddle.js';
import { PauseMenu } from './pause-menu.js';
import { PlayerController } from './player-controller.js';
import { CentreLine, Wall } from './scenery.js';

/**
 * Paddle Duel's levels, one per round: round 1 on the open court, round 2 in
 * the narrows. A level loader builds a fresh world; the match record is what
 * carries over.
 *
 * @module
 */

/** Options of {@link paddleDuelLevels}. */
export interface LevelOptions {
  /**
   * How long the narrows take to load, in milliseconds of real time. The
   * load stands in for fetching a court's assets; while it is in flight the
   * engine runs no frame, and the frame that performs the transition renders
   * the opened court. Defaults to {@link DEFAULT_COURT_LOAD_MS}.
   */
  courtLoadMs?: number;
  /**
   * Loads the art the visuals name (the spritesheet, through pixi's Assets:
   * `loadAssets` from `tickflow/pixi`), awaited by every level's loader, so
   * a court opens with its textures ready and a failed load fails the level.
   * Leave it out where nothing draws (Node, the null backend).
   */
  loadArt?: () => Promise<void>;
  /**
   * Builds every court at once: the loaders return synchronously (the
   * narrows' stand-in load and `courtLoadMs` are skipped; `loadArt` must be
   * left out), so no load is ever in flight and the frame that opens a court
   * runs on. For Node: `engine.save()` refuses while a level loads, so a sync
   * test or a save-and-restore property that plays across a round change
   * needs it. Defaults to false.
   */
  loadCourtsAtOnce?: boolean;
  /**
   * The smallest legible text size now, in logical units (label.ts;
   * createPaddleDuel passes it from the engine's fit), for the HUD's first
   * draw as a level opens (its ticks read the surface's: surface.ts).
   * Without it, every label keeps its size.
   */
  textFloor?: TextFloor;
}

/** How long the narrows take to "load" on the page: long enough to see, short enough not to mind. */
export const DEFAULT_COURT_LOAD_MS = 250;

/**
 * Every class whose objects a match's worlds hold, by name: the
 * `classes` option of its engine, so that a fresh engine restores a snapshot
 * of any round (a ball in flight included, which only a serve spawns) and a
 * minifier's renaming does not matter.
 */
export const DUEL_CLASSES: Readonly<Record<string, WorldClass>> = {
  AiController,
  Ball,
  CentreLine,
  DuelMode,
  Goal,
  Hud,
  Label,
  Paddle,
  PauseMenu,
  PlayerController,
  Wall,
};

/**
 * The level loaders of a match, by level name. Each reads the match record
 * as its transition begins (the round before still open: see
 * `Match.record`) and hands it to the round it builds.
 */
export function paddleDuelLevels(match: Match, options: LevelOptions = {}): Record<string, LevelLoader<DuelAction>> {
  const { courtLoadMs = DEFAULT_COURT_LOAD_MS, loadArt, loadCourtsAtOnce = false } = options;
  if (loadCourtsAtOnce && loadArt !== undefined) throw new Error('paddleDuelLevels: loadCourtsAtOnce builds every court at once, so there can be no art to load (leave loadArt out)');
  const atOnce = (court: Court): LevelLoader<DuelAction> => (world) => buildRound(world, court, match, match.record, options);
  if (loadCourtsAtOnce) return { [OPEN_COURT.level]: atOnce(OPEN_COURT), [NARROWS.level]: atOnce(NARROWS) };
  return {
    // Synchronous unless there is art to load (the art loads once a page: the second court finds it cached).
    [OPEN_COURT.level]: loadArt === undefined ? atOnce(OPEN_COURT) : async (world) => {
      const record = match.record;
      await loadArt();
      buildRound(world, OPEN_COURT, match, record, options);
    },
    // An async loader: the transition waits for it.
    [NARROWS.level]: async (world) => {
      const record = match.record;
      await Promise.all([loadCourtAssets(courtLoadMs), loadArt?.()]);
      buildRound(world, NARROWS, match, record, options);
    },
  };
}

/** Stands in for fetching a court's textures and sounds. */
function loadCourtAssets(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Builds one round: the court, the paddles and who plays them, the goals,
 * the HUD and the pause menu, and the game mode, which starts the warm-up.
 *
 * Spawn order is tick order: the paddles tick before the ball (which the
 * mode spawns at each serve), so the ball meets paddles that already moved
 * this frame.
 */
function buildRound(world: World<DuelAction>, court: Court, match: Match, record: MatchRecord, { textFloor = NO_TEXT_FLOOR }: LevelOptions): void {
  world.camera.bounds = CAMERA_BOUNDS;
  const mode = new DuelMode(world, court, record, match.seedFor(court.round, 'serves'));
  world.gameMode = mode;

  world.spawn(new CentreLine(court));
  world.spawn(new Wall('top', court));
  world.spawn(new Wall('bottom', court));
  for (const side of SIDES) {
    const paddle = world.spawn(new Paddle(side, court));
    seat(world, side, paddle, court, match, record);
    world.spawn(new Goal(side, court, mode));
  }
  world.spawn(new Hud(mode)).refresh(textFloor());
  world.spawn(new PauseMenu(mode));
  mode.begin();
}

/** Adds the controllers of one side, as its seat says, and hands the paddle to the one that starts with it. */
function seat(world: World<DuelAction>, side: Side, paddle: Paddle, court: Court, match: Match, record: MatchRecord): void {
  const kind = match.seats[side];
  const keys = keysFor(side, match);
  // With two people, each drags on their own half of the court.
  const drag = people(match) === 2 ? { half: side } : {};
  if (kind === 'player') {
    world.addController(new PlayerController(`${side}-player`, keys, undefined, drag)).possess(paddle);
    return;
  }
  const ai = new AiController(`${side}-ai`, side, court, match.seedFor(court.round, side));
  if (kind === 'demo') {
    // The person's controller ticks first, so the frame a key goes down the paddle moves by it.
    const person = world.addController(new PlayerController(`${side}-player`, keys, { side, paddle, from: ai }, drag));
    world.addController(ai);
    if (record.takenOver.has(side)) person.possess(paddle);
    else ai.possess(paddle);
    return;
  }
  world.addController(ai).possess(paddle);
}

/** With one person playing, either key pair moves their paddle; with two, W/S is the left's and the arrows the right's. */
function keysFor(side: Side, match: Match): readonly PaddleKeys[] {
  if (people(match) < 2) return [LEFT_KEYS, RIGHT_KEYS];
  return side === 'left' ? [LEFT_KEYS] : [RIGHT_KEYS];
}

/** How many sides people play (a demo seat counts: a person may take it). */
function people(match: Match): number {
  return SIDES.filter((s) => match.seats[s] !== 'ai').length;
}

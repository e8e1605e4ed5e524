import type { EntityConfig } from 'tickflow/systems';
import { GOAL_COLOR, GROUND_COLOR, LEDGE_COLOR, LEDGE_THICKNESS, LOGICAL_HEIGHT } from './tuning.js';

/** A solid rectangle the player stands on: x, y of its top-left corner, width, height. */
export interface Solid {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The thin ledge the drop test aims at. */
  readonly ledge?: boolean;
}

/** One level: its solids, where the player starts, and the goal it runs to. */
export interface Level {
  readonly id: string;
  readonly title: string;
  readonly solids: readonly Solid[];
  readonly start: { readonly x: number; readonly y: number };
  readonly goal: { readonly x: number; readonly y: number };
  /** The scene the goal leads to. */
  readonly next: string;
}

const GROUND_Y = 480;
const groundDepth = LOGICAL_HEIGHT - GROUND_Y;

/**
 * Level 1: a pit with a thin ledge over it. Jump to the ledge, then on to
 * the far ground and the goal. The drop test drops the player onto the ledge.
 */
export const LEVEL_1: Level = {
  id: 'level-1',
  title: 'Level 1: the ledge',
  solids: [
    { x: 0, y: GROUND_Y, width: 330, height: groundDepth },
    { x: 390, y: 380, width: 150, height: LEDGE_THICKNESS, ledge: true },
    { x: 600, y: GROUND_Y, width: 360, height: groundDepth },
  ],
  start: { x: 80, y: GROUND_Y - 20 },
  goal: { x: 910, y: GROUND_Y - 40 },
  next: 'level-2',
};

/** Level 2: steps up and down over a wide pit. Its goal leads back to level 1. */
export const LEVEL_2: Level = {
  id: 'level-2',
  title: 'Level 2: the steps',
  solids: [
    { x: 0, y: GROUND_Y, width: 250, height: groundDepth },
    { x: 310, y: 410, width: 130, height: 24 },
    { x: 500, y: 350, width: 130, height: LEDGE_THICKNESS, ledge: true },
    { x: 690, y: GROUND_Y, width: 270, height: groundDepth },
  ],
  start: { x: 60, y: GROUND_Y - 20 },
  goal: { x: 910, y: GROUND_Y - 40 },
  next: 'level-1',
};

export const LEVELS: readonly Level[] = [LEVEL_1, LEVEL_2];

/** A level's solids and goal as entities with sprites (the player is added by the game). */
export function levelEntities(level: Level): EntityConfig[] {
  const solids = level.solids.map((solid, i): EntityConfig => ({
    id: `${solid.ledge ? 'ledge' : 'solid'}-${i}`,
    transform: { x: solid.x + solid.width / 2, y: solid.y + solid.height / 2 },
    components: {
      solid: { ...solid },
      sprite: { shape: 'rect', width: solid.width, height: solid.height, color: solid.ledge ? LEDGE_COLOR : GROUND_COLOR },
    },
  }));
  const goal: EntityConfig = {
    id: 'goal',
    transform: { x: level.goal.x, y: level.goal.y },
    components: { goal: { width: 24, height: 80 }, sprite: { shape: 'rect', width: 24, height: 80, color: GOAL_COLOR } },
  };
  return [...solids, goal];
}

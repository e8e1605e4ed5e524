import type { PackageName } from './versions.js';

/** One starter: what it is, and what it installs beyond every app's base. */
export interface Template {
  /** One line for `--help`. */
  readonly description: string;
  /** Runtime packages (tickflow and rxjs come with every template). */
  readonly dependencies: readonly PackageName[];
  /** Development packages (typescript, vite, vitest come with every template). */
  readonly devDependencies: readonly PackageName[];
  /** The template folders copied into the app, in order (a later file replaces an earlier one). */
  readonly layers: readonly string[];
}

/** What every app installs. */
export const BASE_DEPENDENCIES: readonly PackageName[] = ['tickflow', 'rxjs'];
/** What every app develops with. */
export const BASE_DEV_DEPENDENCIES: readonly PackageName[] = ['typescript', 'vite', 'vitest'];

/**
 * The six starters, one per way of building a game with tickflow. The
 * folders named in `layers` live in `templates/`: `shared` (tsconfig,
 * .gitignore), `marbles` (rxjs-marbles wired to vitest), `full-window`
 * (the page's style for a game that fills the window), `touch-pad`
 * (on-screen buttons for a touch screen, for the 3D starters), then the
 * template's own (index.html, src/, README.md).
 */
export const TEMPLATES = {
  loop: {
    description: 'the core loop (createLoop) drawing on a 2D canvas: steer a square (keys or a finger), catch the ball',
    dependencies: [],
    devDependencies: ['rxjs-marbles'],
    layers: ['shared', 'marbles', 'full-window', 'loop'],
  },
  world: {
    description: 'the world engine (2D, pixi.js): actors, a controller, a game mode; steer a ship (keys or a finger) to collect orbs',
    dependencies: ['pixi.js'],
    devDependencies: ['rxjs-marbles'],
    layers: ['shared', 'marbles', 'full-window', 'world'],
  },
  state: {
    description: 'the state engine (3D, three.js): update(state) -> next state; spin a cube, tap or click it to score',
    dependencies: ['three'],
    devDependencies: ['@types/three', 'rxjs-marbles'],
    layers: ['shared', 'marbles', 'full-window', 'touch-pad', 'state'],
  },
  systems: {
    description: 'the systems engine (2D, pixi.js): fixedUpdate systems on entities; serve, move a paddle (keys or a finger), keep the ball in play',
    dependencies: ['pixi.js'],
    devDependencies: ['rxjs-marbles'],
    layers: ['shared', 'marbles', 'full-window', 'systems'],
  },
  runtime: {
    description: 'the fixed-tick runtime (3D, Rapier physics, three.js): behaviors on a scene document; run and jump to catch falling balls',
    dependencies: ['@dimforge/rapier3d-compat', 'three'],
    devDependencies: ['@types/three', 'rxjs-marbles'],
    layers: ['shared', 'marbles', 'full-window', 'touch-pad', 'runtime'],
  },
  page: {
    description: 'the page engine (DOM): a game that shares a page with your content; tap (or Space) to kick a bouncing ball',
    dependencies: [],
    devDependencies: [],
    layers: ['shared', 'page'],
  },
} as const satisfies Record<string, Template>;

/** A template's name: loop, world, state, systems, runtime or page. */
export type TemplateName = keyof typeof TEMPLATES;

/** The template names, in the order `--help` lists them. */
export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];

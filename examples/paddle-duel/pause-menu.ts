import { Actor, type TickContext, type Visual, type World } from 'tickflow/world';
import type { DuelAction } from './bindings.js';
import { CUES } from './cues.js';
import type { DuelMode } from './duel-mode.js';
import { Label } from './label.js';
import { surfaceOf } from './surface.js';
import { BACKGROUND_COLOR, DIM_TEXT_COLOR, LOGICAL_HEIGHT, LOGICAL_WIDTH, TEXT_COLOR } from './tuning.js';

/** The pause menu's items, top to bottom. */
export const PAUSE_MENU_ITEMS = ['Resume', 'Restart'] as const;

/** One of {@link PAUSE_MENU_ITEMS}. */
export type PauseMenuItem = (typeof PAUSE_MENU_ITEMS)[number];

/** Where the menu's lines sit, in logical units. */
const LAYOUT = { titleY: 200, firstItemY: 262, itemGap: 44, cursorGap: 74 } as const;

const SIZES = { title: 40, item: 26, cursor: 7 } as const;

/** The highlighted item's colour. */
const CURSOR_COLOR = 0x3ddc97;

/** How much of the court shows through the dimmed backdrop. */
const BACKDROP_ALPHA = 0.88;

/** Above every other screen picture. */
const MENU_Z = 10;

const BACKDROP: Visual = { kind: 'rect', width: LOGICAL_WIDTH, height: LOGICAL_HEIGHT, color: BACKGROUND_COLOR, alpha: BACKDROP_ALPHA, layer: 'screen', z: MENU_Z };

const CURSOR: Visual = { kind: 'circle', radius: SIZES.cursor, color: CURSOR_COLOR, layer: 'screen', z: MENU_Z + 1 };

/**
 * The pause menu: Escape (or P) pauses, the arrow keys (or W/S) move the
 * cursor, Enter (or Space) chooses; Escape again resumes.
 *
 * It drives itself while the world is paused: it is a `tickWhenPaused`
 * actor, the one thing that ticks while "steps 4 through 8 are skipped". The
 * world's input still closes every paused frame, so each key press is one
 * edge, read once: holding ArrowDown moves the cursor one item, not one item
 * a frame.
 *
 * It shows whenever the world is paused, whoever paused it (the page pauses
 * it when the window loses focus).
 *
 * Its labels are actors of the world, which a snapshot holds; the list it
 * keeps its items in is not (a snapshot holds a world object in a field of
 * its own, not inside an array), so its `restore()` finds them again by name.
 */
export class PauseMenu extends Actor<DuelAction> {
  override name = 'pause-menu';
  override tickWhenPaused = true;
  /** The highlighted item's index in {@link PAUSE_MENU_ITEMS}. */
  cursor = 0;
  private title: Label | undefined;
  private items: Label[] = [];
  private marker: Actor<DuelAction> | undefined;

  /** @param mode The round's game mode, which Restart starts the match again through. */
  constructor(private readonly mode: DuelMode) {
    super();
  }

  /** The highlighted item. */
  get selected(): PauseMenuItem {
    return PAUSE_MENU_ITEMS[this.cursor]!;
  }

  /** Whether the menu is showing. */
  get open(): boolean {
    return this.visual !== undefined;
  }

  override beginPlay(): void {
    const world = this.world!;
    const middleX = LOGICAL_WIDTH / 2;
    this.x = middleX;
    this.y = LOGICAL_HEIGHT / 2;
    this.title = world.spawn(new Label('menu-title', { x: middleX, y: LAYOUT.titleY }, { size: SIZES.title, color: TEXT_COLOR, z: MENU_Z + 1 }));
    this.items = PAUSE_MENU_ITEMS.map((item, i) =>
      world.spawn(new Label(itemName(item), { x: middleX, y: LAYOUT.firstItemY + i * LAYOUT.itemGap }, { size: SIZES.item, color: DIM_TEXT_COLOR, z: MENU_Z + 1 })),
    );
    this.marker = world.spawn(Object.assign(new Actor<DuelAction>(), { name: 'menu-cursor' }));
  }

  /** Nothing of its own to save: its labels are in the snapshot as actors. */
  override save(): null {
    return null;
  }

  /** Finds its items again, by name, in the restored world. */
  override restore(): void {
    const world = this.world!;
    this.items = PAUSE_MENU_ITEMS.map((item) => world.find(itemName(item)) as Label);
  }

  override tick(_dt: number, { input, world, cue }: TickContext<DuelAction>): void {
    if (!world.paused) {
      if (input.pressed('pause')) {
        world.paused = true;
        this.cursor = 0;
        cue(CUES.pause);
      }
    } else if (input.pressed('pause')) {
      world.paused = false;
      cue(CUES.pause);
    } else {
      if (input.pressed('menuDown')) this.move(1, cue);
      if (input.pressed('menuUp')) this.move(-1, cue);
      if (input.pressed('confirm')) this.choose(world, cue);
    }
    this.draw(world.paused, surfaceOf(input).textFloor());
  }

  private move(by: number, cue: TickContext<DuelAction>['cue']): void {
    const count = PAUSE_MENU_ITEMS.length;
    this.cursor = (this.cursor + by + count) % count;
    cue(CUES.menuMove);
  }

  private choose(world: World<DuelAction>, cue: TickContext<DuelAction>['cue']): void {
    cue(CUES.menuSelect);
    if (this.selected === 'Resume') world.paused = false;
    else this.mode.restartMatch();
  }

  /** Shows or hides the backdrop, the title, the items and the cursor, the text grown to `floor` (label.ts). */
  private draw(open: boolean, floor: number): void {
    this.visual = open ? BACKDROP : undefined;
    if (!open) {
      this.title?.hide();
      for (const item of this.items) item.hide();
      if (this.marker) this.marker.visual = undefined;
      return;
    }
    this.title?.show('Paused', floor);
    this.items.forEach((item, i) => item.show(PAUSE_MENU_ITEMS[i]!, floor, i === this.cursor ? CURSOR_COLOR : DIM_TEXT_COLOR));
    const chosen = this.items[this.cursor];
    if (this.marker && chosen) {
      this.marker.visual = CURSOR;
      // Clear of the item however large it is drawn (grown to the floor on a phone).
      this.marker.x = chosen.x - (LAYOUT.cursorGap * Math.max(SIZES.item, floor)) / SIZES.item;
      this.marker.y = chosen.y;
    }
  }
}

/** The name an item's label is spawned under: `'menu-resume'`. */
function itemName(item: PauseMenuItem): string {
  return `menu-${item.toLowerCase()}`;
}

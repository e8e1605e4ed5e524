import { Assets, Cache, Spritesheet, Texture } from 'pixi.js';
import { OptionError } from '../../../operators/option-error.js';

/**
 * What {@link loadAssets} loads: a URL (cached under that URL), an asset
 * under an alias (`{ alias: 'ball', src: 'art/ball.png' }`), or a list of
 * them. Spritesheets are their `.json` file; pixi loads the image it names.
 */
export type AssetSource =
  | string
  | {
      /** The name the asset is cached under, what visuals name it by. */
      readonly alias: string;
      /** Its URL. */
      readonly src: string;
    };

/**
 * Loads textures and spritesheets through pixi's `Assets`, for the visuals
 * that name them (`{ kind: 'sprite', texture }`, `{ kind: 'animation',
 * sheet }`). Await it in a level's loader: the engine opens the level when
 * the loader resolves, so the level's textures are ready on its first frame,
 * and a load that fails rejects the loader, which the engine reports like any
 * level failure (the current level stays; a start level reports it once).
 *
 * Assets load once per page: a second call for the same source resolves from
 * pixi's cache. A failure is never skipped, whatever pixi's global
 * `loadOptions` say (a level without its textures would draw nothing).
 *
 * Images are decoded off the main thread by the browser either way, but not
 * in a worker of pixi's: pixi builds that worker from a `blob:` URL, which a
 * Content Security Policy such as `script-src 'self'` forbids, and its load
 * then never settles. So this sets pixi's `preferWorkers` to false.
 *
 * @example
 * ```ts
 * import { loadAssets } from 'tickflow/pixi';
 *
 * const levels = {
 *   async court(world) {
 *     await loadAssets([{ alias: 'ball', src: '/art/ball.png' }, '/art/sheet.json']);
 *     world.spawn(new Ball()); // visual: { kind: 'sprite', texture: 'ball' }
 *   },
 * };
 * ```
 *
 * @throws {OptionError} (as a rejection) for a source that is not a URL or `{ alias, src }`.
 * @throws {Error} (as a rejection) naming the sources when pixi could not load one; pixi's error is its `cause`.
 */
export async function loadAssets(sources: AssetSource | readonly AssetSource[]): Promise<void> {
  const list: readonly AssetSource[] = Array.isArray(sources) ? sources : [sources as AssetSource];
  for (let i = 0; i < list.length; i++) {
    const source = list[i];
    const ok =
      (typeof source === 'string' && source.length > 0) ||
      (typeof source === 'object' && source !== null && typeof source.alias === 'string' && typeof source.src === 'string');
    if (!ok) throw new OptionError('loadAssets', `sources[${i}]`, "a URL or { alias, src }", source);
  }
  // pixi's blob: worker would hang under a CSP (see above); the main thread's createImageBitmap decodes asynchronously too.
  Assets.setPreferences({ preferWorkers: false });
  try {
    await Assets.load(list as (string | { alias: string; src: string })[], { strategy: 'throw' });
  } catch (error) {
    const names = list.map((s) => (typeof s === 'string' ? s : `${s.alias} (${s.src})`)).join(', ');
    throw new Error(`loadAssets: could not load ${names}`, { cause: error });
  }
}

/**
 * The texture a sprite visual names: `name` in pixi's asset cache, or with
 * `sheet`, the frame `name` of that loaded spritesheet.
 *
 * @throws {Error} saying what to load when it is not loaded.
 */
export function textureFor(name: string, sheet: string | undefined): Texture {
  if (sheet !== undefined) {
    const frame = spritesheet(sheet).textures[name];
    if (frame === undefined) throw new Error(`sprite: spritesheet "${sheet}" has no frame "${name}"`);
    return frame;
  }
  const texture: unknown = Cache.has(name) ? Cache.get(name) : undefined;
  if (!(texture instanceof Texture)) {
    throw new Error(`sprite: no texture "${name}" is loaded; load it with loadAssets() in the level's loader`);
  }
  return texture;
}

/**
 * The frames of animation `name` of the loaded spritesheet `sheet`.
 *
 * @throws {Error} saying what is missing.
 */
export function animationFor(sheet: string, name: string): Texture[] {
  const frames = spritesheet(sheet).animations[name];
  if (frames === undefined || frames.length === 0) throw new Error(`animation: spritesheet "${sheet}" has no animation "${name}"`);
  return frames;
}

function spritesheet(sheet: string): Spritesheet {
  const loaded: unknown = Cache.has(sheet) ? Cache.get(sheet) : undefined;
  if (!(loaded instanceof Spritesheet)) {
    throw new Error(`sprite: no spritesheet "${sheet}" is loaded; load its .json with loadAssets() in the level's loader`);
  }
  return loaded;
}

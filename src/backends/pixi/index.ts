/**
 * tickflow's pixi.js v8 backend for the world engine (`tickflow/pixi`): each
 * live actor's visual drawn with WebGL, letterboxed at the game's logical
 * resolution and seen through the world's camera, with the debug overlay
 * (diagnostics panel and collision outlines) on top. tickflow owns the loop:
 * pixi's tickers never render on their own.
 *
 * pixi.js is an optional peer dependency: only this entry point imports it.
 *
 * @packageDocumentation
 */
export { pixiBackend, PixiBackend, type PixiBackendOptions } from './pixi-backend.js';
export { DEFAULT_BACKGROUND, DEFAULT_LETTERBOX } from './colors.js';
export { DEFAULT_TEXT_FONT, MAX_TEXT_RESOLUTION, DEFAULT_SPRITE_ANCHOR } from './actor-sprites.js';
export { loadAssets, type AssetSource } from './assets.js';
export { COLLISION_OUTLINE_COLOR, COLLISION_OUTLINE_CSS_WIDTH } from './collision-overlay.js';
export { WORLD_PANEL_LINE_CSS } from './world-panel.js';
export { logicalRootTransform, worldLayerTransform, letterboxBars, type LayerTransform, type MutableLayerTransform, type CssRect } from './view-transforms.js';
export {
  overlayPanelRect,
  overlayStyle,
  OVERLAY_PANEL_COLOR,
  OVERLAY_PANEL_CSS,
  OVERLAY_INK_COLOR,
  OVERLAY_ACCENT_COLOR,
  OVERLAY_GRAPH_MAX_MS,
  DEFAULT_OVERLAY_OPACITY,
  DEFAULT_OVERLAY_STYLE,
  type OverlayStyle,
} from '../overlay.js';
export { pixiSystemsBackend, PixiSystemsBackend, type PixiSprite } from './pixi-systems-backend.js';
export { SPRITE_COMPONENT, type SystemsSprite } from '../systems-sprite.js';

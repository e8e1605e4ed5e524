/**
 * tickflow's three.js backend for the state engine (`tickflow/three`): a
 * retained scene and camera the game's render poses, a letterboxed WebGL
 * picture, a 2D screen layer for readouts, picking through the camera the
 * player saw, and recorders of the picture (frames or WebM video) that hold
 * nothing of the diagnostics overlay. For the systems engine,
 * `threeSystemsBackend` draws each entity's `sprite` as a lit mesh at its
 * interpolated pose.
 *
 * three.js is an optional peer dependency: only this entry point imports it.
 *
 * @packageDocumentation
 */
export {
  threeBackend,
  ThreeBackend,
  DEFAULT_BACKGROUND,
  DEFAULT_FOV,
  DEFAULT_NEAR,
  DEFAULT_FAR,
  type ThreeBackendOptions,
  type ThreeSurface,
} from './three-backend.js';
export {
  threeSystemsBackend,
  ThreeSystemsBackend,
  THREE_SPRITE_COMPONENT,
  type ThreeSprite,
  type ThreeSystemsBackendOptions,
} from './three-systems-backend.js';
export { SPRITE_COMPONENT, type SystemsSprite } from '../systems-sprite.js';
export { DEFAULT_AMBIENT_INTENSITY, DEFAULT_SUN_INTENSITY } from './stage-lights.js';
export {
  DEFAULT_MAX_FRAMES,
  DEFAULT_VIDEO_FPS,
  VIDEO_MIME_TYPES,
  type FrameGrabOptions,
  type FrameRecording,
  type RecordingResult,
  type ThreeRecorder,
  type ThreeRecorderOptions,
  type VideoRecording,
  type VideoRecordingOptions,
} from './three-recorder.js';
export { cssToNdc, type NdcPoint } from './picking.js';
export {
  drawDiagnosticsOverlay,
  overlayPanelRect,
  OVERLAY_PANEL_COLOR,
  OVERLAY_PANEL_CSS,
  OVERLAY_INK_COLOR,
  OVERLAY_ACCENT_COLOR,
  OVERLAY_GRAPH_MAX_MS,
  DEFAULT_OVERLAY_STYLE,
  overlayStyle,
  type OverlayStyle,
} from '../overlay.js';
export {
  threeRuntimeBackend,
  ThreeRuntimeBackend,
  DEFAULT_VISUAL_COLOR,
  DEFAULT_RUNTIME_CAMERA_POSITION,
  DEFAULT_RUNTIME_LOGICAL_WIDTH,
  DEFAULT_RUNTIME_LOGICAL_HEIGHT,
  RUNTIME_CAMERA_NAME,
  type ThreeRuntimeBackendOptions,
} from './three-runtime-backend.js';

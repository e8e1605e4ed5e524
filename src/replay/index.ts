/**
 * `tickflow/replay`: record a played session at the engine shell's boundary,
 * play it back on a fresh engine bit for bit, and find the first frame where
 * it went another way. See docs/replay.md.
 *
 * @module
 */
export { checkpointHashFor, recordSession, type RecordOptions, type SessionRecording, type ShellEngine } from './record-session.js';
export {
  replay,
  sessionClock,
  type Divergence,
  type ReplayBuild,
  type ReplayGame,
  type ReplayHost,
  type ReplayOptions,
  type ReplayReport,
} from './replay-session.js';
export {
  DEFAULT_CHECKPOINT_EVERY,
  DEFAULT_FIELDS_EVERY,
  SESSION_FORMAT_VERSION,
  TICKFLOW_VERSION,
  type Checkpoint,
  type ControlEvent,
  type ControlKind,
  type DeclinedRun,
  type FieldChange,
  type InputCall,
  type InputEvent,
  type Session,
  type SessionEvent,
  type SessionStamp,
} from './session.js';
export { createReplayPlayer, DEFAULT_SEEK_SNAPSHOT_EVERY, PLAYBACK_SPEEDS, type ReplayPlayer, type ReplayPlayerOptions } from './replay-player.js';
export { SESSION_FORMAT_NAME, SessionFormatError, decodeSession, encodeSession, sessionToFile, type SessionFile } from './session-format.js';
export { formatReplayReport } from './format-report.js';
export {
  presetStateOf,
  stateEngineState,
  systemsEngineState,
  worldEngineState,
  runtimeState,
  type EntityState,
  type RuntimeObjectState,
  type RuntimeState,
  type SystemsState,
  type WorldState,
} from './preset-states.js';
export { diffFields, diffStates, flattenState, hashState, sameLeaf, MAX_STATE_DEPTH, type FieldDifference, type StateFields, type StateLeaf } from './state-hash.js';
export {
  syncTest,
  DEFAULT_SYNC_TEST_TICKS,
  DEFAULT_ROLLBACK_TICKS,
  RESIMULATION_CLOCK_SHIFT_MS,
  type SyncTestOptions,
  type SyncTestReport,
  type SyncTestMismatch,
  type SyncTestEngine,
} from './sync-test.js';

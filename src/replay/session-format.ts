/**
 * The session file: versioned JSON, sparse, with the deltas run-length coded
 * and stored by their float64 bits. See docs/replay.md, "The format".
 *
 * Why bits in base64 rather than JSON numbers: a jittery frame's delta
 * (`16.700000000000045`) prints as up to 24 characters and `-0` prints as `0`;
 * eight bytes in base64 are 10⅔ characters and exact by construction. The
 * rest (events, checkpoints) is small and stays readable.
 */
import {
  SESSION_FORMAT_VERSION,
  TICKFLOW_VERSION,
  type Checkpoint,
  type ControlKind,
  type DeclinedRun,
  type FieldChange,
  type InputCall,
  type Session,
  type SessionEvent,
} from './session.js';
import type { EngineSnapshot } from '../engines/shell/engine-snapshot.js';
import { base64ToBytes, bytesToBase64, fromJsonValue, toJsonValue } from './snapshot-json.js';
import type { StateLeaf } from './state-hash.js';

/** The `format` field every session file starts with. */
export const SESSION_FORMAT_NAME = 'tickflow-session';

/** A session file that cannot be read: bad JSON, a missing or malformed field, a format this tickflow cannot read. */
export class SessionFormatError extends Error {
  /** Always `'SessionFormatError'`. */
  override readonly name = 'SessionFormatError';
}

/** The JSON a session is written as (see docs/replay.md, "The format"). */
export interface SessionFile {
  /** Always {@link SESSION_FORMAT_NAME}. */
  readonly format: string;
  /** {@link SESSION_FORMAT_VERSION}. */
  readonly formatVersion: number;
  /** The tickflow version that wrote it. */
  readonly tickflow: string;
  /** The preset's name. */
  readonly preset: string;
  /** The options hash. */
  readonly optionsHash: string;
  /** The engine's random state when the recording began (a whole number from 0 to 4294967295). */
  readonly random: number;
  /** The seed the engine was built with (format 2 on; a format 1 file has none). */
  readonly seed?: number;
  /** The snapshot the recording began from, when it began after the engine's first frame (format 2 on; see `snapshot-json.ts` for how it is written). */
  readonly start?: unknown;
  /** Whether the loop has a fixed step (events then carry tick gaps). */
  readonly fixedStep: boolean;
  /** Frames between checkpoints. */
  readonly checkpointEvery: number;
  /** Checkpoints between two that keep fields, 0 for none (format 3 on). */
  readonly fieldsEvery?: number;
  /** The frames recorded (the number of deltas). */
  readonly frames: number;
  /** Each run of identical deltas, its value's float64 bits (little-endian), in base64, one after another. */
  readonly deltas: string;
  /** `[run index, length, ...]` for every run longer than one frame. */
  readonly repeats: readonly number[];
  /** `[frames run before, ticks declined, ...]` wherever the clock declined ticks. */
  readonly declined: readonly number[];
  /** The device inputs the events name, each once: `press`/`release` events give an index into it. */
  readonly inputs: readonly string[];
  /**
   * One string an event: `<frame gap>[.<tick gap>]<op><operands>`, gaps from
   * the previous event; op `+` press and `-` release (an index into
   * `inputs`), `m` pointer move (`x,y`, with `,o` when outside), `c` control
   * (`<kind>=<value>`).
   */
  readonly events: readonly string[];
  /**
   * The field paths the checkpoints name, each once. From format 3 on each is
   * written as the number of characters it shares with the one before and
   * the rest (`"12:name"` after `".objects[0].handle"` is
   * `".objects[0].name"`): paths in walk order share most of their text.
   */
  readonly paths: readonly string[];
  /** `[frame, tick, hash]` or `[frame, tick, hash, [path index, value, ...]]` per checkpoint. */
  readonly checkpoints: readonly (readonly unknown[])[];
}

/** Writes a session as its JSON file (an object; `JSON.stringify` it to save). */
export function sessionToFile(session: Session): SessionFile {
  const { runs, repeats } = runLengths(session.deltasMs);
  const inputs = new Interner();
  const paths = new Interner();
  let frame = 0;
  let tick = 0;
  const events = session.events.map((event) => {
    const gap = `${event.frame - frame}${session.fixedStep ? `.${event.tick - tick}` : ''}`;
    frame = event.frame;
    tick = event.tick;
    if (event.kind === 'control') return `${gap}c${event.control}=${controlText(event.control, event.value)}`;
    const call = event.call;
    if (call[0] === 'move') return `${gap}m${numberText(call[1])},${numberText(call[2])}${call[3] ? '' : ',o'}`;
    return `${gap}${call[0] === 'press' ? '+' : '-'}${inputs.index(call[1])}`;
  });
  const bits = session.formatVersion >= 3;
  const checkpoints = session.checkpoints.map(({ frame, tick, hash, changes }) => {
    if (changes === undefined) return [frame, tick, hash];
    const flat: unknown[] = [];
    const floats: number[] = [];
    for (const change of changes) {
      const index = paths.index(change.path);
      if (bits && !change.removed && longerAsText(change.value)) {
        // Format 3: a number whose decimal text is longer than its 8 bytes in base64 goes, in order, into the
        // checkpoint's floats, and its path index is written as -(index + 1).
        flat.push(-(index + 1));
        floats.push(change.value);
      } else flat.push(index, change.removed ? ['x'] : leafJson(change.value));
    }
    return floats.length === 0 ? [frame, tick, hash, flat] : [frame, tick, hash, flat, float64Base64(floats)];
  });
  return {
    format: SESSION_FORMAT_NAME,
    formatVersion: session.formatVersion,
    tickflow: session.tickflowVersion,
    preset: session.preset,
    optionsHash: session.optionsHash,
    random: session.randomState,
    ...(session.seed === undefined ? {} : { seed: session.seed }),
    ...(session.start === undefined ? {} : { start: toJsonValue(session.start) }),
    fixedStep: session.fixedStep,
    checkpointEvery: session.checkpointEvery,
    ...(session.formatVersion >= 3 ? { fieldsEvery: session.fieldsEvery } : {}),
    frames: session.deltasMs.length,
    deltas: float64Base64(runs),
    repeats,
    declined: session.declined.flatMap(({ frame, count }) => [frame, count]),
    inputs: inputs.list,
    events,
    paths: session.formatVersion >= 3 ? frontCoded(paths.list) : paths.list,
    checkpoints,
  };
}

/** Writes a session as JSON text: what a recorder's download saves and `npx tickflow replay` reads. */
export function encodeSession(session: Session): string {
  return JSON.stringify(sessionToFile(session));
}

/**
 * Reads a session back from its JSON text (or the parsed object), exactly:
 * the same deltas bit for bit, the same events and checkpoints.
 *
 * A session in an older format is migrated (format 1 had no `seed` and no
 * `start`; format 2's checkpoints were hashed over their paths, and a
 * replay checks them so); one recorded by another tickflow version is read as it is (the
 * replay warns).
 *
 * @throws {SessionFormatError} for text that is not a session, a malformed
 * field (named), or a format newer than this tickflow reads (the message
 * gives both).
 */
export function decodeSession(input: string | unknown): Session {
  const file = typeof input === 'string' ? parseJson(input) : input;
  if (file === null || typeof file !== 'object' || Array.isArray(file)) fail(`a session is a JSON object, got ${describe(file)}`);
  const f = file as Record<string, unknown>;
  if (f['format'] !== SESSION_FORMAT_NAME) fail(`format must be "${SESSION_FORMAT_NAME}", got ${describe(f['format'])}: this is not a tickflow session`);
  const formatVersion = f['formatVersion'];
  if (!Number.isInteger(formatVersion) || (formatVersion as number) < 1 || (formatVersion as number) > SESSION_FORMAT_VERSION) {
    fail(`the session is in format version ${describe(formatVersion)}: this tickflow (${TICKFLOW_VERSION}) reads formats 1 to ${SESSION_FORMAT_VERSION}${(formatVersion as number) > SESSION_FORMAT_VERSION ? ' (a newer tickflow wrote it: replay it there)' : ''}`);
  }
  const tickflowVersion = field(f, 'tickflow', 'a version string', (v) => typeof v === 'string' && v.length > 0) as string;
  const preset = field(f, 'preset', 'a string', (v) => typeof v === 'string') as string;
  const optionsHash = field(f, 'optionsHash', 'a string', (v) => typeof v === 'string') as string;
  const randomState = field(f, 'random', 'a whole number from 0 to 4294967295', (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 0xffffffff) as number;
  // The migration from format 1: no seed (a replay then starts the random source where the recording's stood, as format 1 did) and no start snapshot.
  const seed = formatVersion === 1 ? undefined : (field(f, 'seed', 'a whole number from 0 to 4294967295', (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 0xffffffff) as number);
  const start = formatVersion === 1 || f['start'] === undefined ? undefined : startSnapshot(f['start']);
  const fixedStep = field(f, 'fixedStep', 'a boolean', (v) => typeof v === 'boolean') as boolean;
  const checkpointEvery = field(f, 'checkpointEvery', 'an integer >= 1', (v) => Number.isInteger(v) && (v as number) >= 1) as number;
  // Format 1 and 2 kept fields at every checkpoint or at none (said below, from the checkpoints).
  const fieldsEvery = (formatVersion as number) < 3 ? undefined : (field(f, 'fieldsEvery', 'an integer >= 0', isCount) as number);
  const frames = field(f, 'frames', 'an integer >= 0', isCount) as number;
  const deltasText = field(f, 'deltas', 'base64 text', (v) => typeof v === 'string') as string;
  const repeats = field(f, 'repeats', 'an array of integers', isCountArray) as number[];
  const declinedFlat = field(f, 'declined', 'an array of integers', isCountArray) as number[];
  const inputs = field(f, 'inputs', 'an array of strings', (v) => Array.isArray(v) && v.every((s) => typeof s === 'string')) as string[];
  const eventTexts = field(f, 'events', 'an array of strings', (v) => Array.isArray(v) && v.every((s) => typeof s === 'string')) as string[];
  const pathTexts = field(f, 'paths', 'an array of strings', (v) => Array.isArray(v) && v.every((s) => typeof s === 'string')) as string[];
  const paths = (formatVersion as number) >= 3 ? frontDecoded(pathTexts) : pathTexts;
  const checkpointRows = field(f, 'checkpoints', 'an array of arrays', (v) => Array.isArray(v) && v.every(Array.isArray)) as unknown[][];

  const deltasMs = expandRuns(base64Float64(deltasText), repeats, frames);
  if (declinedFlat.length % 2 !== 0) fail('declined must hold [frame, count] pairs, got an odd length');
  const declined: DeclinedRun[] = [];
  for (let i = 0; i < declinedFlat.length; i += 2) declined.push({ frame: declinedFlat[i]!, count: declinedFlat[i + 1]! });

  let frame = 0;
  let tick = 0;
  const events = eventTexts.map((text, i): SessionEvent => {
    const match = /^(\d+)(?:\.(\d+))?([-+mc])(.*)$/s.exec(text);
    if (match === null) fail(`events[${i}] must read <frame gap>[.<tick gap>]<op><operands>, got ${JSON.stringify(text)}`);
    frame += Number(match[1]);
    tick += Number(match[2] ?? 0);
    const [, , , op, rest] = match;
    if (op === 'c') {
      const eq = rest!.indexOf('=');
      const control = rest!.slice(0, eq) as ControlKind;
      if (eq < 0 || !CONTROL_KINDS.includes(control)) fail(`events[${i}]: unknown control in ${JSON.stringify(text)} (one of ${CONTROL_KINDS.join(', ')})`);
      return { kind: 'control', frame, tick, control, value: controlValue(control, rest!.slice(eq + 1), i) };
    }
    if (op === 'm') {
      const [x, y, outside] = rest!.split(',');
      const call: InputCall = ['move', Number(x), Number(y), outside !== 'o'];
      if (Number.isNaN(call[1]) || Number.isNaN(call[2])) fail(`events[${i}]: a pointer move needs x,y numbers, got ${JSON.stringify(text)}`);
      return { kind: 'input', frame, tick, call };
    }
    const input = inputs[Number(rest)];
    if (input === undefined || !/^\d+$/.test(rest!)) fail(`events[${i}]: ${JSON.stringify(rest)} is not an index into inputs (${inputs.length} of them)`);
    return { kind: 'input', frame, tick, call: [op === '+' ? 'press' : 'release', input] };
  });

  const checkpoints = checkpointRows.map((row, i): Checkpoint => {
    const [cFrame, cTick, hash, flat, floatsText] = row;
    if (!isCount(cFrame) || !isCount(cTick) || typeof hash !== 'string' || (flat !== undefined && !Array.isArray(flat)) || (floatsText !== undefined && typeof floatsText !== 'string')) {
      fail(`checkpoints[${i}] must be [frame, tick, hash], [frame, tick, hash, changes] or [frame, tick, hash, changes, floats], got ${describe(row)}`);
    }
    if (flat === undefined) return { frame: cFrame as number, tick: cTick as number, hash, changes: undefined };
    const floats = floatsText === undefined || (formatVersion as number) < 3 ? [] : base64Float64(floatsText, `checkpoints[${i}] floats`);
    let nextFloat = 0;
    const changes: FieldChange[] = [];
    let j = 0;
    while (j < flat.length) {
      const at = flat[j];
      if (typeof at === 'number' && at < 0 && (formatVersion as number) >= 3) {
        // -(index + 1), one entry: the path's value is the checkpoint's next float
        const path = paths[-at - 1];
        if (path === undefined || nextFloat >= floats.length) fail(`checkpoints[${i}]: ${at} names no path or no float (${floats.length} floats)`);
        changes.push({ path, removed: false, value: floats[nextFloat++]! });
        j += 1;
        continue;
      }
      // index, value: two entries
      const path = paths[at as number];
      if (path === undefined) fail(`checkpoints[${i}]: ${describe(at)} is not an index into paths`);
      const removed = Array.isArray(flat[j + 1]) && (flat[j + 1] as unknown[])[0] === 'x';
      changes.push({ path, removed, value: removed ? undefined : leafOf(flat[j + 1], `checkpoints[${i}]`) });
      j += 2;
    }
    return { frame: cFrame as number, tick: cTick as number, hash, changes };
  });

  return {
    // Kept as read: a replay checks format 1 and 2 checkpoints with the hash they were written with.
    formatVersion: formatVersion as number,
    tickflowVersion,
    preset,
    optionsHash,
    randomState,
    ...(seed === undefined ? {} : { seed }),
    ...(start === undefined ? {} : { start }),
    fixedStep,
    checkpointEvery,
    fieldsEvery: fieldsEvery ?? (checkpoints.some((checkpoint) => checkpoint.changes !== undefined) ? 1 : 0),
    deltasMs,
    declined,
    events,
    checkpoints,
  };
}

/** A start snapshot, read back: an object with the snapshot's outer fields (`restore` checks the rest). */
function startSnapshot(json: unknown): EngineSnapshot<unknown> {
  let value: unknown;
  try {
    value = fromJsonValue(json, 'start');
  } catch (error) {
    return fail((error as Error).message);
  }
  const snapshot = value as Partial<EngineSnapshot<unknown>> | null;
  if (snapshot === null || typeof snapshot !== 'object' || typeof snapshot.preset !== 'string' || typeof snapshot.format !== 'number' || !('state' in snapshot)) {
    fail(`start must be an engine snapshot (engine.save()), got ${describe(json)}`);
  }
  return snapshot as EngineSnapshot<unknown>;
}

const CONTROL_KINDS: readonly ControlKind[] = ['paused', 'timeScale', 'fixedStep', 'clock', 'step', 'hold', 'release', 'call'];

function controlText(control: ControlKind, value: unknown): string {
  return typeof value === 'number' ? numberText(value) : JSON.stringify(value ?? null);
}

function controlValue(control: ControlKind, text: string, i: number): unknown {
  if (control === 'timeScale' || control === 'hold' || control === 'release') return Number(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail(`events[${i}]: the ${control} control's value ${JSON.stringify(text)} is not JSON`);
  }
}

/** A number as text that reads back to the same float64 (`-0` included: `String(-0)` is "0"). */
function numberText(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

/** A leaf as JSON: plain where JSON keeps it exactly, a one- or two-element array where it would not. Internal (the netplay desync report sends fields so). */
export function leafJson(leaf: StateLeaf): unknown {
  if (typeof leaf === 'number') return Number.isFinite(leaf) && !Object.is(leaf, -0) ? leaf : [numberText(leaf)];
  if (leaf === undefined) return ['u'];
  if (typeof leaf === 'bigint') return ['n', leaf.toString()];
  return leaf;
}

/** Reads back what {@link leafJson} wrote; fails (a SessionFormatError) on anything else. Internal. */
export function leafOf(json: unknown, where: string): StateLeaf {
  if (typeof json === 'number' || typeof json === 'string' || typeof json === 'boolean' || json === null) return json;
  if (Array.isArray(json)) {
    if (json[0] === 'u') return undefined;
    if (json[0] === 'n' && typeof json[1] === 'string') return BigInt(json[1]);
    if (typeof json[0] === 'string' && ['-0', 'NaN', 'Infinity', '-Infinity'].includes(json[0])) return Number(json[0]);
  }
  return fail(`${where}: ${describe(json)} is not a field value`);
}

/** The runs of identical float64 bits: each run's value, and `[run index, length]` for the runs longer than one. */
function runLengths(deltasMs: readonly number[]): { runs: number[]; repeats: number[] } {
  const runs: number[] = [];
  const repeats: number[] = [];
  let length = 0;
  for (const delta of deltasMs) {
    if (runs.length > 0 && Object.is(runs[runs.length - 1], delta)) {
      length++;
      continue;
    }
    if (length > 1) repeats.push(runs.length - 1, length);
    runs.push(delta);
    length = 1;
  }
  if (length > 1) repeats.push(runs.length - 1, length);
  return { runs, repeats };
}

function expandRuns(runs: readonly number[], repeats: readonly number[], frames: number): number[] {
  if (repeats.length % 2 !== 0) fail('repeats must hold [run index, length] pairs, got an odd length');
  const lengths = new Array<number>(runs.length).fill(1);
  for (let i = 0; i < repeats.length; i += 2) {
    if (repeats[i]! >= runs.length || repeats[i + 1]! < 2) fail(`repeats[${i}]: run ${repeats[i]} of length ${repeats[i + 1]} does not fit ${runs.length} runs`);
    lengths[repeats[i]!] = repeats[i + 1]!;
  }
  const deltas: number[] = [];
  for (let i = 0; i < runs.length; i++) for (let n = 0; n < lengths[i]!; n++) deltas.push(runs[i]!);
  if (deltas.length !== frames) fail(`frames says ${frames}, but deltas and repeats hold ${deltas.length}`);
  return deltas;
}

/** Whether a number's decimal text (as JSON writes it) is longer than its 8 bytes in base64 (11 characters): such a field value is written as its bits. */
function longerAsText(value: StateLeaf): value is number {
  return typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0) && String(value).length > 11;
}

function float64Base64(values: readonly number[]): string {
  return bytesToBase64(new Uint8Array(Float64Array.from(values).buffer));
}

function base64Float64(text: string, field = 'deltas'): number[] {
  let bytes: Uint8Array;
  try {
    bytes = base64ToBytes(text, field);
  } catch {
    return fail(`${field} must be base64 text`);
  }
  if (bytes.length % 8 !== 0) fail(`${field} must hold whole float64 values (8 bytes each), got ${bytes.length} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values: number[] = [];
  for (let i = 0; i < bytes.length; i += 8) values.push(view.getFloat64(i, true));
  return values;
}

/** Strings numbered in order of first use. */
class Interner {
  readonly list: string[] = [];
  private readonly indices = new Map<string, number>();

  index(value: string): number {
    let index = this.indices.get(value);
    if (index === undefined) {
      index = this.list.length;
      this.list.push(value);
      this.indices.set(value, index);
    }
    return index;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return fail(`the text is not JSON (${(error as Error).message})`);
  }
}

function field(file: Record<string, unknown>, name: string, rule: string, ok: (value: unknown) => boolean): unknown {
  const value = file[name];
  if (!ok(value)) fail(`${name} must be ${rule}, got ${describe(value)}`);
  return value;
}

function isCount(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 0;
}

function isCountArray(value: unknown): boolean {
  return Array.isArray(value) && value.every(isCount);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function fail(message: string): never {
  throw new SessionFormatError(`decodeSession: ${message}`);
}

/** Each path as the length it shares with the one before, a colon, and the rest. */
function frontCoded(paths: readonly string[]): string[] {
  let previous = '';
  return paths.map((path) => {
    let shared = 0;
    const most = Math.min(path.length, previous.length);
    while (shared < most && path.charCodeAt(shared) === previous.charCodeAt(shared)) shared++;
    previous = path;
    return `${shared}:${path.slice(shared)}`;
  });
}

/** The paths {@link frontCoded} wrote, back. */
function frontDecoded(texts: readonly string[]): string[] {
  let previous = '';
  return texts.map((text, i) => {
    const match = /^(\d+):/.exec(text);
    const shared = match === null ? NaN : Number(match[1]);
    if (!(shared <= previous.length)) fail(`paths[${i}] must read <characters shared with the path before>:<the rest>, got ${JSON.stringify(text)}`);
    previous = previous.slice(0, shared) + text.slice(match![0].length);
    return previous;
  });
}

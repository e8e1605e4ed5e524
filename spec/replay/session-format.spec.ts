import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeSession,
  encodeSession,
  recordSession,
  SESSION_FORMAT_VERSION,
  SessionFormatError,
  sessionToFile,
  TICKFLOW_VERSION,
  type Session,
  type SessionEvent,
} from '../../src/replay/index.js';
import { play, playOn, stateGame } from './games.js';

// Issue 20, item 1: "The format is versioned, documented, sparse (nothing
// written for a frame in which nothing but the delta changed; repeated deltas
// run-length coded), and at most 64 KB per minute of 60 Hz play before
// compression. A session from another format or tickflow version is refused
// with an error that says which."

const MINUTE_FRAMES = 3600;
const BUDGET_BYTES = 64 * 1024;

/** A session of `deltas`, with `events`, made by hand (what a recorder would write). */
function session(deltasMs: readonly number[], events: readonly SessionEvent[] = [], declined: Session['declined'] = []): Session {
  return {
    formatVersion: SESSION_FORMAT_VERSION,
    tickflowVersion: TICKFLOW_VERSION,
    preset: 'state engine',
    optionsHash: '0000000000000000',
    randomState: 0x9e3779b9,
    seed: 42,
    fixedStep: true,
    checkpointEvery: 60,
    fieldsEvery: 10,
    deltasMs,
    declined,
    events,
    checkpoints: [],
  };
}

/** Any float64 a clock could deliver, special values included. */
const anyDelta = fc.oneof(fc.double(), fc.constant(-0), fc.constant(16.700000000000045), fc.constant(1000 / 60));

/** Realistic 60 Hz deltas: rAF-like timestamps with sub-ms jitter, their differences, and now and then a run of exact 1000/60 (a scripted clock). */
const jitteryDeltas = fc.array(fc.double({ min: -1.5, max: 1.5, noNaN: true }), { minLength: MINUTE_FRAMES, maxLength: MINUTE_FRAMES }).map((jitter) => {
  let t = 1234.567;
  return jitter.map((j) => {
    const next = Math.round((t + 1000 / 60 + j) * 1000) / 1000; // browsers quantize timestamps (5 µs to 100 µs)
    const delta = next - t;
    t = next;
    return delta;
  });
});

describe('the session format: an exact round trip', () => {
  it('property: encode -> decode gives the same deltas bit for bit (-0, NaN payload aside, subnormals, runs)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(anyDelta, fc.constant(16)), { maxLength: 400 }), (deltas) => {
        const decoded = decodeSession(encodeSession(session(deltas)));
        expect(decoded.deltasMs).toHaveLength(deltas.length);
        deltas.forEach((d, i) => expect(Object.is(decoded.deltasMs[i], d)).toBe(true));
      }),
      { numRuns: 300 },
    );
  });

  it('property: events, declined ticks and checkpoints come back equal', () => {
    const event = fc.oneof(
      fc.record({ kind: fc.constant('input' as const), call: fc.tuple(fc.constantFrom('press' as const, 'release' as const), fc.string({ minLength: 1 })) }),
      fc.record({ kind: fc.constant('input' as const), call: fc.tuple(fc.constant('move' as const), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()) }),
      fc.record({ kind: fc.constant('control' as const), control: fc.constant('timeScale' as const), value: fc.double({ min: 0, max: 4, noNaN: true }) }),
      fc.record({ kind: fc.constant('control' as const), control: fc.constantFrom('paused' as const, 'clock' as const), value: fc.boolean() }),
      fc.record({ kind: fc.constant('control' as const), control: fc.constant('fixedStep' as const), value: fc.integer({ min: 1, max: 50 }).map((stepMs) => ({ stepMs })) }),
    );
    const stamped = fc.array(fc.tuple(fc.nat(5), fc.nat(3), event), { maxLength: 60 }).map((list) => {
      let frame = 0;
      let tick = 0;
      return list.map(([df, dt, e]) => ({ ...e, frame: (frame += df), tick: (tick += dt) }) as SessionEvent);
    });
    const leaf = fc.oneof(fc.double(), fc.string(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.bigInt());
    fc.assert(
      fc.property(stamped, fc.array(fc.tuple(fc.string(), leaf, fc.boolean()), { maxLength: 10 }), (events, changes) => {
        const original: Session = {
          ...session([1, 2, 3], events, [{ frame: 1, count: 4 }]),
          checkpoints: [
            { frame: 2, tick: 1, hash: 'abc', changes: changes.map(([path, value, removed]) => ({ path, removed, value: removed ? undefined : value })) },
            { frame: 3, tick: 2, hash: 'def', changes: undefined },
          ],
        };
        const decoded = decodeSession(JSON.parse(encodeSession(original)));
        expect(decoded.events).toStrictEqual(original.events);
        expect(decoded.declined).toStrictEqual(original.declined);
        expect(decoded.checkpoints).toHaveLength(2);
        decoded.checkpoints[0]!.changes!.forEach((c, i) => {
          expect(c.path).toBe(original.checkpoints[0]!.changes![i]!.path);
          expect(c.removed).toBe(original.checkpoints[0]!.changes![i]!.removed);
          expect(Object.is(c.value, original.checkpoints[0]!.changes![i]!.value)).toBe(true);
        });
        expect(decoded.checkpoints[1]).toStrictEqual(original.checkpoints[1]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('format 3 writes each path as what it shares with the one before and the rest', () => {
  it('paths in walk order share most of their text: each is written as <shared>:<rest>, and read back whole', () => {
    const paths = ['.objects.length', '.objects[0].transform.position[0]', '.objects[0].transform.position[1]', '.objects[0].presented.rotation[3]', '.session'];
    const original: Session = { ...session([1, 2]), checkpoints: [{ frame: 2, tick: 0, hash: 'abc', changes: paths.map((path, i) => ({ path, value: i, removed: false })) }] };
    const file = JSON.parse(encodeSession(original)) as { paths: string[] };
    expect(file.paths).toEqual(['0:.objects.length', '8:[0].transform.position[0]', '31:1]', '12:presented.rotation[3]', '1:session']);
    expect(decodeSession(file).checkpoints[0]!.changes!.map((change) => change.path)).toEqual(paths);
    expect(() => decodeSession({ ...file, paths: ['0:.a', '9:b'] })).toThrow('decodeSession: paths[1] must read <characters shared with the path before>:<the rest>, got "9:b"');
  });
});

describe('format 3 writes a field value whose decimal text is longer than its bits as those bits', () => {
  it('0.30000000000000004 goes into the checkpoint\'s floats (base64 float64) under -(path index + 1); 3, "x", -0 and a short 0.5 stay as they were', () => {
    const changes = [
      { path: '.a', value: 0.1 + 0.2, removed: false },
      { path: '.b', value: 3, removed: false },
      { path: '.c', value: 'x', removed: false },
      { path: '.d', value: -0, removed: false },
      { path: '.e', value: 0.5, removed: false },
      { path: '.f', value: Math.PI, removed: false },
    ];
    const original: Session = { ...session([1, 2]), checkpoints: [{ frame: 2, tick: 0, hash: 'abc', changes }] };
    const file = JSON.parse(encodeSession(original)) as { checkpoints: unknown[][] };
    const [, , , flat, floats] = file.checkpoints[0]!;
    expect(flat).toEqual([-1, 1, 3, 2, 'x', 3, ['-0'], 4, 0.5, -6]);
    expect(typeof floats).toBe('string');
    const decoded = decodeSession(file).checkpoints[0]!.changes!;
    expect(decoded.map((change) => change.path)).toEqual(changes.map((change) => change.path));
    decoded.forEach((change, i) => expect(Object.is(change.value, changes[i]!.value)).toBe(true));
    expect(() => decodeSession({ ...file, checkpoints: [[2, 0, 'abc', [-1, -6, -2], floats]] })).toThrow('decodeSession: checkpoints[0]: -2 names no path or no float (2 floats)');
  });
});

describe('"sparse ... repeated deltas run-length coded"', () => {
  it('a minute of one repeated delta is one run: 8 bytes of deltas and one repeat pair', () => {
    const file = sessionToFile(session(new Array<number>(MINUTE_FRAMES).fill(1000 / 60)));
    expect(file.deltas).toHaveLength(12); // 8 bytes in base64
    expect(file.repeats).toEqual([0, MINUTE_FRAMES]);
    expect(file.events).toEqual([]);
  });

  it('"nothing written for a frame in which nothing but the delta changed": a frame costs its delta\'s 8 bytes and nothing else', () => {
    const a = encodeSession(session([1, 2, 3, 4]));
    const b = encodeSession(session([1, 2, 3, 4, 5, 6, 7]));
    // three more frames: three more float64 values (32 base64 chars for 7 values vs 4*8 -> 44 chars... ceil(8n/3)*4)
    expect(b.length - a.length).toBe(Math.ceil(56 / 3) * 4 - Math.ceil(32 / 3) * 4);
  });
});

describe('"at most 64 KB per minute of 60 Hz play before compression"', () => {
  it('property: 3600 frames of jittery deltas with an input call every 2 to 6 frames and a checkpoint a second stay under 64 KB', () => {
    fc.assert(
      fc.property(jitteryDeltas, fc.array(fc.integer({ min: 2, max: 6 }), { minLength: 1200, maxLength: 1200 }), (deltas, gaps) => {
        const events: SessionEvent[] = [];
        const keys = ['ArrowLeft', 'ArrowRight', 'Space', 'KeyW'];
        let frame = 0;
        for (const [i, gap] of gaps.entries()) {
          frame += gap;
          if (frame >= MINUTE_FRAMES) break;
          events.push({ kind: 'input', frame, tick: frame, call: [i % 2 === 0 ? 'press' : 'release', keys[(i >> 1) % keys.length]!] });
        }
        const checkpoints = Array.from({ length: 60 }, (_, i) => ({
          frame: (i + 1) * 60,
          tick: (i + 1) * 60,
          hash: '0123456789abcdef',
          changes: ['.ball.x', '.ball.y', '.ball.vx', '.ball.vy', '.left.y', '.right.y'].map((path, j) => ({ path, removed: false, value: 100 * Math.sin(i + j) })),
        }));
        const bytes = new TextEncoder().encode(encodeSession({ ...session(deltas, events), checkpoints })).length;
        expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
      }),
      { numRuns: 10 },
    );
  });

  it('a recorded minute of a state-engine game (jittery host, stalls, an input call every ~3 frames) measures under 64 KB', () => {
    const engine = stateGame();
    const recording = recordSession(engine);
    playOn(engine, engine.input, play(MINUTE_FRAMES, 99));
    const text = encodeSession(recording.stop());
    const bytes = new TextEncoder().encode(text).length;
    // Printed for the record: `npx vitest run spec/replay/session-format.spec.ts`
    console.log(`session size: ${bytes} bytes for ${MINUTE_FRAMES} frames (${(bytes / 1024).toFixed(1)} KB per minute at 60 Hz)`);
    expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

describe('"A session from another format or tickflow version is refused with an error that says which"', () => {
  const good = (): Record<string, unknown> => JSON.parse(encodeSession(session([16]))) as Record<string, unknown>;

  it('a newer format version is refused, saying which formats this tickflow reads', () => {
    expect(() => decodeSession({ ...good(), formatVersion: SESSION_FORMAT_VERSION + 1 })).toThrow(
      new SessionFormatError(
        `decodeSession: the session is in format version ${SESSION_FORMAT_VERSION + 1}: this tickflow (${TICKFLOW_VERSION}) reads formats 1 to ${SESSION_FORMAT_VERSION} (a newer tickflow wrote it: replay it there)`,
      ),
    );
    expect(() => decodeSession({ ...good(), formatVersion: 0 })).toThrow(`decodeSession: the session is in format version 0: this tickflow (${TICKFLOW_VERSION}) reads formats 1 to ${SESSION_FORMAT_VERSION}`);
  });

  it('format 1 is migrated: the same fields, without a seed or a start snapshot, its format kept (it says how its checkpoints were hashed)', () => {
    // Issue 26, item 3: "only an older format version is refused, with a migration where one exists" (format 1's exists).
    const { seed: _seed, fieldsEvery: _fieldsEvery, ...v1 } = { ...good(), formatVersion: 1 } as Record<string, unknown>;
    const session = decodeSession(v1);
    expect(session.formatVersion).toBe(1);
    expect(session.fieldsEvery).toBe(0); // its checkpoints kept no fields
    expect(session.seed).toBeUndefined();
    expect(session.start).toBeUndefined();
    expect(session.deltasMs).toEqual(decodeSession(good()).deltasMs);
  });

  it('another tickflow version is read as it is (the replay warns)', () => {
    // Issue 26: "A session is refused by any other tickflow version, so every recording a team keeps as a regression test (replayTest) breaks on the next patch release."
    expect(decodeSession({ ...good(), tickflow: '0.1.0' }).tickflowVersion).toBe('0.1.0');
    expect(() => decodeSession({ ...good(), tickflow: 3 })).toThrow('decodeSession: tickflow must be a version string, got 3');
  });

  it('a start snapshot round-trips exactly: -0, NaN, Infinity, bytes, Maps and Sets, and keys that look like markers', () => {
    const start = {
      format: 1,
      preset: 'runtime',
      loop: { frame: { count: 3, timeMs: 50, activeMs: 50, lastDeltaMs: 16.700000000000045 } },
      random: 5,
      input: null,
      state: { z: -0, n: NaN, i: -Infinity, bytes: new Uint8Array([0, 1, 255]), f: new Float64Array([0.1, -0]), m: new Map([['a', 1]]), s: new Set([2]), $weird: { $n: 'x' }, u: undefined },
    };
    const withStart = { ...session([16, 17]), start } as Session;
    const back = decodeSession(encodeSession(withStart));
    expect(back.start).toEqual(start);
    expect(Object.is((back.start!.state as { z: number }).z, -0)).toBe(true);
    expect(() => decodeSession({ ...JSON.parse(encodeSession(withStart)), start: { $bytes: 3 } })).toThrow('decodeSession: start: bytes must be base64 text');
  });

  it('not a session, bad JSON, a malformed field: each named', () => {
    expect(() => decodeSession('{')).toThrow(/decodeSession: the text is not JSON/);
    expect(() => decodeSession('[]')).toThrow('decodeSession: a session is a JSON object, got []');
    expect(() => decodeSession({ ...good(), format: 'other' })).toThrow('decodeSession: format must be "tickflow-session", got "other"');
    expect(() => decodeSession({ ...good(), frames: 3 })).toThrow('decodeSession: frames says 3, but deltas and repeats hold 1');
    expect(() => decodeSession({ ...good(), events: ['1?x'] })).toThrow('decodeSession: events[0] must read <frame gap>[.<tick gap>]<op><operands>, got "1?x"');
    expect(() => decodeSession({ ...good(), deltas: 'abc' })).toThrow(SessionFormatError);
  });

  it('TICKFLOW_VERSION is package.json\'s version', () => {
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(TICKFLOW_VERSION).toBe(pkg.version);
  });
});

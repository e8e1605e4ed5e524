/**
 * Bytes per second per client of an authoritative room's state (issue 28,
 * items 2 and 7: "State reaches clients as `@colyseus/schema` patches or as
 * snapshots at the tick rate (measure both, choose with numbers)").
 *
 *     node --import tsx bench/rooms-encoding.ts
 *
 * (and in `npm run bench` / `npm run bench:rooms`, bench/rooms.ts's table 3)
 *
 * Bytes, not time: the figures do not depend on the machine's load. Each
 * encoding is Colyseus 0.16's own, byte for byte, as a room sends it to one
 * client (a broadcast is encoded once and the same bytes go to every
 * client; the WebSocket frame's 2 to 4 bytes of header are left out):
 *
 * - **snapshot**: what `tickflowRoom` broadcasts after every tick, the
 *   message `{ tick, state: engine.save(), acks }` (the state written by
 *   `toJsonValue` with byte runs binary) through Colyseus' own
 *   `getMessageBytes` (msgpack). What the client restores exactly.
 * - **snapshot, state only**: the same with the engine's own state (the
 *   state engine's `state`; the runtime's poses and velocities as one
 *   Float32Array) in place of `engine.save()`: a lower bound on any
 *   snapshot the game cuts down itself, which the client could not restore
 *   the engine from alone (no loop, random, or Rapier state).
 * - **schema patches**: a `@colyseus/schema` 3 state mirroring what is
 *   drawn, set from the engine after every tick, encoded as Colyseus'
 *   `SchemaSerializer` does at `patchRate` = the tick (`encoder.encode()`
 *   after the protocol byte, then `discardChanges()`); the first full
 *   state a joining client gets is not counted.
 *
 * Two games, 600 ticks at 60 Hz (10 s): the small state game (4 players on
 * the state engine, each changing direction every 20 ticks, the arena of
 * spec/colyseus) and the fixed-tick runtime with Rapier at 100 bodies (the
 * runtime benches' scene: bodies dropped onto a floor, moving for about a
 * second, then at rest), given over the first second and the last.
 */
import { pathToFileURL } from 'node:url';
import { NEVER } from 'rxjs';
import { getMessageBytes, Protocol } from '@colyseus/core';
import { ArraySchema, Encoder, MapSchema, schema } from '@colyseus/schema';
import { constantClock, nullBackend } from '../src/index.js';
import { createRapier3d } from '../src/backends/rapier/rapier3d.js';
import { createRuntime } from '../src/engines/runtime/runtime.js';
import { createStateEngine } from '../src/engines/state/state-engine.js';
import { STATE_MESSAGE, type RoomAck } from '../src/colyseus/index.js';
import { keepBytes, toJsonValue } from '../src/replay/snapshot-json.js';
import { markdownTable } from './markdown-table.js';
import { FIXED_STEP_MS, sceneDocument, work } from './runtime-scene.js';

const TICKS = 600;
const HZ = 60;
const PLAYERS = 4;
const BODIES = 100;

/** Colyseus' bytes for a room message of `type` to one client. */
const messageBytes = (type: string, message: unknown): number => getMessageBytes.raw(Protocol.ROOM_DATA, type, message).length;

/** A state as tickflowRoom writes it into its message: typed arrays marked, byte runs msgpack binary. */
const wire = (state: unknown): unknown => toJsonValue(state, keepBytes);

/** Per-tick byte counts of each encoding. */
type Series = Record<string, number[]>;

/** Four session ids as Colyseus makes them (9 characters), and each one's ack: what a state message carries. */
const ids = ['x7Hq2LmPa', 'Bv9kWz3Rt', 'p0QnYc5Ue', 'Jd4sFg8Ko'];
const acksAt = (tick: number): Record<string, RoomAck> => Object.fromEntries(ids.map((id, i) => [id, [tick - 1 - i, 2]]));

function smallGame(): Series {
  type P = { x: number; y: number; move: number };
  let due: number[] = [0, 0, 0, 0];
  const engine = createStateEngine({
    backend: nullBackend(),
    ticks: NEVER,
    clock: constantClock(1000 / HZ),
    initial: { players: Object.fromEntries(ids.map((id) => [id, { x: 0, y: 0, move: 0 }])) as Record<string, P> },
    update: (s, { dt }) => ({
      players: Object.fromEntries(
        Object.entries(s.players).map(([id, p], i) => {
          const move = due[i]!;
          const [dx, dy] = [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]][move]!;
          return [id, { x: p.x + dx! * 3 * dt, y: p.y + dy! * 3 * dt, move }];
        }),
      ),
    }),
  });
  const Player = schema({ x: 'float64', y: 'float64', move: 'uint8' });
  const Arena = schema({ players: { map: Player } });
  const mirror = new Arena();
  mirror.players = new MapSchema();
  for (const id of ids) mirror.players.set(id, new Player());
  const encoder = new Encoder(mirror);
  encoder.encodeAll(); // what a joining client gets once
  encoder.discardChanges();
  const series: Series = { snapshot: [], 'snapshot, state only': [], 'schema patches': [] };
  for (let tick = 0; tick < TICKS; tick++) {
    due = ids.map((_, i) => 1 + ((Math.floor(tick / 20) + i) % 4));
    engine.advance();
    series.snapshot!.push(messageBytes(STATE_MESSAGE, { tick: tick + 1, state: wire(engine.save()), acks: acksAt(tick + 1) }));
    series['snapshot, state only']!.push(messageBytes(STATE_MESSAGE, { tick: tick + 1, state: wire(engine.state), acks: acksAt(tick + 1) }));
    for (const [id, p] of Object.entries(engine.state.players)) Object.assign(mirror.players.get(id)!, p);
    series['schema patches']!.push(patchBytes(encoder));
  }
  return series;
}

/** One patch as Colyseus' SchemaSerializer sends it: the protocol byte, the changes; then they are discarded. */
function patchBytes(encoder: Encoder): number {
  const it = { offset: 1 };
  encoder.sharedBuffer[0] = Protocol.ROOM_STATE_PATCH;
  const bytes = encoder.hasChanges ? encoder.encode(it).length : 0; // Colyseus sends nothing when nothing changed
  encoder.discardChanges();
  return bytes;
}

async function runtimeGame(): Promise<Series> {
  const runtime = createRuntime({ scene: sceneDocument(BODIES), behaviors: { work }, physics: await createRapier3d(), ticks: NEVER, clock: constantClock(FIXED_STEP_MS) });
  const bodies = Array.from({ length: BODIES }, (_, i) => runtime.find(`body${i}`)!);
  const Body = schema({ px: 'float32', py: 'float32', pz: 'float32', qx: 'float32', qy: 'float32', qz: 'float32', qw: 'float32' });
  const World = schema({ bodies: [Body] });
  const mirror = new World();
  mirror.bodies = new ArraySchema(...bodies.map(() => new Body()));
  const encoder = new Encoder(mirror);
  encoder.encodeAll();
  encoder.discardChanges();
  const poses = new Float32Array(BODIES * 13); // position, rotation, linear and angular velocity
  const velocity = new Float64Array(3);
  const series: Series = { snapshot: [], 'snapshot, state only': [], 'schema patches': [] };
  for (let tick = 0; tick < TICKS; tick++) {
    runtime.advance();
    series.snapshot!.push(messageBytes(STATE_MESSAGE, { tick: tick + 1, state: wire(runtime.save()), acks: acksAt(tick + 1) }));
    bodies.forEach((body, i) => {
      const { position, rotation } = runtime.transform(body);
      const fields = [...position, ...rotation] as number[];
      poses.set(fields, i * 13);
      poses.set(runtime.velocity(body, velocity), i * 13 + 7);
      const mirrored = mirror.bodies[i]!;
      const names = ['px', 'py', 'pz', 'qx', 'qy', 'qz', 'qw'] as const;
      // float32 in the schema: a change below float32's precision is no change, as a draw-only mirror would round it.
      names.forEach((name, f) => {
        const value = Math.fround(fields[f]!);
        if (mirrored[name] !== value) mirrored[name] = value;
      });
    });
    series['snapshot, state only']!.push(messageBytes(STATE_MESSAGE, { tick: tick + 1, state: wire(new Uint8Array(poses.buffer)), acks: acksAt(tick + 1) }));
    series['schema patches']!.push(patchBytes(encoder));
  }
  runtime.destroy();
  return series;
}

const perSecond = (bytes: readonly number[]): number => (bytes.reduce((a, b) => a + b, 0) / bytes.length) * HZ;
const kb = (bytesPerSecond: number): string => (bytesPerSecond / 1000).toFixed(1);

function rows(game: string, series: Series, windows: readonly [string, number, number][]): string[][] {
  return Object.entries(series).flatMap(([encoding, bytes]) =>
    windows.map(([window, from, to]) => {
      const slice = bytes.slice(from, to);
      return [game, encoding, window, (slice.reduce((a, b) => a + b, 0) / slice.length).toFixed(0), kb(perSecond(slice))];
    }),
  );
}

/** The snapshot sent every `every` ticks only (`stateEvery`): the same messages, fewer of them. */
function every(series: Series, ticks: number): Series {
  return { ...series, [`snapshot every ${ticks} ticks (${HZ / ticks} Hz)`]: series.snapshot!.map((bytes, i) => ((i + 1) % ticks === 0 ? bytes : 0)) };
}

/** The encoding table's columns. */
export const ENCODING_COLUMNS = ['game', 'encoding', 'window', 'bytes/tick', 'KB/s per client'] as const;

/** Measures both games' encodings: the table's rows (bench/rooms.ts prints them in `npm run bench`). */
export async function benchRoomsEncoding(): Promise<string[][]> {
  const all: [string, number, number][] = [['all 10 s', 0, TICKS]];
  return [
    ...rows(`state game, ${PLAYERS} players`, every(smallGame(), 3), all),
    ...rows(`runtime, ${BODIES} bodies`, await runtimeGame(), [['first second (falling)', 0, HZ], ['last second (at rest)', TICKS - HZ, TICKS], ...all]),
  ];
}

/** The table's title. */
export const ENCODING_TITLE = `State to one client at ${HZ} Hz, Colyseus 0.16 encodings (bytes per message, KB/s per client; WebSocket framing left out)`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`${ENCODING_TITLE}\n`);
  console.log(markdownTable([...ENCODING_COLUMNS], await benchRoomsEncoding()));
}

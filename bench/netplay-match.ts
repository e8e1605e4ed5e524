/**
 * A netplay match in one process for the bench (bench/netplay-spike.ts,
 * bench/netplay-bandwidth.ts): each machine a game from
 * bench/netplay-games.ts under its own `createP2PSession`, the machines
 * joined by a `simulatedLink`, every frame on the link's virtual time (the
 * idea of spec/netplay/match.ts, written again here: bench code does not
 * import specs). Each machine frames at 60 Hz, machine `i` starting `i × 5`
 * ms after the first, so their frames are not in phase.
 *
 * Input patterns, one byte of held keys a player a tick, seeded per player:
 * - **realistic**: a combination of keys held for 10 to 40 ticks
 *   (uniformly: a change every 25 ticks on average, 2.4 a second at 60 Hz);
 * - **busy**: a new combination every {@link BUSY_EVERY_TICKS} ticks (20 a
 *   second), a player mashing.
 */
import { createP2PSession, simulatedLink, type P2PSession, type P2PSessionStats, type SimulatedLink, type SimulatedLinkOptions } from '../src/netplay/index.js';
import { INPUT_SIZE, type NetplayGame } from './netplay-games.js';

export type InputPattern = 'realistic' | 'busy';
export const INPUT_PATTERNS: readonly InputPattern[] = ['realistic', 'busy'];
export const BUSY_EVERY_TICKS = 3;
export const REALISTIC_HOLD_TICKS = [10, 40] as const;
/** The host frame interval of every machine, ms. */
export const FRAME_MS = 1000 / 60;
/** Machine `i`'s first frame is `i` times this late, ms. */
const START_OFFSET_MS = 5;
/** The keys a player may hold: five bits (left, right, up, down, fire). */
const KEY_BITS = 0b11111;

/** A small seeded generator (mulberry32): the same schedules on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Player `player`'s held keys for ticks 0 to `ticks - 1` in `pattern`: one byte a tick. */
export function keySchedule(pattern: InputPattern, player: number, ticks: number): Uint8Array {
  const random = seeded(0x9e3779b9 ^ (player * 7919 + (pattern === 'busy' ? 1 : 0)));
  const keys = new Uint8Array(ticks);
  let held = 0;
  for (let tick = 0; tick < ticks; ) {
    const [shortest, longest] = REALISTIC_HOLD_TICKS;
    const length = pattern === 'busy' ? BUSY_EVERY_TICKS : shortest + Math.floor(random() * (longest - shortest + 1));
    let next = held;
    while (next === held) next = Math.floor(random() * (KEY_BITS + 1)) & KEY_BITS; // a change every time
    held = next;
    keys.fill(held, tick, Math.min(ticks, tick + length));
    tick += length;
  }
  return keys;
}

/** How many times the held keys change in a schedule. */
export function keyChanges(keys: Uint8Array): number {
  let changes = 0;
  for (let i = 1; i < keys.length; i++) if (keys[i] !== keys[i - 1]) changes++;
  return changes;
}

export interface MatchSpec {
  readonly players: number;
  readonly link: SimulatedLinkOptions;
  readonly pattern: InputPattern;
  /** Virtual seconds the match runs. */
  readonly seconds: number;
  /** Builds one machine's game. */
  build(players: number): NetplayGame | Promise<NetplayGame>;
  /** Wraps machine 0's `frame` calls (to time them); defaults to calling it. */
  frameOfFirst?(frame: () => void): void;
  /** Called at each virtual ms after the machines' frames due then (to read stats at a time). */
  at?(nowMs: number, sessions: readonly P2PSession[]): void;
}

export interface MatchResult {
  readonly link: SimulatedLink;
  readonly stats: readonly P2PSessionStats[];
}

/** Runs a match of `players` machines for `seconds` of virtual time. */
export async function runMatch(spec: MatchSpec): Promise<MatchResult> {
  const { players, pattern, seconds } = spec;
  const link = simulatedLink({ ...spec.link, peers: players });
  const ticks = Math.ceil(seconds * 60 * 1.2) + 600; // ticks a machine may ask inputs for (a stretched step runs fewer)
  const games: NetplayGame[] = [];
  const sessions: P2PSession[] = [];
  for (const endpoint of link.endpoints) {
    const game = await spec.build(players);
    const keys = keySchedule(pattern, endpoint.id, ticks);
    games.push(game);
    sessions.push(
      createP2PSession({
        transport: endpoint,
        players,
        localPlayers: [endpoint.id],
        inputSize: INPUT_SIZE,
        readInput: (_player, tick) => keys.slice(tick % ticks, (tick % ticks) + 1),
        save: () => game.save(),
        load: (state) => game.load(state),
        advance: (inputs) => game.advance(inputs),
        onError: (error) => {
          throw error;
        },
      }),
    );
  }
  const nextFrame = sessions.map((_, i) => i * START_OFFSET_MS);
  const endMs = seconds * 1000;
  for (let now = 0; now <= endMs; now++) {
    link.advanceTo(now);
    sessions.forEach((session, i) => {
      while (nextFrame[i]! <= now) {
        const at = nextFrame[i]!;
        if (i === 0 && spec.frameOfFirst !== undefined) spec.frameOfFirst(() => session.frame(at));
        else session.frame(at);
        nextFrame[i]! += FRAME_MS;
      }
    });
    spec.at?.(now, sessions);
  }
  const stats = sessions.map((session) => session.stats());
  for (const session of sessions) session.close();
  for (const game of games) game.destroy();
  return { link, stats };
}

// A netplay match in one process, for the session's specs: each machine a real
// state engine driven by its own createP2PSession, the machines joined by a
// simulatedLink, every frame on virtual time. Not a spec file itself.
import { NEVER } from 'rxjs';
import { constantClock, nullBackend } from '../../src/index.js';
import { createStateEngine } from '../../src/engines/state/index.js';
import { hashState } from '../../src/replay/state-hash.js';
import {
  createP2PSession,
  simulatedLink,
  type DesyncReport,
  type LinkConditions,
  type P2PSession,
  type P2PSessionOptions,
  type SimulatedLink,
  type TickInput,
} from '../../src/netplay/index.js';

export const INPUT_SIZE = 2;

export interface GameState {
  positions: number[];
  score: number;
  /** Whether each player's input was marked disconnected when the tick ran: the game reads a disconnect (the other marks it must not depend on). */
  gone: boolean[];
}

/**
 * A state engine whose update reads the inputs the session hands it. Its
 * random draws depend on the inputs, so a tick run with a wrong input leaves
 * the random source elsewhere too. `hidden`: the update also draws from
 * `Math.random()`, the classic desync.
 */
export function inputGame(players: number, hidden = false) {
  let current: readonly TickInput[] = [];
  const engine = createStateEngine({
    backend: nullBackend(),
    ticks: NEVER,
    clock: constantClock(1000 / 60),
    initial: { positions: new Array<number>(players).fill(0), score: 0, gone: new Array<boolean>(players).fill(false) } as GameState,
    update: (s, { random }) => {
      let score = s.score;
      const positions = s.positions.map((position, player) => {
        const [move = 0, button = 0] = current[player]!.input;
        if (button > 0 && random.next() < button / 255) score++;
        return (position * 7 + move * 3 + button + 1) % 1_000_003;
      });
      if (hidden) score += Math.random() < 0.5 ? 1 : 0;
      return { positions, score, gone: current.map((input) => input.status === 'disconnected') };
    },
  });
  const run = (inputs: readonly TickInput[]): void => {
    current = inputs;
    engine.advance();
  };
  return { engine, run };
}

export type Engine = ReturnType<typeof inputGame>['engine'];

export interface Machine {
  readonly id: number;
  readonly engine: Engine;
  readonly session: P2PSession;
  /** The hash of the state after each tick's last run (a tick run again after a rollback keeps its corrected state). */
  readonly hashes: Map<number, string>;
  /** Each tick's inputs as last run. */
  readonly inputs: Map<number, readonly TickInput[]>;
  readonly desyncs: DesyncReport[];
  /** The host frame interval of this machine, ms. */
  readonly frameMs: number;
  /** When its first frame comes, ms of the link's time. */
  readonly startMs: number;
  /** False: frame() is no longer called (the machine is gone). */
  alive: boolean;
}

export interface MatchOptions {
  players: number;
  link?: Partial<LinkConditions> & { seed?: number };
  /** Each machine's input for a tick (what its player presses then). */
  input: (player: number, tick: number) => readonly number[];
  /** Each machine's host frame interval; defaults to 1000/60 for every one. */
  frameMs?: readonly number[];
  /** Each machine's first frame time; defaults to 0. */
  startMs?: readonly number[];
  /** Machines whose game draws from Math.random(). */
  hidden?: readonly number[];
  session?: Partial<Pick<P2PSessionOptions<unknown>, 'delay' | 'window' | 'checksumEvery' | 'disconnectAfterMs' | 'stepMs' | 'onError' | 'predict' | 'sparseSaving'>>;
  /** Machine 0's session's save() throws on its nth call, load() on its nth call (1-based): a game that fails once. */
  faults?: { saveThrowsAt?: number; loadThrowsAt?: number };
}

export interface Match {
  readonly link: SimulatedLink;
  readonly machines: Machine[];
  /** The link's time now. */
  readonly nowMs: () => number;
  /** Runs the link and every live machine's frames up to `untilMs` (1 ms resolution). */
  runUntil(untilMs: number): void;
  /** Runs until `done()` or `limitMs` of link time; returns whether done came. */
  runWhile(done: () => boolean, limitMs: number): boolean;
  destroy(): void;
}

export function startMatch(options: MatchOptions): Match {
  const { players } = options;
  const link = simulatedLink({ peers: players, ...options.link });
  const machines: Machine[] = link.endpoints.map((endpoint) => {
    const { engine, run } = inputGame(players, options.hidden?.includes(endpoint.id) ?? false);
    const hashes = new Map<number, string>();
    const inputs = new Map<number, readonly TickInput[]>();
    const desyncs: DesyncReport[] = [];
    const faulty = endpoint.id === 0 ? options.faults : undefined;
    let saves = 0;
    let loads = 0;
    const session = createP2PSession({
      transport: endpoint,
      players,
      localPlayers: [endpoint.id],
      inputSize: INPUT_SIZE,
      ...options.session,
      readInput: (player, tick) => new Uint8Array(options.input(player, tick)),
      save: () => {
        if (++saves === faulty?.saveThrowsAt) throw new Error('save failed once');
        return engine.save();
      },
      load: (state) => {
        if (++loads === faulty?.loadThrowsAt) throw new Error('load failed once');
        engine.restore(state);
      },
      advance: (tickInputs) => {
        run(tickInputs);
        hashes.set(tickInputs[0]!.tick, hashState(engine.save()));
        inputs.set(tickInputs[0]!.tick, tickInputs);
      },
      onDesync: (report) => desyncs.push(report),
    });
    return {
      id: endpoint.id,
      engine,
      session,
      hashes,
      inputs,
      desyncs,
      frameMs: options.frameMs?.[endpoint.id] ?? 1000 / 60,
      startMs: options.startMs?.[endpoint.id] ?? 0,
      alive: true,
    };
  });
  const nextFrame = machines.map((machine) => machine.startMs);
  let now = 0;
  const stepTo = (untilMs: number): void => {
    for (; now <= untilMs; now++) {
      link.advanceTo(now);
      machines.forEach((machine, i) => {
        while (nextFrame[i]! <= now) {
          if (machine.alive) machine.session.frame(nextFrame[i]!);
          nextFrame[i]! += machine.frameMs;
        }
      });
    }
  };
  return {
    link,
    machines,
    nowMs: () => now,
    runUntil: stepTo,
    runWhile(done, limitMs) {
      while (!done()) {
        if (now > limitMs) return false;
        stepTo(now + 16);
      }
      return true;
    },
    destroy() {
      for (const machine of machines) machine.engine.destroy();
    },
  };
}

/** The input a player's tick runs with once confirmed: zero bytes for the first `delay` ticks, then what was read `delay` ticks before. */
export function confirmedInput(input: MatchOptions['input'], player: number, tick: number, delay: number): Uint8Array {
  return tick < delay ? new Uint8Array(INPUT_SIZE) : new Uint8Array(input(player, tick - delay));
}

/** Each tick's hash in one engine that ran the confirmed inputs with no network: the lockstep reference. */
export function referenceHashes(players: number, input: MatchOptions['input'], ticks: number, delay: number): string[] {
  const reference = inputGame(players);
  const expected: string[] = [];
  for (let tick = 0; tick < ticks; tick++) {
    reference.run(Array.from({ length: players }, (_, player) => ({ tick, input: confirmedInput(input, player, tick, delay), status: 'confirmed' as const })));
    expected.push(hashState(reference.engine.save()));
  }
  reference.engine.destroy();
  return expected;
}

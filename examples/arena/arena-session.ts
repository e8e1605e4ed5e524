import type { Room } from 'colyseus.js';
import type { Subscription } from 'rxjs';
import { conditionedRoom, tickflowClient, type ConditionedRoom, type TickflowClient } from 'tickflow/colyseus';
import { createArenaGame, type ArenaGame } from './arena-game.js';
import type { ArenaState } from './arena-rules.js';

/**
 * One page's seat in one arena room: the joined `colyseus.js` room, the
 * bad-network switch in its path (`conditionedRoom`), and the same game
 * the room runs, driven by `tickflowClient`: the local player predicted
 * from its own input, the room's states reconciled, the others drawn
 * interpolated a delay behind.
 *
 * @module
 */

/** What the bad-network switch adds, each way: latency, jitter, loss. */
export const BAD_NETWORK = { latencyMs: 100, jitterMs: 30, loss: 0.05 } as const;

/** One frame of the session, kept for tests: the present, the room's newest tick, and where the local player is predicted and shown by the room. */
export interface TraceEntry {
  readonly tick: number;
  readonly serverTick: number;
  /** The local player's predicted x (the present), if in the state yet. */
  readonly predictedX: number | undefined;
  /** The local player's x as the room's states show it (`view().remote`, a delay behind), if there. */
  readonly roomX: number | undefined;
}

/** How many frames the trace keeps: 10 s at 60 Hz. */
export const TRACE_FRAMES = 600;

/** A seat in a room. */
export interface ArenaSession {
  readonly room: Room;
  /** This page's player: its session id. */
  readonly me: string;
  readonly game: ArenaGame;
  readonly client: TickflowClient<ArenaState>;
  /** The switch: new messages go through the simulated bad network while it is on. */
  readonly network: ConditionedRoom;
  /** The last frames, oldest first. */
  readonly trace: readonly TraceEntry[];
  /** Frames run so far. */
  readonly frames: number;
  /** Stops the client and the simulated network, and leaves the room (unless it is gone). Idempotent. */
  close(): void;
}

/** Options of {@link startSession}. */
export interface SessionOptions {
  /** The local player's input byte for the next tick. */
  readonly input: () => number;
  /** Whether the bad network is on from the start. */
  readonly badNetwork: boolean;
  /** Called after each frame's ticks: draw here. */
  readonly onFrame: (session: ArenaSession, timeMs: number) => void;
}

/** Plays in `room`, just joined. */
export function startSession(room: Room, { input, badNetwork, onFrame }: SessionOptions): ArenaSession {
  const network = conditionedRoom(room, BAD_NETWORK);
  network.active = badNetwork;
  const game = createArenaGame();
  const client = tickflowClient(network, {
    engine: game.engine,
    inputSize: 1,
    applyInputs: (inputs) => game.applyInputs(inputs),
    input: () => Uint8Array.of(input()),
    present: () => game.engine.state as ArenaState,
  });
  const trace: TraceEntry[] = [];
  let frames = 0;
  let closed = false;
  let subscription: Subscription | undefined;
  const session: ArenaSession = {
    room,
    me: room.sessionId,
    game,
    client,
    network,
    trace,
    get frames() {
      return frames;
    },
    close() {
      if (closed) return;
      closed = true;
      subscription?.unsubscribe();
      client.stop();
      network.close();
      if (room.connection.isOpen) void room.leave(true);
    },
  };
  subscription = client.frames$.subscribe((frame) => {
    frames++;
    const stats = client.stats();
    const remote = client.view().remote;
    trace.push({
      tick: stats.tick,
      serverTick: stats.serverTick,
      predictedX: game.engine.state.players[session.me]?.x,
      roomX: remote?.to.players[session.me]?.x,
    });
    if (trace.length > TRACE_FRAMES) trace.shift();
    // What the page draws must not stop the session's frames: an error is reported, and the next frame comes.
    try {
      onFrame(session, frame.timeMs);
    } catch (error) {
      console.error('arena: drawing a frame failed', error);
    }
  });
  return session;
}

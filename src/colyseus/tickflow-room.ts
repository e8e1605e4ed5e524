import type { Subscribable } from 'rxjs';
import { OptionError } from '../../operators/option-error.js';
import { DEFAULT_MAX_STEPS, DEFAULT_STEP_MS } from '../../operators/step-accumulator.js';
import { checkOptionKeys, functionOption, integerAtLeast, optionsObject, positiveFinite } from '../../operators/validate.js';
import { timerTicks } from '../hosts/timer-ticks.js';
import { keepBytes, toJsonValue } from '../replay/snapshot-json.js';
import { fixedTickLoop } from './fixed-tick-loop.js';
import type { PhaseError } from '../loop/phase-error.js';
import { DEFAULT_MAX_LEAD_TICKS, RoomInputs, type RoomInput } from './room-inputs.js';
import { PING_MESSAGE, PONG_MESSAGE, STATE_MESSAGE, type RoomStateMessage } from './room-protocol.js';

/** The message type a client sends its inputs under: `'input'`. */
export const DEFAULT_INPUT_MESSAGE = 'input';

/** What the helper needs of one of a room's clients (a Colyseus `Client` on the server): its id, and to send it a message. */
export interface RoomClientLike {
  /** The client's session id, what its inputs are keyed by. */
  readonly sessionId: string;
  /** Sends this client a message (the answer to its ping). */
  send(type: string, message?: unknown): unknown;
}

/**
 * What the helper needs of a Colyseus `Room`: to listen to a message type
 * and to broadcast one. A 0.16 `Room` is one; declared here so tickflow
 * needs nothing of Colyseus, not even its types, and a test can hand over a
 * stand-in.
 */
export interface RoomLike {
  /** Registers the handler of a message type (Colyseus' `Room.onMessage`); may return the function that removes it. */
  onMessage(type: string, callback: (client: RoomClientLike, message: unknown) => void): unknown;
  /** Sends a message to every client (Colyseus' `Room.broadcast`): the state of each tick. */
  broadcast(type: string, message: unknown): unknown;
}

/**
 * The simulation a room runs: anything that runs exactly one fixed tick per
 * `advance()`. A state engine built with `ticks: NEVER` and
 * `constantClock(stepMs)` is one (the netplay session steps it the same way).
 */
export interface RoomEngine {
  /** Runs one fixed tick. */
  advance(): unknown;
  /** The engine's whole state as a plain value (every tickflow engine has it): what clients restore, unless `save` is given. */
  save?(): unknown;
}

/** Options of {@link tickflowRoom}. */
export interface TickflowRoomOptions {
  /** The simulation, stepped once per fixed tick. */
  readonly engine: RoomEngine;
  /** The bytes of one input (a client's `{ tick, input }` with any other length is refused). */
  readonly inputSize: number;
  /**
   * Hands the game the inputs due at `tick`, just before the engine runs it:
   * late ones stamped earlier (`late: true`) first, in stamp order, then
   * those stamped with it, in the order they arrived; often none. The game keeps what it needs (the
   * last input of each player, say) where its update reads it.
   */
  readonly applyInputs: (inputs: readonly RoomInput[], tick: number) => void;
  /** The fixed tick, in ms; defaults to {@link DEFAULT_STEP_MS} (1000/60). */
  readonly stepMs?: number;
  /**
   * The most ticks one host tick may run; past it whole ticks are dropped and
   * counted (`droppedSeconds`), the fraction kept, as the fixed-tick runtime
   * does. Defaults to {@link DEFAULT_MAX_STEPS} (4).
   */
  readonly maxSteps?: number;
  /** Host ticks (timestamps in ms); defaults to `timerTicks({ intervalMs: stepMs })`, a Node timer. */
  readonly ticks?: Subscribable<number>;
  /** The message type of inputs; defaults to {@link DEFAULT_INPUT_MESSAGE}. */
  readonly messageType?: string;
  /** How far ahead of the room an input may be stamped; defaults to {@link DEFAULT_MAX_LEAD_TICKS} (120). */
  readonly maxLeadTicks?: number;
  /**
   * The state clients restore, taken after a tick ran: plain data, typed
   * arrays, Maps and Sets (sent as `toJsonValue` marks them, byte runs as
   * msgpack binary; the client reads them back). Defaults to
   * `engine.save()`. Give it when the game keeps part of its state outside
   * the engine (then the client's `restore` puts it back), or to send less.
   */
  readonly save?: () => unknown;
  /**
   * Every how many ticks the state is broadcast ({@link STATE_MESSAGE}),
   * with each client's acknowledgement; 0 sends none. Defaults to
   * {@link DEFAULT_STATE_EVERY} (1: the tick rate).
   */
  readonly stateEvery?: number;
  /** Called with what a tick threw (the engine's `advance()` or `applyInputs`); defaults to `console.error`. The room goes on. */
  readonly onError?: (error: PhaseError) => void;
}

/** What {@link TickflowRoom.stats} reports. Seconds, as the runtime reports dropped time. */
export interface TickflowRoomStats {
  /** Fixed ticks run so far. */
  readonly ticks: number;
  /** Host ticks (timer callbacks) so far. */
  readonly hostTicks: number;
  /** Time dropped at the `maxSteps` cap so far (a stalled process), in seconds. */
  readonly droppedSeconds: number;
  /** Time the latest host tick dropped, in seconds. */
  readonly droppedLastFrameSeconds: number;
  /** Time accumulated and not yet run as a tick, in seconds: `ticks·step + dropped + accumulated` is the time the host reported. */
  readonly accumulatedSeconds: number;
  /** Inputs scheduled so far, late ones included. */
  readonly inputs: number;
  /** Inputs applied at a later tick than their stamp. */
  readonly lateInputs: number;
  /** Input messages refused (malformed, or stamped too far ahead). */
  readonly rejectedInputs: number;
  /** Errors a tick threw, reported to `onError`. */
  readonly errors: number;
  /** State messages broadcast so far. */
  readonly states: number;
}

/** A room's fixed-tick simulation, as {@link tickflowRoom} returns it. */
export interface TickflowRoom {
  /** The next tick the room runs: the ticks run so far. What a client stamps an input with to have it applied on time. */
  readonly tick: number;
  /** The fixed tick, in ms. */
  readonly stepMs: number;
  /** The counters so far. */
  stats(): TickflowRoomStats;
  /** Stops reporting a client's acknowledgement: call it from the room's `onLeave`. Its inputs already sent are still applied. */
  leave(sessionId: string): void;
  /** Stops the ticks and stops listening for inputs. Idempotent; call it from the room's `onDispose`. */
  stop(): void;
}

const WHERE = 'tickflowRoom';
const OPTION_KEYS = ['engine', 'inputSize', 'applyInputs', 'stepMs', 'maxSteps', 'ticks', 'messageType', 'maxLeadTicks', 'save', 'stateEvery', 'onError'];

/** How often the room broadcasts its state when `stateEvery` is not given: every tick. See docs/rooms.md for the bytes this costs. */
export const DEFAULT_STATE_EVERY = 1;

/**
 * Runs a tickflow simulation inside a Colyseus room at a fixed tick, applying
 * each client's input at the tick it was stamped with.
 *
 * Colyseus' `setSimulationInterval` is a `setInterval` that hands the room
 * whatever time passed (colyseus/colyseus#324): the delta varies with the
 * timer's lateness, so the simulation does too, and a stalled process comes
 * back with one huge step. Here a Node timer only delivers host ticks;
 * tickflow's loop and clock decide what each is worth (the wall clock, no
 * clamp) and its fixed-step accumulator how many fixed ticks that makes,
 * each one `engine.advance()`. A process that stalls runs at most `maxSteps`
 * ticks on the next host tick and reports the rest as dropped time
 * (`droppedSeconds`), the fixed-tick runtime's rule: nothing is run twice as
 * fast to catch up, and nothing is lost without being counted.
 *
 * A client sends `room.send('input', { tick, input })`: the tick it means
 * and `inputSize` bytes (a `Uint8Array` or an array of numbers). The room
 * hands it to `applyInputs` just before running that tick; one that arrives
 * after its tick ran is applied at the next tick and counted as late.
 *
 * After every `stateEvery`-th tick (each tick by default) the room
 * broadcasts its state ({@link STATE_MESSAGE}: the tick, `save()`, and each
 * client's ack, the latest stamped tick of its inputs applied): what
 * {@link tickflowClient} restores and re-simulates from. It answers a
 * client's ping at once.
 *
 * ```text
 * host ticks   --t0----t0+16.7---t0+33.3---(stall 100 ms)---t0+133.3--|
 * fixed ticks  --0-----1---------1----------------------------4---------|   maxSteps 4, 1.0 tick dropped
 * ```
 *
 * @example
 * ```ts
 * import { NEVER } from 'rxjs';
 * import { Room, Server } from '@colyseus/core';
 * import { WebSocketTransport } from '@colyseus/ws-transport';
 * import { constantClock, nullBackend } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 * import { tickflowRoom, type TickflowRoom } from 'tickflow/colyseus';
 *
 * class Arena extends Room {
 *   private sim?: TickflowRoom;
 *   override onCreate(): void {
 *     const moves = new Map<string, number>(); // each client's latest input byte
 *     const engine = createStateEngine({
 *       backend: nullBackend(),
 *       ticks: NEVER, // the room steps it, one advance() a tick
 *       clock: constantClock(1000 / 60),
 *       initial: { x: 0 },
 *       update: (s) => ({ x: s.x + [...moves.values()].reduce((sum, move) => sum + move, 0) }),
 *     });
 *     this.sim = tickflowRoom(this, {
 *       engine,
 *       inputSize: 1,
 *       applyInputs: (inputs) => inputs.forEach(({ client, input }) => moves.set(client, input[0]!)),
 *     });
 *   }
 *   override onDispose(): void {
 *     this.sim?.stop();
 *   }
 * }
 *
 * const server = new Server({ transport: new WebSocketTransport() });
 * server.define('arena', Arena);
 * await server.listen(2567, '127.0.0.1');
 * // A client (colyseus.js): const room = await client.joinOrCreate('arena');
 * // room.send('input', { tick, input: new Uint8Array([1]) });
 * ```
 *
 * @param room The Colyseus room (from its `onCreate`).
 * @param options The engine, the input size and `applyInputs`; the step, its cap and the host ticks.
 * @return The running simulation: its next tick, its counters, `stop()`.
 * @throws {OptionError} for a bad option.
 */
export function tickflowRoom(room: RoomLike, options: TickflowRoomOptions): TickflowRoom {
  optionsObject(WHERE, options);
  checkOptionKeys(WHERE, options, OPTION_KEYS);
  const {
    engine,
    inputSize,
    applyInputs,
    stepMs = DEFAULT_STEP_MS,
    maxSteps = DEFAULT_MAX_STEPS,
    messageType = DEFAULT_INPUT_MESSAGE,
    maxLeadTicks = DEFAULT_MAX_LEAD_TICKS,
    stateEvery = DEFAULT_STATE_EVERY,
    onError = (error: PhaseError) => console.error(error),
  } = options;
  if (typeof room?.onMessage !== 'function' || typeof room.broadcast !== 'function') {
    throw new OptionError(WHERE, 'room', 'a Colyseus Room (something with onMessage and broadcast)', room);
  }
  if (typeof engine?.advance !== 'function') throw new OptionError(WHERE, 'engine', 'an engine with advance() (one fixed tick a call)', engine);
  integerAtLeast(WHERE, 'inputSize', inputSize, 1);
  functionOption(WHERE, 'applyInputs', applyInputs);
  positiveFinite(WHERE, 'stepMs', stepMs);
  integerAtLeast(WHERE, 'maxSteps', maxSteps, 1);
  integerAtLeast(WHERE, 'maxLeadTicks', maxLeadTicks, 0);
  if (typeof messageType !== 'string' || messageType === '' || messageType === '*') {
    throw new OptionError(WHERE, 'messageType', "a non-empty message type other than '*'", messageType);
  }
  functionOption(WHERE, 'onError', onError);
  integerAtLeast(WHERE, 'stateEvery', stateEvery, 0);
  if (options.save !== undefined) functionOption(WHERE, 'save', options.save);
  else if (stateEvery > 0 && typeof engine.save !== 'function') {
    throw new OptionError(WHERE, 'save', 'a function returning the state clients restore (the engine has no save())', options.save);
  }
  const save = options.save ?? (() => engine.save!());
  const ticks = options.ticks ?? timerTicks({ intervalMs: stepMs });

  const inputs = new RoomInputs(inputSize, maxLeadTicks);
  let tick = 0;
  let states = 0;
  const loop = fixedTickLoop(ticks, [{ name: 'tick', fixed: true }], stepMs, maxSteps, onError);
  loop.on('tick', () => {
    const due = tick;
    tick++; // the tick is spent even if the game throws in it: its inputs were handed over, its time passed
    applyInputs(inputs.take(due), due);
    engine.advance();
    if (stateEvery > 0 && tick % stateEvery === 0) {
      // Typed arrays (a runtime's poses, Rapier's world) do not survive Colyseus' msgpack as they are: marked, their bytes binary.
      const message: RoomStateMessage = { tick, state: toJsonValue(save(), keepBytes), acks: inputs.report() };
      room.broadcast(STATE_MESSAGE, message);
      states++;
    }
  });
  const removeHandlers = [
    room.onMessage(messageType, (client, message) => {
      inputs.receive(client.sessionId, message, tick);
    }),
    // A ping is answered at once, outside the tick: the round trip a client measures is the network's.
    room.onMessage(PING_MESSAGE, (client, message) => {
      if (typeof message === 'number' && Number.isFinite(message)) client.send(PONG_MESSAGE, message);
    }),
  ];
  loop.start();

  let stopped = false;
  return {
    get tick() {
      return tick;
    },
    stepMs,
    stats() {
      const loopStats = loop.stats();
      const plan = loop.plan();
      const { received, late, rejected } = inputs.counts();
      return {
        ticks: tick,
        hostTicks: loopStats.ticks,
        droppedSeconds: loopStats.droppedMs / 1000,
        droppedLastFrameSeconds: plan.droppedMs / 1000,
        accumulatedSeconds: (plan.alpha * stepMs) / 1000,
        inputs: received,
        lateInputs: late,
        rejectedInputs: rejected,
        errors: loopStats.errors,
        states,
      };
    },
    leave(sessionId) {
      inputs.forget(sessionId);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      loop.stop();
      for (const remove of removeHandlers) if (typeof remove === 'function') remove();
    },
  };
}

import type { Observable } from 'rxjs';
import type { FrameInfo } from '../../operators/frame-info.js';
import { OptionError } from '../../operators/option-error.js';
import { DEFAULT_MAX_STEPS, DEFAULT_STEP_MS } from '../../operators/step-accumulator.js';
import { checkOptionKeys, functionOption, integerAtLeast, nonNegativeFinite, optionsObject, positiveFinite } from '../../operators/validate.js';
import { animationFrames } from '../hosts/animation-frames.js';
import { timerTicks } from '../hosts/timer-ticks.js';
import type { PhaseError } from '../loop/phase-error.js';
import { fromJsonValue } from '../replay/snapshot-json.js';
import { hashState } from '../replay/state-hash.js';
import { fixedTickLoop } from './fixed-tick-loop.js';
import { Prediction } from './prediction.js';
import { PING_MESSAGE, PONG_MESSAGE, STATE_MESSAGE, type RoomStateMessage } from './room-protocol.js';
import { StateTimeline, type ViewSample } from './state-timeline.js';
import { DEFAULT_BUFFER_TICKS, TickSync } from './tick-sync.js';
import {
  DEFAULT_INTERPOLATION_DELAY_MS,
  DEFAULT_PING_EVERY_MS,
  VIEW_CAPACITY,
  type ClientRoomLike,
  type TickflowClientOptions,
  type TickflowClientStats,
} from './tickflow-client-options.js';
import { DEFAULT_INPUT_MESSAGE } from './tickflow-room.js';

/** What a client draws: its own prediction and the room's states, each two states and an alpha. */
export interface ClientView<V> {
  /**
   * The predicted present, between the last two ticks by the loop's alpha
   * (the fixed-tick runtime's presentation): draw the local player from it.
   */
  readonly local: ViewSample<V> | undefined;
  /**
   * The room's states, `interpolationDelay` behind the newest the client
   * expects to hold, moving on with the same alpha: draw the other players
   * from it. Never extrapolated: past the newest state it holds.
   */
  readonly remote: ViewSample<V> | undefined;
}

/** A room client, as {@link tickflowClient} returns it. */
export interface TickflowClient<V> {
  /** The present: the next tick the client predicts (-1 before the first room state). */
  readonly tick: number;
  /** After each frame (its reconciliation and ticks), the loop's frame info: draw here, from {@link view}. */
  readonly frames$: Observable<FrameInfo>;
  /** What to draw now. */
  view(): ClientView<V>;
  /** The HUD's readings (ping, server tick, corrections a second, interpolation delay) and counters. */
  stats(): TickflowClientStats;
  /** Stops the frames, the pings and the listening. Idempotent. */
  stop(): void;
}

const WHERE = 'tickflowClient';
const OPTION_KEYS = [
  'engine', 'inputSize', 'applyInputs', 'input', 'present', 'restore', 'fingerprint', 'stepMs', 'maxSteps', 'ticks', 'messageType',
  'bufferTicks', 'interpolationDelayMs', 'interpolationDelayTicks', 'pingEveryMs', 'now', 'onError',
];
/** How fast the smoothed distance to the room's newest state follows a new one: an eighth of the way a state. */
const AHEAD_SMOOTHING = 1 / 8;

/**
 * The client side of an authoritative room: runs the room's simulation
 * code ahead of the room, predicting the local player from its own inputs,
 * and reconciles with the room's states, drawing remote players a delay
 * behind.
 *
 * Each frame (the loop's fixed step, as in every tickflow engine):
 *
 * 1. **Reconcile** with the newest room state that arrived (the state before
 *    tick N, with this client's ack A): restore it, re-apply the local
 *    inputs stamped after A and re-run every tick up to the present, all in
 *    this frame; if the present now differs from the prediction, count a
 *    correction.
 * 2. **Keep time**: run a tick extra or skip one so that inputs reach the
 *    room `bufferTicks` early (the room reports how early they come).
 * 3. **Predict** each fixed tick of the frame: read `input(tick)`, send it
 *    stamped with the tick, hand it to `applyInputs` (the room's function)
 *    and run the engine once. Other players keep their last known input.
 * 4. **Draw** on `frames$` from {@link TickflowClient.view}: the local
 *    player from the prediction, others from the room's states
 *    `interpolationDelay` behind, both moved on by the loop's alpha.
 *
 * @example
 * ```ts
 * import { NEVER } from 'rxjs';
 * import { Client } from 'colyseus.js';
 * import { constantClock, nullBackend } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 * import { tickflowClient, type RoomInput } from 'tickflow/colyseus';
 *
 * // The very code the room runs: each player's x, moved by the input byte held, kept in the state.
 * const engine = createStateEngine({
 *   backend: nullBackend(),
 *   ticks: NEVER, // the client steps it: one advance() a tick
 *   clock: constantClock(1000 / 60),
 *   initial: { players: {} as Record<string, { x: number; move: number }> },
 *   update: (s, { dt }) => ({ players: Object.fromEntries(Object.entries(s.players).map(([id, p]) => [id, { x: p.x + p.move * 3 * dt, move: p.move }])) }),
 * });
 * const applyInputs = (inputs: readonly RoomInput[]) =>
 *   inputs.forEach(({ client, input }) => engine.apply((s) => ({ players: { ...s.players, [client]: { x: s.players[client]?.x ?? 0, move: input[0]! } } })));
 *
 * const room = await new Client('ws://127.0.0.1:2567').joinOrCreate('arena');
 * let right = 0;
 * addEventListener('keydown', (e) => e.key === 'ArrowRight' && (right = 1));
 * addEventListener('keyup', (e) => e.key === 'ArrowRight' && (right = 0));
 * const client = tickflowClient(room, { engine, inputSize: 1, applyInputs, input: () => Uint8Array.of(right), present: () => engine.state });
 * client.frames$.subscribe(() => {
 *   const { local, remote } = client.view();
 *   // draw room.sessionId from local (lerp local.from and local.to by local.alpha), everyone else from remote
 * });
 * ```
 *
 * @param room The joined `colyseus.js` room.
 * @param options The engine and the room's `applyInputs` and `inputSize`, the local input, what to draw; timing and delays.
 * @return The running client: its present, `frames$`, `view()`, `stats()`, `stop()`.
 * @throws {OptionError} for a bad option.
 */
export function tickflowClient<S, V = S>(room: ClientRoomLike, options: TickflowClientOptions<S, V>): TickflowClient<V> {
  optionsObject(WHERE, options);
  checkOptionKeys(WHERE, options, OPTION_KEYS);
  const {
    engine,
    inputSize,
    applyInputs,
    input,
    stepMs = DEFAULT_STEP_MS,
    maxSteps = DEFAULT_MAX_STEPS,
    messageType = DEFAULT_INPUT_MESSAGE,
    bufferTicks = DEFAULT_BUFFER_TICKS,
    pingEveryMs = DEFAULT_PING_EVERY_MS,
    now = () => performance.now(),
    onError = (error: PhaseError) => console.error(error),
  } = options;
  if (typeof room?.send !== 'function' || typeof room.onMessage !== 'function' || typeof room.sessionId !== 'string') {
    throw new OptionError(WHERE, 'room', 'a joined colyseus.js Room (sessionId, send, onMessage)', room);
  }
  for (const method of ['advance', 'save', 'restore'] as const) {
    if (typeof engine?.[method] !== 'function') throw new OptionError(WHERE, 'engine', 'an engine with advance(), save() and restore()', engine);
  }
  integerAtLeast(WHERE, 'inputSize', inputSize, 1);
  functionOption(WHERE, 'applyInputs', applyInputs);
  functionOption(WHERE, 'input', input);
  for (const name of ['present', 'restore', 'fingerprint'] as const) if (options[name] !== undefined) functionOption(WHERE, name, options[name]);
  positiveFinite(WHERE, 'stepMs', stepMs);
  integerAtLeast(WHERE, 'maxSteps', maxSteps, 1);
  integerAtLeast(WHERE, 'bufferTicks', bufferTicks, 0);
  positiveFinite(WHERE, 'pingEveryMs', pingEveryMs);
  functionOption(WHERE, 'now', now);
  functionOption(WHERE, 'onError', onError);
  if (typeof messageType !== 'string' || messageType === '') throw new OptionError(WHERE, 'messageType', 'a non-empty message type', messageType);
  if (options.interpolationDelayMs !== undefined && options.interpolationDelayTicks !== undefined) {
    throw new OptionError(WHERE, 'interpolationDelayTicks', 'absent when interpolationDelayMs is given (one delay)', options.interpolationDelayTicks);
  }
  const delayTicks =
    options.interpolationDelayTicks !== undefined
      ? nonNegativeFinite(WHERE, 'interpolationDelayTicks', options.interpolationDelayTicks)
      : nonNegativeFinite(WHERE, 'interpolationDelayMs', options.interpolationDelayMs ?? DEFAULT_INTERPOLATION_DELAY_MS) / stepMs;
  const present = options.present ?? (() => engine.save() as unknown as V);
  const restore = options.restore ?? ((state: S) => void engine.restore(state));
  // What the player sees, when the game says what that is: a correction is a change to it, and hashing it is far
  // cheaper than the whole state (a runtime's save() holds Rapier's world: two saves and two hashes of ~200 KB were
  // most of a 100-body client's reconciling frame, bench/ROOMS-RESULTS.md).
  const fingerprint = options.fingerprint ?? (options.present !== undefined ? () => hashState(present()) : () => hashState(engine.save()));
  const ticks = options.ticks ?? (typeof requestAnimationFrame === 'function' ? animationFrames() : timerTicks({ intervalMs: stepMs }));

  const predicted = new StateTimeline<V>(VIEW_CAPACITY);
  const remote = new StateTimeline<V>(VIEW_CAPACITY);
  const prediction = new Prediction<S>(
    { save: () => engine.save(), restore, applyInputs, advance: () => void engine.advance(), fingerprint },
    room.sessionId,
    (tick) => {
      const value = present();
      remote.record(tick, value);
      predicted.dropAfter(tick);
      predicted.record(tick, value);
    },
    (tick) => predicted.record(tick, present()),
  );
  const sync = new TickSync(bufferTicks);
  const inbox: RoomStateMessage<S>[] = [];
  const correctionTicks: number[] = [];
  const ticksPerSecond = Math.round(1000 / stepMs);
  const counts = { reconciliations: 0, corrections: 0, resimulatedTicks: 0, resyncs: 0 };
  let pingMs: number | null = null;
  let aheadTicks = 0;
  let lastPingAt = -Infinity;

  const forgetCorrectionsBefore = (tick: number): void => {
    while (correctionTicks.length > 0 && correctionTicks[0]! <= tick) correctionTicks.shift();
  };
  const predictOne = (): void => {
    const bytes = input(prediction.tick);
    if (!(bytes instanceof Uint8Array) || bytes.length !== inputSize) {
      throw new OptionError(WHERE, 'input', `a function returning a Uint8Array of ${inputSize} bytes`, bytes);
    }
    const sent = prediction.step(Uint8Array.from(bytes));
    room.send(messageType, sent);
  };

  const reconcile = (): void => {
    if (inbox.length === 0) return;
    let newest = inbox[0]!;
    for (const message of inbox) {
      const ack = message.acks?.[room.sessionId];
      if (ack !== undefined) sync.report(ack[0], ack[1], prediction.tick);
      if (message.tick > newest.tick) newest = message;
    }
    inbox.length = 0;
    if (newest.tick <= prediction.serverTick) return; // reordered or doubled on the way: nothing newer
    const state = fromJsonValue(newest.state) as S; // the room's typed arrays and Maps back from their marks
    const result = prediction.reconcile(newest.tick, state, newest.acks?.[room.sessionId]?.[0] ?? -1);
    if (result === undefined) return;
    counts.reconciliations++;
    counts.resimulatedTicks += result.resimulated;
    if (result.resynced) {
      // The first state, or one the client had fallen behind (a tab asleep): catch up a round trip plus the buffer at once.
      counts.resyncs++;
      sync.start(pingMs === null ? 0 : pingMs / stepMs);
      aheadTicks = sync.pending;
    } else {
      aheadTicks += (prediction.tick - newest.tick - aheadTicks) * AHEAD_SMOOTHING;
    }
    if (result.corrected) {
      counts.corrections++;
      correctionTicks.push(prediction.tick);
    }
    forgetCorrectionsBefore(prediction.tick - ticksPerSecond);
  };

  const loop = fixedTickLoop(ticks, ['reconcile', { name: 'tick', fixed: true }], stepMs, maxSteps, onError);
  let skipThisFrame = false;
  loop.on('reconcile', () => {
    const time = now();
    if (time - lastPingAt >= pingEveryMs) {
      lastPingAt = time;
      room.send(PING_MESSAGE, time);
    }
    reconcile();
    if (!prediction.started) return;
    const adjust = sync.take(prediction.tick);
    for (let i = 0; i < adjust; i++) predictOne();
    if (adjust < 0) skipThisFrame = true; // kept until a frame runs a tick to skip
  });
  loop.on('tick', () => {
    if (!prediction.started) return;
    if (skipThisFrame) {
      skipThisFrame = false; // one tick not run: the present falls back one tick against the room
      return;
    }
    predictOne();
  });

  const unbind = [
    room.onMessage(STATE_MESSAGE, (message) => {
      const state = message as RoomStateMessage<S>;
      if (typeof state === 'object' && state !== null && Number.isSafeInteger(state.tick)) inbox.push(state);
    }),
    room.onMessage(PONG_MESSAGE, (sentAt) => {
      if (typeof sentAt === 'number') pingMs = Math.max(0, now() - sentAt);
    }),
  ];
  loop.start();

  let stopped = false;
  return {
    get tick() {
      return prediction.tick;
    },
    frames$: loop.frames$,
    view() {
      const at = prediction.tick - 1 + loop.alpha;
      return { local: predicted.sample(at), remote: remote.sample(at - aheadTicks - delayTicks) };
    },
    stats() {
      forgetCorrectionsBefore(prediction.tick - ticksPerSecond);
      return {
        tick: prediction.tick,
        serverTick: prediction.serverTick,
        pingMs,
        aheadTicks,
        inputLeadTicks: sync.lastLead,
        ...counts,
        correctionsPerSecond: correctionTicks.length,
        extraTicks: sync.extra,
        skippedTicks: sync.skipped,
        interpolationDelayMs: delayTicks * stepMs,
        errors: loop.stats().errors,
      };
    },
    stop() {
      if (stopped) return;
      stopped = true;
      loop.stop();
      for (const remove of unbind) if (typeof remove === 'function') remove();
    },
  };
}

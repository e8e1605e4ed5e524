import { OptionError } from '../../operators/option-error.js';
import type { DesyncReport } from './desync-report.js';
import type { TickInput } from './input-status.js';
import { MatchInputLog, type MatchInputs } from './match-inputs.js';
import {
  ADVANTAGE_DEAD_ZONE,
  MAX_STEP_STRETCH,
  MAX_TICKS_PER_FRAME,
  peerTable,
  renamedErrors,
  sessionSettings,
  STRETCH_PER_TICK,
  WHERE,
  type P2PSessionOptions,
  type P2PSessionStats,
} from './p2p-session-options.js';
import {
  decodeMessage,
  encodeFramePacket,
  FRAME_PACKET,
  NO_ECHO,
  MAX_PACKET_RUNS,
  STATE_PIECE,
  TIMING_EVERY,
  type Departure,
  type FramePacket,
} from './session-packets.js';
import { Departures } from './session-departures.js';
import { Checksums } from './session-checksums.js';
import { SpectatorFeed } from './spectator-feed.js';
import { Peer } from './session-peer.js';
import { syncLayer, type SyncLayer, type SyncLayerOptions } from './sync-layer.js';
import type { PeerId, Transport } from './transport.js';

/** A rollback session between peers. See {@link createP2PSession}. */
export interface P2PSession {
  /**
   * One host frame at `timestampMs` (the page's requestAnimationFrame time,
   * or a test's virtual time): receives what arrived, runs the ticks this
   * frame is worth (fewer, or none, when the window is full: the tick is
   * declined, not waited for), rolls back and re-simulates if a late input
   * proved a prediction wrong, compares checksums, and sends every peer its
   * packet. When it returns, the game's state is the corrected present:
   * render it. Returns how many new ticks ran.
   *
   * @throws {OptionError} when `timestampMs` is not a finite number; an `Error` after {@link close}.
   */
  frame(timestampMs: number): number;
  /** Changes a local player's input delay while playing (see `syncLayer.setDelay`). */
  setDelay(player: number, delay: number): void;
  /**
   * Disconnects a peer's players now (a transport saw its channel close):
   * from the tick after their last confirmed input their input is the
   * disconnected one. A silent peer is disconnected after `disconnectAfterMs` anyway.
   */
  disconnectPeer(peer: PeerId): void;
  /** The next tick to run. */
  readonly currentTick: number;
  /** The last tick every player's input is confirmed for. */
  readonly confirmedTick: number;
  /** Counts and per-peer timing, a fresh object. */
  stats(): P2PSessionStats;
  /**
   * Every player's inputs for ticks 0 to the last confirmed one that ran,
   * as the game ran them: the match, to record with {@link recordMatch} and
   * replay offline. Every peer of a match returns the same.
   */
  confirmedInputs(): MatchInputs;
  /** Stops: later frames throw. The transport is the caller's to close. */
  close(): void;
}


/**
 * A rollback session between 2 to 8 players on as many machines: GGRS's
 * `P2PSession` on tickflow's save/restore. Each machine runs the same
 * deterministic game, sends only its players' inputs, predicts the others',
 * and when a late input differs from the prediction it loads the state of
 * that tick and runs forward again within the frame.
 *
 * Each {@link P2PSession.frame}, in order:
 *
 * 1. **Receive.** Every packet that arrived: the other players' inputs
 *    (repeated by their sender until acknowledged, so loss costs only
 *    time), their acknowledgements of this machine's inputs, their tick and
 *    clock (for the round trip and the frame advantage), their checksums.
 * 2. **Time.** The host delta is added to an accumulator; a tick is due
 *    for each `stepMs × (1 + stretch)` in it. `stretch` (0 to 10 %) is how
 *    far this machine runs ahead of its slowest peer, averaged: the one
 *    ahead slows a little and the one behind catches up, as GGRS advises,
 *    rather than anyone skipping ticks.
 * 3. **Ticks.** For each due tick: read the local inputs, then the sync
 *    layer advances one tick (after rolling back if a prediction proved
 *    wrong), or the window is full and the tick is declined: the game
 *    stands still this frame and the time is dropped, never waited for.
 *    With no tick due, a wrong prediction is still corrected, so what is
 *    rendered after the frame is the corrected present.
 * 4. **Checksums.** For each checksum tick whose inputs are all confirmed,
 *    the hash of the state after it goes to the other peers; a peer's hash
 *    that differs starts an exchange of that tick's flattened state, and
 *    each peer reports the fields that differ ({@link DesyncReport}).
 *    Predicted ticks are never hashed, so a prediction never raises a false alarm.
 * 5. **Send.** Every peer gets one packet: this machine's inputs it has not
 *    acknowledged, acknowledgements of its players' inputs, the tick and
 *    clock, and the latest checksum.
 *
 * The session starts running ticks once every peer was heard from, so the
 * first to start does not use up its window alone.
 *
 * @example
 * ```ts
 * import { constantClock, nullBackend } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 * import { createP2PSession, simulatedLink, type TickInput } from 'tickflow/netplay';
 *
 * // Two machines in one process: each a state engine and a session, joined by a simulated link.
 * const link = simulatedLink({ latencyMs: 50, jitterMs: 10, loss: 0.1, seed: 7 });
 * const machines = [0, 1].map((me) => {
 *   let inputs: readonly TickInput[] = [];
 *   const engine = createStateEngine({
 *     backend: nullBackend(),
 *     ticks: { subscribe: () => ({ unsubscribe() {} }) }, // the session steps it
 *     clock: constantClock(1000 / 60),
 *     initial: { x: [0, 0] },
 *     update: (s) => ({ x: s.x.map((x, player) => x + inputs[player]!.input[0]!) }),
 *   });
 *   const session = createP2PSession({
 *     transport: link.endpoints[me]!,
 *     players: 2,
 *     localPlayers: [me],
 *     inputSize: 1,
 *     readInput: (_player, tick) => new Uint8Array([tick % 3 === me ? 1 : 0]),
 *     save: () => engine.save(),
 *     load: (state) => engine.restore(state),
 *     advance: (tickInputs) => {
 *       inputs = tickInputs;
 *       engine.advance();
 *     },
 *   });
 *   return { engine, session };
 * });
 * for (let t = 0; t <= 3000; t += 1000 / 60) {
 *   link.advanceTo(t);
 *   for (const { session } of machines) session.frame(t);
 * }
 * const [a, b] = machines;
 * console.log(a!.session.confirmedTick > 150, a!.session.stats().desyncs.length); // true 0
 * ```
 *
 * @param options The match, the network and the game; see {@link P2PSessionOptions}.
 * @throws {OptionError} naming the option, the rule and the value, e.g. `createP2PSession: peers must be ...`.
 */
export function createP2PSession<S>(options: P2PSessionOptions<S>): P2PSession {
  const settings = sessionSettings(options);
  const { readInput, inputSize, onError } = settings;
  const log = new MatchInputLog(settings.players, inputSize);
  const safeAdvance = (inputs: readonly TickInput[]): void => {
    log.ran(inputs);
    try {
      settings.advance(inputs);
    } catch (error) {
      onError(error);
    }
  };
  // The sync layer checks players, localPlayers, inputSize, delay, window, save, load and advance, naming them.
  const layerOptions: SyncLayerOptions<S> = { players: settings.players, localPlayers: settings.localPlayers, inputSize, save: settings.save, load: settings.load, advance: safeAdvance };
  if (settings.delay !== undefined) layerOptions.delay = settings.delay;
  if (settings.window !== undefined) layerOptions.window = settings.window;
  if (settings.predict !== undefined) layerOptions.predict = settings.predict;
  if (settings.disconnectedInput !== undefined) layerOptions.disconnectedInput = settings.disconnectedInput;
  if (settings.sparseSaving !== undefined) {
    layerOptions.sparseSaving = settings.sparseSaving;
    layerOptions.keepEvery = settings.checksumEvery; // the states the checksums hash
  }
  const sync = renamedErrors(() => syncLayer(layerOptions));
  const peerOf = peerTable(settings.players, sync.localPlayers, settings.peers);
  if (settings.spectators.some((id) => peerOf.includes(id))) {
    throw new OptionError(WHERE, 'spectators', 'transport peer ids none of which is a player\'s', settings.spectators);
  }
  const feed = settings.spectators.length === 0 ? undefined : new SpectatorFeed<S>(settings.spectators, log, settings.encodeState);
  return new Session<S>(settings.transport, sync, log, feed, peerOf, inputSize, settings.stepMs, settings.checksumEvery, settings.disconnectAfterMs, {
    readInput: (player, tick) => {
      const input = readInput(player, tick);
      if (!(input instanceof Uint8Array) || input.length !== inputSize) {
        throw new OptionError(`${WHERE}.readInput`, 'input', `a Uint8Array of inputSize (${inputSize}) bytes`, input);
      }
      return input;
    },
    checksumOf: settings.checksumOf,
    onDesync: settings.onDesync ?? (() => {}),
    onError,
  });
}

/** What the session calls of the game beside the sync layer's save, load and advance. */
interface GameCalls<S> {
  readInput(player: number, tick: number): Uint8Array;
  checksumOf(state: S): unknown;
  onDesync(report: DesyncReport): void;
  onError(error: unknown): void;
}

/** What {@link createP2PSession} returns. */
class Session<S> implements P2PSession {
  private readonly peers: Peer[] = [];
  private readonly peerById = new Map<PeerId, Peer>();
  /** Each local player's confirmed inputs not yet acknowledged by every peer, oldest first. */
  private readonly unacked = new Map<number, TickInput[]>();
  private running = false;
  private closed = false;
  private lastMs: number | undefined;
  private accumulatedMs = 0;
  private readonly checksums: Checksums<S>;
  private readonly departures: Departures;
  private readonly counts = { stalledFrames: 0, packetsSent: 0, bytesSent: 0, packetsReceived: 0, packetsIgnored: 0 };

  constructor(
    private readonly transport: Transport,
    private readonly sync: SyncLayer<S>,
    private readonly log: MatchInputLog,
    private readonly feed: SpectatorFeed<S> | undefined,
    peerOf: readonly number[],
    private readonly inputSize: number,
    private readonly stepMs: number,
    private readonly checksumEvery: number,
    private readonly disconnectAfterMs: number,
    private readonly game: GameCalls<S>,
  ) {
    peerOf.forEach((id, player) => {
      if (id < 0) return;
      let peer = this.peerById.get(id);
      if (peer === undefined) {
        peer = new Peer(id);
        this.peerById.set(id, peer);
        this.peers.push(peer);
      }
      peer.players.push(player);
    });
    for (const player of sync.localPlayers) this.unacked.set(player, []);
    this.checksums = new Checksums<S>(checksumEvery, game);
    this.departures = new Departures(this.peers.length > 1);
  }

  get currentTick(): number {
    return this.sync.currentTick;
  }

  get confirmedTick(): number {
    return this.sync.confirmedTick;
  }

  frame(timestampMs: number): number {
    if (this.closed) throw new Error('P2PSession.frame: the session was closed');
    if (typeof timestampMs !== 'number' || !Number.isFinite(timestampMs)) throw new OptionError('P2PSession.frame', 'timestampMs', 'a finite number', timestampMs);
    const deltaMs = this.lastMs === undefined ? 0 : Math.max(0, timestampMs - this.lastMs);
    this.lastMs = timestampMs;
    this.receive(timestampMs);
    this.dropSilentPeers(timestampMs);
    this.settleDepartures();
    if (!this.running) this.running = this.peers.every((peer) => peer.heard || peer.disconnected);
    let ran = 0;
    if (this.running) {
      const stepMs = this.stepMs * (1 + this.stretch());
      this.accumulatedMs = Math.min(this.accumulatedMs + deltaMs, stepMs * MAX_TICKS_PER_FRAME);
      try {
        while (this.accumulatedMs >= stepMs) {
          this.addLocalInputs();
          if (this.sync.advanceFrame() === 'stalled') {
            this.counts.stalledFrames++;
            this.accumulatedMs = 0; // declined: this frame's time is dropped, not owed
            break;
          }
          this.accumulatedMs -= stepMs;
          ran++;
        }
        if (ran === 0) this.sync.correct(); // a late input is shown corrected even on a frame with no tick
        this.checksums.hashConfirmed(this.sync);
        this.checksums.compare(this.peers);
      } catch (error) {
        // The game's save() or load() threw: reported, never thrown into the page's frame. What failed is tried
        // again next frame (a tick that could not be saved did not run; a rollback that could not load stays due).
        this.accumulatedMs = 0;
        this.game.onError(error);
      }
    }
    this.send(timestampMs);
    return ran;
  }

  setDelay(player: number, delay: number): void {
    this.sync.setDelay(player, delay);
  }

  disconnectPeer(peer: PeerId): void {
    const known = this.peerById.get(peer);
    if (known === undefined) throw new OptionError('P2PSession.disconnectPeer', 'peer', `a peer of the match (${[...this.peerById.keys()].join(', ')})`, peer);
    if (known.disconnected) return;
    known.disconnected = true; // its packets are ignored from now on: what this machine holds of its inputs is what it reports
    this.departures.leave(known, this.sync);
    this.settleDepartures();
  }

  /** Disconnects, in the sync layer, the players whose disconnect tick every machine still playing agreed on (see Departures). */
  private settleDepartures(): void {
    try {
      this.departures.settle(this.sync, this.peers);
    } catch (error) {
      this.game.onError(error);
    }
  }

  stats(): P2PSessionStats {
    const { currentTick, confirmedTick } = this.sync;
    return {
      ...this.sync.stats(),
      ...this.counts,
      phase: this.running ? 'running' : 'synchronizing',
      currentTick,
      confirmedTick,
      predictionDepth: Math.max(0, currentTick - 1 - confirmedTick),
      stretch: this.stretch(),
      checksumsMatched: this.checksums.matched,
      desyncs: [...this.checksums.reports],
      peers: this.peers.map((peer) => ({
        peer: peer.id,
        players: [...peer.players],
        pingMs: peer.pingMs,
        frameAdvantage: peer.frameAdvantage,
        heard: peer.heard,
        disconnected: peer.disconnected,
      })),
    };
  }

  confirmedInputs(): MatchInputs {
    return this.log.upTo(Math.min(this.sync.confirmedTick, this.sync.currentTick - 1));
  }

  close(): void {
    this.closed = true;
  }

  /** How much to lengthen the tick: by how far this machine runs ahead of its slowest connected peer. */
  private stretch(): number {
    let ahead = 0;
    for (const peer of this.peers) if (!peer.disconnected) ahead = Math.max(ahead, peer.frameAdvantage);
    return Math.min(MAX_STEP_STRETCH, Math.max(0, (ahead - ADVANTAGE_DEAD_ZONE) * STRETCH_PER_TICK));
  }

  private addLocalInputs(): void {
    const tick = this.sync.currentTick;
    for (const player of this.sync.localPlayers) {
      let input: Uint8Array;
      try {
        input = this.game.readInput(player, tick);
      } catch (error) {
        this.game.onError(error);
        input = new Uint8Array(this.inputSize); // the game's input could not be read: nothing pressed
      }
      this.unacked.get(player)!.push(...this.sync.addLocalInput(player, input));
    }
  }

  // -- receiving ----------------------------------------------------------------

  private receive(nowMs: number): void {
    for (const { from, message } of this.transport.receiveAll()) {
      if (this.feed?.watches(from) === true) {
        if (this.feed.receive(from, message)) this.counts.packetsReceived++;
        else this.counts.packetsIgnored++;
        continue;
      }
      const peer = this.peerById.get(from);
      const decoded = peer === undefined ? undefined : decodeMessage(message, this.inputSize);
      if (peer === undefined || decoded === undefined || peer.disconnected) {
        this.counts.packetsIgnored++;
        continue;
      }
      this.counts.packetsReceived++;
      peer.heard = true;
      peer.lastHeardMs = nowMs;
      if (decoded.kind === FRAME_PACKET) this.receiveFrame(peer, decoded, nowMs);
      else if (decoded.kind === STATE_PIECE) this.checksums.receivePiece(peer, decoded, (bytes) => this.sendTo(peer, bytes));
      else if (peer.exchange !== undefined && peer.exchange.tick === decoded.tick) peer.exchange.delivered = true;
    }
  }

  private receiveFrame(peer: Peer, packet: FramePacket, nowMs: number): void {
    const { timing } = packet;
    if (timing !== undefined) {
      const now16 = Math.round(nowMs) & 0xffff;
      if (timing.echoMs !== NO_ECHO && timing.holdMs !== NO_ECHO) {
        const rttMs = ((now16 - timing.echoMs + 0x10000) & 0xffff) - timing.holdMs;
        if (rttMs >= 0 && rttMs < 10_000) peer.pingMs = peer.pingMs === undefined ? rttMs : peer.pingMs * 0.9 + rttMs * 0.1;
      }
      peer.echoMs = timing.sentMs;
      peer.echoAtMs = nowMs;
      // Where the peer is now: its tick when it sent this, plus half a round trip of ticks.
      peer.addAdvantage(this.sync.currentTick - (packet.tick + (peer.pingMs ?? 0) / 2 / this.stepMs));
      peer.remoteAdvantage = timing.advantage;
    }
    for (const { player, through } of packet.acks) {
      if ((this.unacked.has(player) || this.departures.has(player)) && through > (peer.acked.get(player) ?? -1)) peer.acked.set(player, through);
    }
    for (const departure of packet.departures) this.departed(peer, departure);
    for (const run of packet.runs) {
      // Only a player's own machine speaks for them, or, once that machine left, any machine relaying their inputs.
      if (!peer.players.includes(run.player) && !this.departures.has(run.player)) continue;
      const known = this.sync.confirmedThrough(run.player);
      for (let i = 0; i * this.inputSize < run.inputs.length; i++) {
        const tick = run.firstTick + i;
        if (tick <= known) continue;
        try {
          const input = run.inputs.subarray(i * this.inputSize, (i + 1) * this.inputSize);
          this.sync.addRemoteInput(run.player, tick, input);
          this.departures.keep(run.player, tick, input);
        } catch {
          this.counts.packetsIgnored++; // a tick the queue cannot take (too far ahead): it comes again
          break;
        }
      }
    }
    if (packet.checksum !== undefined && this.checksumEvery > 0) peer.keepChecksum(packet.checksum.tick, packet.checksum.hash);
  }

  /** Another machine saw a player's machine leave: so does this one (if it had not), and keeps what that machine held. */
  private departed(from: Peer, departure: Departure): void {
    if (this.sync.localPlayers.includes(departure.player)) return; // a peer that lost this machine: its checksums will say so
    const owner = this.peers.find((peer) => peer.players.includes(departure.player));
    if (owner === undefined || owner === from) return;
    if (!owner.disconnected) this.disconnectPeer(owner.id);
    this.departures.report(from.id, departure);
  }

  private dropSilentPeers(nowMs: number): void {
    for (const peer of this.peers) {
      if (!peer.disconnected && peer.heard && nowMs - peer.lastHeardMs > this.disconnectAfterMs) this.disconnectPeer(peer.id);
    }
  }

  // -- sending ------------------------------------------------------------------

  private send(nowMs: number): void {
    const checksum = this.checksums.toSend();
    const departures = this.departures.departed;
    for (const peer of this.peers) {
      if (peer.disconnected) continue;
      const own = peer.unackedRuns(this.unacked, this.sync.currentTick - 0x7fff, this.inputSize);
      // Once someone left: acknowledgements of the relayed players' inputs too, and the relays themselves.
      const acked = departures.length === 0 ? peer.players : [...peer.players, ...departures.map(({ player }) => player)];
      const acks = acked.map((player) => ({ player, through: this.sync.confirmedThrough(player) }));
      const runs = departures.length === 0 ? own : [...own, ...this.departures.relayFor(peer, this.sync, this.inputSize)].slice(0, MAX_PACKET_RUNS);
      const holdMs = peer.echoMs === NO_ECHO ? NO_ECHO : Math.min(0xfffe, Math.round(nowMs - peer.echoAtMs));
      const timed = peer.framesSent++ % TIMING_EVERY === 0;
      const packet = encodeFramePacket(
        {
          tick: this.sync.currentTick,
          timing: timed ? { sentMs: Math.round(nowMs) & 0xffff, echoMs: peer.echoMs, holdMs, advantage: peer.localAdvantage } : undefined,
          acks,
          runs,
          departures,
          checksum: checksum === undefined ? undefined : { tick: checksum.tick, hash: checksum.hash },
        },
        this.inputSize,
      );
      this.sendTo(peer, packet);
      this.checksums.sendPieces(peer, (bytes) => this.sendTo(peer, bytes));
    }
    this.forgetAcknowledged();
    const { sync } = this;
    this.feed?.send(
      {
        finalTick: Math.min(sync.confirmedTick, sync.currentTick - 1),
        snapshot: () => {
          const tick = sync.settledTick;
          const state = sync.stateBefore(tick);
          return state === undefined ? undefined : { tick, state };
        },
      },
      (peer, bytes) => {
        this.transport.sendTo(peer, bytes);
        this.counts.packetsSent++;
        this.counts.bytesSent += bytes.length;
      },
    );
  }

  private sendTo(peer: Peer, bytes: Uint8Array): void {
    this.transport.sendTo(peer.id, bytes);
    this.counts.packetsSent++;
    this.counts.bytesSent += bytes.length;
  }

  /** Drops local inputs every connected peer acknowledged. */
  private forgetAcknowledged(): void {
    for (const [player, inputs] of this.unacked) {
      let everyone = Infinity;
      for (const peer of this.peers) if (!peer.disconnected) everyone = Math.min(everyone, peer.acked.get(player) ?? -1);
      let drop = 0;
      while (drop < inputs.length && inputs[drop]!.tick <= everyone) drop++;
      if (drop > 0) inputs.splice(0, drop);
    }
  }
}

/**
 * The netplay bench's tables (bench/netplay.ts measures): each figure beside
 * issue 27's target for it (item 7), ratios where the same frames ran
 * without a rollback, absolute costs against the 16.7 ms frame.
 */
import { fixed, markdownTable } from './markdown-table.js';
import { BANDWIDTH_TARGET_BYTES_S, STEADY_FROM_SECONDS, WEBRTC_BYTES_PER_PACKET, WEBRTC_OVERHEAD, type BandwidthRow } from './netplay-bandwidth.js';
import { BUSY_EVERY_TICKS, REALISTIC_HOLD_TICKS } from './netplay-match.js';
import { FRAME_BUDGET_MS, ROLLBACK_TARGET_MS, TARGET_BODIES, type FrameSummary, type RollbackRow } from './netplay-rollback.js';
import { SPIKE_LINK, SPIKE_PATTERN, SPIKE_SKIPPED_FRAMES, type FrameTail, type SpikeRow } from './netplay-spike.js';
import type { NetplayBench } from './netplay-bench.js';

/** The depth of the issue's rollback target. */
const TARGET_DEPTH = 8;

const verdict = (met: boolean): string => (met ? 'met' : 'MISSED');
const ms = (value: number, decimals = 2): string => fixed(value, decimals);
const ofFrame = (value: number): string => `${fixed((value / FRAME_BUDGET_MS) * 100, 1)} %`;
const wallCell = (s: FrameSummary): string => `${ms(s.wallMedianMs)} (${ms(s.wallP95Ms)})`;
const tailCell = (t: FrameTail): string => (t.frames === 0 ? 'none' : `${ms(t.p50Ms)} / ${ms(t.p99Ms)} / ${ms(t.maxMs)}`);
const gameName = (row: RollbackRow): string => (row.bodies === 0 ? row.game : `runtime, ${row.bodies} bodies${row.sparseSaving ? ', sparse saving' : ''}`);
const kbS = (bytes: number): string => fixed(bytes / 1000, 2);

function rollbackTables(print: (text?: string) => void, bench: NetplayBench): void {
  const { config } = bench;
  print('### Rollback cost per frame\n');
  print(
    'Two copies of each game, each under its own `syncLayer` (2 players, delay 2, window 8), the same ticks and inputs, interleaved frame by frame. ' +
      "**Rolled back**: the other player's input for tick t − depth arrives in frame t and differs from the prediction every time, so every frame loads the state depth ticks back, runs the depth ticks again saving each, then saves and runs its own tick. " +
      '**Without**: the same input arrives before its tick: save + run one tick. A frame is `addLocalInput` + `addRemoteInput` + `advanceFrame`, timed whole, no collection forced. ' +
      `State game: ${config.stateSizes.timedFrames} timed frames after ${config.stateSizes.warmupFrames}; runtime: ${config.runtimeSizes.timedFrames} after ${config.runtimeSizes.warmupFrames} (from tick 20, bodies landing; players' held keys make the bodies hop, so the scene stays awake). ` +
      'Wall ms median (95th percentile); CPU ms median (process CPU: the collector\'s helper threads count too). "rollback\'s own" is the median rolled-back frame minus the median frame without. ' +
      'The layer\'s counts check the work: rollbacks a frame, and ticks run again a rollback.\n',
  );
  print(
    markdownTable(
      ['game', 'depth', 'rolled-back frame, wall ms (p95)', 'CPU ms', 'frame without rollback, wall ms (p95)', 'CPU ms ', 'rolled ÷ without', "rollback's own, ms", 'rolled-back frame, share of 16.7 ms', 'within 16.7 ms', 'rollbacks/frame, ticks re-run each', 'same state after'],
      bench.rollback.map((row) => [
        gameName(row),
        String(row.depth),
        wallCell(row.rolledBack),
        ms(row.rolledBack.cpuMedianMs),
        wallCell(row.plain),
        ms(row.plain.cpuMedianMs),
        `${fixed(row.ratio, 1)}×`,
        ms(row.rolledBack.wallMedianMs - row.plain.wallMedianMs),
        ofFrame(row.rolledBack.wallMedianMs),
        verdict(row.rolledBack.wallMedianMs <= FRAME_BUDGET_MS),
        `${fixed(row.rollbacksPerFrame, 2)}, ${fixed(row.resimulatedPerRollback, 1)}`,
        row.statesAgree === undefined ? 'not checked' : row.statesAgree ? 'yes' : 'NO',
      ]),
    ),
  );
  print();
  print('#### The runtime beside Rapier alone\n');
  print(
    "The same scene and hops on Rapier by hand (bench/rapier-rollback.ts), in the same frames: the session's path (restore its own snapshot of depth ticks back, then depth × (snapshot + step), then the frame's own snapshot + step; with sparse saving, one snapshot, of the new confirmed tick, and depth + 1 steps), and restore + depth steps alone (the snapshots left out). Wall ms median (p95). " +
      "tickflow's own = the runtime's rolled-back frame − Rapier alone on the session's path (medians).\n",
  );
  const runtimeRows = bench.rollback.filter((row) => row.rapierAlone !== undefined);
  print(
    markdownTable(
      ['bodies', 'saving', 'depth', 'runtime rolled-back frame, ms', "Rapier alone, session's path, ms", 'Rapier alone, restore + depth steps, ms', 'runtime ÷ Rapier alone', "tickflow's own, ms", `target: ${TARGET_DEPTH}-tick rollback of ${TARGET_BODIES} bodies ≤ ${ROLLBACK_TARGET_MS} ms`],
      runtimeRows.map((row) => {
        const alone = row.rapierAlone!;
        const target = row.bodies === TARGET_BODIES && row.depth === TARGET_DEPTH;
        return [
          String(row.bodies),
          row.sparseSaving ? 'sparse' : 'every tick',
          String(row.depth),
          wallCell(row.rolledBack),
          wallCell(alone.sessionPath),
          wallCell(alone.restoreAndSteps),
          `${fixed(row.rolledBack.wallMedianMs / alone.sessionPath.wallMedianMs, 2)}×`,
          ms(row.rolledBack.wallMedianMs - alone.sessionPath.wallMedianMs),
          target ? `${ms(row.rolledBack.wallMedianMs)} ms ${verdict(row.rolledBack.wallMedianMs <= ROLLBACK_TARGET_MS)} (Rapier alone: ${ms(alone.restoreAndSteps.wallMedianMs)} restore + 8 steps, ${ms(alone.sessionPath.wallMedianMs)} on the session's path)` : '',
        ];
      }),
    ),
  );
  print();
}

function spikeTable(print: (text?: string) => void, bench: NetplayBench): void {
  print('### The frame-time spike a rollback causes\n');
  print(
    `Two machines, one player each, over a simulated link of ${SPIKE_LINK.latencyMs} ms one way with up to ${SPIKE_LINK.jitterMs} ms of jitter, nothing lost, the ${SPIKE_PATTERN} input pattern, ${bench.config.spikeSeconds} s of virtual time; machine 0's \`session.frame()\` timed one by one (wall ms: receive, the ticks due with any rollback, checksums, send), the first ${SPIKE_SKIPPED_FRAMES} frames left out. ` +
      'A frame "with a rollback" is one in which the session loaded a state. No target: reported.\n',
  );
  print(
    markdownTable(
      ['game', 'frames', 'all: p50 / p99 / max ms', 'with a rollback: frames', 'p50 / p99 / max ms', 'without: frames', 'p50 / p99 / max ms ', 'ticks re-run a rollback, mean (most)', 'stalled frames', 'frames over 16.7 ms'],
      bench.spike.map((row) => [
        row.game,
        String(row.all.frames),
        tailCell(row.all),
        String(row.withRollback.frames),
        tailCell(row.withRollback),
        String(row.withoutRollback.frames),
        tailCell(row.withoutRollback),
        `${fixed(row.meanDepth, 1)} (${row.maxDepth})`,
        String(row.stalledFrames),
        String(row.overBudget),
      ]),
    ),
  );
  print();
}

function bandwidthTable(print: (text?: string) => void, bench: NetplayBench): void {
  print('### Bytes per second per player\n');
  const o = WEBRTC_OVERHEAD;
  print(
    `Matches of 2 and 4 machines, one player each, at 60 Hz over the simulated link (no jitter), ${bench.config.bandwidthSeconds} s of virtual time, the first ${STEADY_FROM_SECONDS} s left out. ` +
      `Input patterns, one byte of held keys a tick: realistic (a combination held ${REALISTIC_HOLD_TICKS[0]}–${REALISTIC_HOLD_TICKS[1]} ticks, 2.4 changes a second) and busy (a change every ${BUSY_EVERY_TICKS} ticks, 20 a second). ` +
      'Payload: `session.stats().bytesSent` a second, per player (what one machine sends to all the others), averaged over the machines. ' +
      `On the wire, estimated: payload + packets × ${fixed(WEBRTC_BYTES_PER_PACKET, 1)} B, what a WebRTC data channel adds to each message: IPv4 ${o.ipv4} (RFC 791) + UDP ${o.udp} (RFC 768) + DTLS 1.2 record header ${o.dtlsRecordHeader} (RFC 6347 §4.1) + AES-GCM explicit nonce and tag ${o.dtlsAesGcm} (RFC 5288 §3) + SCTP common header ${o.sctpCommonHeader} (RFC 4960 §3.1) + DATA chunk header ${o.sctpDataChunkHeader} (RFC 4960 §3.3.1) + padding to 4 bytes ${o.sctpPaddingMean} on average (RFC 4960 §3.2) + a SACK chunk (16 B, RFC 4960 §3.3.4) every second packet received (§6.2), bundled: ${o.sctpSackShare}. ` +
      'IPv6 adds 20 B a packet more; ICE consent checks (RFC 7675) are left out.\n',
  );
  print(
    markdownTable(
      ['players', 'latency ms', 'loss', 'input', `payload KB/s a player (target < ${kbS(BANDWIDTH_TARGET_BYTES_S)} at 2 players)`, 'packets/s a player', 'B a packet', 'on the wire KB/s a player (est.)', 'rollbacks/s', 'stalled frames/s'],
      bench.bandwidth.map((row) => [
        String(row.players),
        String(row.latencyMs),
        `${fixed(row.loss * 100, 0)} %`,
        row.pattern,
        `${kbS(row.payloadBytesS)}${row.players === 2 ? ` ${verdict(row.payloadBytesS < BANDWIDTH_TARGET_BYTES_S)}` : ''}`,
        fixed(row.packetsS, 0),
        fixed(row.bytesPerPacket, 1),
        kbS(row.wireBytesS),
        fixed(row.rollbacksS, 1),
        fixed(row.stalledFramesS, 1),
      ]),
    ),
  );
  print();
}

/** The worst row of a set by a figure. */
const worst = <T>(rows: readonly T[], by: (row: T) => number): T | undefined => rows.reduce<T | undefined>((w, row) => (w === undefined || by(row) > by(w) ? row : w), undefined);

function targetsTable(print: (text?: string) => void, bench: NetplayBench): void {
  print('### Targets\n');
  const rows: string[][] = [];
  for (const target of bench.rollback.filter((row) => row.bodies === TARGET_BODIES && row.depth === TARGET_DEPTH)) {
    const alone = target.rapierAlone!;
    rows.push([
      `an ${TARGET_DEPTH}-tick rollback of ${TARGET_BODIES} bodies in at most ${ROLLBACK_TARGET_MS} ms (the whole rolled-back frame, median wall), ${target.sparseSaving ? 'sparse saving' : 'saving every tick (the default)'}`,
      `${ms(target.rolledBack.wallMedianMs)} ms (CPU ${ms(target.rolledBack.cpuMedianMs)}, p95 ${ms(target.rolledBack.wallP95Ms)}) ${verdict(target.rolledBack.wallMedianMs <= ROLLBACK_TARGET_MS)}; Rapier alone ${ms(alone.restoreAndSteps.wallMedianMs)} (restore + 8 steps), ${ms(alone.sessionPath.wallMedianMs)} (session's path); tickflow's own ${ms(target.rolledBack.wallMedianMs - alone.sessionPath.wallMedianMs)}`,
    ]);
  }
  for (const game of [...new Set(bench.rollback.map(gameName))]) {
    const deepest = worst(bench.rollback.filter((row) => gameName(row) === game), (row) => row.depth)!;
    rows.push([
      `${game}: a depth-${deepest.depth} rolled-back frame within the 16.7 ms budget (median wall)`,
      `${ms(deepest.rolledBack.wallMedianMs)} ms, ${ofFrame(deepest.rolledBack.wallMedianMs)} (p95 ${ms(deepest.rolledBack.wallP95Ms)}) ${verdict(deepest.rolledBack.wallMedianMs <= FRAME_BUDGET_MS)}`,
    ]);
  }
  const two = bench.bandwidth.filter((row) => row.players === 2);
  const most = worst(two, (row) => row.payloadBytesS);
  if (most !== undefined) {
    rows.push([
      `under ${kbS(BANDWIDTH_TARGET_BYTES_S)} KB/s a player at 60 Hz with 2 players: session payload (every latency, loss and pattern)`,
      `at most ${kbS(most.payloadBytesS)} KB/s (${most.latencyMs} ms, ${fixed(most.loss * 100, 0)} % loss, ${most.pattern}) ${verdict(two.every((row) => row.payloadBytesS < BANDWIDTH_TARGET_BYTES_S))}`,
    ]);
    const least = two.reduce((l, row) => (row.wireBytesS < l.wireBytesS ? row : l));
    const mostWire = worst(two, (row) => row.wireBytesS)!;
    rows.push([
      `the same on the wire over WebRTC (estimated, ${fixed(WEBRTC_BYTES_PER_PACKET, 1)} B a packet)`,
      `${kbS(least.wireBytesS)}–${kbS(mostWire.wireBytesS)} KB/s ${verdict(two.every((row) => row.wireBytesS < BANDWIDTH_TARGET_BYTES_S))}: ${fixed(least.packetsS, 0)} packets/s × ${fixed(WEBRTC_BYTES_PER_PACKET, 1)} B is ${kbS(least.packetsS * WEBRTC_BYTES_PER_PACKET)} KB/s of headers before any payload`,
    ]);
  }
  print(markdownTable(['target (issue 27, item 7)', 'result'], rows));
  print();
}

/** Prints the netplay section. */
export function printNetplay(print: (text?: string) => void, bench: NetplayBench): void {
  print('## Netplay: rollback cost, the spike, bytes on the wire (issue 27, item 7)\n');
  if (bench.config.name === 'quick') print('A quick run (`TICKFLOW_BENCH_NETPLAY=quick`): small sizes, few frames; not figures to quote.\n');
  rollbackTables(print, bench);
  spikeTable(print, bench);
  bandwidthTable(print, bench);
  targetsTable(print, bench);
}

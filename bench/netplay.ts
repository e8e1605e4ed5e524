/**
 * Issue 27, item 7: rollback netplay, measured. Part of `npm run bench`
 * (bench/run.ts prints it), or alone:
 *
 *   npm run bench:netplay                                       # node --import tsx bench/netplay.ts
 *   TICKFLOW_BENCH_NETPLAY=quick npm run bench:netplay          # a smoke run: tiny sizes, few frames
 *
 * 1. Rollback cost per frame at depths 1, 4 and 8, through the real
 *    `syncLayer`, for a state game and the runtime at 100, 200 and 500
 *    Rapier bodies, beside the same frames without a rollback and Rapier
 *    alone on the same path (bench/netplay-rollback.ts).
 * 2. The frame-time spike a rollback causes, in a two-peer match over a
 *    simulated link with latency (bench/netplay-spike.ts).
 * 3. Bytes per second per player at 2 and 4 peers, 0/50/150 ms, 0 and 10 %
 *    loss, a realistic and a busy input pattern, the session's payload and
 *    an estimate of WebRTC's headers on top (bench/netplay-bandwidth.ts).
 *
 * Every engine here is built as a production build builds it
 * (`NODE_ENV=production` while the section runs), as in bench/replay.ts.
 */
import './browser-shim.js';
import { pathToFileURL } from 'node:url';
import { runSectionAlone } from './bench-header.js';
import { benchBandwidth } from './netplay-bandwidth.js';
import { netplayConfigFromEnvironment, type NetplayBench, type NetplayBenchConfig } from './netplay-bench.js';
import { benchRollbackFrames } from './netplay-rollback.js';
import { benchSpike } from './netplay-spike.js';
import { printNetplay } from './netplay-tables.js';

/** Runs the three parts one after another. */
export async function benchNetplay(config: NetplayBenchConfig, progress: (line: string) => void = () => {}): Promise<NetplayBench> {
  const previous = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    const rollback = await benchRollbackFrames(config.rollbackBodies, config.stateSizes, config.runtimeSizes, config.depths, progress);
    const spike = await benchSpike(config.spikeBodies, config.spikeSeconds, progress);
    const bandwidth = await benchBandwidth({ seconds: config.bandwidthSeconds, latenciesMs: config.latenciesMs, losses: config.losses, peerCounts: config.peerCounts }, progress);
    return { config, rollback, spike, bandwidth };
  } finally {
    if (previous === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = previous;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = netplayConfigFromEnvironment();
  await runSectionAlone(`\`npm run bench:netplay\` (\`node --import tsx bench/netplay.ts\`)${config.name === 'quick' ? ' with TICKFLOW_BENCH_NETPLAY=quick' : ''}`, async (print) =>
    printNetplay(print, await benchNetplay(config, (line) => console.error(line))),
  );
}

// One row of an isolated table, in a process of its own (see isolated-rows.ts):
// builds the row from the spec in argv[2], then answers the bench's requests.
import './browser-shim.js';
import type { CoreCandidate } from './core-candidate.js';
import { createJitterTable, HostDriver, makeHostCallMegamorphic } from './host-timeline.js';
import type { RowReply, RowRequest, RowSpec } from './isolated-rows.js';
import { collectYoungGeneration, measureAllocation } from './measure-allocation.js';
import { calibrateBatch, cpuNowNs, timeRun, warmUp } from './measure-time.js';

const send = (reply: RowReply): void => {
  process.send!(reply);
};

try {
  const spec = JSON.parse(process.argv[2]!) as RowSpec;
  const module = (await import(new URL(spec.module, import.meta.url).href)) as Record<string, (...args: number[]) => CoreCandidate>;
  const build = module[spec.factory];
  if (typeof build !== 'function') throw new Error(`${spec.module} exports no ${spec.factory}`);
  makeHostCallMegamorphic();
  const candidate = build(...(spec.args ?? []));
  const scenario = spec.host;
  const host =
    scenario === undefined
      ? new HostDriver(candidate.onHostTick)
      : new HostDriver(candidate.onHostTick, scenario.rateHz, createJitterTable(scenario.jitterMs), scenario.stallEvery ?? 0, scenario.stallMs ?? 0);
  const subject = { run: (frames: number) => host.run(frames) };
  let framesPerBatch = 1;

  process.on('message', (request: RowRequest) => {
    try {
      switch (request.kind) {
        case 'warm-up':
          // One slice of the warm-up; the bench hands out the slices round-robin.
          framesPerBatch = warmUp(subject, Math.max(framesPerBatch, request.minFrames), request.warmupMs);
          send({ kind: 'warmed-up' });
          break;
        case 'calibrate':
          framesPerBatch = calibrateBatch(subject, framesPerBatch, request.batchMs, request.minFrames);
          send({ kind: 'calibrated', framesPerBatch });
          break;
        case 'batch':
          collectYoungGeneration();
          send({ kind: 'batch', time: timeRun(subject, framesPerBatch) });
          break;
        case 'weigh':
          send({ kind: 'weighed', allocation: measureAllocation(subject.run, { framesPerSample: request.framesPerSample }) });
          break;
        case 'report':
          send({ kind: 'report', frames: candidate.frames(), hostTicks: host.ticks, work: candidate.work(), processCpuNs: cpuNowNs() });
          candidate.dispose();
          break;
      }
    } catch (error) {
      send({ kind: 'failed', message: String((error as Error)?.stack ?? error) });
    }
  });
  send({ kind: 'ready', name: candidate.name, how: candidate.how });
} catch (error) {
  send({ kind: 'failed', message: String((error as Error)?.stack ?? error) });
}

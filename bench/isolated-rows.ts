import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { WorkReport } from './core-candidate.js';
import type { HostScenario } from './host-timeline.js';
import type { AllocationReading } from './measure-allocation.js';
import { summariseRounds, type BatchTime, type TimingOptions, type TimingResult } from './measure-time.js';

/**
 * Where a row comes from: a module of bench/ (relative to this file) and the
 * exported function that builds its {@link CoreCandidate}, with its
 * arguments.
 */
export interface RowSpec {
  readonly module: string;
  readonly factory: string;
  readonly args?: readonly number[];
  /** The host that drives it; defaults to 60 Hz with ±1 ms jitter. */
  readonly host?: HostScenario;
}

/** What the bench asks a row's process; one request at a time, each answered once. */
export type RowRequest =
  | { readonly kind: 'warm-up'; readonly warmupMs: number; readonly minFrames: number }
  | { readonly kind: 'calibrate'; readonly batchMs: number; readonly minFrames: number }
  | { readonly kind: 'batch' }
  | { readonly kind: 'weigh'; readonly framesPerSample: number }
  | { readonly kind: 'report' };

/** What a row's process answers. */
export type RowReply =
  | { readonly kind: 'ready'; readonly name: string; readonly how: string }
  | { readonly kind: 'warmed-up' }
  | { readonly kind: 'calibrated'; readonly framesPerBatch: number }
  | { readonly kind: 'batch'; readonly time: BatchTime }
  | { readonly kind: 'weighed'; readonly allocation: AllocationReading }
  | { readonly kind: 'report'; readonly frames: number; readonly hostTicks: number; readonly work: WorkReport; readonly processCpuNs: number }
  | { readonly kind: 'failed'; readonly message: string };

/** One row's results. */
export interface IsolatedRow {
  readonly name: string;
  readonly how: string;
  readonly timing: TimingResult;
  readonly allocation: AllocationReading;
  /** Frames the row delivered over the whole run, and the host ticks it was given: the same-work check. */
  readonly frames: number;
  readonly hostTicks: number;
  readonly work: WorkReport;
  /** CPU time the row's process used in all (loading its modules included), in ns. */
  readonly processCpuNs: number;
}

/** Idle time after every row process is ready and before the warm-up, in ms. */
const SETTLE_MS = 500;
/** The warm-up, per row, comes in this many slices, handed out round-robin. */
const WARM_UP_SLICES = 10;

const ROW_PROCESS = fileURLToPath(new URL('./row-process.ts', import.meta.url));

/** One row's process and the one request it may have open. */
class RowProcess {
  private readonly child: ChildProcess;
  private pending: ((reply: RowReply) => void) | undefined;
  private readonly firstReply: Promise<RowReply>;

  constructor(spec: RowSpec) {
    this.child = fork(ROW_PROCESS, [JSON.stringify(spec)], { execArgv: ['--expose-gc', '--import', 'tsx'] });
    this.firstReply = new Promise((resolve) => (this.pending = resolve));
    this.child.on('message', (reply: RowReply) => {
      const resolve = this.pending;
      this.pending = undefined;
      resolve?.(reply);
    });
    this.child.on('exit', (code) => {
      this.pending?.({ kind: 'failed', message: `row process ${spec.factory} exited with ${code}` });
    });
  }

  ready(): Promise<RowReply> {
    return this.firstReply.then(expectReply);
  }

  ask(request: RowRequest): Promise<RowReply> {
    return new Promise<RowReply>((resolve) => {
      this.pending = resolve;
      this.child.send(request);
    }).then(expectReply);
  }

  close(): void {
    this.child.kill();
  }
}

function expectReply(reply: RowReply): RowReply {
  if (reply.kind === 'failed') throw new Error(`bench: ${reply.message}`);
  return reply;
}

function as<K extends RowReply['kind']>(reply: RowReply, kind: K): Extract<RowReply, { kind: K }> {
  if (reply.kind !== kind) throw new Error(`bench: expected a '${kind}' reply, got '${reply.kind}'`);
  return reply as Extract<RowReply, { kind: K }>;
}

/**
 * Times and weighs rows, each in a Node process of its own
 * (bench/row-process.ts), driven from this one.
 *
 * Why processes: rows that share a process share code. A function two rows
 * call (a host driver, the glue around a peer, a listener list, a handler
 * factory) collects type feedback from both, and V8 compiles it for both:
 * a call site that sees several targets stops being inlined, a number that
 * would stay in a register is boxed. Whichever row ran its code first, or
 * alone, looked better. In a process of its own, each row's code (the
 * library or peer it measures, the host, the glue, the handlers) is
 * compiled for that row only, as on a page that runs one game loop.
 *
 * Every row runs the same driver (row-process.ts: a synthetic 60 Hz host,
 * ±1 ms jitter, calling the row's tick through a call site V8 cannot
 * inline, as a browser's requestAnimationFrame calls its callback). The
 * rounds are interleaved as in {@link measureTimes}: one batch of every row
 * per round, the order rotated each round, one process running at a time
 * (the others wait on their pipe), each batch timed by its own process's CPU
 * time after a scavenge.
 */
export async function benchIsolatedRows(specs: readonly RowSpec[], options: TimingOptions): Promise<IsolatedRow[]> {
  const { rounds, batchMs, warmupMs, baseline, minFramesPerBatch = 1000 } = options;
  const processes = specs.map((spec) => new RowProcess(spec));
  try {
    const ready = (await Promise.all(processes.map((p) => p.ready()))).map((reply) => as(reply, 'ready'));
    const baselineIndex = ready.findIndex((r) => r.name === baseline);
    if (baselineIndex < 0) throw new Error(`bench: no baseline row named "${baseline}"`);

    // Let every process finish loading (V8 compiles and sweeps on helper
    // threads after a module graph loads), then warm up round-robin, in ten
    // slices each, so no row is always optimised first and under the others'
    // start-up.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    for (let slice = 0; slice < WARM_UP_SLICES; slice++) {
      for (const p of processes) await p.ask({ kind: 'warm-up', warmupMs: warmupMs / WARM_UP_SLICES, minFrames: minFramesPerBatch });
    }
    const framesPerBatch: number[] = [];
    for (const p of processes) {
      framesPerBatch.push(as(await p.ask({ kind: 'calibrate', batchMs, minFrames: minFramesPerBatch }), 'calibrated').framesPerBatch);
    }

    const batches: BatchTime[][] = processes.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < processes.length; k++) {
        const i = (round + k) % processes.length;
        batches[i]!.push(as(await processes[i]!.ask({ kind: 'batch' }), 'batch').time);
      }
    }
    const timings = summariseRounds(
      ready.map((r) => r.name),
      batches,
      framesPerBatch,
      baselineIndex,
    );

    const rows: IsolatedRow[] = [];
    for (const [i, p] of processes.entries()) {
      // About one batch's frames a sample (≈ batchMs of work), at most 10,000 frames.
      const framesPerSample = Math.max(1, Math.min(10_000, framesPerBatch[i]!));
      const { allocation } = as(await p.ask({ kind: 'weigh', framesPerSample }), 'weighed');
      const report = as(await p.ask({ kind: 'report' }), 'report');
      rows.push({ name: ready[i]!.name, how: ready[i]!.how, timing: timings[i]!, allocation, frames: report.frames, hostTicks: report.hostTicks, work: report.work, processCpuNs: report.processCpuNs });
    }
    return rows;
  } finally {
    for (const p of processes) p.close();
  }
}

/**
 * Who allocates in a steady runtime frame: V8's sampling heap profiler over
 * N frames of bench/runtime-scene.ts's scene at rest (collected objects
 * included, so garbage counts), each sample's bytes given to the last three
 * functions on its stack. Names the allocator where a heap-growth reading
 * only says how much (issue 29: "no steady allocation by tickflow itself
 * (its share shown separately)").
 *
 *   node --import tsx bench/runtime-allocations.ts [bodies=1000] [frames=300]
 */
import { Session } from 'node:inspector/promises';
import { benchRuntime } from './replay-snapshots.js';

process.env['NODE_ENV'] = 'production';
const bodies = Number(process.argv[2] ?? 1000);
const frames = Number(process.argv[3] ?? 300);
const runtime = await benchRuntime(bodies, 600);
for (let i = 0; i < 300; i++) runtime.advance();

interface ProfileNode {
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly selfSize: number;
  readonly children: readonly ProfileNode[];
}
const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
for (let i = 0; i < frames; i++) runtime.advance();
const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: ProfileNode } };
session.disconnect();
runtime.destroy();

const bySite = new Map<string, number>();
let total = 0;
const walk = (node: ProfileNode, stack: readonly string[]): void => {
  const here = [...stack, `${node.callFrame.functionName || '(anonymous)'} (${node.callFrame.url.split('/').pop() || 'native'})`];
  if (node.selfSize > 0) {
    total += node.selfSize;
    const site = here.slice(-3).join(' < ');
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
  }
  for (const child of node.children) walk(child, here);
};
walk(profile.head, []);
console.log(`runtime, ${bodies} bodies at rest, ${frames} frames: ${(total / frames).toFixed(0)} B a frame (${(total / frames / bodies).toFixed(1)} B a body)`);
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`${(bytes / frames).toFixed(0).padStart(8)} B/frame  ${site}`);

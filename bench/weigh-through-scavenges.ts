import v8 from 'node:v8';
import { collectYoungGeneration, median } from './measure-allocation.js';

/**
 * Bytes `run()` allocates, for work that allocates more than the young
 * generation holds (a save of thousands of bodies, a checkpoint of a
 * thousand): bench/measure-allocation.ts's reading (heap growth after a
 * scavenge) with, added back, what every scavenge during the sample freed
 * (`v8.GCProfiler`'s used heap before and after it). A scavenge's figures
 * are exact when it ends; a full collection's are not (it sweeps
 * concurrently, after its end is reported), so a sample during which one
 * ran is dropped.
 *
 * @return The median over the kept samples (NaN when none was kept), and how many were kept of how many taken.
 */
export function weighThroughScavenges(run: () => unknown, samples = 5): { bytes: number; kept: number; taken: number } {
  const kept: number[] = [];
  let taken = 0;
  while (kept.length < samples && taken < samples * 4) {
    taken++;
    collectYoungGeneration();
    const profiler = new v8.GCProfiler();
    profiler.start();
    const before = process.memoryUsage().heapUsed;
    run();
    const after = process.memoryUsage().heapUsed;
    const collections = profiler.stop().statistics;
    if (collections.some((gc) => gc.gcType !== 'Scavenge')) continue;
    const freed = collections.reduce((sum, gc) => sum + gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize, 0);
    kept.push(after - before + freed);
  }
  return { bytes: median(kept), kept: kept.length, taken };
}

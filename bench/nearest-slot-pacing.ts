/**
 * The reference pacer of the judder table: each ideal instant (frame n due
 * n intervals after the first host tick) gets the host tick nearest to it,
 * chosen with the whole run in view, as no real pacer can (it would have to
 * see the next tick's timestamp before deciding on this one). A target the
 * host cannot keep up with gets every tick once.
 *
 * On a jitter-free host this is the perfect pacer whose non-modal share the
 * host/target ratio forces. On a jittered host the nearest tick to an instant
 * that falls near the middle of two host frames flips with the jitter, which
 * is the judder a grid that follows raw timestamps shows.
 */
export function nearestSlotFrameTimes(timestamps: Float64Array, fps: number): number[] {
  const delivered: number[] = [];
  if (timestamps.length === 0) return delivered;
  const intervalMs = 1000 / fps;
  const firstMs = timestamps[0]!;
  const lastMs = timestamps[timestamps.length - 1]!;
  let k = 0;
  for (let n = 0; firstMs + n * intervalMs <= lastMs; n++) {
    const idealMs = firstMs + n * intervalMs;
    // Ticks are in order and instants increase, so the nearest tick only moves forward; a tie goes to the later tick.
    while (k + 1 < timestamps.length && Math.abs(timestamps[k + 1]! - idealMs) <= Math.abs(timestamps[k]! - idealMs)) k++;
    if (delivered.length === 0 || delivered[delivered.length - 1] !== timestamps[k]) delivered.push(timestamps[k]!);
  }
  return delivered;
}

import { describe, expect, it } from 'vitest';
import { FrameRecords, type FrameRecord } from '../../src/backends/frame-records.js';

// What a backend keeps for the things it draws (src/backends/frame-records.ts),
// the one mechanism of the pixi systems backend and the three.js systems and
// runtime backends (MeshPool is it with meshes, three-mesh-pool.spec.ts): a
// frame finds each record in the things' order, stamps it, and sweeps; a
// record not stamped is handed to `drop`.

function recorder(): { records: FrameRecords<string, FrameRecord<string>>; dropped: string[] } {
  const dropped: string[] = [];
  return { records: new FrameRecords<string, FrameRecord<string>>((record) => dropped.push(record.key)), dropped };
}

describe('FrameRecords', () => {
  it('finds each record with next(), in order or out of it, the walk starting over at each sweep', () => {
    const { records } = recorder();
    const [a, b, c] = ['a', 'b', 'c'].map((key) => records.add({ key, seen: 0 }));
    expect([records.next('a'), records.next('b'), records.next('c'), records.next('d')]).toEqual([a, b, c, undefined]);
    records.sweep(0, 3);
    expect([records.next('c'), records.next('a'), records.next('b')]).toEqual([c, a, b]);
  });

  it('drops the records a frame did not stamp, keeping the rest in order; a frame that drew them all drops none', () => {
    const { records, dropped } = recorder();
    for (const key of ['a', 'b', 'c']) records.add({ key, seen: 0 });
    records.get('a')!.seen = records.get('b')!.seen = records.get('c')!.seen = 1;
    records.sweep(1, 3);
    expect(dropped).toEqual([]);
    records.get('a')!.seen = records.get('c')!.seen = 2;
    records.sweep(2, 2);
    expect(dropped).toEqual(['b']);
    expect([records.size, records.get('b')]).toEqual([2, undefined]);
    expect([records.next('a')?.key, records.next('c')?.key]).toEqual(['a', 'c']);
  });

  it('clear() drops every record', () => {
    const { records, dropped } = recorder();
    for (const key of ['a', 'b']) records.add({ key, seen: 0 });
    records.clear();
    expect([dropped, records.size, records.next('a')]).toEqual([['a', 'b'], 0, undefined]);
  });
});

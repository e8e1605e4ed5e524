import { BoxGeometry, Group, Mesh, MeshLambertMaterial, type BufferGeometry } from 'three';
import { describe, expect, it } from 'vitest';
import { MeshPool, type PooledMesh } from '../../src/backends/three/mesh-pool.js';

// The meshes the three.js systems and runtime backends keep, one per key
// (src/backends/three/mesh-pool.ts): a frame stamps the meshes it drew and
// sweeps the rest; what is swept is removed from the group and freed. The
// backends' own specs cover it through their frames; this states what they
// cannot see headless: which GPU resources are disposed, and when.

/** Counts the `dispose` events of a geometry or material. */
function disposals(resource: BufferGeometry | MeshLambertMaterial): { count: number } {
  const seen = { count: 0 };
  resource.addEventListener('dispose', () => seen.count++);
  return seen;
}

function record(key: string, geometry: BufferGeometry = new BoxGeometry()): PooledMesh<string> {
  return { key, mesh: new Mesh(geometry, new MeshLambertMaterial()), seen: 0 };
}

/** One frame: stamps the meshes of `keys`, then sweeps. */
function frame(pool: MeshPool<string>, stamp: number, keys: readonly string[]): void {
  for (const key of keys) pool.get(key)!.seen = stamp;
  pool.sweep(stamp, keys.length);
}

describe('MeshPool', () => {
  it('finds each key\'s record with next(), in the order the records were made or out of it, the walk starting over at each sweep', () => {
    const pool = new MeshPool<string>(new Group(), true);
    const [a, b, c] = [record('a'), record('b'), record('c')];
    for (const r of [a, b, c]) pool.add(r);
    // In order: each is the record after the one found last.
    expect([pool.next('a'), pool.next('b'), pool.next('c')]).toEqual([a, b, c]);
    pool.sweep(1, 0); // nothing stamped with 1: all three go
    for (const r of [a, b, c]) pool.add(r);
    a.seen = b.seen = c.seen = 2;
    pool.sweep(2, 3);
    // Out of order, and a key with no record.
    expect([pool.next('c'), pool.next('a'), pool.next('b'), pool.next('d')]).toEqual([c, a, b, undefined]);
    pool.sweep(3, 3);
    expect([pool.next('a'), pool.next('b'), pool.next('c')]).toEqual([a, b, c]);
  });

  it('removes the meshes a frame did not stamp, keeping the rest in order, and disposes each one\'s material and own geometry', () => {
    const group = new Group();
    const pool = new MeshPool<string>(group, true);
    const [a, b, c] = [record('a'), record('b'), record('c')];
    for (const r of [a, b, c]) pool.add(r);
    expect(group.children).toEqual([a.mesh, b.mesh, c.mesh]);
    const bMaterial = disposals(b.mesh.material);
    const bGeometry = disposals(b.mesh.geometry);
    const aMaterial = disposals(a.mesh.material);

    frame(pool, 1, ['a', 'b', 'c']);
    expect(pool.size).toBe(3);

    frame(pool, 2, ['a', 'c']);
    expect(pool.size).toBe(2);
    expect(pool.get('b')).toBeUndefined();
    expect(pool.get('a')).toBe(a);
    expect(group.children).toEqual([a.mesh, c.mesh]);
    expect([bMaterial.count, bGeometry.count, aMaterial.count]).toEqual([1, 1, 0]);
  });

  it('leaves shared geometries alone: with ownsGeometries false only the materials are disposed', () => {
    const shared = new BoxGeometry();
    const pool = new MeshPool<string>(new Group(), false);
    const [a, b] = [record('a', shared), record('b', shared)];
    pool.add(a);
    pool.add(b);
    const geometry = disposals(shared);
    const material = disposals(a.mesh.material);
    frame(pool, 1, ['b']);
    expect([material.count, geometry.count]).toEqual([1, 0]);
    pool.dispose();
    expect(geometry.count).toBe(0);
  });

  it('skips the walk when the frame drew every mesh: an unstamped mesh then stays', () => {
    // The count is the caller's promise; a frame that drew them all has nothing to sweep.
    const pool = new MeshPool<string>(new Group(), true);
    pool.add(record('a'));
    pool.sweep(1, 1);
    expect(pool.size).toBe(1);
    pool.sweep(2, 0);
    expect(pool.size).toBe(0);
  });

  it('dispose frees every mesh, forgets them, and empties the group', () => {
    const group = new Group();
    const pool = new MeshPool<string>(group, true);
    const a = record('a');
    pool.add(a);
    const other = new Group();
    group.add(other);
    const material = disposals(a.mesh.material);
    const geometry = disposals(a.mesh.geometry);
    pool.dispose();
    expect([material.count, geometry.count]).toEqual([1, 1]);
    expect(pool.size).toBe(0);
    expect(pool.get('a')).toBeUndefined();
    expect(group.children).toEqual([]);
  });
});

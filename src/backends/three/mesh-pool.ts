import type { BufferGeometry, Group, Mesh, MeshLambertMaterial } from 'three';

/** What a {@link MeshPool} holds for one drawn thing: its key, its mesh, and the frame that last drew it. */
export interface PooledMesh<K> {
  /** What the mesh is drawn for: an entity, an object's handle. */
  readonly key: K;
  /** The mesh, in the pool's group; its material is its own. */
  readonly mesh: Mesh<BufferGeometry, MeshLambertMaterial>;
  /** The frame that last drew it: one not drawn in the frame being swept belongs to something gone. */
  seen: number;
}

/**
 * The meshes a three.js backend keeps for the things it draws, one per key,
 * in one group, shared by the systems and the runtime backends.
 *
 * A frame looks each thing's mesh up by key ({@link next}), makes one for a
 * new thing ({@link add}), stamps the mesh it drew with the frame's number,
 * and ends with {@link sweep}: the meshes the frame did not stamp belong to
 * things gone (destroyed, or another scene's) and are removed and disposed.
 * The records are also kept in an array, in the order the things first
 * appeared, so the sweep is a plain loop (no Map iteration) and a frame that
 * drew every mesh skips it: a steady frame allocates nothing.
 *
 * The things arrive in the same order every frame (an engine's entities and
 * objects are in creation order), so {@link next} first compares the key with
 * the record after the one it found last: one comparison per thing instead
 * of a Map lookup (issue 29: the systems backend's per-entity sync was the
 * largest share of tickflow's time in its CPU profile; ActorSprites found
 * the Map lookup costly in pixi). A thing out of that order is found in the
 * Map.
 *
 * A mesh's material is always its own and is disposed with it. Its geometry
 * is disposed with it too when `ownsGeometries` is true; otherwise the
 * geometries are shared and their owner disposes them.
 */
export class MeshPool<K, R extends PooledMesh<K> = PooledMesh<K>> {
  private readonly byKey = new Map<K, R>();
  /** The same records as {@link byKey}, in an array the sweep walks with a plain loop. */
  private readonly records: R[] = [];

  /**
   * @param group Where the meshes are added; {@link dispose} empties it.
   * @param ownsGeometries Whether each mesh's geometry is its own, disposed with it.
   */
  constructor(
    readonly group: Group,
    private readonly ownsGeometries: boolean,
  ) {}

  /** How many meshes it holds. */
  get size(): number {
    return this.records.length;
  }

  /** Where {@link next} looks first: the record after the one it found last. */
  private cursor = 0;

  /** The record of `key`'s mesh, if it has one. */
  get(key: K): R | undefined {
    return this.byKey.get(key);
  }

  /**
   * The record of `key`'s mesh, if it has one, for a frame walking its things
   * in order: the record after the one found last when its key is `key`, else
   * the Map's. {@link sweep} starts the walk over for the next frame.
   */
  next(key: K): R | undefined {
    const record = this.records[this.cursor];
    if (record !== undefined && record.key === key) {
      this.cursor++;
      return record;
    }
    return this.byKey.get(key);
  }

  /** Takes in a new record: its mesh joins the group. */
  add(record: R): R {
    this.group.add(record.mesh);
    this.byKey.set(record.key, record);
    this.records.push(record);
    return record;
  }

  /**
   * Removes and disposes the meshes not stamped with `stamp`, keeping the
   * rest in order.
   *
   * @param stamp The frame's number, which the frame set as `seen` on every mesh it drew.
   * @param drawnCount How many meshes the frame drew: when that is all of them, there is nothing to remove and the walk is skipped.
   */
  sweep(stamp: number, drawnCount: number): void {
    this.cursor = 0;
    const records = this.records;
    if (drawnCount === records.length) return;
    let kept = 0;
    for (let i = 0; i < records.length; i++) {
      const record = records[i]!;
      if (record.seen === stamp) {
        records[kept++] = record;
        continue;
      }
      this.group.remove(record.mesh);
      this.free(record);
      this.byKey.delete(record.key);
    }
    records.length = kept;
  }

  /** Disposes every mesh's material (and geometry, if its own), forgets them all, and empties the group, with anything else in it. */
  dispose(): void {
    this.cursor = 0;
    const records = this.records;
    for (let i = 0; i < records.length; i++) this.free(records[i]!);
    records.length = 0;
    this.byKey.clear();
    this.group.clear();
  }

  private free(record: R): void {
    if (this.ownsGeometries) record.mesh.geometry.dispose();
    record.mesh.material.dispose();
  }
}

import type { BufferGeometry, Group, Mesh, MeshLambertMaterial } from 'three';
import { FrameRecords, type FrameRecord } from '../frame-records.js';

/** What a {@link MeshPool} holds for one drawn thing: its key, its mesh, and the frame that last drew it. */
export interface PooledMesh<K> extends FrameRecord<K> {
  /** The mesh, in the pool's group; its material is its own. */
  readonly mesh: Mesh<BufferGeometry, MeshLambertMaterial>;
}

/**
 * The meshes a three.js backend keeps for the things it draws, one per key,
 * in one group, shared by the systems and the runtime backends: the
 * backends' {@link FrameRecords} (found in frame order, swept when gone)
 * whose records are meshes.
 *
 * A frame looks each thing's mesh up by key ({@link next}), makes one for a
 * new thing ({@link add}), stamps the mesh it drew with the frame's number,
 * and ends with {@link sweep}: the meshes the frame did not stamp belong to
 * things gone (destroyed, or another scene's) and are removed and disposed.
 *
 * A mesh's material is always its own and is disposed with it. Its geometry
 * is disposed with it too when `ownsGeometries` is true; otherwise the
 * geometries are shared and their owner disposes them.
 */
export class MeshPool<K, R extends PooledMesh<K> = PooledMesh<K>> extends FrameRecords<K, R> {
  /**
   * @param group Where the meshes are added; {@link dispose} empties it.
   * @param ownsGeometries Whether each mesh's geometry is its own, disposed with it.
   */
  constructor(
    readonly group: Group,
    ownsGeometries: boolean,
  ) {
    super((record) => {
      group.remove(record.mesh);
      if (ownsGeometries) record.mesh.geometry.dispose();
      record.mesh.material.dispose();
    });
  }

  /** Takes in a new record: its mesh joins the group. */
  override add(record: R): R {
    this.group.add(record.mesh);
    return super.add(record);
  }

  /** Disposes every mesh's material (and geometry, if its own), forgets them all, and empties the group, with anything else in it. */
  dispose(): void {
    // The group first: each record's removal then finds an empty group, not a search through thousands of meshes.
    this.group.clear();
    this.clear();
  }
}

/** What a {@link FrameRecords} holds for one drawn thing: its key and the frame that last drew it. */
export interface FrameRecord<K> {
  /** What the record is drawn for: an entity, an object's handle. */
  readonly key: K;
  /** The frame that last drew it: one not drawn in the frame being swept belongs to something gone. */
  seen: number;
}

/**
 * What a backend keeps for the things it draws, one record per key (a mesh,
 * a Graphics), found again each frame and dropped when its thing is gone:
 * the one mechanism of the pixi systems backend and the three.js systems
 * and runtime backends.
 *
 * A frame looks each thing's record up by key ({@link next}), makes one for a
 * new thing ({@link add}), stamps the record it drew with the frame's number,
 * and ends with {@link sweep}: the records the frame did not stamp belong to
 * things gone (destroyed, or another scene's) and are handed to `drop`.
 * The records are also kept in an array, in the order the things first
 * appeared, so the sweep is a plain loop (no Map iteration) and a frame that
 * drew every record skips it: a steady frame allocates nothing.
 *
 * The things arrive in the same order every frame (an engine's entities and
 * objects are in creation order), so {@link next} first compares the key with
 * the record after the one it found last: one comparison per thing instead
 * of a Map lookup (issue 29: the Map lookup per entity was the largest share
 * of the systems backends' sync in their CPU profiles; ActorSprites found it
 * costly in pixi). A thing out of that order is found in the Map.
 */
export class FrameRecords<K, R extends FrameRecord<K>> {
  private readonly byKey = new Map<K, R>();
  /** The same records as {@link byKey}, in an array the sweep walks with a plain loop. */
  private readonly records: R[] = [];
  /** Where {@link next} looks first: the record after the one it found last. */
  private cursor = 0;

  /** @param drop Frees what a record holds when its thing is gone (by {@link sweep} or {@link clear}). */
  constructor(private readonly drop: (record: R) => void) {}

  /** How many records it holds. */
  get size(): number {
    return this.records.length;
  }

  /** The record of `key`, if it has one. */
  get(key: K): R | undefined {
    return this.byKey.get(key);
  }

  /**
   * The record of `key`, if it has one, for a frame walking its things in
   * order: the record after the one found last when its key is `key`, else
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

  /** Takes in a new record. */
  add(record: R): R {
    this.byKey.set(record.key, record);
    this.records.push(record);
    return record;
  }

  /**
   * Drops the records not stamped with `stamp`, keeping the rest in order.
   *
   * @param stamp The frame's number, which the frame set as `seen` on every record it drew.
   * @param drawnCount How many records the frame drew: when that is all of them, there is nothing to drop and the walk is skipped.
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
      this.drop(record);
      this.byKey.delete(record.key);
    }
    records.length = kept;
  }

  /** Drops every record. */
  clear(): void {
    this.cursor = 0;
    const records = this.records;
    for (let i = 0; i < records.length; i++) this.drop(records[i]!);
    records.length = 0;
    this.byKey.clear();
  }
}

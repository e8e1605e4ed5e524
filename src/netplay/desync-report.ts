import { leafText } from '../replay/format-report.js';
import { leafJson, leafOf } from '../replay/session-format.js';
import type { FieldDifference, StateFields, StateLeaf } from '../replay/state-hash.js';
import type { PeerId } from './transport.js';

/**
 * Two peers' states after the same confirmed tick differ: what a rollback
 * session reports, on each of the two peers, once they have exchanged that
 * tick's flattened state. `expected` in each field is this peer's value,
 * `actual` the other peer's.
 */
export interface DesyncReport {
  /** The checksum's tick: the states compared are those after ticks 0 to `tick - 1`, all run with confirmed inputs. */
  readonly tick: number;
  /** The other peer. */
  readonly peer: PeerId;
  /** The players the other peer adds inputs for. */
  readonly peerPlayers: readonly number[];
  /** This peer's hash of the state. */
  readonly localHash: string;
  /** The other peer's. */
  readonly remoteHash: string;
  /**
   * The fields that differ, this peer's value as `expected` and the other's
   * as `actual`, at most 20: empty when the states could not be exchanged
   * (this peer no longer kept its state of that tick; see `fieldsKnown`).
   */
  readonly fields: readonly FieldDifference[];
  /** Whether both flattened states were compared (false: the hashes alone are known). */
  readonly fieldsKnown: boolean;
}

/**
 * A desync report as text, in replay's report format (see
 * `formatReplayReport`): a line naming the tick and both hashes, then one
 * line per field that differs, this peer's value then the other's.
 *
 * ```text
 * ✗ the peers differ after tick 120: hash 5c1f… here, 09ad… at peer 1 (player 1)
 *   .state.sparks: here 0.4141, peer 1 0.8203
 * ```
 */
export function formatDesyncReport(report: DesyncReport): string {
  const { tick, peer, peerPlayers, localHash, remoteHash, fields, fieldsKnown } = report;
  const who = `peer ${peer} (player${peerPlayers.length === 1 ? '' : 's'} ${peerPlayers.join(', ')})`;
  const lines = [`✗ the peers differ after tick ${tick}: hash ${localHash} here, ${remoteHash} at ${who}`];
  for (const field of fields) lines.push(`  ${field.path}: here ${leafText(field.expected)}, peer ${peer} ${leafText(field.actual)}`);
  if (!fieldsKnown) lines.push('  (the state of that tick was no longer kept on both peers: only the hashes are known)');
  else if (fields.length === 0) lines.push('  (no field differs: the hashes cover something the flattened state does not, such as an empty Map against none)');
  return lines.join('\n');
}

/** A flattened state as bytes to send: JSON of `[path, value]` pairs, values as the session format writes them. */
export function fieldsToBytes(fields: StateFields): Uint8Array {
  const pairs: unknown[] = [];
  for (const [path, value] of fields) pairs.push([path, leafJson(value)]);
  return new TextEncoder().encode(JSON.stringify(pairs));
}

/** Reads {@link fieldsToBytes}' bytes back; `undefined` if they are not such bytes (a peer running other code). */
export function fieldsFromBytes(bytes: Uint8Array): StateFields | undefined {
  try {
    const pairs: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!Array.isArray(pairs)) return undefined;
    const fields = new Map<string, StateLeaf>();
    for (const pair of pairs) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'string') return undefined;
      fields.set(pair[0], leafOf(pair[1], pair[0]));
    }
    return fields;
  } catch {
    return undefined;
  }
}

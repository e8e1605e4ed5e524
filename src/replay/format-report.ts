import type { ReplayReport } from './replay-session.js';
import type { StateLeaf } from './state-hash.js';

/**
 * A replay report as text: one line when the replay is the same, else the
 * first divergence, its frame (and fixed tick, for a preset with a fixed
 * step), and one line per field that differs, recorded vs replayed. What `npx tickflow replay` and `replayTest` print.
 *
 * ```text
 * ✗ the replay differs at frame 120: hash 5c1f… recorded, 09ad… replayed (2 checkpoints compared)
 *   .sparks: recorded 0.4141, replayed 0.8203
 * ```
 *
 * When the divergent checkpoint kept only its hash, the fields are the next
 * kept checkpoint's, and a line says which frame that is.
 */
export function formatReplayReport(report: ReplayReport): string {
  const { same, frames, checkpoints, firstDivergence, errors } = report;
  const errorNote = errors > 0 ? `; the game reported ${errors} error${errors === 1 ? '' : 's'}` : '';
  if (same) return `✓ the replay is the same: ${frames} frames, ${checkpoints} checkpoint${checkpoints === 1 ? '' : 's'} equal${errorNote}`;
  if (firstDivergence === undefined) return `✗ the replay stopped after ${frames} frames${errorNote}`;
  const { frame, tick, recordedHash, replayedHash, fields } = firstDivergence;
  const hashes = recordedHash === '' ? 'the schedule differs' : `hash ${recordedHash} recorded, ${replayedHash || 'none'} replayed`;
  // A tick is counted only where there is a fixed step: elsewhere it is always 0, and says nothing.
  const where = report.replayed.fixedStep ? `frame ${frame} (tick ${tick})` : `frame ${frame}`;
  const lines = [`✗ the replay differs at ${where}: ${hashes} (${checkpoints} checkpoint${checkpoints === 1 ? '' : 's'} compared${errorNote})`];
  if (firstDivergence.fieldsFrame !== undefined) lines.push(`  the fields at frame ${firstDivergence.fieldsFrame}, the next checkpoint that kept them (record with fieldsEvery: 1 for the divergent checkpoint's own):`);
  for (const field of fields) lines.push(`  ${field.path}: recorded ${leafText(field.expected)}, replayed ${leafText(field.actual)}`);
  if (fields.length === 0 && recordedHash !== '') {
    lines.push(firstDivergence.fieldsFrame === undefined ? '  (no checkpoint from there on kept fields on both sides: record with fieldsEvery >= 1 to see which differ)' : '  (no field differs there)');
  }
  return lines.join('\n');
}

/** A field value as a report prints it (`-0`, `12n`, strings quoted). Internal: the netplay desync report prints the same. */
export function leafText(leaf: StateLeaf): string {
  if (typeof leaf === 'string') return JSON.stringify(leaf);
  if (typeof leaf === 'number' && Object.is(leaf, -0)) return '-0';
  if (typeof leaf === 'bigint') return `${leaf}n`;
  return String(leaf);
}

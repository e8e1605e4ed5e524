import type { DeltaTimeReport } from './validate-delta-time.js';

/** How wide the table's value column may grow before a value wraps. */
const TABLE_WIDTH = 100;

/**
 * Renders a delta-time report as a readable text table: the runs (clock,
 * frames, elapsed), then one row per outcome with ✓ when every clock agrees
 * (the value shown once) or ✗ and each clock's value.
 *
 * ```text
 * Paddle Duel: AI vs AI, 20 s · 20 s simulated · ✓ delta-time independent
 *   clock                      frames  elapsed
 *   constant 16.667 ms           1200  20.000 s
 *   sequence 8, 16, 33, 16 ms    1096  20.000 s
 *   seeded 5–40 ms (seed 7)       863  20.000 s
 *
 *   outcome     agree  value (frame counts differ by design and are not compared)
 *   elapsed     ✓      20.000 s
 *   level       ✓      round-1
 *   scores      ✓      left: 0, right: 1
 *   possession  ✓      left-ai: left-paddle, right-ai: right-paddle
 * ```
 *
 * @example
 * ```ts
 * console.log(formatOutcomeTable(await validateDeltaTime(scenario)));
 * ```
 */
export function formatOutcomeTable(report: DeltaTimeReport): string {
  const lines: string[] = [];
  const differ = report.mismatches.length;
  const verdict = report.ok ? '✓ delta-time independent' : `✗ ${differ} outcome${differ === 1 ? ' differs' : 's differ'}`;
  lines.push(`${report.scenario} · ${report.simulatedSeconds} s simulated · ${verdict}`);
  if (report.description) lines.push(`  ${report.description}`);
  const clockWidth = Math.max('clock'.length, ...report.runs.map((r) => r.clock.length));
  const framesWidth = Math.max('frames'.length, ...report.runs.map((r) => String(r.frames).length));
  lines.push(`  ${'clock'.padEnd(clockWidth)}  ${'frames'.padStart(framesWidth)}  elapsed`);
  for (const run of report.runs) {
    lines.push(`  ${run.clock.padEnd(clockWidth)}  ${String(run.frames).padStart(framesWidth)}  ${run.elapsedSeconds.toFixed(3)} s`);
  }
  lines.push('');
  const fieldWidth = Math.max('outcome'.length, ...report.table.map((r) => r.field.length));
  const valueIndent = 2 + fieldWidth + 2 + 'agree'.length + 2;
  lines.push(`  ${'outcome'.padEnd(fieldWidth)}  agree  value (frame counts differ by design and are not compared)`);
  for (const row of report.table) {
    const head = `  ${row.field.padEnd(fieldWidth)}  ${(row.agree ? '✓' : '✗').padEnd('agree'.length)}  `;
    if (row.agree) {
      pushWrapped(lines, head, row.values[0] ?? '', valueIndent);
      continue;
    }
    row.values.forEach((value, i) => {
      const prefix = i === 0 ? head : ' '.repeat(valueIndent);
      pushWrapped(lines, `${prefix}${report.runs[i]!.clock.padEnd(clockWidth)}  `, value, valueIndent + clockWidth + 2);
    });
  }
  return lines.join('\n');
}

/** Appends `prefix + value`, wrapping the value at ', ' boundaries to {@link TABLE_WIDTH}. */
function pushWrapped(lines: string[], prefix: string, value: string, indent: number): void {
  const room = Math.max(20, TABLE_WIDTH - indent);
  const parts = value.split(', ');
  let line = '';
  let first = true;
  for (const part of parts) {
    const next = line === '' ? part : `${line}, ${part}`;
    if (line !== '' && next.length > room) {
      lines.push(`${first ? prefix : ' '.repeat(indent)}${line},`);
      first = false;
      line = part;
    } else {
      line = next;
    }
  }
  lines.push(`${first ? prefix : ' '.repeat(indent)}${line}`);
}

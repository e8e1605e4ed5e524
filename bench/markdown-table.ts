/** Renders rows as a GitHub markdown table; numeric-looking columns are right-aligned. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const numeric = header.map((_, column) => rows.length > 0 && rows.every((row) => /^[-+~≈]?[\d.,]+(\s|%|×|$)/.test(row[column] ?? '')));
  const widths = header.map((title, column) => Math.max(title.length, 3, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    '| ' + cells.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ') + ' |';
  const rule = '| ' + widths.map((width, column) => (numeric[column] ? '-'.repeat(width - 1) + ':' : '-'.repeat(width))).join(' | ') + ' |';
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** A number with a fixed count of decimals. */
export const fixed = (value: number, decimals: number): string => (Number.isFinite(value) ? value.toFixed(decimals) : 'n/a');

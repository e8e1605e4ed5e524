/**
 * Vite's chunk-size warning, found in what `vite build` printed. Issue 29:
 * "Every starter builds with no chunk-size warning"; the starters check
 * (scripts/check-fresh-apps.ts) fails a starter whose build prints it.
 *
 * Vite 8 prints, after its list of written files:
 *
 * ```text
 * dist/assets/index-6wv8NlT8.js     144.26 kB │ gzip:    47.16 kB
 * dist/assets/rapier-BcnL-M2-.js  4,335.10 kB │ gzip: 1,669.96 kB
 *
 * (!) Some chunks are larger than 600 kB after minification. Consider:
 * ```
 */

/** The warning's first line; its number is `build.chunkSizeWarningLimit`, in kB. */
export const CHUNK_SIZE_WARNING = /Some chunks are larger than ([\d,.]+) kB after minification/;

/** A line of Vite's file list that names a JavaScript chunk: its file and its size in kB. */
const CHUNK_LINE = /(\S+\.m?js)\s+([\d,.]+) kB/;

/** Colour codes, which Vite prints on a terminal. */
const ANSI = /\x1b\[[0-9;]*m/g;

/** What a build warned of: the limit and the chunks over it. */
export interface ChunkSizeWarning {
  /** `build.chunkSizeWarningLimit`, in kB, as the warning names it. */
  readonly limitKb: number;
  /** Each chunk the build listed above the limit, as `file (size kB)`, largest first. */
  readonly chunks: readonly string[];
}

/** A size as Vite prints it (`4,335.10`), in kB. */
const kilobytes = (text: string): number => Number(text.replaceAll(',', ''));

/**
 * Finds Vite's chunk-size warning in a build's output.
 *
 * @param output What `vite build` printed, stdout and stderr together.
 * @return The limit and the chunks over it, or undefined when the build did not warn.
 */
export function chunkSizeWarning(output: string): ChunkSizeWarning | undefined {
  const text = output.replace(ANSI, '');
  const warning = CHUNK_SIZE_WARNING.exec(text);
  if (warning === null) return undefined;
  const limitKb = kilobytes(warning[1]!);
  const chunks = text
    .split('\n')
    .flatMap((line) => {
      const chunk = CHUNK_LINE.exec(line);
      return chunk === null ? [] : [{ file: chunk[1]!, kb: kilobytes(chunk[2]!) }];
    })
    .filter((chunk) => chunk.kb > limitKb)
    .sort((a, b) => b.kb - a.kb)
    .map((chunk) => `${chunk.file} (${chunk.kb.toFixed(2)} kB)`);
  return { limitKb, chunks };
}

// Named here rather than taken from @types/node: the library's build has no
// Node types, and a bundler sees only the expression `process.env.NODE_ENV`.
declare const process: { readonly env: { readonly NODE_ENV?: string } };

/**
 * Whether this is a development build, the ecosystem's way: anything but
 * `process.env.NODE_ENV === 'production'`. Engines turn their development
 * checks (the state engine's read-only view) on by default in development
 * and off in production, so players never pay for them.
 *
 * Bundlers (Vite, webpack, esbuild, Rollup's replace plugin) replace the
 * expression `process.env.NODE_ENV` with a string in a build, so a production
 * bundle reads `"production" !== "production"` and folds it away. Where
 * nothing replaced it and there is no `process` (a browser loading the
 * modules as they are), reading it throws; that is a development setting
 * too, so the answer is `true`. Node reads its environment as usual (vitest
 * sets `"test"`).
 *
 * Read when an engine is built, not when this module loads, so a test can
 * set the environment per engine.
 *
 * @example
 * ```ts
 * import { nullBackend } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 *
 * // The check follows the build; pass readonlyView to decide yourself.
 * const engine = createStateEngine({ backend: nullBackend(), initial: 0, update: (n) => n + 1 });
 * ```
 */
export function isDevelopmentBuild(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    // No `process` here (a ReferenceError) and no bundler replaced the expression.
    return true;
  }
}

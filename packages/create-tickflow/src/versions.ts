/**
 * The exact versions a new app pins: the ones the tickflow repository builds
 * and tests with (its root package.json: tickflow's own version, and its
 * devDependencies). A unit test (spec/create-tickflow/versions.spec.ts) fails
 * when the two drift apart, so a starter always installs what CI checked.
 */
export const VERSIONS = {
  tickflow: '0.2.0',
  rxjs: '7.8.2',
  'pixi.js': '8.22.0',
  three: '0.187.0',
  '@types/three': '0.187.0',
  '@dimforge/rapier3d-compat': '0.21.0',
  typescript: '5.9.3',
  vite: '8.3.8',
  vitest: '4.1.12',
  'rxjs-marbles': '7.0.1',
} as const;

/** A package a starter may depend on. */
export type PackageName = keyof typeof VERSIONS;

// Issue 21's brief: "Pin the generated app's dependency versions to the ones
// this repo uses (tickflow: the version in the root package.json)."
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { VERSIONS } from '../../packages/create-tickflow/src/versions.js';

const root = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  version: string;
  devDependencies: Record<string, string>;
};

it("a starter pins tickflow at the root package's version, and every other package at the version this repository tests with", () => {
  const { tickflow, ...others } = VERSIONS;
  expect(tickflow).toBe(root.version);
  for (const [name, version] of Object.entries(others)) expect(`${name}@${version}`).toBe(`${name}@${root.devDependencies[name]}`);
});

/**
 * Issue 21: "CI scaffolds every template from the packed tarballs into a temp
 * folder, installs, type-checks, runs its test, builds it, and checks in
 * Chromium that it moves."
 *
 * Each template becomes a fresh app the way a newcomer makes one: the packed
 * create-tickflow runs as `npm create tickflow` runs it (`npm exec` of the
 * package, here its tarball), into an empty folder; the app's package.json
 * then points tickflow at the packed tarball (the version it pins is not on
 * the registry until it is released) and everything else stays as written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { TEMPLATE_NAMES } from '../packages/create-tickflow/src/templates.js';
import { run, type FreshApp, type PackedPackage } from './fresh-app.js';

/** The package the starters need packed besides tickflow. */
export const STARTER_PACKAGES: readonly PackedPackage[] = [{ name: 'create-tickflow', folder: 'packages/create-tickflow' }];

/** How many tests each template's own spec must pass, at least. */
const TESTS_PER_TEMPLATE = 2;

/** The fresh app of each template (of those named in `only`, when given). */
export function starterApps(only?: readonly string[]): FreshApp[] {
  return TEMPLATE_NAMES.filter((name) => only === undefined || only.includes(name)).map((template) => ({
    name: `starter-${template}`,
    tests: TESTS_PER_TEMPLATE,
    browser: { kind: 'moves' },
    async write(dir, tarballs) {
      const creator = tarballs['create-tickflow'];
      if (creator === undefined) throw new Error('starters: create-tickflow was not packed');
      // What `npm create tickflow@latest <dir> -- --template <name>` runs, from the tarball.
      await run('npm', ['exec', '--yes', `--package=${creator}`, '--', 'create-tickflow', basename(dir), '--template', template], dirname(dir));
      const packageJson = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      if (packageJson.dependencies.tickflow === undefined) throw new Error(`starter ${template}: its package.json does not depend on tickflow`);
      packageJson.dependencies.tickflow = `file:${tarballs.tickflow}`;
      writeFileSync(join(dir, 'package.json'), JSON.stringify(packageJson, null, 2));
    },
  }));
}

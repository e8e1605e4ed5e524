/**
 * Issue 21: "CI scaffolds every template from the packed tarballs into a temp
 * folder, installs, type-checks, runs its test, builds it, and checks in
 * Chromium that it moves." Issue 30: "create-tickflow takes a local tickflow
 * (a path or a tarball) and the README says how, with the fresh-app checks
 * using exactly that path", and "a starter test that drives it with real
 * touch in Chromium at 390×844".
 *
 * Each template becomes a fresh app the way the create-tickflow README says
 * to make one before tickflow is on the registry: from the folder holding
 * both packed tarballs, `npm exec` of the packed create-tickflow (what
 * `npm create tickflow` runs) with `--tickflow ./tickflow-<version>.tgz`
 * ({@link createStarterCommand}; spec/scripts/check-starters.spec.ts holds
 * the README to it). Its package.json is left as create-tickflow wrote it.
 * In Chromium each is looked at on a desktop and played with a finger on a
 * phone (spec/browser/starter-play.ts).
 */
import { basename, dirname } from 'node:path';
import { TEMPLATE_NAMES, type TemplateName } from '../packages/create-tickflow/src/templates.js';
import { run, type FreshApp, type PackedPackage } from './fresh-app.js';

/** The package the starters need packed besides tickflow. */
export const STARTER_PACKAGES: readonly PackedPackage[] = [{ name: 'create-tickflow', folder: 'packages/create-tickflow' }];

/** How many tests each template's own spec must pass, at least. */
const TESTS_PER_TEMPLATE = 2;

/**
 * The command that makes a starter, run in the folder that holds both
 * tarballs: `npm exec` of the packed create-tickflow, with the packed
 * tickflow as `--tickflow`. The create-tickflow README gives it word for
 * word, with its own folder and template.
 */
export function createStarterCommand(creatorTarball: string, folder: string, template: string, tickflowTarball: string): string[] {
  return ['npm', 'exec', '--yes', `--package=./${creatorTarball}`, '--', 'create-tickflow', folder, '--template', template, '--tickflow', `./${tickflowTarball}`];
}

/** The fresh app of each template (of those named in `only`, when given). */
export function starterApps(only?: readonly string[]): FreshApp[] {
  return TEMPLATE_NAMES.filter((name) => only === undefined || only.includes(name)).map((template: TemplateName) => ({
    name: `starter-${template}`,
    tests: TESTS_PER_TEMPLATE,
    // Issue 29: "Every starter builds with no chunk-size warning."
    noChunkSizeWarning: true,
    browser: { kind: 'plays', template },
    async write(dir, tarballs) {
      const creator = tarballs['create-tickflow'];
      if (creator === undefined) throw new Error('starters: create-tickflow was not packed');
      const root = dirname(dir);
      if (dirname(creator) !== root || dirname(tarballs.tickflow) !== root) throw new Error(`starters: the tarballs must be in ${root}, beside the apps`);
      const [command, ...args] = createStarterCommand(basename(creator), basename(dir), template, basename(tarballs.tickflow));
      await run(command!, args, root);
    },
  }));
}

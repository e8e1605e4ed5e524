/**
 * `npm run test:fresh-apps` (or `test:guides`, `test:starters`): what a
 * newcomer does, checked from the packed tarballs in fresh apps (see
 * fresh-app.ts). Needs a build first (`npm run build`) and the npm registry
 * (the peers are installed from it, through the npm cache).
 *
 * ```sh
 * tsx scripts/check-fresh-apps.ts guides            # every guide's first example
 * tsx scripts/check-fresh-apps.ts starters          # every create-tickflow template
 * tsx scripts/check-fresh-apps.ts guides starters   # both, with one install
 * tsx scripts/check-fresh-apps.ts guides --only readme,runtime --keep
 * ```
 */
import { parseArgs } from 'node:util';
import { GUIDES, guideApp } from './check-guides.js';
import { STARTER_PACKAGES, starterApps } from './check-starters.js';
import { checkFreshApps, report, type FreshApp, type PackedPackage } from './fresh-app.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const kinds = positionals.length === 0 ? ['guides', 'starters'] : positionals;
for (const kind of kinds) {
  if (kind !== 'guides' && kind !== 'starters') throw new Error(`check-fresh-apps: expected "guides" or "starters", got "${kind}"`);
}
const only = values.only?.split(',');

const apps: FreshApp[] = [];
const packages: PackedPackage[] = [];
if (kinds.includes('guides')) apps.push(...GUIDES.filter((g) => only === undefined || only.includes(g.name)).map(guideApp));
if (kinds.includes('starters')) {
  apps.push(...starterApps(only));
  packages.push(...STARTER_PACKAGES);
}
if (apps.length === 0) throw new Error(`check-fresh-apps: --only ${values.only} names no app`);
report(await checkFreshApps(apps, { packages, keep: values.keep }));

// Issue 30: "A documented way to start before publication: create-tickflow takes a local tickflow (a path or a
// tarball) and the README says how, with the fresh-app checks using exactly that path." The README's lines are
// checked here against the command the starters check runs (scripts/check-starters.ts), without the network.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStarterCommand } from '../../scripts/check-starters.js';

const repo = resolve(import.meta.dirname, '../..');
const readme = readFileSync(resolve(repo, 'packages/create-tickflow/README.md'), 'utf8');
const versionOf = (folder: string) => (JSON.parse(readFileSync(resolve(repo, folder, 'package.json'), 'utf8')) as { version: string }).version;

/** The create-tickflow README's "before publication" block, line by line. */
const block = /<!-- before-publication -->\n```sh\n([\s\S]*?)```/.exec(readme)?.[1]?.split('\n') ?? [];

describe('the create-tickflow README, before tickflow is on the registry', () => {
  it('makes a starter with exactly the command the starters check runs, from the tarballs npm pack makes of this version', () => {
    const tickflow = `tickflow-${versionOf('.')}.tgz`;
    const creator = `create-tickflow-${versionOf('packages/create-tickflow')}.tgz`;
    const exec = block.find((line) => line.startsWith('npm exec '));
    expect(exec, 'an npm exec line').toBeDefined();
    expect(exec!.split(' ')).toEqual(createStarterCommand(creator, 'my-game', 'world', tickflow));
    // The two tarballs it names are the ones its npm pack lines make, beside it.
    expect(block.join('\n')).toContain(`npm pack --pack-destination ..)    # ${tickflow}`);
    expect(block.join('\n')).toContain(`npm pack --pack-destination ../../..)  # ${creator}`);
  });

  it('builds both packages before packing them', () => {
    expect(block[1]).toMatch(/^\(cd tickflow && npm ci && npm run build && npm pack /);
    const pkg = JSON.parse(readFileSync(resolve(repo, 'package.json'), 'utf8')) as { scripts: { build: string } };
    expect(pkg.scripts.build).toContain('tsc -p packages/create-tickflow/tsconfig.json');
  });
});

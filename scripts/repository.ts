/**
 * Where the repository is on the web, and links into it: the README files
 * npm packs are read on the registry's page, where a relative link
 * (`docs/loop.md`) leads nowhere, so they link the repository's files by
 * their address (issue 30, "docs that travel"). The address comes from the
 * root package.json's `repository`, the one source of truth.
 *
 * ```text
 * docs/loop.md#speed      https://github.com/tickflow/tickflow/blob/main/docs/loop.md#speed
 * examples/paddle-duel/   https://github.com/tickflow/tickflow/tree/main/examples/paddle-duel/
 * docs/timing-lab.png     https://raw.githubusercontent.com/tickflow/tickflow/main/docs/timing-lab.png   (an image: its bytes)
 * ```
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The branch the links name. */
export const REPOSITORY_BRANCH = 'main';

/** The repository's web address, from package.json (`git+https://github.com/o/r.git` → `https://github.com/o/r`). */
export const REPOSITORY_URL: string = (() => {
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { repository?: { url?: string } };
  const url = pkg.repository?.url;
  const match = url === undefined ? null : /^(?:git\+)?(https:\/\/github\.com\/[\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(url);
  if (match === null) throw new Error(`repository: package.json's repository.url must be a GitHub address, got ${JSON.stringify(url)}`);
  return match[1]!;
})();

const RAW_URL = REPOSITORY_URL.replace('https://github.com/', 'https://raw.githubusercontent.com/');

/** A repository path's address: `blob/` for a file, `tree/` for a folder (ending in `/`), the raw bytes for an image (`image: true`). */
export function repositoryLink(path: string, { image = false } = {}): string {
  if (image) return `${RAW_URL}/${REPOSITORY_BRANCH}/${path}`;
  return `${REPOSITORY_URL}/${path.split('#')[0]!.endsWith('/') ? 'tree' : 'blob'}/${REPOSITORY_BRANCH}/${path}`;
}

/**
 * The repository path an address links (`docs/loop.md`, `examples/paddle-duel/`),
 * and its fragment; undefined for an address outside the repository, or on
 * another branch.
 */
export function repositoryPathOf(url: string): { path: string; fragment: string | undefined } | undefined {
  const [address = '', fragment] = url.split('#', 2);
  for (const prefix of [`${REPOSITORY_URL}/blob/${REPOSITORY_BRANCH}/`, `${REPOSITORY_URL}/tree/${REPOSITORY_BRANCH}/`, `${RAW_URL}/${REPOSITORY_BRANCH}/`]) {
    if (address.startsWith(prefix)) return { path: decodeURI(address.slice(prefix.length)), fragment };
  }
  return undefined;
}

import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../browser/harness.js';

// scripts/ensure-chromium.sh, the "pretest" step. Issue 13: "`npm test` should
// say plainly when it installs Chromium." Run with stand-ins for `id` and
// `apt-get` first on its PATH, so no test installs anything.

const SCRIPT = resolve(REPO_ROOT, 'scripts/ensure-chromium.sh');

let sandbox: string | undefined;

afterEach(() => {
  if (sandbox !== undefined) rmSync(sandbox, { recursive: true, force: true });
  sandbox = undefined;
});

/** Runs the script with a missing Chromium, as user `uid`, with an apt-get that does what `aptGet` says. */
function run(options: { uid: number; aptGet?: 'installs' | 'fails-update' | 'fails-install' | 'installs-nothing'; chromium?: string }) {
  sandbox = mkdtempSync(join(tmpdir(), 'ensure-chromium-'));
  const bin = join(sandbox, 'bin');
  const chromium = options.chromium ?? join(sandbox, 'chromium');
  spawnSync('mkdir', ['-p', bin]);
  const stub = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/usr/bin/env bash\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  stub('id', `echo ${options.uid}`);
  const apt = options.aptGet ?? 'installs';
  stub(
    'apt-get',
    [
      `echo "apt-get $*" >> ${join(sandbox, 'apt.log')}`,
      apt === 'fails-update' ? 'if [ "$1" = update ] || [ "$2" = update ]; then echo "E: mirror unreachable" >&2; exit 100; fi' : '',
      apt === 'fails-install' ? 'case "$*" in *install*) echo "E: Unable to locate package chromium" >&2; exit 100;; esac' : '',
      apt === 'installs' ? `case "$*" in *install*) printf '#!/bin/sh\\n' > ${chromium}; chmod +x ${chromium};; esac` : '',
      'exit 0',
    ].join('\n'),
  );
  const result = spawnSync('bash', [SCRIPT], {
    env: { PATH: `${bin}:/usr/bin:/bin`, CHROMIUM_PATH: chromium },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, installed: existsSync(chromium) };
}

describe('scripts/ensure-chromium.sh', () => {
  it('says nothing and succeeds when Chromium is there', () => {
    const result = run({ uid: 0, chromium: '/bin/sh' });
    expect(result).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });

  it('installing: says why and about how long before, and how long it took after', () => {
    const result = run({ uid: 0, aptGet: 'installs' });
    expect(result.status).toBe(0);
    expect(result.installed).toBe(true);
    expect(result.stderr).toMatch(/the browser tests \(spec\/browser\/\) need Chromium, and .* is missing/);
    expect(result.stderr).toMatch(/installing Debian's chromium package with apt-get now: once, about a minute/);
    expect(result.stderr).toMatch(/Chromium installed in \d+ s/);
  });

  it('a failed install says what failed and what to run, and fails the tests', () => {
    for (const aptGet of ['fails-update', 'fails-install', 'installs-nothing'] as const) {
      const result = run({ uid: 0, aptGet });
      expect(result.status, aptGet).toBe(1);
      expect(result.stderr, aptGet).toMatch(/failed|still nothing/);
      expect(result.stderr, aptGet).toContain('sudo apt-get update && sudo apt-get install -y chromium');
      expect(result.stderr, aptGet).toContain('CHROMIUM_PATH=/path/to/chromium npm test');
    }
  });

  it('not root: installs nothing, says what to run', () => {
    const result = run({ uid: 1000 });
    expect(result.status).toBe(1);
    expect(result.installed).toBe(false);
    expect(result.stderr).toContain('need Chromium at');
    expect(result.stderr).toContain('sudo apt-get install -y chromium');
  });
});

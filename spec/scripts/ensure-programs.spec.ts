import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../browser/harness.js';

// scripts/ensure-chromium.sh and scripts/ensure-redis.sh, run before the
// tests ("pretest", and .ci/run), both on scripts/debian-package.sh. Issue 13:
// "`npm test` should say plainly when it installs Chromium"; issue 28: the
// scale-out test's redis-server is Debian's package, installed "by .ci/run
// when missing". Run with stand-ins for `id` and `apt-get` first on their
// PATH, so no test installs anything.

/** One of the scripts: the program it ensures, the variable naming it, and the words it must say. */
interface Program {
  readonly script: string;
  readonly package: string;
  readonly variable: string;
  readonly needs: RegExp;
  readonly installing: RegExp;
  readonly installed: RegExp;
  readonly notRoot: string;
}

const PROGRAMS: readonly Program[] = [
  {
    script: 'scripts/ensure-chromium.sh',
    package: 'chromium',
    variable: 'CHROMIUM_PATH',
    needs: /the browser tests \(spec\/browser\/\) need Chromium, and .* is missing/,
    installing: /installing Debian's chromium package with apt-get now: once, about a minute/,
    installed: /Chromium installed in \d+ s/,
    notRoot: 'need Chromium at',
  },
  {
    script: 'scripts/ensure-redis.sh',
    package: 'redis-server',
    variable: 'REDIS_SERVER',
    needs: /the scale-out test \(spec\/colyseus\/scale-out\.spec\.ts\) needs redis-server, and .* is missing/,
    installing: /installing Debian's redis-server package with apt-get now: once, under a minute/,
    installed: /redis-server installed in \d+ s/,
    notRoot: 'needs redis-server at',
  },
];

let sandbox: string | undefined;

afterEach(() => {
  if (sandbox !== undefined) rmSync(sandbox, { recursive: true, force: true });
  sandbox = undefined;
});

/** Runs `program`'s script with the program missing, as user `uid`, with an apt-get that does what `aptGet` says. */
function run(program: Program, options: { uid: number; aptGet?: 'installs' | 'fails-update' | 'fails-install' | 'installs-nothing'; binary?: string }) {
  sandbox = mkdtempSync(join(tmpdir(), 'ensure-program-'));
  const bin = join(sandbox, 'bin');
  const binary = options.binary ?? join(sandbox, program.package);
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
      apt === 'fails-install' ? `case "$*" in *install*) echo "E: Unable to locate package ${program.package}" >&2; exit 100;; esac` : '',
      apt === 'installs' ? `case "$*" in *install*) printf '#!/bin/sh\\n' > ${binary}; chmod +x ${binary};; esac` : '',
      'exit 0',
    ].join('\n'),
  );
  const result = spawnSync('bash', [resolve(REPO_ROOT, program.script)], {
    env: { PATH: `${bin}:/usr/bin:/bin`, [program.variable]: binary },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, installed: existsSync(binary) };
}

describe.each(PROGRAMS)('$script', (program) => {
  it('says nothing and succeeds when the program is there', () => {
    const result = run(program, { uid: 0, binary: '/bin/sh' });
    expect(result).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });

  it('installing: says why and about how long before, and how long it took after', () => {
    const result = run(program, { uid: 0, aptGet: 'installs' });
    expect(result.status).toBe(0);
    expect(result.installed).toBe(true);
    expect(result.stderr).toMatch(program.needs);
    expect(result.stderr).toMatch(program.installing);
    expect(result.stderr).toMatch(program.installed);
  });

  it('a failed install says what failed and what to run, and fails the tests', () => {
    for (const aptGet of ['fails-update', 'fails-install', 'installs-nothing'] as const) {
      const result = run(program, { uid: 0, aptGet });
      expect(result.status, aptGet).toBe(1);
      expect(result.stderr, aptGet).toMatch(/failed|still nothing/);
      expect(result.stderr, aptGet).toContain(`sudo apt-get update && sudo apt-get install -y ${program.package}`);
      expect(result.stderr, aptGet).toContain(`${program.variable}=/path/to/${program.package} npm test`);
    }
  });

  it('not root: installs nothing, says what to run', () => {
    const result = run(program, { uid: 1000 });
    expect(result.status).toBe(1);
    expect(result.installed).toBe(false);
    expect(result.stderr).toContain(program.notRoot);
    expect(result.stderr).toContain(`sudo apt-get install -y ${program.package}`);
  });
});

// One way for a test to run something in a network namespace that has only
// `lo` (up): the WebRTC tests' rule ("every network test on loopback only ...
// inside a network namespace that has only lo"). Needs root or CAP_SYS_ADMIN;
// a refusal shows in the run's stderr, and each spec says so as it fails
// (never a skip).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');

/** How a run in the namespace ended. */
export interface NamespaceRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** It was killed after `timeoutMs`. */
  readonly timedOut: boolean;
}

/**
 * Runs the shell command `script` from the repository's root under
 * `unshare -n`, after `ip link set lo up`, killing it after `timeoutMs`.
 * `without` drops capabilities first (`setpriv` arguments), to show what a
 * refusal looks like.
 */
export function inLoopbackNamespace(script: string, timeoutMs: number, without: readonly string[] = []): Promise<NamespaceRun> {
  return new Promise((resolveRun, reject) => {
    const command = ['unshare', '-n', 'sh', '-c', `ip link set lo up && ${script}`];
    const [file, ...args] = without.length === 0 ? command : ['setpriv', ...without, ...command];
    const child = spawn(file!, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start unshare (util-linux) for a loopback-only network namespace: ${error.message}`));
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolveRun({ status, stdout, stderr, timedOut });
    });
  });
}

/** Whether the run's namespace was refused (no root or CAP_SYS_ADMIN). */
export function namespaceRefused(run: NamespaceRun): boolean {
  return /unshare: .*(Operation not permitted|Permission denied)|cannot open .*Operation not permitted/.test(run.stderr);
}

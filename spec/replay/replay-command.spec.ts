import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runTickflowCommand } from '../../src/cli/validate-command.js';
import { encodeSession, recordSession, type Session } from '../../src/replay/index.js';
import { forgetWarnedCallSites } from '../../src/engines/shell/nondeterminism-warnings.js';
import { ReplayDivergenceError, replayTest } from '../../src/testing/index.js';
import { play, playOn, stateGame } from './games.js';

// Issue 20, item 6: "`replayTest(session, build)` in `tickflow/testing` turns
// a recorded session into a vitest test that fails with the divergence
// report; `npx tickflow replay <session.json> <build-module>` prints the
// report (exit 0 same, 1 divergent, 2 usage or bad file, never a stack trace)."

const STACK_LINE = /^\s+at /m;
const fixtures = resolve(import.meta.dirname, 'fixtures');
const dir = mkdtempSync(join(tmpdir(), 'tickflow-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recorded(frames: number, randomAt?: number): Session {
  const engine = stateGame({}, randomAt);
  const recording = recordSession(engine, { fieldsEvery: 1 }); // fields at every checkpoint: the report names them at the divergent one
  playOn(engine, engine.input, play(frames, 17));
  return recording.stop();
}

const sessionFile = join(dir, 'session.json');
beforeAll(() => {
  // Recorded with Math.random() in frame 100: the engine's development warning is captured, not printed.
  forgetWarnedCallSites();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    writeFileSync(sessionFile, encodeSession(recorded(300, 100)));
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringContaining('tickflow: Math.random() was called in phase "update" of the state engine, at '),
    ]);
  } finally {
    warn.mockRestore();
  }
});

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runTickflowCommand(['replay', ...args], { out: (l) => out.push(l), err: (l) => err.push(l), cwd: fixtures });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('replayTest: "turns a recorded session into a vitest test that fails with the divergence report"', () => {
  it('passes, and resolves to the report, when every checkpoint is equal', async () => {
    const report = await replayTest(encodeSession(recorded(200)), (host) => stateGame(host))();
    expect(report).toMatchObject({ same: true, frames: 200 });
  });

  it('fails with the report: the frame, the tick and the field, recorded vs replayed', async () => {
    const test = replayTest(recorded(300, 100), (host) => stateGame(host, 100));
    const error = await test().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ReplayDivergenceError);
    const message = (error as Error).message;
    expect(message).toMatch(/^✗ the replay differs at frame 120: hash [0-9a-f]{16} recorded, [0-9a-f]{16} replayed \(2 checkpoints compared\)\n {2}\.noise: recorded 0\.\d+, replayed 0\.\d+$/);
    expect((error as ReplayDivergenceError).report.firstDivergence!.frame).toBe(120);
  });
});

describe('npx tickflow replay <session.json> <build-module>', () => {
  it('exit 0 and one line when the replay is the same (and exit 1 for a session recorded with a Math.random() the build lacks)', async () => {
    const { code, out } = await run([sessionFile, 'state-game-build.ts']);
    // The session was recorded with Math.random() in frame 100 and this build has none: it differs at 120.
    expect(code).toBe(1);
    expect(out).toMatch(/^✗ the replay differs at frame 120/);
    const same = join(dir, 'same.json');
    writeFileSync(same, encodeSession(recorded(240)));
    const ok = await run([same, 'state-game-build.ts']);
    expect(ok).toEqual({ code: 0, out: '✓ the replay is the same: 240 frames, 4 checkpoints equal', err: '' });
  });

  it('exit 1 with the report for a game that calls Math.random(); --json prints it as JSON', async () => {
    const { code, out } = await run([sessionFile, 'random-game-build.ts', '--json']);
    expect(code).toBe(1);
    const report = JSON.parse(out) as { same: boolean; firstDivergence: { frame: number; fields: { path: string }[] } };
    expect(report.same).toBe(false);
    expect(report.firstDivergence.frame).toBe(120);
    expect(report.firstDivergence.fields.map((f) => f.path)).toEqual(['.noise']);
  });

  it.each([
    ['no arguments', [], 'tickflow replay: no session file given'],
    ['no build module', [sessionFile], 'tickflow replay: no build module given'],
    ['an unknown option', [sessionFile, 'state-game-build.ts', '--fast'], 'tickflow replay: unknown option --fast'],
    ['a missing session file', [join(dir, 'none.json'), 'state-game-build.ts'], 'tickflow replay: could not read'],
    ['a module that does not load', [sessionFile, 'nowhere.ts'], 'tickflow replay: could not load nowhere.ts'],
    ['a module with no build', [sessionFile, '../games.ts'], 'tickflow replay: ../games.ts exports no build function'],
  ])('exit 2 for %s, a message and no stack trace', async (_name, args, message) => {
    const { code, err } = await run(args as string[]);
    expect(code).toBe(2);
    expect(err).toContain(message);
    expect(err).not.toMatch(STACK_LINE);
  });

  it('exit 2 for a session of a format this tickflow cannot read, saying which; another tickflow version replays', async () => {
    const file = join(dir, 'old.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(encodeSession(recorded(10))), tickflow: '0.1.0' }));
    const { code } = await run([file, 'state-game-build.ts']);
    expect(code).toBe(0);
    writeFileSync(file, '{"format":"tickflow-session","formatVersion":9}');
    expect((await run([file, 'state-game-build.ts'])).err).toContain('format version 9: this tickflow (0.2.0) reads formats 1 to 3');
  });
});

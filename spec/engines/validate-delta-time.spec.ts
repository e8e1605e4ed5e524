import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  box,
  circle,
  constantClock,
  nullBackend,
  OptionError,
  type Clock,
} from '../../src/index.js';
import {
  Actor,
  Controller,
  createWorldEngine,
  GameMode,
  type LevelLoader,
  type TickContext,
  type World,
} from '../../src/engines/world/index.js';
import { createStateEngine } from '../../src/engines/state/index.js';
import {
  DEFAULT_VALIDATION_CLOCKS,
  formatOutcomeTable,
  readOutcome,
  validateDeltaTime,
  worldScenario,
  type DeltaTimeScenario,
  type WorldScenario,
} from '../../src/testing/index.js';
import { describeOutcome } from '../../src/testing/outcome-value.js';
import { EXIT_MISMATCH, EXIT_OK, EXIT_USAGE } from '../../src/cli/command-io.js';
import { collectScenarios, runTickflowCommand } from '../../src/cli/validate-command.js';

// The delta-time validator (src/testing/validate-delta-time.ts, its table in
// src/testing/outcome-table.ts, the world engine's scenarios in
// src/testing/world-scenario.ts) and the `tickflow validate` command
// (src/cli/). It serves every engine: a scenario says how to build, step and
// read outcomes. The seeds (both engines): "Running one scenario
// under several clocks and comparing the outcomes is how a build is shown to
// integrate against the delta it is given rather than against a count of
// frames. A constant clock, a repeating sequence, and a seeded jitter cover
// the ground between them."

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

// -- a small race: runners cross a finish line --------------------------------

/** World units per second: at 60 Hz, 2 units a frame. */
const RUNNER_SPEED = 120;
/** Where the finish line stands; a runner starting at 0 reaches it at about 4.9 s. */
const FINISH_X = 600;

/** A runner integrating against the delta it is given. */
class Runner extends Actor {
  override shape = circle(5);
  override tick(dt: number): void {
    this.x += RUNNER_SPEED * dt;
  }
}

/** The deliberate mistake: a fixed step per frame, right only when frames are 1/60 s. */
class FrameCountingRunner extends Actor {
  override shape = circle(5);
  override tick(): void {
    this.x += RUNNER_SPEED / 60;
  }
}

class Race extends GameMode {
  override phase = 'racing';
  override readonly scores: Record<string, number> = { runner: 0 };
}

/** An overlap trigger: a runner that reaches it scores and leaves; the race is over. */
class FinishLine extends Actor {
  override name = 'finish';
  override shape = box(4, 100);
  override onOverlapBegin(other: Actor): void {
    const world = this.world!;
    world.destroy(other);
    const race = world.gameMode as Race;
    race.scores.runner!++;
    race.phase = 'over';
  }
}

function raceLevel(runner: () => Actor): LevelLoader<string> {
  return (world) => {
    world.gameMode = new Race();
    world.spawn(Object.assign(runner(), { name: 'runner' }), { x: 0, y: 0 });
    world.spawn(new FinishLine(), { x: FINISH_X, y: 0 });
  };
}

function raceScenario(name: string, runner: () => Actor, simulatedSeconds = 5.2) {
  return worldScenario({
    name,
    simulatedSeconds,
    create: (clock) => createWorldEngine({ backend: nullBackend(), levels: { race: raceLevel(runner) }, startLevel: 'race', clock }),
  });
}

// -- the same race on the state engine: an update, and outcomes read from the state --

interface RaceState {
  readonly x: number;
  /** The simulated time the runner crossed the line at, or null. */
  readonly crossedAtSeconds: number | null;
  readonly t: number;
}

/** Integrates: 120 units a second, whatever the frame is worth. */
const integrating = (s: RaceState, dt: number): number => s.x + RUNNER_SPEED * dt;
/** The deliberate mistake: 2 units a frame, right only when frames are 1/60 s. */
const frameCounting = (s: RaceState): number => s.x + RUNNER_SPEED / 60;

function stateRace(name: string, move: (s: RaceState, dt: number) => number, simulatedSeconds = 5.2) {
  const scenario: DeltaTimeScenario<ReturnType<typeof build>> = {
    name,
    simulatedSeconds,
    create: (clock) => build(clock),
    // "whether an event occurred, which side scored, and the state the result left behind"
    outcome: (engine) => ({
      crossed: engine.state.crossedAtSeconds !== null,
      // Crossed in the first frame at or past 5 s, under 40 ms later under any of the clocks: 5.0 to the nearest 0.1 s.
      'crossed at (nearest 0.1 s)': engine.state.crossedAtSeconds === null ? null : Math.round(engine.state.crossedAtSeconds * 10) / 10,
    }),
  };
  function build(clock: Clock) {
    return createStateEngine({
      backend: nullBackend(),
      clock,
      initial: { x: 0, crossedAtSeconds: null, t: 0 } as RaceState,
      update: (s, { dt }): RaceState => {
        const x = move(s, dt);
        const t = s.t + dt;
        return { x, t, crossedAtSeconds: s.crossedAtSeconds ?? (x >= FINISH_X ? t : null) };
      },
    });
  }
  return scenario;
}

describe('validateDeltaTime: "Compare the elapsed simulated time and the outcomes that survive a change in step size"', () => {
  it('passes a game that integrates against the delta: the runner crosses the line at the same simulated time under every clock', async () => {
    const report = await validateDeltaTime(raceScenario('integrating runner', () => new Runner()));
    expect(report.ok).toBe(true);
    expect(report.mismatches).toEqual([]);
    expect(report.runs.map((r) => r.clock)).toEqual(DEFAULT_VALIDATION_CLOCKS.map((c) => c.label));
    for (const run of report.runs) {
      expect(run.outcome).toEqual({ level: 'race', phase: 'over', scores: { runner: 1 }, alive: ['finish'], possession: {} });
      expect(run.elapsedSeconds).toBeCloseTo(5.2, 9);
      expect(run.errors).toEqual([]);
    }
    // Frames differ by design: 312 at 60 Hz, fewer with longer average deltas.
    const frames = report.runs.map((r) => r.frames);
    expect(frames[0]).toBe(312);
    expect(new Set(frames).size).toBe(3);
  });

  it('FAILS a deliberately frame-counting actor: it moves a fixed amount per frame, so it crosses the line only at 60 Hz by 5.2 s', async () => {
    const report = await validateDeltaTime(raceScenario('frame-counting runner', () => new FrameCountingRunner()));
    expect(report.ok).toBe(false);
    expect(report.mismatches.map((row) => row.field)).toEqual(['phase', 'scores', 'alive']);
    const scores = report.table.find((row) => row.field === 'scores')!;
    expect(scores.values).toEqual(['runner: 1', 'runner: 0', 'runner: 0']);
    const elapsed = report.table.find((row) => row.field === 'elapsed')!;
    expect(elapsed.agree, 'the elapsed time still agrees: the clocks are not at fault').toBe(true);
    const table = formatOutcomeTable(report);
    expect(table).toContain('✗ 3 outcomes differ');
    expect(table).toMatch(/scores\s+✗\s+constant 16\.667 ms\s+runner: 1/);
    expect(table).toMatch(/sequence 8, 16, 33, 16 ms\s+runner: 0/);
  });

  it('FAILS a game mode that scores every 60 frames, and passes one that scores on a one-second world timer', async () => {
    class EveryFrames extends GameMode {
      override readonly scores: Record<string, number> = { clock: 0 };
      private frames = 0;
      override tick(): void {
        if (++this.frames % 60 === 0) this.scores.clock!++;
      }
    }
    const scoring = (mode: (world: World) => GameMode) =>
      worldScenario({
      name: 'scoring',
      // Not on a whole second: a run landing exactly on a timer's due time fires it or not by the last bit of a sum.
      simulatedSeconds: 10.5,
      create: (clock) => createWorldEngine({ backend: nullBackend(), levels: { main: (world) => void (world.gameMode = mode(world)) }, startLevel: 'main', clock }),
      });
    const byFrames = await validateDeltaTime(scoring(() => new EveryFrames()));
    expect(byFrames.ok).toBe(false);
    expect(byFrames.mismatches.map((row) => row.field)).toEqual(['scores']);

    const byTimer = await validateDeltaTime(
      scoring((world) => {
        const mode = new GameMode();
        mode.scores.clock = 0;
        world.timers.every(1, () => mode.scores.clock!++);
        return mode;
      }),
    );
    expect(byTimer.ok).toBe(true);
    expect(byTimer.runs[0]!.outcome.scores).toEqual({ clock: 10 });
  });

  it('compares "which controller holds which pawn" and "the level the run ended in"', async () => {
    /** Hands its pawn over to the second paddle at a moment: 2 s of world time, or (the mistake) 120 frames. */
    class Swapper extends Controller {
      override name = 'swapper';
      private frames = 0;
      constructor(private readonly byFrames: boolean) {
        super();
      }
      override tick(_dt: number, { world }: TickContext): void {
        const due = this.byFrames ? ++this.frames >= 120 : world.time >= 2;
        if (due && this.pawn?.name === 'first') this.possess(world.find('second')!);
        // And the level changes 0.5 s later (async), by the same measure.
        if (this.byFrames ? this.frames === 150 : world.time >= 2.5 && world.level === 'start') world.openLevel('next');
      }
    }
    const scenario = (byFrames: boolean): WorldScenario => ({
      name: byFrames ? 'counting frames' : 'by world time',
      simulatedSeconds: 2.45,
      create: (clock) =>
        createWorldEngine({
          backend: nullBackend(),
          levels: {
            start: (world) => {
              const swapper = world.addController(new Swapper(byFrames));
              swapper.possess(world.spawn(Object.assign(new Actor(), { name: 'first' })));
              world.spawn(Object.assign(new Actor(), { name: 'second' }));
            },
            next: async (world) => {
              await Promise.resolve();
              world.spawn(Object.assign(new Actor(), { name: 'newcomer' }));
            },
          },
          startLevel: 'start',
          clock,
        }),
    });
    const right = await validateDeltaTime(worldScenario(scenario(false)));
    expect(right.ok).toBe(true);
    expect(right.runs[0]!.outcome.possession).toEqual({ swapper: 'second' });
    const wrong = await validateDeltaTime(worldScenario(scenario(true)));
    expect(wrong.mismatches.map((row) => row.field)).toEqual(['possession']);

    // Past the transition: the validator waits out the async load and compares the level.
    const later = await validateDeltaTime(worldScenario({ ...scenario(false), simulatedSeconds: 3 }));
    expect(later.ok).toBe(true);
    expect(later.runs.map((r) => r.outcome.level)).toEqual(['next', 'next', 'next']);
    expect(later.runs[0]!.outcome.alive).toEqual(['newcomer']);
    const laterWrong = await validateDeltaTime(worldScenario({ ...scenario(true), simulatedSeconds: 2.7 }));
    expect(laterWrong.mismatches.map((row) => row.field)).toContain('level');
  });

  it('ends every run at exactly the same simulated time: the frame that would overshoot is shortened to land on it', async () => {
    const clocks = [
      { label: '7 ms', create: (): Clock => constantClock(7) },
      { label: '30 ms', create: (): Clock => constantClock(30) },
    ];
    const report = await validateDeltaTime(raceScenario('any', () => new Runner(), 1.234), { clocks });
    expect(report.runs.map((r) => r.elapsedSeconds)).toEqual([1.234, 1.234]);
    expect(report.runs.map((r) => r.frames)).toEqual([177, 42]); // 176 × 7 = 1232, then 2 ms; 41 × 30 = 1230, then 4 ms
  });

  it('calls the script before every frame, so scripted input lands by world time', async () => {
    const seen: number[] = [];
    const report = await validateDeltaTime(
      {
        ...raceScenario('scripted', () => new Runner(), 0.1),
        script: (engine) => void seen.push(engine.frame().count),
      },
      { clocks: DEFAULT_VALIDATION_CLOCKS.slice(0, 2) },
    );
    expect(report.ok).toBe(true);
    expect(seen.slice(0, 6)).toEqual([0, 1, 2, 3, 4, 5]); // the constant clock's run: before frame 1, 2, ...
  });

  it('compares the scenario\'s own observations too, one row each', async () => {
    const race = raceScenario('observed', () => new Runner());
    const report = await validateDeltaTime(
      worldScenario({
        name: race.name,
        simulatedSeconds: race.simulatedSeconds,
        create: race.create,
        observe: (engine) => ({ 'finish at': Math.round(engine.world.find('finish')!.x), crossed: engine.world.find('runner') === undefined }),
      }),
    );
    expect(report.table.map((row) => row.field)).toEqual(['elapsed', 'level', 'phase', 'scores', 'alive', 'possession', 'finish at', 'crossed']);
    expect(report.ok).toBe(true);
    // An observation may not reuse a name the world's outcomes have.
    await expect(validateDeltaTime(worldScenario({ ...race, observe: () => ({ level: 'mine' }) }))).rejects.toThrow(
      'worldScenario: "observed" observes "level", which the world\'s own outcomes already name; give it another name',
    );
  });

  it('reports a run whose ticks threw: the errors row fails the report', async () => {
    class Fragile extends Actor {
      override tick(_dt: number, { world }: TickContext): void {
        if (world.time > 1 && world.time < 1.05) throw new Error('fragile broke');
      }
    }
    const report = await validateDeltaTime(
      worldScenario({
        name: 'fragile',
        simulatedSeconds: 2,
        create: (clock) =>
          createWorldEngine({ backend: nullBackend(), levels: { main: (world) => void world.spawn(new Fragile()) }, startLevel: 'main', clock, onError: () => {} }),
      }),
    );
    expect(report.ok).toBe(false);
    expect(report.mismatches.map((row) => row.field)).toEqual(['errors']);
    expect(report.mismatches[0]!.values[0]).toContain('fragile broke');
  });

  it('reads outcomes from any world engine: names sorted, unnamed actors by class, possession by controller name', () => {
    const engine = createWorldEngine({
      backend: nullBackend(),
      levels: {
        main: (world) => {
          world.spawn(Object.assign(new Actor(), { name: 'zeta' }));
          world.spawn(new Runner());
          world.addController(Object.assign(new Controller(), { name: 'idle' }));
        },
      },
      startLevel: 'main',
      clock: constantClock(10),
    });
    engine.advance();
    expect(readOutcome(engine)).toEqual({
      elapsedSeconds: 0.01,
      level: 'main',
      phase: null,
      scores: {},
      alive: ['(Runner)', 'zeta'],
      possession: { idle: null },
    });
  });

  it('explains bad options', async () => {
    const good = raceScenario('good', () => new Runner());
    await expect(validateDeltaTime({ ...good, simulatedSeconds: 0 })).rejects.toThrow(
      new OptionError('validateDeltaTime', 'scenario.simulatedSeconds', 'a finite number > 0', 0),
    );
    await expect(validateDeltaTime({ ...good, name: '' })).rejects.toThrow(/scenario\.name must be a non-empty string/);
    await expect(validateDeltaTime(good, { clocks: DEFAULT_VALIDATION_CLOCKS.slice(0, 1) })).rejects.toThrow(/clocks must be at least two/);
    await expect(validateDeltaTime({ ...good, outcome: undefined } as never)).rejects.toThrow(
      /scenario\.outcome must be a function \(engine\) => \{ outcome: value, \.\.\. \} \(for a world engine, build the scenario with worldScenario\(\)\)/,
    );
    await expect(validateDeltaTime({ ...good, step: 3 } as never)).rejects.toThrow(/scenario\.step must be a function/);
  });
});

describe('validateDeltaTime serves every engine: the state engine (issue 13)', () => {
  it('passes an update that integrates against the delta: "whether an event occurred" and when agree under every clock', async () => {
    const report = await validateDeltaTime(stateRace('integrating update', integrating));
    expect(report.mismatches, formatOutcomeTable(report)).toEqual([]);
    expect(report.ok).toBe(true);
    for (const run of report.runs) expect(run.outcome).toEqual({ crossed: true, 'crossed at (nearest 0.1 s)': 5 });
    expect(new Set(report.runs.map((r) => r.frames)).size, 'frame counts differ by design').toBe(3);
  });

  it('FAILS a frame-counting update: it moves 2 units a frame, so by 5.2 s it crossed only at 60 Hz', async () => {
    const report = await validateDeltaTime(stateRace('frame-counting update', frameCounting));
    expect(report.ok).toBe(false);
    expect(report.mismatches.map((row) => row.field)).toEqual(['crossed', 'crossed at (nearest 0.1 s)']);
    expect(report.table.find((row) => row.field === 'crossed')!.values).toEqual(['true', 'false', 'false']);
    const table = formatOutcomeTable(report);
    expect(table.split('\n')[0]).toBe('frame-counting update · 5.2 s simulated · ✗ 2 outcomes differ');
    expect(table).toMatch(/crossed\s+✗\s+constant 16\.667 ms\s+true\n\s+sequence 8, 16, 33, 16 ms\s+false/);
  });

  it('an error the update threw in any run fails the report, named in the errors row', async () => {
    const report = await validateDeltaTime({
      name: 'throws at 1 s',
      simulatedSeconds: 2,
      create: (clock) => {
        let broke = false;
        return createStateEngine({
          backend: nullBackend(),
          clock,
          onError: () => {},
          initial: 0,
          update: (t, { dt }) => {
            if (!broke && t + dt >= 1) {
              broke = true;
              throw new Error('update broke at 1 s');
            }
            return t + dt;
          },
        });
      },
      outcome: () => ({}),
    });
    // advance() threw it to the validator, and errors$ reported it: it counts once, and the run went on to 2 s.
    expect(report.ok).toBe(false);
    expect(report.mismatches.map((row) => row.field)).toEqual(['errors']);
    expect(report.mismatches[0]!.values[0]).toBe('state engine: phase "update" of frame 60 threw: update broke at 1 s');
    expect(report.runs.map((r) => r.elapsedSeconds)).toEqual([2, 2, 2]);
  });

  it('a key one run lacks disagrees, shown as —', async () => {
    let run = 0;
    const report = await validateDeltaTime({
      name: 'uneven',
      simulatedSeconds: 0.1,
      create: (clock) => createStateEngine({ backend: nullBackend(), clock, initial: 0, update: (s) => s }),
      outcome: (): Record<string, unknown> => (run++ === 0 ? { extra: 1 } : {}),
    });
    expect(report.mismatches).toEqual([{ field: 'extra', agree: false, values: ['1', '—', '—'] }]);
  });
});

describe('describeOutcome: how a value reads in the table', () => {
  it('strings as they are, lists joined (repeats counted), objects as key: value, nothing as —, deeper values as JSON', () => {
    expect(describeOutcome('round-1')).toBe('round-1');
    expect(describeOutcome(3.5)).toBe('3.5');
    expect(describeOutcome(false)).toBe('false');
    expect(describeOutcome(null)).toBe('—');
    expect(describeOutcome([])).toBe('—');
    expect(describeOutcome({})).toBe('—');
    expect(describeOutcome(['ball', 'wall', 'wall', 'zed'])).toBe('ball, wall ×2, zed');
    expect(describeOutcome({ left: 2, right: 0 })).toBe('left: 2, right: 0');
    expect(describeOutcome({ 'left-ai': 'left-paddle', 'right-ai': null })).toBe('left-ai: left-paddle, right-ai: —');
    expect(describeOutcome([{ b: 1, a: 2 }])).toBe('{"a":2,"b":1}');
  });
});

describe('formatOutcomeTable', () => {
  it('shows each clock\'s frames and elapsed time, then one row per outcome: ✓ and the value once, or ✗ and each clock\'s value', async () => {
    const report = await validateDeltaTime(raceScenario('integrating runner', () => new Runner()));
    const table = formatOutcomeTable(report);
    const lines = table.split('\n');
    expect(lines[0]).toBe('integrating runner · 5.2 s simulated · ✓ delta-time independent');
    expect(lines[1]).toMatch(/^ {2}clock\s+frames {2}elapsed$/);
    expect(lines[2]).toMatch(/^ {2}constant 16\.667 ms\s+312 {2}5\.200 s$/);
    expect(table).toMatch(/\n {2}scores\s+✓\s+runner: 1\n/);
    expect(table).toMatch(/\n {2}alive\s+✓\s+finish\n/);
    expect(table).toMatch(/\n {2}possession\s+✓\s+—$/);
  });
});

describe('tickflow validate <scenario-module>', () => {
  const passing = raceScenario('integrating runner', () => new Runner());
  const failing = raceScenario('frame-counting runner', () => new FrameCountingRunner());

  async function run(args: string[], exports: Record<string, unknown>) {
    const out: string[] = [];
    const err: string[] = [];
    const imported: string[] = [];
    const code = await runTickflowCommand(args, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      cwd: '/project',
      importModule: async (url) => {
        imported.push(url);
        if ('throws' in exports) throw new Error(String(exports.throws));
        return exports;
      },
    });
    return { code, out: out.join('\n'), err: err.join('\n'), imported };
  }

  it('prints the table for each scenario and exits 0 when every outcome agrees', async () => {
    const result = await run(['validate', 'scenarios.ts'], { scenarios: [passing] });
    expect(result.code).toBe(EXIT_OK);
    expect(result.imported).toEqual(['file:///project/scenarios.ts']);
    expect(result.out).toContain('integrating runner · 5.2 s simulated · ✓ delta-time independent');
    expect(result.out).toContain('✓ 1 scenario: every outcome agrees under every clock');
  });

  it('exits 1 when a scenario\'s outcomes differ between clocks', async () => {
    const result = await run(['validate', 'scenarios.ts'], { scenarios: [passing, failing] });
    expect(result.code).toBe(EXIT_MISMATCH);
    expect(result.out).toContain('✗ 1 of 2 scenarios differ between clocks: frame-counting runner');
  });

  it('runs only the scenarios named with --scenario, and prints JSON with --json', async () => {
    const result = await run(['validate', 'scenarios.ts', '--scenario', 'frame-counting runner', '--json'], { scenarios: [passing, failing] });
    expect(result.code).toBe(EXIT_MISMATCH);
    const reports = JSON.parse(result.out) as { scenario: string; ok: boolean }[];
    expect(reports.map((r) => [r.scenario, r.ok])).toEqual([['frame-counting runner', false]]);
  });

  it('exits 2 on a usage error: no command, an unknown command, no module, a module that will not load, no scenario, an unknown name', async () => {
    expect((await run([], {})).code).toBe(EXIT_USAGE);
    expect((await run(['check'], {})).err).toContain('unknown command "check"');
    expect((await run(['validate'], {})).err).toContain('which scenario module?');
    expect((await run(['validate', 'x.ts'], { throws: 'boom' })).err).toContain('could not load x.ts: boom');
    expect((await run(['validate', 'x.ts'], { other: 1 })).err).toContain('exports no scenario');
    // A world scenario written before the validator served every engine: no outcome(engine).
    const { outcome: _outcome, ...noOutcome } = passing;
    expect((await run(['validate', 'x.ts'], { scenarios: [noOutcome] })).err).toContain(
      'it has scenarios with no outcome(engine): for a world engine, build each with worldScenario() from tickflow/testing',
    );
    expect((await run(['validate', 'x.ts', '--scenario', 'nope'], { scenarios: [passing] })).err).toContain('no scenario named "nope"');
    expect((await run(['help'], {})).code).toBe(EXIT_OK);
  });

  it('finds scenarios as `scenarios`, as the default export, or among the named exports', () => {
    expect(collectScenarios({ scenarios: [passing, failing], other: failing })).toEqual([passing, failing]);
    expect(collectScenarios({ default: passing })).toEqual([passing]);
    expect(collectScenarios({ a: passing, b: failing, c: 3, d: { name: 'not one' } })).toEqual([passing, failing]);
  });

  it('takes several modules: their scenarios run in order, one table each', async () => {
    const out: string[] = [];
    const code = await runTickflowCommand(['validate', 'a.ts', 'b.ts'], {
      out: (line) => out.push(line),
      err: () => {},
      cwd: '/project',
      importModule: async (url) => ({ scenarios: [url.endsWith('a.ts') ? passing : stateRace('integrating update', integrating)] }),
    });
    expect(code).toBe(EXIT_OK);
    expect(out.filter((line) => line.includes('simulated ·')).map((line) => line.split(' · ')[0])).toEqual(['integrating runner', 'integrating update']);
    expect(out.at(-1)).toBe('✓ 2 scenarios: every outcome agrees under every clock');
  });

  it(
    'runs as a real command: the shipped Paddle Duel and Orbit Catch scenarios pass (exit 0); a module with a frame-counting update fails (exit 1)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tickflow-validate-'));
      const failingModule = join(dir, 'frame-counting.ts');
      writeFileSync(
        failingModule,
        `import { nullBackend, type Clock } from ${JSON.stringify(resolve(REPO_ROOT, 'src/index.ts'))};
import { createStateEngine } from ${JSON.stringify(resolve(REPO_ROOT, 'src/engines/state/index.ts'))};
// The mistake: 2 units a frame, where the game means 120 units a second.
export const scenarios = [{
  name: 'frame-counting update',
  simulatedSeconds: 5.2,
  create: (clock: Clock) => createStateEngine({ backend: nullBackend(), clock, initial: { x: 0 }, update: (s) => ({ x: s.x + 2 }) }),
  outcome: (engine: { state: { x: number } }) => ({ 'crossed the line at 600': engine.state.x >= 600 }),
}];
`,
      );
      const command = (args: string[]) =>
        new Promise<{ code: number; stdout: string }>((done) => {
          execFile(resolve(REPO_ROOT, 'node_modules/.bin/tsx'), [resolve(REPO_ROOT, 'src/cli/tickflow.ts'), 'validate', ...args], { cwd: REPO_ROOT }, (error, stdout) =>
            done({ code: error ? Number(error.code) : 0, stdout }),
          );
        });
      try {
        const [shipped, counting] = await Promise.all([
          command([
            'examples/paddle-duel/scenarios.ts',
            'examples/orbit-catch/scenarios.ts',
            '--scenario',
            'Paddle Duel: AI vs AI, 20 s',
            '--scenario',
            'Orbit Catch: nobody plays, the core is breached',
          ]),
          command([failingModule]),
        ]);
        expect(shipped.stdout).toContain('Paddle Duel: AI vs AI, 20 s · 20 s simulated · ✓ delta-time independent');
        expect(shipped.stdout).toContain('Orbit Catch: nobody plays, the core is breached · 20 s simulated · ✓ delta-time independent');
        expect(shipped.code).toBe(EXIT_OK);
        expect(counting.stdout).toMatch(/crossed the line at 600\s+✗\s+constant 16\.667 ms\s+true\n\s+sequence 8, 16, 33, 16 ms\s+false/);
        expect(counting.stdout).toContain('✗ 1 of 1 scenarios differ between clocks: frame-counting update');
        expect(counting.code).toBe(EXIT_MISMATCH);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});

describe('docs/delta-time-validator.md: "Every code block on this page runs"', () => {
  const doc = readFileSync(resolve(REPO_ROOT, 'docs/delta-time-validator.md'), 'utf8');
  const runnable = [...doc.matchAll(/<!-- runs: (\w+) -->\n```ts\n([\s\S]*?)```/g)].map((m) => [m[1]!, m[2]!] as const);

  it('marks its two examples as runnable, and shows no other TypeScript', () => {
    expect(runnable.map(([name]) => name)).toEqual(['state', 'world']);
    expect(doc.match(/```ts/g)).toHaveLength(2);
  });

  it.each(runnable)('the %s example runs and passes (it throws when its report fails)', async (name, code) => {
    const dir = mkdtempSync(join(tmpdir(), 'tickflow-doc-'));
    const file = join(dir, `${name}.ts`);
    writeFileSync(file, code);
    try {
      await import(/* @vite-ignore */ file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the frame-counting table it shows is the one the validator prints', async () => {
    const shown = /Written as `x: s\.x \+ 2`[\s\S]*?```text\n([\s\S]*?)\n```/.exec(doc)![1];
    const report = await validateDeltaTime(stateRace('frame-counting update', frameCounting));
    expect(formatOutcomeTable(report)).toBe(shown);
  });
});

import { fixed, markdownTable } from './markdown-table.js';
import {
  benchHostStreams,
  benchNearWhole,
  benchPacing,
  JITTER_CHECK_MS,
  JUDDER_TARGET_POINTS,
  PACERS,
  PACING_DURATION_SECONDS,
  PACING_TARGETS_FPS,
  REFERENCE_PACER,
  tickflowJitterSensitivity,
  type PacingRow,
  type StreamRow,
} from './pacing-fidelity.js';
import { NEAR_WHOLE_SEEDS } from './pacing-host-streams.js';

const ALL_PACERS = [...PACERS, REFERENCE_PACER];
/** tickflow's row in every cell. */
const TICKFLOW = PACERS.findIndex((pacer) => pacer.name === 'tickflow pace');

const points = (value: number): string => (Number.isFinite(value) ? `${value >= 0 ? '+' : ''}${value.toFixed(1)}` : 'n/a');

/**
 * The pacing section of `npm run bench` (and all of `npm run bench:pacing`):
 * delivered rate and irregular intervals for every pacer, judder against
 * issue 19's target, and tickflow's irregular intervals as the jitter grows.
 * A deterministic simulation on synthetic timestamps: nothing here is timed.
 */
export function printPacingTables(print: (text?: string) => void): void {
  const rows = benchPacing();
  print(`## Pacing fidelity (${PACING_DURATION_SECONDS} s simulated per cell, ±1 ms jitter)\n`);
  print('Each cell: delivered-rate error % / irregular intervals %.\n');
  print(
    markdownTable(
      ['target fps', 'host Hz', ...ALL_PACERS.map((pacer) => pacer.name)],
      rows.map((row) => [
        String(row.targetFps),
        String(row.hostHz),
        ...row.results.map((r) => `${fixed(r.rateErrorPercent, 2)} / ${fixed(r.irregularPercent, 1)}`),
      ]),
    ),
  );
  print();
  print('Settings: ' + ALL_PACERS.map((pacer) => `${pacer.name} ${pacer.setting}`).join('; ') + '.');
  print();
  judderTable(rows, print);
  hostStreamTables(print);
  print('tickflow `pace`, irregular intervals % as the jitter grows:\n');
  print(
    markdownTable(
      ['target fps', 'host Hz', ...JITTER_CHECK_MS.map((ms) => `±${ms} ms`)],
      tickflowJitterSensitivity().map((row) => [String(row.targetFps), String(row.hostHz), ...row.irregularPercent.map((p) => fixed(p, 1))]),
    ),
  );
  print();
}

function judderTable(rows: readonly PacingRow[], print: (text?: string) => void): void {
  print(`## Pacing judder (${PACING_DURATION_SECONDS} s simulated per cell, ±1 ms jitter; issue 19: at most +${JUDDER_TARGET_POINTS} points in every cell, the rate still exact)\n`);
  print(
    'Judder: the share of delivered intervals (in host frames) that are not the modal one, minus the share a perfect pacer is forced to at that host rate and target ' +
      '(the reference nearest-slot grid on a jitter-free host: "forced %"), in percentage points. ' +
      'tickflow\'s rate error is the delivered rate over min(target, host), less 1.\n',
  );
  print(
    markdownTable(
      [
        'target fps',
        'host Hz',
        'forced %',
        'tickflow pace',
        `target ≤ +${JUDDER_TARGET_POINTS}`,
        'tickflow rate error %',
        ...ALL_PACERS.filter((_, i) => i !== TICKFLOW).map((pacer) => pacer.name),
      ],
      rows.map((row) => {
        const ours = row.results[TICKFLOW]!;
        return [
          String(row.targetFps),
          String(row.hostHz),
          fixed(row.forcedNonModalPercent, 1),
          points(ours.judderPoints),
          ours.judderPoints <= JUDDER_TARGET_POINTS ? 'met' : 'MISSED',
          fixed(ours.rateErrorPercent, 3),
          ...row.results.filter((_, i) => i !== TICKFLOW).map((r) => points(r.judderPoints)),
        ];
      }),
    ),
  );
  print();
  const worstOf = (pacer: number): PacingRow =>
    rows.reduce((worst, row) => (row.results[pacer]!.judderPoints > worst.results[pacer]!.judderPoints ? row : worst));
  const summary = ALL_PACERS.map((pacer, i) => {
    const worst = worstOf(i);
    return `${pacer.name} ${points(worst.results[i]!.judderPoints)} (${worst.targetFps} fps on ${worst.hostHz} Hz)`;
  });
  const ours = worstOf(TICKFLOW).results[TICKFLOW]!.judderPoints;
  const rateError = Math.max(...rows.map((row) => Math.abs(row.results[TICKFLOW]!.rateErrorPercent)));
  print(`Worst judder per pacer: ${summary.join('; ')}.`);
  print();
  print(
    `tickflow pace: worst judder ${points(ours)} points against the target of at most +${JUDDER_TARGET_POINTS}: ${ours <= JUDDER_TARGET_POINTS ? 'met' : 'MISSED'}; ` +
      `largest rate error ${fixed(rateError, 3)} % (over ${PACING_DURATION_SECONDS} s, where a frame more or less at either end is worth ${fixed(100 / (PACING_DURATION_SECONDS * 30), 2)} % at 30 fps).`,
  );
  print();
}

const worstRow = (rows: readonly StreamRow[], judder: (row: StreamRow) => number): StreamRow =>
  rows.reduce((worst, row) => (judder(row) > judder(worst) ? row : worst));
const cell = (row: StreamRow): string => `${row.targetFps} fps on ${row.hostHz} Hz`;

/**
 * Issue 29, item 5: tickflow's judder on hosts whose offsets repeat a short
 * pattern or drift slowly (bench/pacing-host-streams.ts), on every cell of
 * the judder table, and under random jitter at ratios a hair off a whole
 * number, each beside the reference nearest-slot grid on the same ticks.
 */
function hostStreamTables(print: (text?: string) => void): void {
  const streams = benchHostStreams();
  const nearWhole = benchNearWhole();
  print(
    `## Pacing judder on compositor-like hosts (${PACING_DURATION_SECONDS} s simulated per cell; issue 29: at most +${JUDDER_TARGET_POINTS} points in every cell, the rate still exact)\n`,
  );
  print(
    'Offsets within ±1 ms of vsync that repeat a pattern or drift slowly (bench/pacing-host-streams.ts), on every cell of the judder table. ' +
      'Each target column: tickflow\'s worst judder over the six host rates, in points above the floor (the judder table\'s "forced %"). ' +
      'The reference nearest-slot grid chooses on the same ticks with the whole run in view.\n',
  );
  const names = [...new Set(streams.map((row) => row.stream))];
  print(
    markdownTable(
      ['host offsets', ...PACING_TARGETS_FPS.map((fps) => `${fps} fps`), 'worst cell', `target ≤ +${JUDDER_TARGET_POINTS}`, 'tickflow rate error %', 'reference worst'],
      names.map((name) => {
        const ofStream = streams.filter((row) => row.stream === name);
        const worst = worstRow(ofStream, (row) => row.tickflow.judderPoints);
        const reference = worstRow(ofStream, (row) => row.reference.judderPoints);
        return [
          name,
          ...PACING_TARGETS_FPS.map((fps) => points(Math.max(...ofStream.filter((row) => row.targetFps === fps).map((row) => row.tickflow.judderPoints)))),
          cell(worst),
          worst.tickflow.judderPoints <= JUDDER_TARGET_POINTS ? 'met' : 'MISSED',
          fixed(Math.max(...ofStream.map((row) => Math.abs(row.tickflow.rateErrorPercent))), 3),
          `${points(reference.reference.judderPoints)} (${cell(reference)})`,
        ];
      }),
    ),
  );
  print();
  print('Random ±1 ms jitter where the host/target ratio is within 0.06 % of a whole number: tickflow\'s judder in points above the floor, per jitter seed.\n');
  const cells = [...new Set(nearWhole.map(cell))];
  print(
    markdownTable(
      ['target fps', 'host Hz', 'host frames a frame', 'forced %', ...NEAR_WHOLE_SEEDS.map((seed) => `seed ${seed}`), `target ≤ +${JUDDER_TARGET_POINTS}`, 'tickflow rate error %', 'reference worst'],
      cells.map((name) => {
        const ofCell = nearWhole.filter((row) => cell(row) === name);
        const first = ofCell[0]!;
        const worst = Math.max(...ofCell.map((row) => row.tickflow.judderPoints));
        return [
          String(first.targetFps),
          String(first.hostHz),
          fixed(first.hostHz / first.targetFps, 5),
          fixed((first.tickflow.nonModalPercent - first.tickflow.judderPoints), 1),
          ...ofCell.map((row) => points(row.tickflow.judderPoints)),
          worst <= JUDDER_TARGET_POINTS ? 'met' : 'MISSED',
          fixed(Math.max(...ofCell.map((row) => Math.abs(row.tickflow.rateErrorPercent))), 3),
          points(Math.max(...ofCell.map((row) => row.reference.judderPoints))),
        ];
      }),
    ),
  );
  print();
  const worstStream = worstRow(streams, (row) => row.tickflow.judderPoints);
  const worstNear = worstRow(nearWhole, (row) => row.tickflow.judderPoints);
  const all = [...streams, ...nearWhole];
  const ours = Math.max(worstStream.tickflow.judderPoints, worstNear.tickflow.judderPoints);
  const missed = all.filter((row) => row.tickflow.judderPoints > JUDDER_TARGET_POINTS).length;
  print(
    `tickflow pace on compositor-like hosts: worst judder ${points(worstStream.tickflow.judderPoints)} points on the repeating and drifting hosts (${worstStream.stream}, ${cell(worstStream)}), ` +
      `${points(worstNear.tickflow.judderPoints)} on the near-whole cells (${cell(worstNear)}, seed ${worstNear.seed}); ` +
      `against the target of at most +${JUDDER_TARGET_POINTS}: ${ours <= JUDDER_TARGET_POINTS ? 'met' : `MISSED in ${missed} of ${all.length} runs`}; ` +
      `largest rate error ${fixed(Math.max(...all.map((row) => Math.abs(row.tickflow.rateErrorPercent))), 3)} %.`,
  );
  print();
}

import { fixed, markdownTable } from './markdown-table.js';
import {
  benchPacing,
  JITTER_CHECK_MS,
  JUDDER_TARGET_POINTS,
  PACERS,
  PACING_DURATION_SECONDS,
  REFERENCE_PACER,
  tickflowJitterSensitivity,
  type PacingRow,
} from './pacing-fidelity.js';

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

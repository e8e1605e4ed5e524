import type { FrameInfo, LoopStats, StepPlan, OverflowPolicy } from 'tickflow';
import { isClockKind, type ClockChoice, type ClockKind } from './clocks.js';
import { decodeSession } from 'tickflow/replay';
import { drawLab, fitCanvas, type LaneLabel, type LabPictureSource } from './draw.js';
import { TimingLab, type LabFixedStep, type SimulatedSpeed, type TickRecord } from './lab.js';
import { SessionTrack, type StepsAgreement } from './session-track.js';

/**
 * The lab's test handle, for the browser tests (spec/browser/timing-lab.spec.ts)
 * and for poking at the loop from the devtools console:
 *
 * ```ts
 * window.__timingLab.frame()            // the loop's FrameInfo { count, timeMs, lastDeltaMs } (ms)
 * window.__timingLab.stats()            // its LoopStats { ticks, declined, droppedMs, errors }
 * window.__timingLab.plan()             // the latest frame's StepPlan { steps, stepMs, alpha, droppedMs }
 * window.__timingLab.simulatedSteps()   // fixed steps run since the loop was built
 * window.__timingLab.history()          // what happened to each host tick of the last few seconds (TickRecord[])
 * window.__timingLab.speed()            // simulated ms over host ms since the clock started { simulatedMs, hostMs, ratio }
 * window.__timingLab.laneLabels()       // the lane labels as the picture drew them last frame ({ title, subtitle, shown }[])
 * window.__timingLab.setClock('paced', 30)  // 'wall' | 'paced' | 'constant' | 'sequence' | 'seeded'
 * window.__timingLab.setFixedStep({ stepMs: 20, maxSteps: 2, overflow: 'keep-fraction' })  // rebuilds the loop
 * window.__timingLab.stall()            // every later host timestamp +500 ms (simulated; the page does not hang)
 * window.__timingLab.jitter(8)          // ±8 ms random noise on host timestamps for 1 s
 * window.__timingLab.pause() / resume() // loop.paused: frames go on, the simulation is skipped
 * window.__timingLab.stop() / start()   // loop.stop() / loop.start(): no ticks taken while stopped
 * window.__timingLab.paused, .running
 * window.__timingLab.loadSession(json)  // shows a recorded session (the file's text) instead of the live loop
 * window.__timingLab.session()          // the session shown: { frames, ticks, declined, steps, stepMs, maxSteps, agreement, drawnFrames } or undefined
 * window.__timingLab.live()             // back to the live loop
 * ```
 *
 * Every call updates the controls on the page as a click would.
 */
export interface TimingLabHandle {
  frame(): FrameInfo;
  stats(): LoopStats;
  plan(): StepPlan;
  simulatedSteps(): number;
  history(): TickRecord[];
  speed(): SimulatedSpeed;
  laneLabels(): readonly LaneLabel[];
  setClock(kind: ClockKind, fps?: number): void;
  setFixedStep(options: Partial<LabFixedStep>): void;
  stall(): void;
  jitter(amplitudeMs?: number): void;
  pause(): void;
  resume(): void;
  stop(): void;
  start(): void;
  loadSession(json: string): void;
  session(): SessionShown | undefined;
  live(): void;
  readonly paused: boolean;
  readonly running: boolean;
}

/** What the lab says of the recorded session it shows. */
export interface SessionShown {
  /** The session's frames (delivered deltas), ticks (frames and declined ticks) and declined ticks. */
  readonly frames: number;
  readonly ticks: number;
  readonly declined: number;
  /** The fixed steps drawn over the whole session, and the step and cap they were drawn with. */
  readonly steps: number;
  readonly stepMs: number;
  readonly maxSteps: number;
  /** Whether those steps give the tick counts the session recorded. */
  readonly agreement: StepsAgreement;
  /** The frames drawn so far (the playback's position). */
  readonly drawnFrames: number;
}

declare global {
  interface Window {
    __timingLab?: TimingLabHandle;
  }
}

function element<T extends HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (found === null) throw new Error(`timing lab: the page has no ${selector}`);
  return found;
}

const canvas = element<HTMLCanvasElement>('#picture');
const context = canvas.getContext('2d');
if (context === null) throw new Error('timing lab: no 2D canvas context');
const ctx = context;

const controls = {
  clocks: [...document.querySelectorAll<HTMLInputElement>('input[name="clock"]')],
  fps: element<HTMLSelectElement>('#fps'),
  clockCode: element<HTMLElement>('#clock-code'),
  step: element<HTMLSelectElement>('#step'),
  maxSteps: element<HTMLSelectElement>('#max-steps'),
  overflow: element<HTMLSelectElement>('#overflow'),
  stall: element<HTMLButtonElement>('#stall'),
  jitter: element<HTMLButtonElement>('#jitter'),
  jitterMs: element<HTMLSelectElement>('#jitter-ms'),
  pause: element<HTMLButtonElement>('#pause'),
  stop: element<HTMLButtonElement>('#stop'),
};

const out = {
  count: element<HTMLElement>('#out-count'),
  time: element<HTMLElement>('#out-time'),
  delta: element<HTMLElement>('#out-delta'),
  plan: element<HTMLElement>('#out-plan'),
  ticks: element<HTMLElement>('#out-ticks'),
  declined: element<HTMLElement>('#out-declined'),
  dropped: element<HTMLElement>('#out-dropped'),
  rate: element<HTMLElement>('#out-rate'),
  speed: element<HTMLElement>('#out-speed'),
  speedNote: element<HTMLElement>('#out-speed-note'),
};

/**
 * The readouts are written every 6th page frame (ten times a second at 60 Hz),
 * and at once after a control changes the lab. A text that changes is laid out
 * again by the browser, in objects on Blink's own heap; ten readouts changing
 * every frame made enough of them to force a full collection every 2.3 s, a
 * pause a player sees (bench/GAMES-RESULTS.md). Nobody reads digits that
 * change sixty times a second anyway.
 */
const READOUT_EVERY_FRAMES = 6;

let laneLabels: readonly LaneLabel[] = [];
/** A recorded session shown instead of the live loop, if one is. */
let track: SessionTrack | undefined;
/** Page frames drawn since the readouts were last written. */
let framesSinceReadouts = READOUT_EVERY_FRAMES;

const lab = new TimingLab((dtSeconds) => {
  track?.advance(dtSeconds * 1000);
  const source: LabPictureSource = track ?? lab;
  laneLabels = drawLab(fitCanvas(canvas, ctx), source).labels;
  if (++framesSinceReadouts >= READOUT_EVERY_FRAMES) showAllReadouts();
});

/** Writes the readouts of what the picture shows: the live loop, or the recorded session. */
function showAllReadouts(): void {
  framesSinceReadouts = 0;
  if (track === undefined) showReadouts();
  else showSessionReadouts(track);
}

/**
 * Why the simulated speed reads what it does, in a line. A paced clock above
 * the display rate plays in slow motion, and says so: that is the seed's rule
 * (each delivered frame is worth exactly one interval), not a bug.
 */
function speedNote(ratio: number | undefined, clock: ClockChoice, hostHz: number): string {
  if (ratio === undefined) return 'measuring…';
  switch (clock.kind) {
    case 'wall':
      return ratio < 0.97 ? 'below 1×: the wall clock clamps a frame at 250 ms, so a stall cost the game time' : 'the wall clock follows the host';
    case 'paced': {
      if (hostHz > 0 && clock.fps > hostHz * 1.05) {
        const intervalMs = (1000 / clock.fps).toFixed(2);
        return `slow motion: paced ${clock.fps} on a ${hostHz.toFixed(0)} Hz host delivers one frame per tick, each worth ${intervalMs} ms (the seed's rule)`;
      }
      return 'each delivered frame is worth exactly one interval';
    }
    default:
      return 'a scripted clock ignores the host: each frame is worth what the script says';
  }
}

function showReadouts(): void {
  const frame = lab.frame();
  const stats = lab.stats();
  const plan = lab.plan();
  out.count.textContent = String(frame.count);
  out.time.textContent = frame.timeMs.toFixed(0);
  out.delta.textContent = frame.lastDeltaMs.toFixed(2);
  out.plan.textContent = `${plan.steps} · ${plan.alpha.toFixed(2)}`;
  out.ticks.textContent = String(stats.ticks);
  out.declined.textContent = String(stats.declined);
  out.dropped.textContent = stats.droppedMs.toFixed(0);

  // The last second of host ticks: how many came, and how many the clock declined.
  let ticks = 0;
  let declined = 0;
  for (let i = lab.history.length - 1; i >= 0; i--) {
    const record = lab.history[i]!;
    if (record.rawMs <= lab.nowMs - 1000) break;
    ticks++;
    if (!record.delivered) declined++;
  }
  out.rate.textContent = ticks === 0 ? '–' : `${ticks} · ${declined}`;

  const { ratio } = lab.speed();
  out.speed.textContent = ratio === undefined ? '–' : `${ratio.toFixed(2)}×`;
  out.speedNote.textContent = speedNote(ratio, lab.clock, ticks);
}

/** The readouts for a recorded session: where its playback is. */
function showSessionReadouts(shown: SessionTrack): void {
  const plan = shown.plan();
  const drawn = shown.allTicks.filter((record) => record.rawMs <= shown.nowMs);
  let declined = 0;
  let droppedMs = 0;
  let lastDeltaMs = 0;
  for (const record of drawn) {
    if (!record.delivered) declined++;
    else lastDeltaMs = record.deltaMs;
    droppedMs += record.droppedMs;
  }
  out.count.textContent = String(shown.frames);
  out.time.textContent = Math.min(shown.nowMs, shown.durationMs).toFixed(0);
  out.delta.textContent = lastDeltaMs.toFixed(2);
  out.plan.textContent = `${plan.steps} · ${plan.alpha.toFixed(2)}`;
  out.ticks.textContent = String(drawn.length);
  out.declined.textContent = String(declined);
  out.dropped.textContent = droppedMs.toFixed(0);
  let ticks = 0;
  let recent = 0;
  for (const record of shown.history) {
    if (record.rawMs <= shown.nowMs - 1000) continue;
    ticks++;
    if (!record.delivered) recent++;
  }
  out.rate.textContent = ticks === 0 ? '–' : `${ticks} · ${recent}`;
  out.speed.textContent = '1.00×';
  out.speedNote.textContent = 'the recorded pace: a frame drawn its recorded delta after the one before';
}

/** What the status line says of a session's steps. */
function agreementText(agreement: StepsAgreement, fixedStep: LabFixedStep): string {
  if (agreement.compared === 0) return 'no fixed step recorded: the steps lane stays empty';
  const setting = `a ${fixedStep.stepMs.toFixed(1)} ms step, at most ${fixedStep.maxSteps} a frame`;
  return agreement.first === undefined
    ? `steps drawn with ${setting}: all ${agreement.compared} recorded tick counts agree`
    : `steps drawn with ${setting} agree with the recording until frame ${agreement.first.frame} (${agreement.first.recorded} ticks recorded, ${agreement.first.drawn} drawn)`;
}

/** Shows a recorded session instead of the live loop (which stops taking ticks meanwhile). */
function showSession(json: string, name = 'the session'): void {
  const shown = new SessionTrack(decodeSession(json));
  lab.stop();
  track = shown;
  document.body.classList.add('showing-session');
  session.live.hidden = false;
  session.status.hidden = false;
  const { deltasMs, preset } = shown.session;
  session.status.textContent = `${name}: ${preset}, ${deltasMs.length} frames, ${(shown.durationMs / 1000).toFixed(1)} s. ${agreementText(shown.agreement, shown.initialStep)}.`;
  syncControls();
}

/** Back to the live loop. */
function showLive(): void {
  if (track === undefined) return;
  track = undefined;
  document.body.classList.remove('showing-session');
  session.live.hidden = true;
  session.status.hidden = true;
  lab.resumeTicks();
  syncControls();
}

/** Shows the lab's state on the controls, whoever changed it. */
function syncControls(): void {
  for (const radio of controls.clocks) radio.checked = radio.value === lab.clock.kind;
  controls.fps.value = String(lab.clock.fps);
  controls.fps.disabled = lab.clock.kind !== 'paced';
  controls.clockCode.textContent = lab.clock.code;
  controls.step.value = String(lab.fixedStep.stepMs);
  controls.maxSteps.value = String(lab.fixedStep.maxSteps);
  controls.overflow.value = lab.fixedStep.overflow;
  controls.jitterMs.value = String(lab.jitterAmplitudeMs);
  controls.pause.textContent = lab.paused ? 'Resume' : 'Pause';
  controls.pause.setAttribute('aria-pressed', String(lab.paused));
  controls.stop.textContent = lab.running ? 'Stop' : 'Start';
  controls.stop.setAttribute('aria-pressed', String(!lab.running));
  showAllReadouts();
}

const handle: TimingLabHandle = {
  frame: () => lab.frame(),
  stats: () => lab.stats(),
  plan: () => lab.plan(),
  simulatedSteps: () => lab.simulatedSteps,
  history: () => lab.history.map((record) => ({ ...record })),
  speed: () => lab.speed(),
  laneLabels: () => laneLabels,
  setClock(kind, fps) {
    if (!isClockKind(kind)) throw new RangeError(`setClock: kind must be one of wall, paced, constant, sequence, seeded, got ${String(kind)}`);
    lab.setClock(kind, fps);
    syncControls();
  },
  setFixedStep(options) {
    lab.setFixedStep(options);
    syncControls();
  },
  stall: () => lab.stall(),
  jitter(amplitudeMs) {
    lab.jitter(amplitudeMs);
    syncControls();
  },
  pause() {
    lab.pause();
    syncControls();
  },
  resume() {
    lab.resume();
    syncControls();
  },
  stop() {
    lab.stop();
    syncControls();
  },
  start() {
    lab.resumeTicks();
    syncControls();
  },
  loadSession(json) {
    showSession(json);
  },
  session() {
    if (track === undefined) return undefined;
    const records = track.allTicks;
    return {
      frames: track.session.deltasMs.length,
      ticks: records.length,
      declined: records.filter((record) => !record.delivered).length,
      steps: records.reduce((sum, record) => sum + record.steps, 0),
      stepMs: track.initialStep.stepMs,
      maxSteps: track.initialStep.maxSteps,
      agreement: track.agreement,
      drawnFrames: track.frames,
    };
  },
  live() {
    showLive();
  },
  get paused() {
    return lab.paused;
  },
  get running() {
    return lab.running;
  },
};
window.__timingLab = handle;

for (const radio of controls.clocks) {
  radio.addEventListener('change', () => {
    const kind = radio.value;
    if (radio.checked && isClockKind(kind)) handle.setClock(kind, Number(controls.fps.value));
  });
}
controls.fps.addEventListener('change', () => handle.setClock('paced', Number(controls.fps.value)));
controls.step.addEventListener('change', () => handle.setFixedStep({ stepMs: Number(controls.step.value) }));
controls.maxSteps.addEventListener('change', () => handle.setFixedStep({ maxSteps: Number(controls.maxSteps.value) }));
controls.overflow.addEventListener('change', () =>
  handle.setFixedStep({ overflow: controls.overflow.value as OverflowPolicy }),
);
controls.stall.addEventListener('click', () => handle.stall());
controls.jitter.addEventListener('click', () => handle.jitter(Number(controls.jitterMs.value)));
controls.pause.addEventListener('click', () => (lab.paused ? handle.resume() : handle.pause()));
controls.stop.addEventListener('click', () => (lab.running ? handle.stop() : handle.start()));

const session = {
  load: element<HTMLButtonElement>('#session-load'),
  live: element<HTMLButtonElement>('#session-live'),
  file: element<HTMLInputElement>('#session-file'),
  status: element<HTMLElement>('#session-status'),
};
session.load.addEventListener('click', () => session.file.click());
session.live.addEventListener('click', () => showLive());
session.file.addEventListener('change', () => {
  const file = session.file.files?.[0];
  session.file.value = '';
  if (file === undefined) return;
  void file.text().then((text) => {
    try {
      showSession(text, file.name);
    } catch (error) {
      session.status.textContent = `${file.name} is not a session: ${(error as Error).message}`;
      session.status.hidden = false;
    }
  });
});

lab.start();
syncControls();

/**
 * Record, download and load controls for a game page: "Record" starts
 * `recordSession` on the running engine (mid-game, so the session begins
 * with the engine's snapshot), "Stop & download" saves the session as a
 * `.json` file (`encodeSession`), and "Load" opens a session file and hands
 * it to the page, which shows it in its replay view (replay-view.ts).
 *
 * The page gives an empty element where its other controls are
 * (`<div id="session" class="session-controls"></div>`) and
 * {@link bindSessionControls} fills it: the Record button (marked
 * `data-live`: hidden in a replay), Load, a hidden file input, and a status
 * line that says what was saved or why a file could not be replayed.
 *
 * @module
 */
import { decodeSession, encodeSession, recordSession, type RecordOptions, type Session, type SessionRecording, type ShellEngine } from 'tickflow/replay';

/** Options of {@link bindSessionControls}. */
export interface SessionControlsOptions<E extends ShellEngine> {
  /** The empty element the controls go in. */
  readonly root: HTMLElement;
  /** The engine to record: the one playing now. */
  readonly engine: () => E;
  /** What `recordSession` is given besides the engine (a systems game's Input, a checkpoint state). */
  readonly record?: RecordOptions<E>;
  /** The downloaded file's name before `-<date>.json`: `'platformer'` → `platformer-2026-12-06-14-03-22.json`. */
  readonly fileName: string;
  /** A session file was opened and read: show it. */
  readonly onLoad: (session: Session, fileName: string) => void | Promise<void>;
}

/** The controls, bound. */
export interface SessionControls {
  /** Whether a recording is under way. */
  readonly recording: boolean;
  /** The session last recorded (stopped and downloaded), if any. */
  readonly lastSession: Session | undefined;
  /** Stops a recording under way without saving it (the page is leaving the game). */
  discard(): void;
}

/**
 * Writes a page's record, download and load controls into `root` and binds
 * them. A recording that cannot start (a level loading this very frame) or a
 * file that is not a session says so in the status line; nothing is thrown
 * at the page.
 */
export function bindSessionControls<E extends ShellEngine>(options: SessionControlsOptions<E>): SessionControls {
  const { root, engine, record, fileName, onLoad } = options;
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, name: string, text = ''): HTMLElementTagNameMap[K] => {
    const element = document.createElement(tag);
    element.dataset['session'] = name;
    element.textContent = text;
    return element;
  };
  const button = make('button', 'record');
  button.type = 'button';
  button.dataset['live'] = ''; // a replay shows no Record
  const open = make('button', 'open', 'Load');
  open.type = 'button';
  const load = make('input', 'load');
  load.type = 'file';
  load.accept = '.json,application/json';
  load.hidden = true;
  const status = make('p', 'status');
  status.className = 'session-status';
  status.setAttribute('aria-live', 'polite');
  root.classList.add('session-controls');
  root.replaceChildren(button, open, load, status);
  let recording: SessionRecording | undefined;
  let lastSession: Session | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;

  const show = (text: string, error = false): void => {
    status.textContent = text;
    status.classList.toggle('error', error);
  };
  const idle = (): void => {
    clearInterval(timer);
    timer = undefined;
    recording = undefined;
    button.textContent = 'Record';
    button.setAttribute('aria-pressed', 'false');
  };

  const start = (): void => {
    try {
      recording = recordSession(engine(), record);
    } catch (error) {
      show(`Could not start recording: ${(error as Error).message}`, true);
      return;
    }
    button.textContent = 'Stop & download';
    button.setAttribute('aria-pressed', 'true');
    show('Recording: 0 frames');
    // The count of frames recorded, twice a second: the page's time, not the game's.
    timer = setInterval(() => show(`Recording: ${recording?.frames ?? 0} frames`), 500);
  };

  const stop = (): void => {
    const session = recording!.stop();
    idle();
    lastSession = session;
    const name = `${fileName}-${stamp(new Date())}.json`;
    downloadText(encodeSession(session), name);
    show(`Saved ${name}: ${session.deltasMs.length} frames, ${seconds(session)} s`);
  };

  button.addEventListener('click', () => {
    if (recording === undefined) start();
    else stop();
    button.blur(); // a game's Space (a jump) must not press it again
  });
  open.addEventListener('click', () => {
    load.click(); // the browser's file picker
    open.blur();
  });
  load.addEventListener('change', () => {
    const file = load.files?.[0];
    load.value = ''; // the same file can be opened again
    if (file === undefined) return;
    void file.text().then(async (text) => {
      let session: Session;
      try {
        session = decodeSession(text);
      } catch (error) {
        show(`${file.name} is not a session: ${(error as Error).message}`, true);
        return;
      }
      recording?.stop();
      idle();
      show(`Loaded ${file.name}`);
      try {
        await onLoad(session, file.name);
      } catch (error) {
        show(`Could not replay ${file.name}: ${(error as Error).message}`, true);
      }
    });
  });
  idle();

  return {
    get recording() {
      return recording !== undefined;
    },
    get lastSession() {
      return lastSession;
    },
    discard() {
      recording?.stop();
      idle();
    },
  };
}

/** A session's recorded time in seconds, one decimal. */
export function seconds(session: Session): string {
  return (session.deltasMs.reduce((sum, ms) => sum + ms, 0) / 1000).toFixed(1);
}

/** Saves `text` as a file the browser downloads. */
export function downloadText(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the file from the URL after the click returns: freed a while later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `2026-12-06-14-03-22`: local time, sortable, safe in a file name. */
function stamp(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}-${two(date.getHours())}-${two(date.getMinutes())}-${two(date.getSeconds())}`;
}

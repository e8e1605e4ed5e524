import { describe, it } from 'vitest';
import { Subject, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { marbles } from '../marbles.js';
import { createP2PSession, simulatedLink, type P2PSession, type TickInput } from '../../src/netplay/index.js';

// Issue 27, item 6: "marble tests of stalls, input delay changes and time
// sync". Two machines, one player each, on a simulatedLink; a marble frame
// is one host frame of 10 ms, and a tick is 10 ms (stepMs), so a frame is
// worth one tick. Each frame, machine 0 then machine 1 calls session.frame().
// What a machine did in a frame, as a letter:
//   t  ran a tick          d  declined the tick due (the window is full: a stall)
//   n  no tick due         s  synchronizing: has not heard every peer yet
// (a letter, not '-': in a marble, '-' is a frame with no value)

const FRAME_MS = 10;

interface Machine {
  session: P2PSession;
  /** The link both machines are on (the same object on both). */
  link: ReturnType<typeof simulatedLink>;
  /** Player 0's input each tick ran with, last run, by tick: what the other machine's input arrived as. */
  ran: Map<number, string>;
}

function machines(options: { latencyMs?: number; window?: number; delay?: number; reads?: string }): Machine[] {
  const link = simulatedLink({ latencyMs: options.latencyMs ?? 0 });
  return [0, 1].map((me) => {
    const ran = new Map<number, string>();
    const session = createP2PSession({
      transport: link.endpoints[me]!,
      players: 2,
      localPlayers: [me],
      inputSize: 1,
      stepMs: FRAME_MS,
      delay: options.delay ?? 0,
      window: options.window ?? 8,
      checksumEvery: 0,
      disconnectAfterMs: 10_000,
      readInput: (_player, tick) => new Uint8Array([(options.reads ?? '').charCodeAt(tick) || 0x2e]), // '.' past the marble
      save: () => 0,
      load: () => {},
      advance: (inputs: readonly TickInput[]) => void ran.set(inputs[0]!.tick, inputs[0]!.input[0] === 0 ? '0' : String.fromCharCode(inputs[0]!.input[0]!)),
    });
    return { session, link, ran };
  });
}

/** What a machine did in a frame, as a letter (see the top of the file). */
type Letter = (machine: Machine, ran: number, stalledNow: boolean) => string;

const WHAT_IT_DID: Letter = ({ session }, ran, stalledNow) => (session.stats().phase === 'synchronizing' ? 's' : ran > 0 ? 't' : stalledNow ? 'd' : 'n');

/**
 * Runs the machines' frames on the marble's frames (machine 1 only where
 * `alive1` has an 'f'; `before(frame)` first) and emits a letter a frame
 * for machine `watched`.
 */
function play(
  m: { hot: (marbles: string) => Observable<string>; scheduler: TestScheduler },
  pair: Machine[],
  frames: string,
  alive1: string,
  options: { watched?: number; letter?: Letter; before?: (frame: number) => void } = {},
): Observable<string> {
  const { watched = 0, letter = WHAT_IT_DID, before } = options;
  const out = new Subject<string>();
  const { link } = pair[0]!;
  let frame = 0;
  m.hot(frames).subscribe(() => {
    const now = m.scheduler.now() * FRAME_MS;
    link.advanceTo(now);
    before?.(frame);
    let shown = '';
    pair.forEach((machine, i) => {
      if (i === 1 && alive1[frame] !== 'f') return;
      const stalls = machine.session.stats().stalledFrames;
      const ran = machine.session.frame(now);
      if (i === watched) shown = letter(machine, ran, machine.session.stats().stalledFrames > stalls);
    });
    frame++;
    if (shown !== '') out.next(shown); // a machine whose host has no frame then shows nothing
  });
  return out;
}

describe('createP2PSession, in marbles', () => {
  it(
    '"past which the session stalls by having the clock decline ticks": window 2, the other machine silent from frame 6',
    marbles((m) => {
      const pair = machines({ window: 2 });
      // Frame 0: machine 0 has heard no one yet (s). Machine 1 hears machine 0 in its frame 0 (latency 0) and runs
      // ticks 0 to 4 in frames 1 to 5; its frame 6 never comes, so player 1's inputs are confirmed through tick 4.
      // Machine 0 runs ticks 0 to 4, then 5 and 6 on predictions (the window, 2), then declines every tick due.
      const frames = ' ffffffffffffff';
      const alive1 = ' ffffff        ';
      const expected = 'stttttttdddddd';
      m.expect(play(m, pair, frames.trim(), alive1.slice(1))).toBeObservable(expected);
    }),
  );

  it(
    '"input delay changeable while playing": delay 2, then 4 from tick 5; the gap is filled with the last input',
    marbles((m) => {
      // Machine 0 reads player 0's input a, b, c... at ticks 0, 1, 2... Machine 1 shows, each frame, the input
      // player 0 had in the tick it ran (0: the zero input of the first `delay` ticks; n: it ran none). At frame 6, machine 0
      // runs tick 5 with delay 4: f is used at tick 9, and ticks 7 and 8, which no input reached, repeat e.
      const pair = machines({ delay: 2, reads: 'abcdefghijklmn' });
      const ranInput: Letter = ({ ran }, count) => (count === 0 ? 'n' : ran.get(Math.max(...ran.keys()))!);
      const frames = ' ffffffffffffff';
      const expected = 'n00abcdeeefghi';
      m.expect(play(m, pair, frames.trim(), 'ffffffffffffff', { watched: 1, letter: ranInput, before: (frame) => frame === 6 && pair[0]!.session.setDelay(0, 4) })).toBeObservable(expected);
    }),
  );

  it(
    '"time sync by frame advantage ... corrected by stretching the fixed step slightly, not by skipping": the machine ahead runs a frame without a tick now and then until the other catches up',
    marbles((m) => {
      // 30 ms each way; machine 1's host starts at frame 5. It hears machine 0's packets at once and starts ticking;
      // machine 0 hears machine 1 three frames later, so machine 1 runs 3 ticks ahead. As its averaged advantage
      // grows it lengthens its tick (at most 10 %), and a frame now and then is worth no tick (n) until machine 0 has
      // caught up; it never stalls (d) and never runs two ticks in a frame.
      const pair = machines({ latencyMs: 30 });
      // Machine 1 is 2 ticks ahead when both run (its ticks in frames 6 and 7 came before machine 0's first, in
      // frame 8), and gives them back one frame at a time: at frame 11, after its first timing sample, and at 33.
      const frames = '   ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff';
      const alive1 = '        fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff';
      const expected = '-----ntttttnttttttttttttttttttttttnttttttttttttttttttttttttttttttttttt';
      const twoOrWhatItDid: Letter = (machine, ran, stalled) => (ran > 1 ? '2' : WHAT_IT_DID(machine, ran, stalled));
      m.expect(play(m, pair, frames.trim(), alive1.slice(3), { watched: 1, letter: twoOrWhatItDid })).toBeObservable(expected);
    }),
  );
});

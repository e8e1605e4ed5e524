import { describe, expect, it } from 'vitest';
import { Subject, type Observable } from 'rxjs';
import type { Context } from 'rxjs-marbles';
import { OptionError } from '../../operators/option-error.js';
import {
  DEFAULT_INPUT_CAPACITY,
  DEFAULT_INPUT_DELAY,
  DEFAULT_PREDICTION_WINDOW,
  inputQueue,
  type InputQueue,
} from '../../src/netplay/index.js';
import { marbles } from '../marbles.js';

// Issue 27, item 1: "per-tick inputs encoded compactly (the game gives the
// encoding or a schema); input delay (default 2 ticks) changeable while
// playing; a prediction window (default 8 ticks; 0 is lockstep) past which
// the session stalls by having the clock decline ticks, never by blocking;
// remote inputs predicted as the last confirmed one unless the game
// predicts; on a late input that differs, restore the snapshot of the first
// wrong tick and re-simulate"; "a player who disconnects gets a
// `disconnected` input status the game can read".
//
// Inputs here are one byte: a letter's code, or 0 (drawn as '0').

const byte = (letter: string): Uint8Array => new Uint8Array([letter === '0' ? 0 : letter.charCodeAt(0)]);
const letter = (input: Uint8Array): string => (input[0] === 0 ? '0' : String.fromCharCode(input[0]!));

describe('inputQueue defaults', () => {
  it('"input delay (default 2 ticks)", "a prediction window (default 8 ticks)", GGRS\'s 128 inputs held', () => {
    const queue = inputQueue({ inputSize: 4 });
    expect([queue.delay, queue.window, DEFAULT_INPUT_DELAY, DEFAULT_PREDICTION_WINDOW, DEFAULT_INPUT_CAPACITY]).toEqual([2, 8, 2, 8, 128]);
    expect([queue.inputSize, queue.nextLocalTick, queue.confirmedThrough, queue.oldestKept]).toEqual([4, 0, -1, 0]);
    expect([queue.disconnectedAt, queue.firstWrongTick]).toEqual([undefined, undefined]);
  });
});

/**
 * Marble: this machine adds one input a frame (a frame is a tick), after the
 * frame's `setDelay`; each tick's input is emitted at that tick's frame.
 */
function timeline(m: Context, local: string, delays: string): Observable<string> {
  const queue = inputQueue({ inputSize: 1 });
  const out = new Subject<string>();
  m.hot(delays).subscribe((value) => queue.setDelay(Number(value)));
  m.hot(local).subscribe((value) => {
    const now = m.scheduler.now();
    for (const { tick, input } of queue.addLocal(now, byte(value))) m.scheduler.schedule(() => out.next(letter(input)), tick - now);
  });
  return out;
}

describe('inputQueue delay: "input delay (default 2 ticks) changeable while playing"', () => {
  it(
    'grown, the last input repeats to fill the gap; shrunk, inputs are dropped until the timeline catches up: every tick one input',
    marbles((m) => {
      const local    = 'abcdefghi ';
      const delays   = '2--3-1--- ';
      const expected = '00abccdehi';
      m.expect(timeline(m, local, delays)).toBeObservable(expected);
    }),
  );

  it(
    'delay 0: a tick\'s input is the one added for it',
    marbles((m) => {
      const local    = 'abcde';
      const delays   = '0----';
      const expected = 'abcde';
      m.expect(timeline(m, local, delays)).toBeObservable(expected);
    }),
  );

  it('addLocal returns what it stored, for the session to send: nothing while a smaller delay catches up', () => {
    const queue = inputQueue({ inputSize: 1, delay: 1 });
    expect(queue.addLocal(0, byte('a')).map(({ tick, input }) => [tick, letter(input)])).toEqual([[0, '0'], [1, 'a']]);
    queue.setDelay(3);
    expect(queue.addLocal(1, byte('b')).map(({ tick, input }) => [tick, letter(input)])).toEqual([[2, 'a'], [3, 'a'], [4, 'b']]);
    queue.setDelay(0);
    expect(queue.addLocal(2, byte('c'))).toEqual([]);
    expect(queue.addLocal(3, byte('d'))).toEqual([]);
    expect(queue.addLocal(4, byte('e'))).toEqual([]);
    expect(queue.addLocal(5, byte('f')).map(({ tick, status }) => [tick, status])).toEqual([[5, 'confirmed']]);
    expect(queue.confirmedThrough).toBe(5);
  });
});

/**
 * Marble: a remote player's inputs for ticks 0, 1, 2... arrive one at each
 * letter of `arrives`; each frame the session simulates its next tick if the
 * window lets it, and the simulated tick is emitted as a letter (a is 0).
 */
function simulated(m: Context, window: number, arrives: string): Observable<string> {
  const queue = inputQueue({ inputSize: 1, window });
  const out = new Subject<string>();
  let nextArrival = 0;
  let nextTick = 0;
  m.hot(arrives).subscribe(() => queue.addRemote(nextArrival++, byte('x')));
  m.hot('f'.repeat(arrives.length)).subscribe(() => {
    if (!queue.canAdvanceTo(nextTick)) return;
    queue.inputFor(nextTick);
    out.next(String.fromCharCode(97 + nextTick++));
  });
  return out;
}

describe('inputQueue window: "a prediction window (default 8 ticks; 0 is lockstep) past which the session stalls"', () => {
  it(
    'window 2: two ticks past the last confirmed one are predicted, then the session stalls until an input arrives',
    marbles((m) => {
      const arrives  = 'a-----b-c---';
      const expected = 'abc---d-e---';
      m.expect(simulated(m, 2, arrives)).toBeObservable(expected);
    }),
  );

  it(
    'window 0 is lockstep: a tick is simulated only once its input is confirmed',
    marbles((m) => {
      const arrives  = 'a-----b-c---';
      const expected = 'a-----b-c---';
      m.expect(simulated(m, 0, arrives)).toBeObservable(expected);
    }),
  );

  it('inputFor past the window throws, naming the tick and the rule', () => {
    const queue = inputQueue({ inputSize: 1, window: 1 });
    expect(queue.predictionDepth(0)).toBe(1);
    expect(queue.inputFor(0).status).toBe('predicted');
    expect(queue.canAdvanceTo(1)).toBe(false);
    expect(() => queue.inputFor(1)).toThrow('inputQueue.inputFor: tick must be at most window (1) ticks past the last confirmed tick -1');
  });
});

describe('inputQueue prediction: "remote inputs predicted as the last confirmed one unless the game predicts"', () => {
  it('repeats the last confirmed input (all zero bytes before any) and records it', () => {
    const queue = inputQueue({ inputSize: 1 });
    expect(queue.inputFor(0)).toEqual({ tick: 0, input: byte('0'), status: 'predicted' });
    queue.addRemote(0, byte('0'));
    queue.addRemote(1, byte('a'));
    expect(queue.inputFor(1)).toEqual({ tick: 1, input: byte('a'), status: 'confirmed' });
    expect(letter(queue.inputFor(2).input)).toBe('a');
    expect(letter(queue.inputFor(5).input)).toBe('a');
    expect(queue.firstWrongTick).toBeUndefined();
  });

  it('"on a late input that differs, restore the snapshot of the first wrong tick": addRemote reports the earliest tick to roll back to', () => {
    const queue = inputQueue({ inputSize: 1 });
    queue.addRemote(0, byte('a'));
    for (let tick = 1; tick <= 5; tick++) queue.inputFor(tick);
    expect(queue.addRemote(1, byte('a'))).toBeUndefined(); // as predicted
    expect(queue.addRemote(4, byte('b'))).toBe(4); // out of order, and wrong
    expect(queue.addRemote(3, byte('c'))).toBe(3); // earlier and wrong
    expect(queue.addRemote(2, byte('a'))).toBe(3);
    // The session rolls back to 3 and re-simulates: handing the ticks out again clears them.
    expect(queue.inputFor(3).status).toBe('confirmed');
    expect(queue.firstWrongTick).toBe(4);
    queue.inputFor(4);
    expect(queue.firstWrongTick).toBeUndefined();
    expect(letter(queue.inputFor(5).input)).toBe('b'); // predicted again, from the newest confirmed input before it
  });

  it('a game\'s predict gets a copy of the last confirmed input and the tick; what it returns is copied and checked', () => {
    const seen: [string, number][] = [];
    const queue = inputQueue({
      inputSize: 1,
      predict: (last, tick) => {
        seen.push([letter(last), tick]);
        last[0] = 0; // a copy: the queue's own is untouched
        return byte(tick % 2 === 0 ? 'e' : 'o');
      },
    });
    queue.addRemote(0, byte('a'));
    expect(letter(queue.inputFor(1).input)).toBe('o');
    expect(letter(queue.inputFor(2).input)).toBe('e');
    expect(seen).toEqual([['a', 1], ['a', 2]]);
    expect(letter(queue.confirmedAt(0)!)).toBe('a');
    const bad = inputQueue({ inputSize: 2, predict: () => new Uint8Array(1) });
    expect(() => bad.inputFor(0)).toThrow('inputQueue: predict must be a function returning a Uint8Array of inputSize (2) bytes, got an object');
  });

  it('the input handed out is the caller\'s own copy: writing into it changes nothing recorded', () => {
    const queue = inputQueue({ inputSize: 1 });
    queue.addRemote(0, byte('a'));
    queue.inputFor(1).input[0] = 0;
    expect(queue.addRemote(1, byte('a'))).toBeUndefined();
  });
});

describe('inputQueue late and duplicate inputs: "unordered and unreliable assumed"', () => {
  it('an input for a tick already confirmed, or already discarded, is ignored', () => {
    const queue = inputQueue({ inputSize: 1 });
    queue.addRemote(0, byte('a'));
    queue.addRemote(1, byte('b'));
    queue.inputFor(0);
    queue.inputFor(1);
    expect(queue.discardBefore(2)).toBe(2);
    expect(queue.addRemote(0, byte('z'))).toBeUndefined();
    queue.addRemote(2, byte('c'));
    expect(queue.addRemote(2, byte('z'))).toBeUndefined();
    expect(letter(queue.inputFor(2).input)).toBe('c');
    expect(queue.confirmedThrough).toBe(2);
  });
});

describe('inputQueue disconnect: "a player who disconnects gets a `disconnected` input status the game can read"', () => {
  it('from the tick on, the last confirmed input with the status disconnected; ticks handed out otherwise become wrong', () => {
    const queue = inputQueue({ inputSize: 1 });
    queue.addRemote(0, byte('a'));
    queue.addRemote(1, byte('b'));
    for (let tick = 0; tick <= 3; tick++) queue.inputFor(tick);
    expect(queue.disconnect(2)).toBe(2);
    expect(queue.disconnect(2)).toBe(2); // again: nothing more
    expect(queue.inputFor(2)).toEqual({ tick: 2, input: byte('b'), status: 'disconnected' });
    expect(queue.predictionDepth(50)).toBe(0);
    expect(queue.addRemote(3, byte('z'))).toBe(3); // ignored: the player is gone
    expect(queue.inputFor(3).status).toBe('disconnected');
    expect(queue.firstWrongTick).toBeUndefined();
    expect(() => queue.disconnect(3)).toThrow('inputQueue.disconnect: atTick must be the tick of the first disconnect, 2, got 3');
  });

  it('a player who left is known for every tick after: discardBefore goes past the disconnection, and the input stays theirs', () => {
    const queue = inputQueue({ inputSize: 1, capacity: 4, delay: 0, window: 2 });
    queue.addRemote(0, byte('a'));
    queue.disconnect(1);
    for (let tick = 0; tick < 10; tick++) {
      expect(queue.inputFor(tick)).toEqual({ tick, input: byte('a'), status: tick === 0 ? 'confirmed' : 'disconnected' });
      expect(queue.discardBefore(tick + 1)).toBe(tick + 1); // past capacity (4) without a refusal
    }
    expect(queue.disconnect(1)).toBeUndefined(); // the same disconnect again, its tick long discarded: nothing more
  });

  it('the game\'s disconnectedInput decides the input', () => {
    const queue = inputQueue({ inputSize: 1, disconnectedInput: () => byte('0') });
    queue.addRemote(0, byte('a'));
    queue.disconnect(1);
    expect(queue.inputFor(1)).toEqual({ tick: 1, input: byte('0'), status: 'disconnected' });
  });
});

describe('inputQueue discardBefore: confirmed inputs "kept until the session says they are no longer needed"', () => {
  it('never past the last confirmed tick, the last tick handed out, or the first wrong tick', () => {
    const queue = inputQueue({ inputSize: 1, delay: 0 });
    for (let tick = 0; tick < 6; tick++) queue.addLocal(tick, byte('a'));
    queue.inputFor(0);
    queue.inputFor(1);
    expect(queue.discardBefore(10)).toBe(2); // ticks 2 to 5 are not simulated yet
    for (let tick = 2; tick < 6; tick++) queue.inputFor(tick);
    queue.inputFor(6);
    queue.inputFor(7);
    expect(queue.discardBefore(10)).toBe(6); // 6 and 7 are predicted
    queue.addLocal(6, byte('b'));
    expect(queue.discardBefore(10)).toBe(6); // 6 is wrong: the session rolls back to it
    expect(() => queue.inputFor(5)).toThrow('inputQueue.inputFor: tick must be a whole number >= 6, got 5');
    expect(queue.discardBefore(3)).toBe(6); // never back
  });

  it('bounded: a tick capacity or more past the oldest kept is refused until discardBefore makes room', () => {
    const queue = inputQueue({ inputSize: 1, delay: 0, capacity: 4, window: 0 });
    for (let tick = 0; tick < 4; tick++) queue.addLocal(tick, byte('a'));
    expect(() => queue.addLocal(4, byte('a'))).toThrow('inputQueue.addLocal: tick must be at most oldestKept + capacity - 1 = 3 (call discardBefore to make room), got 4');
    expect(queue.nextLocalTick).toBe(4);
    queue.inputFor(0);
    queue.discardBefore(1);
    expect(queue.addLocal(4, byte('a'))).toHaveLength(1);
  });
});

describe('inputQueue errors name the option, the rule and the value', () => {
  const cases: [string, () => unknown, string][] = [
    ['no options', () => inputQueue(undefined as never), 'inputQueue: options must be an options object, got undefined'],
    ['a typo', () => inputQueue({ inputSize: 1, dealy: 2 } as never), "inputQueue: unknown option 'dealy'; did you mean 'delay'?"],
    ['inputSize 0', () => inputQueue({ inputSize: 0 }), 'inputQueue: inputSize must be a whole number >= 1, got 0'],
    ['a negative delay', () => inputQueue({ inputSize: 1, delay: -1 }), 'inputQueue: delay must be a whole number from 0 to 127 (capacity - 1), got -1'],
    ['a window not an integer', () => inputQueue({ inputSize: 1, window: 2.5 }), 'inputQueue: window must be a whole number from 0 to 127 (capacity - 1), got 2.5'],
    ['a window the queue cannot hold', () => inputQueue({ inputSize: 1, capacity: 8, window: 8 }), 'inputQueue: window must be a whole number from 0 to 7 (capacity - 1), got 8'],
    ['a predict that is not a function', () => inputQueue({ inputSize: 1, predict: 1 as never }), 'inputQueue: predict must be a function, got 1'],
    ['setDelay NaN', () => inputQueue({ inputSize: 1 }).setDelay(Number.NaN), 'inputQueue.setDelay: delay must be a whole number from 0 to 127 (capacity - 1), got NaN'],
    ['an input of the wrong size', () => inputQueue({ inputSize: 2 }).addLocal(0, new Uint8Array(3)), 'inputQueue.addLocal: input must be a Uint8Array of inputSize (2) bytes, got an object'],
    ['an input not bytes', () => inputQueue({ inputSize: 1 }).addRemote(0, [1] as never), 'inputQueue.addRemote: input must be a Uint8Array of inputSize (1) bytes, got an array of 1'],
    ['a local tick out of turn', () => inputQueue({ inputSize: 1 }).addLocal(1, byte('a')), 'inputQueue.addLocal: tick must be the next local tick, 0, got 1'],
    ['a remote tick before the start', () => inputQueue({ inputSize: 1, startTick: 5 }).addRemote(4, byte('a')), 'inputQueue.addRemote: tick must be a whole number >= 5, got 4'],
    ['a remote tick not a whole number', () => inputQueue({ inputSize: 1 }).addRemote(1.5, byte('a')), 'inputQueue.addRemote: tick must be a whole number >= 0, got 1.5'],
  ];
  it.each(cases)('%s', (_name, run, message) => {
    expect(run).toThrow(OptionError);
    expect(run).toThrow(message);
  });

  it('a queue is one player\'s: local or remote, by its first add', () => {
    const local: InputQueue = inputQueue({ inputSize: 1 });
    local.addLocal(0, byte('a'));
    expect(() => local.addRemote(0, byte('a'))).toThrow("inputQueue.addRemote: queue must be a remote player's queue (this one has local inputs)");
  });
});

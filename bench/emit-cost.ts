import { Subject } from 'rxjs';
import { Broadcast } from '../src/streams/broadcast.js';
import { measureAllocation, type AllocationReading } from './measure-allocation.js';
import { measureTimes, type TimedSubject, type TimingOptions, type TimingResult } from './measure-time.js';
import { createPhaseWork } from './phase-work.js';

/**
 * The cost of one multicast emission: RxJS's `Subject.next` beside
 * tickflow's `Broadcast`, the listener storage behind host ticks and phase
 * streams (the design chose it because `Subject.next` allocates on every
 * call). `loop.on` handlers are Broadcast listeners, and so is a function
 * passed to `loop.phase(name).subscribe`; an observer object (or an
 * operator) subscribes through an RxJS subscriber behind a Broadcast
 * listener.
 *
 * The value emitted is a small integer (a Smi), so no HeapNumber is boxed:
 * the bytes are the emitter's own.
 */
interface Emitter {
  readonly name: string;
  emit(value: number): void;
}

function subjectWith(subscribers: number): Emitter {
  const subject = new Subject<number>();
  const work = createPhaseWork();
  for (let i = 0; i < subscribers; i++) subject.subscribe(work.update);
  return { name: `RxJS Subject.next, ${subscribers} subscriber${subscribers > 1 ? 's' : ''}`, emit: (v) => subject.next(v) };
}

function broadcastListeners(listeners: number): Emitter {
  const broadcast = new Broadcast<number>();
  const work = createPhaseWork();
  const onError = (error: unknown): void => {
    throw error;
  };
  for (let i = 0; i < listeners; i++) broadcast.add(work.update);
  return {
    name: `tickflow Broadcast.emit, ${listeners} listener${listeners > 1 ? 's' : ''} (loop.on)`,
    emit: (v) => broadcast.emit(v, onError),
  };
}

function broadcastSubscribers(subscribers: number): Emitter {
  const broadcast = new Broadcast<number>();
  const work = createPhaseWork();
  const observable = broadcast.asObservable();
  // An observer object, so the subscription goes through an RxJS subscriber
  // (a function would be attached as a listener itself, like loop.on's).
  for (let i = 0; i < subscribers; i++) observable.subscribe({ next: work.update });
  return {
    name: `tickflow Broadcast.emit, ${subscribers} RxJS subscriber${subscribers > 1 ? 's' : ''} (loop.phase, an observer object)`,
    emit: (v) => broadcast.emit(v),
  };
}

/** One row: time and bytes per emission. */
export interface EmitRow {
  readonly name: string;
  readonly timing: TimingResult;
  readonly allocation: AllocationReading;
}

export const SUBJECT_BASELINE = 'RxJS Subject.next, 1 subscriber';

/** Times and weighs one emission of each emitter, side by side. */
export function benchEmitCost(timing: Omit<TimingOptions, 'baseline'>): EmitRow[] {
  const emitters = [subjectWith(1), subjectWith(4), broadcastListeners(1), broadcastListeners(4), broadcastSubscribers(1), broadcastSubscribers(4)];
  const runs = emitters.map((emitter) => (calls: number) => {
    const emit = emitter.emit;
    for (let i = 0; i < calls; i++) emit(i & 1023);
  });
  const subjects: TimedSubject[] = emitters.map((emitter, i) => ({ name: emitter.name, run: runs[i]! }));
  const timings = measureTimes(subjects, { ...timing, baseline: SUBJECT_BASELINE });
  return emitters.map((emitter, i) => ({
    name: emitter.name,
    timing: timings[i]!,
    allocation: measureAllocation(runs[i]!),
  }));
}

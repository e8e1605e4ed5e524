import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, functionOption, optionsObject } from '../../operators/validate.js';

/** A local input added for tick t is used at tick t + delay when `delay` is not given: 2 ticks, as the issue asks. */
export const DEFAULT_INPUT_DELAY = 2;

/**
 * How many ticks past the last confirmed one a queue predicts before the
 * session must stall, when `window` is not given: 8, GGRS's and GGPO's
 * default. 0 is lockstep: nothing is ever predicted.
 */
export const DEFAULT_PREDICTION_WINDOW = 8;

/**
 * How many ticks a queue holds from the oldest it keeps when `capacity` is
 * not given: 128, GGRS's `INPUT_QUEUE_LENGTH`. Over 2 s at 60 Hz: far more
 * than an 8-tick window and a few ticks of delay ever span, and a bound on
 * the memory of a session that forgets to call `discardBefore`.
 */
export const DEFAULT_INPUT_CAPACITY = 128;

/**
 * Makes a tick's input from the last confirmed one before it (a copy; all
 * zero bytes, GGRS's default input, when none has come yet) and the tick. It
 * must return `inputSize` bytes and depend on nothing else, so every peer
 * makes the same one. The queue copies what it returns.
 */
export type InputGuess = (lastConfirmed: Uint8Array, tick: number) => Uint8Array;

/** The options of {@link inputQueue}. Only `inputSize` is required. */
export interface InputQueueOptions {
  /** How many bytes one tick's input is, for every tick: a whole number >= 1. The game's encoding decides it. */
  inputSize: number;
  /**
   * How many ticks later than it was added a local input is used: a whole
   * number from 0 to `capacity - 1`. Defaults to {@link DEFAULT_INPUT_DELAY}
   * (2). Applies to `addLocal` only (a remote peer's inputs come already
   * delayed by that peer). Change it while playing with `setDelay`.
   */
  delay?: number;
  /**
   * How many ticks past the last confirmed one may be predicted: a whole
   * number from 0 to `capacity - 1`. 0 is lockstep. Defaults to
   * {@link DEFAULT_PREDICTION_WINDOW} (8).
   */
  window?: number;
  /** How many ticks the queue holds from the oldest it keeps: a whole number >= 1. Defaults to {@link DEFAULT_INPUT_CAPACITY} (128). */
  capacity?: number;
  /** The first tick of the match: a whole number >= 0. Defaults to 0. */
  startTick?: number;
  /**
   * The game's prediction of a missing input. Defaults to the last confirmed
   * input repeated (all zero bytes before any), as the issue asks: "remote
   * inputs predicted as the last confirmed one unless the game predicts".
   */
  predict?: InputGuess;
  /**
   * The game's input for a player who left, from the tick they left on.
   * Defaults to the last confirmed input before that tick (all zero bytes
   * before any).
   */
  disconnectedInput?: InputGuess;
}

/** Every option, applied. */
export interface InputQueueSettings {
  inputSize: number;
  delay: number;
  window: number;
  capacity: number;
  startTick: number;
  predict: InputGuess;
  disconnectedInput: InputGuess;
}

const WHERE = 'inputQueue';

const KNOWN_OPTIONS = ['inputSize', 'delay', 'window', 'capacity', 'startTick', 'predict', 'disconnectedInput'] as const;

/**
 * Checks an {@link inputQueue}'s options once and applies their defaults.
 *
 * @throws {OptionError} naming the option, its rule and the value, e.g.
 * `inputQueue: delay must be a whole number from 0 to 127, got -1`.
 */
export function inputQueueSettings(options: InputQueueOptions): InputQueueSettings {
  optionsObject(WHERE, options);
  checkOptionKeys(WHERE, options, KNOWN_OPTIONS);
  const {
    inputSize,
    delay = DEFAULT_INPUT_DELAY,
    window = DEFAULT_PREDICTION_WINDOW,
    capacity = DEFAULT_INPUT_CAPACITY,
    startTick = 0,
    predict = repeatLast,
    disconnectedInput = repeatLast,
  } = options;
  wholeNumber(WHERE, 'inputSize', inputSize, 1);
  wholeNumber(WHERE, 'capacity', capacity, 1);
  wholeNumber(WHERE, 'startTick', startTick, 0);
  functionOption(WHERE, 'predict', predict);
  functionOption(WHERE, 'disconnectedInput', disconnectedInput);
  return {
    inputSize,
    delay: delayOption(WHERE, 'delay', delay, capacity),
    window: delayOption(WHERE, 'window', window, capacity),
    capacity,
    startTick,
    predict,
    disconnectedInput,
  };
}

/** `value` must be a whole number from 0 to `capacity - 1` (a delay or a window: a span the queue can hold). */
export function delayOption(where: string, option: string, value: unknown, capacity: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= capacity) {
    throw new OptionError(where, option, `a whole number from 0 to ${capacity - 1} (capacity - 1)`, value);
  }
  return value;
}

/** `value` must be a safe whole number of at least `min` (a tick past 2^53 has no next tick). */
export function wholeNumber(where: string, option: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new OptionError(where, option, `a whole number >= ${min}`, value);
  }
  return value;
}

/** The default prediction and disconnected input: the last confirmed input (all zero bytes before any). */
function repeatLast(lastConfirmed: Uint8Array): Uint8Array {
  return lastConfirmed;
}

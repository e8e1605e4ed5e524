import { OptionError } from '../../operators/option-error.js';
import { functionOption } from '../../operators/validate.js';
import { recordSession, type RecordOptions, type ShellEngine } from '../replay/record-session.js';
import type { Session } from '../replay/session.js';
import type { TickInput } from './input-status.js';

/**
 * The inputs of a match's confirmed ticks, every player's, as the game ran
 * them: what a rollback session keeps so a match can be recorded and
 * replayed offline ({@link recordMatch}). `inputs[tick][player]`; a status
 * is `'confirmed'` or `'disconnected'`, never `'predicted'`.
 */
export interface MatchInputs {
  /** How many players. */
  readonly players: number;
  /** One player's input for one tick, in bytes. */
  readonly inputSize: number;
  /** Each confirmed tick's inputs, from tick 0: `inputs[tick][player]`. */
  readonly inputs: readonly (readonly TickInput[])[];
}

/** Each tick's inputs as last run, kept compactly: `players × (1 + inputSize)` bytes a tick (a status byte, then the input). @internal */
export class MatchInputLog {
  private bytes = new Uint8Array(0);
  private ticks = 0;
  private readonly stride: number;

  constructor(
    readonly players: number,
    readonly inputSize: number,
  ) {
    this.stride = players * (1 + inputSize);
  }

  /** Keeps a tick's inputs as run now (a tick run again after a rollback overwrites what its earlier run kept). */
  ran(inputs: readonly TickInput[]): void {
    const tick = inputs[0]!.tick;
    const end = (tick + 1) * this.stride;
    if (end > this.bytes.length) {
      const grown = new Uint8Array(Math.max(end, this.bytes.length * 2, 1024));
      grown.set(this.bytes);
      this.bytes = grown;
    }
    inputs.forEach(({ input, status }, player) => {
      const at = tick * this.stride + player * (1 + this.inputSize);
      this.bytes[at] = status === 'disconnected' ? 1 : 0;
      this.bytes.set(input, at + 1);
    });
    this.ticks = Math.max(this.ticks, tick + 1);
  }

  /** How many bytes one tick takes: a status byte and the input, per player. */
  get tickStride(): number {
    return this.stride;
  }

  /** One tick's bytes as last run (a copy), `undefined` for a tick not run yet. */
  tickBytes(tick: number): Uint8Array | undefined {
    return tick >= 0 && tick < this.ticks ? this.bytes.slice(tick * this.stride, (tick + 1) * this.stride) : undefined;
  }

  /** Ticks 0 to `through`, each as a fresh TickInput per player (a prediction run right is confirmed by now). */
  upTo(through: number): MatchInputs {
    const inputs: TickInput[][] = [];
    for (let tick = 0; tick <= Math.min(through, this.ticks - 1); tick++) inputs.push(tickInputsOf(this.tickBytes(tick)!, tick, this.players, this.inputSize));
    return { players: this.players, inputSize: this.inputSize, inputs };
  }
}

/** One tick's bytes (see `MatchInputLog.tickBytes`) as each player's TickInput: `'disconnected'` where the status byte says so, else `'confirmed'`. @internal */
export function tickInputsOf(bytes: Uint8Array, tick: number, players: number, inputSize: number): TickInput[] {
  const row: TickInput[] = [];
  for (let player = 0; player < players; player++) {
    const at = player * (1 + inputSize);
    row.push({ tick, input: bytes.slice(at + 1, at + 1 + inputSize), status: bytes[at] === 1 ? 'disconnected' : 'confirmed' });
  }
  return row;
}

/** A fresh game for {@link recordMatch}: its engine, and the session's `advance` for it. */
export interface MatchGame<E extends ShellEngine> {
  /** The fresh engine, no frame run yet: what `recordSession` records. */
  readonly engine: E;
  /** What the match's session called: hand the tick's inputs to the engine (through `engine.input`, so the recording holds them) and advance it one tick. */
  advance(inputs: readonly TickInput[]): void;
}

/**
 * A netplay match as a recording in tickflow's session format: a fresh game
 * runs the match's confirmed inputs, tick by tick, under `recordSession`, so
 * the result replays in Node with `replay(session, build)` or
 * `npx tickflow replay match.json build.ts`, and can become a regression
 * test (`replayTest`), as any recorded session can.
 *
 * The session format records what an engine was handed, so the game's
 * `advance` must hand a tick's inputs to the engine through its `Input`
 * (`engine.input.press(...)`, `release`, `movePointer`): then the recording
 * holds them as input calls and a replay makes them again. A game that
 * hands them another way (a variable the update reads) plays the match back
 * here but records no input, and its replay differs at the first input.
 *
 * @example
 * ```ts
 * // After a match: the inputs every peer agreed on, recorded by a fresh game.
 * const session = recordMatch(p2pSession.confirmedInputs(), () => {
 *   const engine = buildGame(); // the build the replay will call too
 *   return { engine, advance: (inputs) => { pressKeysOf(engine.input, inputs); engine.advance(); } };
 * });
 * downloadText('match.json', encodeSession(session));
 * ```
 *
 * @param match What `P2PSession.confirmedInputs()` returned.
 * @param build Builds a fresh game: the engine and its advance.
 * @param options Passed to `recordSession` (checkpoints, fields, the state hashed).
 * @throws {OptionError} when `build` is not a function or returns no engine and advance.
 */
export function recordMatch<E extends ShellEngine>(match: MatchInputs, build: () => MatchGame<E>, options?: RecordOptions<E>): Session {
  functionOption('recordMatch', 'build', build);
  const game = build();
  if (typeof game !== 'object' || game === null || typeof game.advance !== 'function' || typeof game.engine !== 'object') {
    throw new OptionError('recordMatch', 'build', 'a function returning { engine, advance(inputs) }', game);
  }
  const recording = recordSession(game.engine, options);
  for (const inputs of match.inputs) game.advance(inputs);
  return recording.stop();
}

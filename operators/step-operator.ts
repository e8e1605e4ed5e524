import { Observable, type OperatorFunction } from 'rxjs';

/**
 * One run of a step function: a value in, a value out, or `undefined` for
 * "nothing this time" (a declined tick, a dropped delta). Its state lives in
 * the closure {@link StepOperator.start} made.
 */
export type Stepper<I, O> = (value: I) => O | undefined;

/**
 * An RxJS operator that is also a plain step function: `start()` makes a
 * fresh run of it (fresh state, as subscribing does) that a loop, a scheduler
 * or a benchmark calls per value with no stream in between. The operator is
 * derived from `start`, so the two cannot disagree.
 */
export interface StepOperator<I, O> extends OperatorFunction<I, O> {
  /** A fresh run: call it once per value. */
  readonly start: () => Stepper<I, O>;
}

/**
 * Turns a step function into an operator: for each subscription `start()`
 * makes a fresh run, each value goes through it, and what it returns is
 * emitted (`undefined`: nothing is). A throwing step errors the stream, as a
 * throwing `map` project does. Every tickflow operator is a step function plus
 * this helper.
 *
 * ```text
 * values     --a----b----c--|
 *            fromStep(() => (v) => (keep(v) ? f(v) : undefined))
 * out        --f(a)------f(c)|      b was not kept
 * ```
 *
 * @example
 * ```ts
 * import { of } from 'rxjs';
 * import { fromStep } from 'tickflow/operators';
 *
 * // Running totals, state per subscription.
 * const total = fromStep(() => {
 *   let sum = 0;
 *   return (n: number) => (sum += n);
 * });
 * of(1, 2, 3).pipe(total).subscribe(console.log); // 1, 3, 6
 * ```
 *
 * @param start Makes a fresh run of the step function.
 * @return The operator, carrying `start`.
 */
export function fromStep<I, O>(start: () => Stepper<I, O>): StepOperator<I, O> {
  const operator = (source: Observable<I>): Observable<O> =>
    new Observable<O>((subscriber) => {
      const step = start();
      return source.subscribe({
        next(value) {
          let out: O | undefined;
          try {
            out = step(value);
          } catch (error) {
            subscriber.error(error);
            return;
          }
          if (out !== undefined) subscriber.next(out);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
  return Object.assign(operator, { start });
}

/**
 * Composes step operators left to right into one: what `pipe(a, b, c)` does
 * to the operators, done to their step functions, so the composition is still
 * a plain function per value (a value that one step declines goes no
 * further). The built-in clocks are made this way.
 *
 * ```text
 * timestamps  --0----16---NaN--40--|
 *             pipeSteps(deltas(), clampDelta(20))
 * deltas      --0----16--------20--|
 * ```
 *
 * @example
 * ```ts
 * import { of } from 'rxjs';
 * import { clampDelta, deltas, pipeSteps } from 'tickflow/operators';
 *
 * of(0, 16, 40).pipe(pipeSteps(deltas(), clampDelta(20))).subscribe(console.log); // 0, 16, 20
 * ```
 */
export function pipeSteps<A, B>(ab: StepOperator<A, B>): StepOperator<A, B>;
export function pipeSteps<A, B, C>(ab: StepOperator<A, B>, bc: StepOperator<B, C>): StepOperator<A, C>;
export function pipeSteps<A, B, C, D>(
  ab: StepOperator<A, B>,
  bc: StepOperator<B, C>,
  cd: StepOperator<C, D>,
): StepOperator<A, D>;
export function pipeSteps<A, B, C, D, E>(
  ab: StepOperator<A, B>,
  bc: StepOperator<B, C>,
  cd: StepOperator<C, D>,
  de: StepOperator<D, E>,
): StepOperator<A, E>;
export function pipeSteps(...operators: StepOperator<unknown, unknown>[]): StepOperator<unknown, unknown> {
  return fromStep(() => compose(operators.map((operator) => operator.start())));
}

// Each arity has a body of its own, so each step is called from a call site
// of its own that the engine can inline (a loop over the steps would call
// them all from one shared site, and box every intermediate delta: measured
// in bench/ at 16 B a step a tick).
function compose(steps: readonly Stepper<unknown, unknown>[]): Stepper<unknown, unknown> {
  const [a, b, c, d] = steps;
  switch (steps.length) {
    case 1:
      return a!;
    case 2:
      return (value) => {
        const x = a!(value);
        return x === undefined ? undefined : b!(x);
      };
    case 3:
      return (value) => {
        const x = a!(value);
        if (x === undefined) return undefined;
        const y = b!(x);
        return y === undefined ? undefined : c!(y);
      };
    case 4:
      return (value) => {
        const x = a!(value);
        if (x === undefined) return undefined;
        const y = b!(x);
        if (y === undefined) return undefined;
        const z = c!(y);
        return z === undefined ? undefined : d!(z);
      };
    default: {
      const first = compose(steps.slice(0, 4));
      const rest = compose(steps.slice(4));
      return (value) => {
        const x = first(value);
        return x === undefined ? undefined : rest(x);
      };
    }
  }
}

/** Whether `operator` carries a step function ({@link fromStep} made it). */
export function isStepOperator<I, O>(operator: OperatorFunction<I, O>): operator is StepOperator<I, O> {
  return typeof (operator as Partial<StepOperator<I, O>>).start === 'function';
}

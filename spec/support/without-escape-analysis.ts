import { setFlagsFromString } from 'node:v8';

/**
 * Turns off escape analysis in V8's optimizing compiler for the rest of this
 * process, so a reading of a frame's bytes sees every object the frame's
 * code makes: a `for...of` iterator and its `{ value, done }` results, a
 * result object, a closure. Numbers are still unboxed by the optimized code,
 * so what is left is what the code asks for, not how V8 compiled it.
 *
 * Why: Node's optimized code removes such objects when they do not escape,
 * and a spec reading it would pass; the whole-games bench
 * (bench/GAMES-RESULTS.md) found Chromium charging their bytes to tickflow a
 * minute into play (a Map iterator in the input's frame close, in the
 * collision pass), as code runs before it is optimized, or in a tier that
 * does not remove them. A spec that asserts "no steady allocation by
 * tickflow itself" reads a frame this way.
 *
 * Call it at the top of a spec file, before anything runs, in a file named
 * `steady-allocation.spec.ts`: vitest.config.ts runs those in the
 * `unit-fresh` project, each in a process of its own, so no other file is
 * read this way (the `unit` project's files share their workers).
 */
export function withoutEscapeAnalysis(): void {
  setFlagsFromString('--no-turbo-escape');
}

import type { InputBindings } from 'tickflow';
import type { DeepReadonly, UpdateContext } from 'tickflow/state';
import { advanceOrb, hasReachedCore, orbPosition, spawnOrb } from './orbits.js';
import type { Burst, GameState, Orb } from './state.js';
import {
  BURST_SECONDS,
  END_SPAWN_INTERVAL_SECONDS,
  ROUND_SECONDS,
  START_SPAWN_INTERVAL_SECONDS,
} from './tuning.js';

/**
 * Orbit Catch's simulation: `update(view, ctx)` turns one frame's state into
 * the next. It is the whole game's behaviour (what the player's click does,
 * how orbs move, spawn and escape, when the round ends, which cues play) and
 * it draws nothing, so Node tests run it with no picture at all.
 *
 * The rules, per frame:
 *
 * 1. A click (the `catch` action's press edge) picks through the view at the
 *    pointer: the camera and meshes as the player saw them last frame. The
 *    orb it names is caught: its points are scored and the `catch` cue plays.
 *    A click on nothing is a miss (the `miss` cue; no penalty).
 * 2. Every orb left spirals in by the frame's delta.
 * 3. Orbs due by the end of the frame appear, each already moved by how late
 *    in the frame it was due, so spawns keep their schedule at any step size.
 * 4. An orb that reached the core escapes: a life is lost, `escape` plays.
 * 5. The round ends when the timer runs out or the last life is lost
 *    (`game-over` plays). A frame that overruns the timer is cut at the end,
 *    so the round stops at exactly {@link ROUND_SECONDS}.
 *
 * A paused round (`state.paused`, set by `engine.apply(pause)`) runs none of
 * these: its frames are worth nothing to the game, so the timer and the orbs
 * wait, and a click while paused is neither a catch nor a miss.
 *
 * @module
 */

/** The actions the game reads. */
export type OrbitCatchAction = 'catch';

/** The default bindings: the primary pointer button catches. */
export const ORBIT_CATCH_BINDINGS: InputBindings<OrbitCatchAction> = { catch: ['Pointer0'] };

/** The cue names the update plays, for a cue player to give each a voice. */
export const CUES = {
  /** An orb was caught; options `{ value }` (1, 2 or 5). */
  catch: 'catch',
  /** A click hit nothing. */
  miss: 'miss',
  /** An orb reached the core. */
  escape: 'escape',
  /** The round ended; options `{ score }`. */
  gameOver: 'game-over',
} as const;

/**
 * The gap before the spawn after one due at `atSeconds`: it shrinks linearly
 * from {@link START_SPAWN_INTERVAL_SECONDS} to {@link END_SPAWN_INTERVAL_SECONDS}
 * over the round. A function of the schedule, not of frames.
 */
export function spawnIntervalSeconds(atSeconds: number): number {
  const progress = Math.min(1, Math.max(0, atSeconds / ROUND_SECONDS));
  return START_SPAWN_INTERVAL_SECONDS + (END_SPAWN_INTERVAL_SECONDS - START_SPAWN_INTERVAL_SECONDS) * progress;
}

/**
 * One frame of Orbit Catch: the current state as a read-only view in, the
 * next state out (a new value; the view is never written).
 *
 * @example
 * ```ts
 * import { nullBackend, constantClock } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 * import { initialState, update } from './game.js';
 *
 * const engine = createStateEngine({ initial: initialState(7), update, backend: nullBackend(), clock: constantClock(1000 / 60) });
 * for (let i = 0; i < 600; i++) engine.advance(); // ten seconds, nobody playing
 * engine.state.orbs.length; // orbs spiralling in
 * ```
 */
export function update(view: DeepReadonly<GameState>, ctx: UpdateContext<OrbitCatchAction>): GameState {
  if (view.phase === 'over') return afterTheRound(view, ctx);
  if (view.paused) return { ...view }; // the engine keeps drawing the paused picture; nothing moves

  const dt = ctx.dt;
  // 5. (first, to bound the step) A frame that overruns the timer only plays up to it.
  const stepSeconds = Math.min(dt, ROUND_SECONDS - view.elapsedSeconds);
  const endsRound = dt >= ROUND_SECONDS - view.elapsedSeconds;
  const elapsedSeconds = endsRound ? ROUND_SECONDS : view.elapsedSeconds + stepSeconds;

  let { score, misses, lives, escaped } = view;
  const caughtIds = [...view.caughtIds];
  const bursts: Burst[] = ageBursts(view.bursts, dt);

  // 1. A click catches what the player saw under the pointer.
  let orbs: readonly DeepReadonly<Orb>[] = view.orbs;
  if (ctx.input.pressed('catch')) {
    const { x, y, inside } = ctx.input.pointer;
    const hit = inside ? ctx.view.pick(x, y) : undefined;
    const caught = hit === undefined ? undefined : orbs.find((orb) => orb.id === hit.name);
    if (caught !== undefined) {
      orbs = orbs.filter((orb) => orb !== caught);
      score += caught.value;
      caughtIds.push(caught.id);
      bursts.push({ id: `burst-${caught.id}`, kind: 'catch', position: orbPosition(caught), value: caught.value, ageSeconds: 0 });
      ctx.cue(CUES.catch, { value: caught.value });
    } else {
      misses += 1;
      ctx.cue(CUES.miss);
    }
  }

  // 2. The rest spiral in.
  const moved: Orb[] = orbs.map((orb) => advanceOrb(orb, stepSeconds));

  // 3. Orbs due by the end of the step appear, moved by their lateness.
  const random = { state: view.random.state }; // a copy: the view's generator is read-only
  let { nextOrbNumber, nextSpawnAtSeconds } = view;
  while (nextSpawnAtSeconds <= elapsedSeconds) {
    const orb = spawnOrb(random, nextOrbNumber, nextSpawnAtSeconds);
    moved.push(advanceOrb(orb, elapsedSeconds - nextSpawnAtSeconds));
    nextOrbNumber += 1;
    nextSpawnAtSeconds += spawnIntervalSeconds(nextSpawnAtSeconds);
  }

  // 4. Orbs at the core escape.
  const remaining: Orb[] = [];
  for (const orb of moved) {
    if (!hasReachedCore(orb)) {
      remaining.push(orb);
      continue;
    }
    lives = Math.max(0, lives - 1);
    escaped += 1;
    bursts.push({ id: `burst-${orb.id}`, kind: 'escape', position: orbPosition(orb), value: 0, ageSeconds: 0 });
    ctx.cue(CUES.escape);
  }

  // 5. The timer or the core ends the round.
  const over = endsRound || lives === 0;
  if (over) ctx.cue(CUES.gameOver, { score });
  return {
    ...view,
    random,
    phase: over ? 'over' : 'playing',
    endReason: over ? (lives === 0 ? 'core-breached' : 'time') : null,
    elapsedSeconds,
    endedAtSeconds: over ? elapsedSeconds : null,
    overSeconds: over ? dt - stepSeconds : 0, // the part of an overrunning frame past the end
    score,
    lives,
    caughtIds,
    escaped,
    misses,
    orbs: remaining,
    bursts,
    nextOrbNumber,
    nextSpawnAtSeconds,
  };
}

/** After the round: the flashes fade and the game-over clock runs; clicks do nothing (a restart is `engine.apply`). */
function afterTheRound(view: DeepReadonly<GameState>, ctx: UpdateContext<OrbitCatchAction>): GameState {
  return { ...view, overSeconds: view.overSeconds + ctx.dt, bursts: ageBursts(view.bursts, ctx.dt) };
}

function ageBursts(bursts: readonly DeepReadonly<Burst>[], dt: number): Burst[] {
  const aged: Burst[] = [];
  for (const burst of bursts) {
    const ageSeconds = burst.ageSeconds + dt;
    if (ageSeconds < BURST_SECONDS) aged.push({ ...burst, ageSeconds });
  }
  return aged;
}

export { initialState, pause, restart, resume, togglePause, timeLeftSeconds, DEFAULT_SEED, type GameState, type Orb, type Burst } from './state.js';

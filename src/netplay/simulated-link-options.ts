import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, integerAtLeast, nonNegativeFinite, optionsObject } from '../../operators/validate.js';
import { DEFAULT_RANDOM_SEED } from '../engines/shell/engine-random.js';

/** How many endpoints a {@link simulatedLink} has when `peers` is not given: two players. */
export const DEFAULT_LINK_PEERS = 2;

/**
 * The most endpoints a {@link simulatedLink} takes: 8 players and many
 * spectators fit; a larger number is more likely a time or a seed passed as
 * `peers`.
 */
export const MAX_LINK_PEERS = 256;

/**
 * The extra delay of a held-back packet when `reorderMs` is not given:
 * 50 ms, three frames at 60 Hz, so a packet held back lands behind the next
 * two or three a peer sends once a frame.
 */
export const DEFAULT_REORDER_MS = 50;

/**
 * How many packets may wait for one endpoint (in flight to it, or arrived
 * and not yet taken by `receiveAll`) when `queueLimit` is not given. At 60
 * packets a second from each of 3 peers, 1024 is over 5 s of traffic an
 * endpoint has not read: far more than a session that reads once a frame
 * ever leaves, and a bound on the memory of one that stopped reading.
 */
export const DEFAULT_QUEUE_LIMIT = 1024;

/**
 * The network a {@link simulatedLink} imitates. Every field is optional; the
 * defaults are a perfect network (no delay, nothing lost, nothing doubled).
 * The same conditions hold in every direction between every two endpoints.
 */
export interface SimulatedLinkOptions {
  /** How many endpoints, with ids 0 to `peers - 1`: a whole number from 2 to 256. Defaults to 2. */
  peers?: number;
  /** The delay every packet has at least, in ms: a finite number >= 0. Defaults to 0. */
  latencyMs?: number;
  /**
   * The most a packet's delay adds to `latencyMs`, in ms: each packet draws
   * its own extra delay uniformly from [0, jitterMs), so when `jitterMs` is
   * larger than the time between two sends, later packets overtake earlier
   * ones. A finite number >= 0. Defaults to 0.
   */
  jitterMs?: number;
  /** The probability that a packet is dropped (with any duplicate of it): a number from 0 to 1. Defaults to 0. */
  loss?: number;
  /**
   * The probability that a packet not dropped arrives twice: a number from 0
   * to 1. The copy draws its own delay (and may be held back on its own).
   * Defaults to 0.
   */
  duplicate?: number;
  /**
   * The probability that a packet (each copy on its own) is held back by
   * `reorderMs` more, so it arrives behind packets sent after it: a number
   * from 0 to 1. Defaults to 0.
   */
  reorder?: number;
  /** The extra delay of a held-back packet, in ms: a finite number >= 0. Defaults to {@link DEFAULT_REORDER_MS} (50). */
  reorderMs?: number;
  /**
   * How many packets may wait for one endpoint, in flight or arrived and not
   * yet received: a whole number >= 1. A packet sent to a full endpoint is
   * dropped (counted as `overflowed`), as a full socket buffer drops it.
   * Defaults to {@link DEFAULT_QUEUE_LIMIT} (1024).
   */
  queueLimit?: number;
  /**
   * The seed of the link's draws (loss, delay, hold-back, duplicate): a whole
   * number from 0 to 4294967295. Defaults to the engines' default seed
   * (`DEFAULT_RANDOM_SEED`), so an unseeded link is reproducible too.
   */
  seed?: number;
}

/** Every option, applied: what the link runs on. */
export type LinkConditions = Required<SimulatedLinkOptions>;

const WHERE = 'simulatedLink';

const KNOWN_OPTIONS = ['peers', 'latencyMs', 'jitterMs', 'loss', 'duplicate', 'reorder', 'reorderMs', 'queueLimit', 'seed'] as const;

/**
 * Checks a {@link simulatedLink}'s options once and applies their defaults.
 * The seed is checked by the generator it starts (`createSeededRandom`).
 *
 * @throws {OptionError} naming the option, its rule and the value, e.g.
 * `simulatedLink: loss must be a number from 0 to 1, got 1.5`.
 */
export function linkConditions(options: SimulatedLinkOptions | undefined): LinkConditions {
  optionsObject(WHERE, options, true);
  checkOptionKeys(WHERE, options, KNOWN_OPTIONS);
  const {
    peers = DEFAULT_LINK_PEERS,
    latencyMs = 0,
    jitterMs = 0,
    loss = 0,
    duplicate = 0,
    reorder = 0,
    reorderMs = DEFAULT_REORDER_MS,
    queueLimit = DEFAULT_QUEUE_LIMIT,
    seed = DEFAULT_RANDOM_SEED,
  } = options ?? {};
  if (typeof peers !== 'number' || !Number.isInteger(peers) || peers < 2 || peers > MAX_LINK_PEERS) {
    throw new OptionError(WHERE, 'peers', `a whole number from 2 to ${MAX_LINK_PEERS}`, peers);
  }
  const conditions = {
    peers,
    latencyMs: nonNegativeFinite(WHERE, 'latencyMs', latencyMs),
    jitterMs: nonNegativeFinite(WHERE, 'jitterMs', jitterMs),
    loss: probability('loss', loss),
    duplicate: probability('duplicate', duplicate),
    reorder: probability('reorder', reorder),
    reorderMs: nonNegativeFinite(WHERE, 'reorderMs', reorderMs),
    queueLimit: integerAtLeast(WHERE, 'queueLimit', queueLimit, 1),
    seed,
  };
  // Each is finite, but three near Number.MAX_VALUE add up to Infinity: a
  // packet that never arrives, which `loss: 1` says more plainly.
  if (!Number.isFinite(conditions.latencyMs + conditions.jitterMs + conditions.reorderMs)) {
    throw new OptionError(WHERE, 'latencyMs', 'small enough that latencyMs + jitterMs + reorderMs is finite', latencyMs);
  }
  return conditions;
}

/** `value` must be a probability: a number from 0 to 1 (NaN is not). */
function probability(option: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new OptionError(WHERE, option, 'a number from 0 to 1', value);
  }
  return value;
}

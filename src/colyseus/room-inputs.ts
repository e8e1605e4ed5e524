/**
 * How far ahead of the room a client's input may be stamped, in ticks: 120
 * (two seconds at 60 Hz). A client that far ahead has a clock that is wrong,
 * not a network that is fast; holding its inputs would let one client grow
 * the room's memory without bound, so they are refused and counted.
 */
export const DEFAULT_MAX_LEAD_TICKS = 120;

/** One client input as the room applies it: who sent it, the tick it was stamped with, the tick it ran at. */
export interface RoomInput {
  /** The sending client's `sessionId`. */
  readonly client: string;
  /** The tick the client stamped it with. */
  readonly tick: number;
  /** The tick the room applied it at: `tick`, or for a late input the first tick the room had not run yet. */
  readonly appliedTick: number;
  /** The input's bytes (`inputSize` of them), the room's own copy. */
  readonly input: Uint8Array;
  /** Whether it arrived after the room had run its stamped tick (then `appliedTick > tick`). */
  readonly late: boolean;
}

/** What became of one input message: applied at its tick, applied late, or refused (and why). */
export type RoomInputVerdict = 'on-time' | 'late' | 'too-far-ahead' | 'malformed';

/** The counters of a {@link RoomInputs} timeline. */
export interface RoomInputCounts {
  /** Inputs scheduled so far, late ones included. */
  readonly received: number;
  /** Inputs that arrived after their stamped tick had run, and were applied at the next tick instead. */
  readonly late: number;
  /** Messages refused: not `{ tick, input }` of `inputSize` bytes, or stamped more than `maxLeadTicks` ahead. */
  readonly rejected: number;
}

/**
 * The room's input timeline: each client input waits for the tick it was
 * stamped with and is handed over when the room runs that tick; an input
 * whose tick has already run is applied at the next tick the room runs, and
 * counted as late. A pure structure on numbers (no timer, no socket), so the
 * rule is tested directly.
 *
 * ```text
 * room ran      0 1 2 3 4 5
 * arrives           a@4   b@2       a stamped 4 (early): waits; b stamped 2 (late, 4 already ran)
 * applied at            a b@5       a at 4, b at 5 (before 5's own), counted late
 * ```
 *
 * @internal
 */
export class RoomInputs {
  private readonly due = new Map<number, RoomInput[]>();
  /** Per client: the latest stamped tick applied so far (the ack), and the least lead of the inputs received since the last report. */
  private readonly clients = new Map<string, { ack: number; lead: number | null }>();
  private received = 0;
  private late = 0;
  private rejected = 0;

  /**
   * @param inputSize The bytes of one input.
   * @param maxLeadTicks How far ahead of the next tick an input may be stamped.
   */
  constructor(
    readonly inputSize: number,
    readonly maxLeadTicks: number,
  ) {}

  /**
   * Schedules one input message from `client` while `nextTick` is the first
   * tick the room has not run: at its stamped tick, or at `nextTick` when
   * that tick has run (late). A malformed message or one stamped too far
   * ahead is refused and counted; nothing is thrown, since a client's bytes
   * are never trusted.
   */
  receive(client: string, message: unknown, nextTick: number): RoomInputVerdict {
    const tick = (message as { tick?: unknown } | null)?.tick;
    const input = bytesOf((message as { input?: unknown } | null)?.input, this.inputSize);
    if (typeof message !== 'object' || message === null || !Number.isSafeInteger(tick) || (tick as number) < 0 || input === undefined) {
      this.rejected++;
      return 'malformed';
    }
    const stamped = tick as number;
    if (stamped > nextTick + this.maxLeadTicks) {
      this.rejected++;
      return 'too-far-ahead';
    }
    const late = stamped < nextTick;
    const seen = this.clientOf(client);
    const lead = stamped - nextTick;
    if (seen.lead === null || lead < seen.lead) seen.lead = lead;
    const appliedTick = late ? nextTick : stamped;
    const list = this.due.get(appliedTick);
    const entry: RoomInput = { client, tick: stamped, appliedTick, input, late };
    if (list === undefined) this.due.set(appliedTick, [entry]);
    else list.push(entry);
    this.received++;
    if (late) this.late++;
    return late ? 'late' : 'on-time';
  }

  /**
   * Hands over (and forgets) the inputs due at `tick`: late ones first, in
   * the order of their stamps (the order they were meant in), then those
   * stamped with it; the same stamp in the order they arrived. A late input
   * handed after a newer one would undo it in a game that keeps each
   * player's last input, and a client re-applies its own late inputs in
   * this order too.
   */
  take(tick: number): readonly RoomInput[] {
    const list = this.due.get(tick);
    if (list === undefined) return NO_INPUTS;
    this.due.delete(tick);
    list.sort((a, b) => a.tick - b.tick); // stable: arrival order within a stamp
    for (const { client, tick: stamped } of list) {
      const seen = this.clientOf(client);
      if (stamped > seen.ack) seen.ack = stamped;
    }
    return list;
  }

  /**
   * Each client's acknowledgement, for the state message of the tick the
   * room runs next: the latest tick it stamped an input with that the room
   * has applied (-1 before any), and the least lead of its inputs received
   * since the last report (`stamped - nextTick` on arrival: negative is
   * late; `null` when none arrived). Reading it starts the next leads.
   */
  report(): Record<string, RoomAck> {
    const acks: Record<string, RoomAck> = {};
    for (const [client, seen] of this.clients) {
      acks[client] = [seen.ack, seen.lead];
      seen.lead = null;
    }
    return acks;
  }

  /** Forgets a client that left: its pending inputs stay due (they were sent), its ack is no longer reported. */
  forget(client: string): void {
    this.clients.delete(client);
  }

  /** Inputs waiting for a tick not run yet. */
  get pending(): number {
    let count = 0;
    for (const list of this.due.values()) count += list.length;
    return count;
  }

  private clientOf(client: string): { ack: number; lead: number | null } {
    let seen = this.clients.get(client);
    if (seen === undefined) this.clients.set(client, (seen = { ack: -1, lead: null }));
    return seen;
  }

  /** The counters so far. */
  counts(): RoomInputCounts {
    return { received: this.received, late: this.late, rejected: this.rejected };
  }
}

/**
 * A client's acknowledgement in a state message, `[ack, lead]`: the latest
 * tick it stamped an input with that the room has applied (-1 before any),
 * and the least `stamped - nextTick` of its inputs that arrived since the
 * last state message (negative: late), or `null` when none arrived.
 */
export type RoomAck = readonly [ack: number, lead: number | null];

const NO_INPUTS: readonly RoomInput[] = Object.freeze([]);

/**
 * A copy of `value` as exactly `size` bytes, or `undefined` when it is not
 * that: a `Uint8Array` (msgpack's binary arrives in Node as a `Buffer`, which
 * is one) or an array of integers 0 to 255.
 */
function bytesOf(value: unknown, size: number): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value.length === size ? Uint8Array.from(value) : undefined;
  if (!Array.isArray(value) || value.length !== size) return undefined;
  for (const byte of value) {
    if (!Number.isInteger(byte) || (byte as number) < 0 || (byte as number) > 255) return undefined;
  }
  return Uint8Array.from(value as number[]);
}

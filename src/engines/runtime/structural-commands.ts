import { OptionError } from '../../../operators/option-error.js';
import type { EntityHandle } from './entity-handle.js';
import type { RuntimeObject } from './runtime-object.js';

/**
 * A structural change a game asked for, applied at the next fixed tick's
 * barrier, in the order asked: "spawn, destroy, addComponent, and
 * removeComponent queue structural changes".
 */
export type Command =
  | { readonly kind: 'spawn'; readonly object: RuntimeObject }
  | { readonly kind: 'destroy'; readonly handle: EntityHandle }
  | { readonly kind: 'addComponent'; readonly handle: EntityHandle; readonly behavior: string }
  | { readonly kind: 'removeComponent'; readonly handle: EntityHandle; readonly behavior: string };

/**
 * Checks the object a command names (`destroyObject`, `addComponent`,
 * `removeComponent`) when it is queued: an entity handle is a number.
 * @throws {OptionError} naming `method` and `handle`.
 * @internal
 */
export function checkTarget(method: string, handle: unknown): void {
  if (typeof handle !== 'number') throw new OptionError(method, 'handle', 'an entity handle (a number from spawn or find)', handle);
}

/**
 * The queue of structural commands, and the barrier's batch. "A command
 * queued while this barrier or a callback runs waits until the next tick":
 * the barrier takes the queue as its batch before the first command runs,
 * and new commands go to a fresh queue. Two arrays trade places, so a steady
 * game allocates nothing here. @internal
 */
export class CommandQueue {
  private queue: Command[] = [];
  private spare: Command[] = [];

  /** Commands waiting for the next barrier. */
  get length(): number {
    return this.queue.length;
  }

  /** The commands waiting for the next barrier, in FIFO order (a save reads them). */
  get queued(): readonly Command[] {
    return this.queue;
  }

  /** Puts back the commands a restore brings, in place of those queued now. */
  replace(commands: readonly Command[]): void {
    this.queue.length = 0;
    this.queue.push(...commands);
  }

  /** Queues a command for the next barrier. */
  push(command: Command): void {
    this.queue.push(command);
  }

  /**
   * Runs `apply` over the commands queued so far, in FIFO order; commands
   * queued while it runs wait for the next barrier. The batch is given back
   * in a `finally`: whatever `apply` throws, the queue and its spare stay two
   * arrays and no command is applied twice.
   */
  applyBatch(apply: (batch: readonly Command[]) => void): void {
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = this.spare;
    try {
      apply(batch);
    } finally {
      batch.length = 0;
      this.spare = batch;
    }
  }

  /** Takes every queued command out (a scene clear drops them), leaving the queue empty. */
  drain(): Command[] {
    const batch = this.queue;
    this.queue = [];
    return batch;
  }
}

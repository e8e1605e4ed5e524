import type { BodyHandle } from './physics-adapter.js';
import { copyPose, createPose, type Pose } from './pose.js';
import type { SceneObjectDoc, VisualDoc } from './scene-document.js';
import type { Behavior } from './behavior.js';
import type { EntityHandle } from './entity-handle.js';

// runtime.ts imports EntityHandle from here; it is declared in entity-handle.ts, which behaviors import without this file.
export type { EntityHandle } from './entity-handle.js';

/**
 * Where an object is in its life:
 * `pending` (spawn queued, not yet at a barrier), `live`, `dead`.
 */
export type ObjectState = 'pending' | 'live' | 'dead';

/** A behavior component on an object: the instance, and the name it was registered under. */
export interface BehaviorComponent {
  /** The registered name (`behaviors` option, a scene object's `behaviors`). */
  readonly name: string;
  /** The instance its factory made for this object. */
  readonly behavior: Behavior;
}

/** What a renderer reads of an object once a frame. */
export interface RuntimeObjectView {
  /** Its handle. */
  readonly handle: EntityHandle;
  /** Its name in the scene document (or the spawn's). */
  readonly name: string;
  /** Its tags, from the document. */
  readonly tags: readonly string[];
  /** How to draw it, from the document; undefined draws nothing. */
  readonly visual: VisualDoc | undefined;
  /** The presented pose: what to draw this frame. */
  readonly presented: Pose;
  /** Whether a physics body moves it. */
  readonly physical: boolean;
  /** The scene object it was made from, as written (deep-frozen): a renderer sizes a visual from it (`visualSizeOf`). */
  readonly doc: SceneObjectDoc;
}

/**
 * One object of a running scene: its document, its behaviors, its physics
 * body (0 when it has none), and three poses: `previous` and `current` (the
 * last two completed simulation poses) and `presented` (their blend, or what
 * lateUpdate set). Internal: game code holds handles, never these.
 */
export class RuntimeObject implements RuntimeObjectView {
  state: ObjectState = 'pending';
  /** Whether its onStart callbacks have run (an object spawned and destroyed in one batch never starts). */
  started = false;
  body: BodyHandle = 0;
  handle: EntityHandle = 0;
  readonly behaviors: BehaviorComponent[] = [];
  readonly previous: Pose = createPose();
  readonly current: Pose = createPose();
  readonly presented: Pose = createPose();
  readonly name: string;
  readonly tags: readonly string[];
  readonly visual: VisualDoc | undefined;

  constructor(readonly doc: SceneObjectDoc) {
    this.name = doc.name;
    this.tags = doc.tags ?? [];
    this.visual = doc.visual;
    const { current } = this;
    if (doc.position !== undefined) current.position.set(doc.position);
    if (doc.rotation !== undefined) current.rotation.set(doc.rotation);
    if (doc.scale !== undefined) current.scale.set(doc.scale);
    this.resetHistory();
  }

  get physical(): boolean {
    return this.body !== 0;
  }

  /** Previous and presented poses <- current: the next blend starts here (spawn, teleport, scene start, pause). */
  resetHistory(): void {
    copyPose(this.previous, this.current);
    copyPose(this.presented, this.current);
  }
}

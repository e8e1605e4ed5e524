import { OptionError } from '../../../operators/option-error.js';
import type { FrameRecorder } from '../../engines/state/state-backend.js';

/** How many frames a frame grab keeps unless told otherwise: five seconds at 60 Hz. */
export const DEFAULT_MAX_FRAMES = 300;

/** The frame rate a video recording is captured at unless told otherwise. */
export const DEFAULT_VIDEO_FPS = 60;

/**
 * The video types tried in order when none is asked for: the first the
 * browser's `MediaRecorder` supports is used. VP8 comes first because its
 * encoder is the cheapest, and a recording runs beside the game, on the same
 * CPU: on a busy machine a VP9 encoder that falls behind can end a short
 * recording with no frame in it. Ask for `video/webm;codecs=vp9` for smaller
 * files.
 */
export const VIDEO_MIME_TYPES = ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm'] as const;

/** Options of a frame grab: each captured frame kept as `ImageData`, for tests and thumbnails. */
export interface FrameGrabOptions {
  /** Keep frames as `ImageData`. */
  mode: 'frames';
  /** The most frames kept; capturing stops there. Defaults to {@link DEFAULT_MAX_FRAMES}. */
  maxFrames?: number;
}

/** Options of a video recording: the captured frames encoded by `MediaRecorder` as WebM. */
export interface VideoRecordingOptions {
  /** Encode a WebM video. */
  mode: 'video';
  /** The container and codec; defaults to the first of {@link VIDEO_MIME_TYPES} the browser supports. */
  mimeType?: string;
  /** The most frames per second the capture stream takes. Defaults to {@link DEFAULT_VIDEO_FPS}. */
  fps?: number;
}

/** Options of `ThreeBackend.createRecorder`. */
export type ThreeRecorderOptions = FrameGrabOptions | VideoRecordingOptions;

/** What a frame grab holds when stopped. */
export interface FrameRecording {
  /** A frame grab's recording. */
  readonly mode: 'frames';
  /** The captured frames, oldest first, each the size of the WebGL canvas in device pixels. */
  readonly frames: readonly ImageData[];
  /** The frames as `data:` URLs (PNG unless told otherwise), e.g. for `<img src>` or to save from a test. */
  toDataUrls(type?: string): string[];
  /** The frames as image Blobs (PNG unless told otherwise). */
  toBlobs(type?: string): Promise<Blob[]>;
}

/** What a video recording holds when stopped. */
export interface VideoRecording {
  /** A video recording. */
  readonly mode: 'video';
  /** The encoded video (WebM). */
  readonly blob: Blob;
  /** The type the video was encoded as, e.g. `video/webm;codecs=vp9`. */
  readonly mimeType: string;
  /** How many frames were captured into the stream. */
  readonly frameCount: number;
}

/** What a recorder hands back when stopped. */
export type RecordingResult = FrameRecording | VideoRecording;

/**
 * A recorder of the picture the game submitted. Hand it to the engine
 * (`createStateEngine({ recorder, ... })`): while it is recording, the engine
 * calls `capture()` at step 8 of every frame, after the scene is rendered and
 * the screen layer drawn, and before the diagnostics overlay draws, so a
 * recording holds nothing of the overlay.
 */
export interface ThreeRecorder<R extends RecordingResult = RecordingResult> extends FrameRecorder {
  /** Starts a new recording (what an earlier one held is dropped); does nothing while recording. */
  start(): void;
  /**
   * Stops and hands back the recording.
   *
   * @throws {Error} (the promise rejects) when the recorder was never started.
   */
  stop(): Promise<R>;
  /** Frames captured in the current (or last) recording. */
  readonly frameCount: number;
  /** Stops any recording under way and drops what it holds (the engine's `destroy()` calls it). */
  dispose(): void;
}

/** The canvases a recording composes: the WebGL picture, then the screen layer over it. */
export interface RecordingSource {
  /** The WebGL canvas. */
  readonly canvas: HTMLCanvasElement;
  /** The screen layer's canvas, the same size. */
  readonly layer: HTMLCanvasElement;
}

/**
 * Builds a recorder over a backend's canvases (what `ThreeBackend.createRecorder` calls).
 *
 * @throws {OptionError} for a bad mode, maxFrames, fps or mimeType.
 */
export function createThreeRecorder(source: RecordingSource, options: FrameGrabOptions): ThreeRecorder<FrameRecording>;
export function createThreeRecorder(source: RecordingSource, options: VideoRecordingOptions): ThreeRecorder<VideoRecording>;
export function createThreeRecorder(source: RecordingSource, options: ThreeRecorderOptions): ThreeRecorder;
export function createThreeRecorder(source: RecordingSource, options: ThreeRecorderOptions): ThreeRecorder {
  const where = 'createRecorder';
  const mode = (options as Partial<ThreeRecorderOptions> | undefined)?.mode;
  if (mode === 'frames') {
    const { maxFrames = DEFAULT_MAX_FRAMES } = options as FrameGrabOptions;
    if (!Number.isInteger(maxFrames) || maxFrames < 1) {
      throw new OptionError(where, 'maxFrames', 'an integer >= 1', maxFrames);
    }
    return new FrameGrab(source, maxFrames);
  }
  if (mode === 'video') {
    const { mimeType, fps = DEFAULT_VIDEO_FPS } = options as VideoRecordingOptions;
    if (!(typeof fps === 'number' && fps > 0 && Number.isFinite(fps))) {
      throw new OptionError(where, 'fps', 'a finite number > 0', fps);
    }
    if (typeof MediaRecorder === 'undefined') {
      throw new Error(`${where}: video mode needs MediaRecorder, which this browser does not have; use mode 'frames'`);
    }
    const type = mimeType ?? VIDEO_MIME_TYPES.find((candidate) => MediaRecorder.isTypeSupported(candidate));
    if (type === undefined || !MediaRecorder.isTypeSupported(type)) {
      throw new OptionError(where, 'mimeType', 'a video type this browser\'s MediaRecorder supports (e.g. "video/webm")', type);
    }
    return new VideoRecorder(source, type, fps);
  }
  throw new OptionError(where, 'mode', '"frames" or "video"', mode);
}

/**
 * Composes one frame of the recording: the WebGL picture, then the screen
 * layer over it. Called in the task that rendered the scene, so the WebGL
 * drawing buffer still holds the frame (no `preserveDrawingBuffer` needed).
 */
function composeFrame(source: RecordingSource, target: HTMLCanvasElement, context: CanvasRenderingContext2D): void {
  const { width, height } = source.canvas;
  if (target.width !== width) target.width = width;
  if (target.height !== height) target.height = height;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  context.globalCompositeOperation = 'source-over';
  context.clearRect(0, 0, width, height);
  context.drawImage(source.canvas, 0, 0);
  context.drawImage(source.layer, 0, 0);
}

function canvas2D(document: Document, options?: CanvasRenderingContext2DSettings): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', options);
  if (context === null) throw new Error('createRecorder: the browser gave no 2D context for the recording');
  return [canvas, context];
}

/** Keeps each captured frame as ImageData, up to a limit. */
class FrameGrab implements ThreeRecorder<FrameRecording> {
  private readonly canvas: HTMLCanvasElement;
  private readonly context: CanvasRenderingContext2D;
  private frames: ImageData[] = [];
  private started = false;
  private active = false;

  constructor(
    private readonly source: RecordingSource,
    private readonly maxFrames: number,
  ) {
    // Read back every frame: keep the canvas in memory rather than on the GPU.
    [this.canvas, this.context] = canvas2D(source.canvas.ownerDocument, { willReadFrequently: true });
  }

  get recording(): boolean {
    return this.active && this.frames.length < this.maxFrames;
  }

  get frameCount(): number {
    return this.frames.length;
  }

  start(): void {
    if (this.active) return;
    this.frames = [];
    this.started = true;
    this.active = true;
  }

  capture(): void {
    if (!this.recording) return;
    composeFrame(this.source, this.canvas, this.context);
    this.frames.push(this.context.getImageData(0, 0, this.canvas.width, this.canvas.height));
  }

  dispose(): void {
    this.active = false;
    this.frames = [];
  }

  async stop(): Promise<FrameRecording> {
    if (!this.started) throw new Error('createRecorder: stop() before start(); start the recorder first');
    this.active = false;
    const frames = this.frames.slice();
    const document = this.source.canvas.ownerDocument;
    return {
      mode: 'frames',
      frames,
      toDataUrls: (type = 'image/png') => frames.map((frame) => frameCanvas(document, frame).toDataURL(type)),
      toBlobs: (type = 'image/png') =>
        Promise.all(
          frames.map(
            (frame) =>
              new Promise<Blob>((resolve, reject) =>
                frameCanvas(document, frame).toBlob((blob) => (blob === null ? reject(new Error('toBlobs: the browser encoded no image')) : resolve(blob)), type),
              ),
          ),
        ),
    };
  }
}

/** A canvas showing one grabbed frame (to encode it). */
function frameCanvas(document: Document, frame: ImageData): HTMLCanvasElement {
  const [canvas, context] = canvas2D(document);
  canvas.width = frame.width;
  canvas.height = frame.height;
  context.putImageData(frame, 0, 0);
  return canvas;
}

/** Feeds each captured frame into a canvas capture stream that MediaRecorder encodes as WebM. */
class VideoRecorder implements ThreeRecorder<VideoRecording> {
  private readonly canvas: HTMLCanvasElement;
  private readonly context: CanvasRenderingContext2D;
  private media: MediaRecorder | undefined;
  private chunks: Blob[] = [];
  private frames = 0;
  private finished: Promise<VideoRecording> | undefined;

  constructor(
    private readonly source: RecordingSource,
    private readonly mimeType: string,
    private readonly fps: number,
  ) {
    [this.canvas, this.context] = canvas2D(source.canvas.ownerDocument);
  }

  get recording(): boolean {
    return this.media?.state === 'recording';
  }

  get frameCount(): number {
    return this.frames;
  }

  start(): void {
    if (this.recording) return;
    // Size the canvas before the stream opens (its first frame fixes the video's size). Nothing is
    // drawn yet: outside the task that rendered, the WebGL drawing buffer may already be cleared.
    this.canvas.width = this.source.canvas.width;
    this.canvas.height = this.source.canvas.height;
    const chunks: Blob[] = [];
    this.chunks = chunks;
    this.frames = 0;
    const media = new MediaRecorder(this.canvas.captureStream(this.fps), { mimeType: this.mimeType });
    media.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    this.finished = new Promise<VideoRecording>((resolve, reject) => {
      media.addEventListener('stop', () => {
        for (const track of media.stream.getTracks()) track.stop();
        const mimeType = media.mimeType || this.mimeType;
        resolve({ mode: 'video', blob: new Blob(chunks, { type: mimeType }), mimeType, frameCount: this.frames });
      });
      media.addEventListener('error', (event) => reject((event as ErrorEvent).error ?? new Error('MediaRecorder failed')));
    });
    this.media = media;
    media.start();
  }

  capture(): void {
    if (!this.recording) return;
    composeFrame(this.source, this.canvas, this.context);
    this.frames++;
  }

  dispose(): void {
    if (this.media !== undefined && this.media.state !== 'inactive') this.media.stop();
    this.chunks = [];
  }

  stop(): Promise<VideoRecording> {
    const { media, finished } = this;
    if (media === undefined || finished === undefined) {
      return Promise.reject(new Error('createRecorder: stop() before start(); start the recorder first'));
    }
    if (media.state !== 'inactive') media.stop();
    return finished;
  }
}

/**
 * The pixi backend's default colours, 0xRRGGBB. Kept apart from the code
 * that imports pixi.js, so tests and docs can read them in Node.
 */

/** The colour of the logical area behind the actors unless told otherwise: a blue-black night (the three.js backend's too). */
export const DEFAULT_BACKGROUND = 0x0b0d17;

/** The colour of the letterbox bars unless told otherwise. */
export const DEFAULT_LETTERBOX = 0x000000;

/** A handle to a runtime object: generational, so a destroyed object's handle never validates again, even when its slot is reused. 0 is never a handle. */
export type EntityHandle = number;

// Types for kontra's ESM build, which its package ships without a declaration
// of its own (kontra.d.ts describes the same API as a namespace).
declare module 'kontra/kontra.mjs' {
  import type kontra from 'kontra';
  export const GameLoop: typeof kontra.GameLoop;
}

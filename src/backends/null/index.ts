export { nullBackend, NullBackend, type NullBackendOptions, type NullSurface } from './null-backend.js';

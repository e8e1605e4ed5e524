/**
 * Netplay's Node side: {@link startSignallingServer}, the WebSocket server
 * that pairs the peers of a room by its code and relays their WebRTC
 * offers, answers and candidates (nothing else), on the optional `ws`
 * package. `npx tickflow signal` starts one. Apart from `tickflow/netplay`
 * so a browser bundle never meets `ws`.
 *
 * @module
 */
export {
  DEFAULT_SIGNALLING_HOST,
  DEFAULT_SIGNALLING_PORT,
  MAX_SIGNALLING_MESSAGE_BYTES,
  startSignallingServer,
  type SignallingServer,
  type SignallingServerOptions,
} from './signalling-server.js';

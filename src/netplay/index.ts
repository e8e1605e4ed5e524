/**
 * Netplay's foundations (issue 27): the {@link Transport} a rollback session
 * will talk to the network through.
 *
 * The rollback session itself is not built yet, so this folder has no entry
 * point in package.json: `tickflow/netplay` comes with the session, and
 * until then these are imported from `src/netplay/index.js`.
 *
 * @module
 */
export type { Packet, PeerId, Transport } from './transport.js';

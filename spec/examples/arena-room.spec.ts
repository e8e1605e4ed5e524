import { Client, type Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_MESSAGE, type RoomStateMessage } from 'tickflow/colyseus';
import type { RoomListing } from '../../examples/arena/arena-lobby.js';
import { MAX_PLAYERS, SPAWNS, type ArenaState } from '../../examples/arena/arena-rules.js';
import { ARENA_ROOM, LOBBY_ROOM } from '../../examples/arena/rooms-address.js';
import { startArenaServer, type ArenaServer } from '../../examples/arena/server/arena-server.js';
import { until } from '../colyseus/fixtures/loopback-server.js';

// Gem Arena's server (examples/arena/server/) with colyseus.js clients in Node, on 127.0.0.1: issue 28, item 5's
// "an arena for 2 to 8 players ... a lobby listing rooms". The browser spec (spec/browser/arena.spec.ts) plays on it.

let server: ArenaServer;
const joined: Room[] = [];

beforeAll(async () => {
  server = await startArenaServer(0, '127.0.0.1');
});

afterAll(async () => {
  await Promise.allSettled(joined.map((room) => room.leave(true)));
  await server?.shutdown();
});

/** A client that listens to the room's states and drops them (colyseus.js warns of a message type nobody registered). */
function quiet(room: Room): Room {
  room.onMessage(STATE_MESSAGE, () => {});
  return room;
}

describe('the arena server', () => {
  it('listens on 127.0.0.1 at the port asked for (0: a free one), and says where', () => {
    expect(server.url).toBe(`ws://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
  });

  it('seats up to 8 players in a room, each in a slot of their own at its spawn; a ninth is refused', async () => {
    const sdk = new Client(server.url);
    const first = await sdk.create(ARENA_ROOM);
    joined.push(first);
    let latest: RoomStateMessage<{ state: ArenaState }> | undefined;
    first.onMessage(STATE_MESSAGE, (message: RoomStateMessage<{ state: ArenaState }>) => (latest = message));
    for (let i = 1; i < MAX_PLAYERS; i++) joined.push(quiet(await sdk.joinById(first.roomId)));
    await expect(sdk.joinById(first.roomId)).rejects.toThrow();
    await until('a state with 8 players', () => Object.keys(latest?.state.state.players ?? {}).length === MAX_PLAYERS);
    const players = latest!.state.state.players;
    expect(joined.map((room) => players[room.sessionId]!.slot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const room of joined) expect(players[room.sessionId]).toMatchObject({ ...SPAWNS[players[room.sessionId]!.slot], score: 0 });
  });

  it("lists its rooms in Colyseus' lobby, with their players and the most they hold, and hears when one goes", async () => {
    const sdk = new Client(server.url);
    const lobby = await sdk.joinOrCreate(LOBBY_ROOM);
    const rooms = new Map<string, RoomListing>();
    lobby.onMessage('rooms', (listings: RoomListing[]) => listings.forEach((listing) => rooms.set(listing.roomId, listing)));
    lobby.onMessage('+', ([id, listing]: [string, RoomListing]) => rooms.set(id, listing));
    lobby.onMessage('-', (id: string) => rooms.delete(id));
    const roomId = joined[0]!.roomId;
    await until('the full room listed', () => rooms.get(roomId)?.clients === MAX_PLAYERS);
    expect(rooms.get(roomId)).toMatchObject({ name: ARENA_ROOM, clients: MAX_PLAYERS, maxClients: MAX_PLAYERS });
    const another = quiet(await sdk.create(ARENA_ROOM));
    await until('a new room listed', () => rooms.get(another.roomId)?.clients === 1);
    await another.leave(true); // its last player: the room is disposed of, and the lobby says so
    await until('the empty room gone from the list', () => !rooms.has(another.roomId));
    await lobby.leave(true);
  });
});

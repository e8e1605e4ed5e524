import { describe, expect, it } from 'vitest';
import { joinBroadcastRoom, normalizeCode, randomCode, type BroadcastRoom } from '../../examples/paddle-duel/broadcast-room.js';

// Paddle Duel online's room between the tabs of one browser (Node has the same
// BroadcastChannel): each tab takes the first free seat, two that arrive at
// once settle it by their tickets, and a tab that comes once the match is on is
// refused. Real time: the claims settle in a few hundred ms.

const leave = (rooms: readonly BroadcastRoom[]) => {
  for (const room of rooms) {
    room.leave();
    room.transport.close();
  }
};

describe('joinBroadcastRoom', () => {
  it('seats the first tab 0 and the second 1, and their transports reach each other', async () => {
    const first = joinBroadcastRoom('FRST');
    await new Promise((resolve) => setTimeout(resolve, 100)); // the second tab opens a moment later
    const rooms = await Promise.all([first, joinBroadcastRoom('FRST')]);
    expect(rooms.map((room) => [room.code, room.playerIndex, room.players])).toEqual([
      ['FRST', 0, 2],
      ['FRST', 1, 2],
    ]);
    rooms[0]!.transport.sendTo(1, new Uint8Array([7]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rooms[1]!.transport.receiveAll().map((p) => [p.from, p.message[0]])).toEqual([[0, 7]]);
    leave(rooms);
  });

  it('two tabs that open at the same moment end on different seats', async () => {
    const rooms = await Promise.all([joinBroadcastRoom('SAME'), joinBroadcastRoom('SAME')]);
    expect(rooms.map((room) => room.playerIndex).sort()).toEqual([0, 1]);
    leave(rooms);
  });

  it('refuses a third tab once the match is on, saying so; other codes are other rooms', async () => {
    const rooms = await Promise.all([joinBroadcastRoom('FULL'), joinBroadcastRoom('FULL')]);
    await expect(joinBroadcastRoom('FULL')).rejects.toThrow(/Room FULL is already playing in other tabs: pick another code/);
    const elsewhere = await Promise.all([joinBroadcastRoom('ELSE'), joinBroadcastRoom('ELSE')]);
    expect(elsewhere.map((room) => room.playerIndex).sort()).toEqual([0, 1]);
    leave([...rooms, ...elsewhere]);
  });
});

describe('room codes', () => {
  it('are 4 letters of the signalling server alphabet, any case, spaces around them ignored', () => {
    expect(normalizeCode(' abcd ')).toBe('ABCD');
    expect(normalizeCode('ABCO')).toBeUndefined(); // no O: it reads as 0
    expect(normalizeCode('ABC')).toBeUndefined();
    for (let i = 0; i < 20; i++) expect(normalizeCode(randomCode())).toBeDefined();
  });
});

import { describe, expect, it } from 'vitest';
import { CLAIM_EVERY_MS, CLAIM_SETTLE_MS, joinBroadcastRoom, normalizeCode, randomCode, type BroadcastRoom } from '../../examples/paddle-duel/broadcast-room.js';

// Paddle Duel online's room between the tabs of one browser (Node has the same
// BroadcastChannel): each tab takes the first free seat, two that arrive at
// once settle it by their tickets, and a tab that comes once the match is on is
// refused. Real time: the claims settle in a few hundred ms.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `done` every 5 ms, up to 2 s: a message posted on a BroadcastChannel arrives a task or more later. */
async function eventually(done: () => boolean): Promise<void> {
  for (let waited = 0; !done() && waited < 2000; waited += 5) await sleep(5);
}

const leave = (rooms: readonly BroadcastRoom[]) => {
  for (const room of rooms) {
    room.leave();
    room.transport.close();
  }
};

describe('joinBroadcastRoom', () => {
  it('seats the first tab 0 and the second 1, and their transports reach each other', async () => {
    const first = joinBroadcastRoom('FRST');
    // The second tab opens once the first has claimed its seat (its first claim comes after CLAIM_SETTLE_MS).
    await sleep(CLAIM_SETTLE_MS + 2 * CLAIM_EVERY_MS);
    const rooms = await Promise.all([first, joinBroadcastRoom('FRST')]);
    expect(rooms.map((room) => [room.code, room.playerIndex, room.players])).toEqual([
      ['FRST', 0, 2],
      ['FRST', 1, 2],
    ]);
    rooms[0]!.transport.sendTo(1, new Uint8Array([7]));
    const received: [number, number | undefined][] = [];
    await eventually(() => {
      for (const p of rooms[1]!.transport.receiveAll()) received.push([p.from, p.message[0]]);
      return received.length > 0;
    });
    expect(received).toEqual([[0, 7]]);
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

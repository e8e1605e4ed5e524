import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeMessage, encodeFramePacket, encodeStatePiece, encodeStateReceived, FRAME_PACKET } from '../../src/netplay/session-packets.js';

// Issue 27, item 4: "unordered and unreliable assumed: every packet repeats
// the inputs not yet acknowledged". The session's packets read back as
// written, and bytes that are not a packet (truncated, foreign) read as
// nothing rather than throwing: a network's garbage must not stop a game.

const inputSize = 2;
const packet = fc.record({
  tick: fc.integer({ min: 40_000, max: 2 ** 32 - 40_000 }),
  timing: fc.option(
    fc.record({
      sentMs: fc.integer({ min: 0, max: 0xffff }),
      echoMs: fc.integer({ min: 0, max: 0xffff }),
      holdMs: fc.integer({ min: 0, max: 0xffff }),
      advantage: fc.integer({ min: -8000, max: 8000 }).map((n) => n / 256),
    }),
    { nil: undefined },
  ),
  acks: fc.array(fc.record({ player: fc.integer({ min: 0, max: 7 }), offset: fc.integer({ min: -32_767, max: 32_767 }) }), { maxLength: 7 }),
  runs: fc.array(
    fc.record({
      player: fc.integer({ min: 0, max: 7 }),
      offset: fc.integer({ min: -32_768, max: 32_767 }),
      inputs: fc.array(fc.constantFrom(0, 1, 255), { minLength: inputSize, maxLength: 255 * inputSize }).map((bytes) => new Uint8Array(bytes.slice(0, bytes.length - (bytes.length % inputSize)))),
    }),
    { maxLength: 15 },
  ),
  departures: fc.array(fc.record({ player: fc.integer({ min: 0, max: 7 }), offset: fc.integer({ min: -32_767, max: 32_767 }) }), { maxLength: 7 }),
  checksum: fc.option(fc.record({ tick: fc.integer({ min: 0, max: 2 ** 32 - 1 }), hash: fc.stringMatching(/^[0-9a-f]{16}$/) }), { nil: undefined }),
});

describe('the session\'s packets', () => {
  it('a frame packet reads back as written, run-length coded inputs expanded', () => {
    fc.assert(
      fc.property(packet, (p) => {
        const written = {
          tick: p.tick,
          timing: p.timing,
          acks: p.acks.map(({ player, offset }) => ({ player, through: p.tick + offset })),
          runs: p.runs.map(({ player, offset, inputs }) => ({ player, firstTick: p.tick + offset, inputs })),
          departures: p.departures.map(({ player, offset }) => ({ player, last: p.tick + offset })),
          checksum: p.checksum,
        };
        expect(decodeMessage(encodeFramePacket(written, inputSize), inputSize)).toEqual({ kind: FRAME_PACKET, ...written });
      }),
    );
  });

  it('"none acknowledged yet" (-1) survives the 16-bit offset', () => {
    const bytes = encodeFramePacket({ tick: 90_000, timing: undefined, acks: [{ player: 1, through: -1 }], runs: [], departures: [], checksum: undefined }, inputSize);
    expect(decodeMessage(bytes, inputSize)).toMatchObject({ acks: [{ player: 1, through: -1 }] });
  });

  it('a departure costs its 3 bytes and the count byte; none, nothing (a 2-player match never sends one)', () => {
    const none = encodeFramePacket({ tick: 5, timing: undefined, acks: [], runs: [], departures: [], checksum: undefined }, inputSize);
    const one = encodeFramePacket({ tick: 5, timing: undefined, acks: [], runs: [], departures: [{ player: 2, last: -1 }], checksum: undefined }, inputSize);
    expect(one.length - none.length).toBe(1 + 3);
    expect(decodeMessage(one, inputSize)).toMatchObject({ departures: [{ player: 2, last: -1 }] });
  });

  it('repeated inputs cost one pair: ten ticks of the same held keys are 4 + 3 bytes', () => {
    const held = new Uint8Array(10 * inputSize).fill(7);
    const none = encodeFramePacket({ tick: 5, timing: undefined, acks: [], runs: [], departures: [], checksum: undefined }, inputSize).length;
    const ten = encodeFramePacket({ tick: 5, timing: undefined, acks: [], runs: [{ player: 0, firstTick: 5, inputs: held }], departures: [], checksum: undefined }, inputSize).length;
    expect(ten - none).toBe(4 + 1 + inputSize);
  });

  it('state pieces and "received" read back', () => {
    expect(decodeMessage(encodeStatePiece(120, 2, 5, new Uint8Array([9, 8])), inputSize)).toEqual({ kind: 2, tick: 120, index: 2, count: 5, bytes: new Uint8Array([9, 8]) });
    expect(decodeMessage(encodeStateReceived(120), inputSize)).toEqual({ kind: 3, tick: 120 });
  });

  it('any truncation of a packet, and any bytes at all, decode to a message or nothing, never a throw', () => {
    fc.assert(
      fc.property(packet, fc.nat(), (p, cut) => {
        const bytes = encodeFramePacket({ tick: p.tick, timing: p.timing, acks: [], runs: p.runs.map(({ player, offset, inputs }) => ({ player, firstTick: p.tick + offset, inputs })), departures: p.departures.map(({ player, offset }) => ({ player, last: p.tick + offset })), checksum: p.checksum }, inputSize);
        const truncated = bytes.subarray(0, cut % bytes.length);
        expect(decodeMessage(truncated, inputSize)).toBeUndefined();
      }),
    );
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => void decodeMessage(bytes, inputSize)));
  });
});

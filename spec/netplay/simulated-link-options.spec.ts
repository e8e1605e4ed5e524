import { describe, expect, it } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { MAX_LINK_PEERS, simulatedLink, type SimulatedLinkOptions } from '../../src/netplay/index.js';
import { thrownBy } from '../support/thrown.js';

// DESIGN.md, bad input: "Options are validated when an engine or operator is
// built: a wrong value throws an error that names the option, the value and
// the rule." STYLE.md: "Errors that explain".

/** The OptionError `call` throws; fails the test when it throws nothing or something else. */
function refusal(call: () => unknown): OptionError {
  const error = thrownBy(call);
  expect(error).toBeInstanceOf(OptionError);
  return error as OptionError;
}

describe('simulatedLink refuses bad options, naming the option, the rule and the value', () => {
  const cases: [options: unknown, message: string][] = [
    [5, 'simulatedLink: options must be an options object, or nothing, got 5'],
    [null, 'simulatedLink: options must be an options object, or nothing, got null'],
    [{ latency: 50 }, "simulatedLink: unknown option 'latency'; did you mean 'latencyMs'?"],
    [{ jitter: 10 }, "simulatedLink: unknown option 'jitter'; did you mean 'jitterMs'?"],
    [{ peers: 1 }, `simulatedLink: peers must be a whole number from 2 to ${MAX_LINK_PEERS}, got 1`],
    [{ peers: 2.5 }, `simulatedLink: peers must be a whole number from 2 to ${MAX_LINK_PEERS}, got 2.5`],
    [{ peers: 1000 }, `simulatedLink: peers must be a whole number from 2 to ${MAX_LINK_PEERS}, got 1000`],
    [{ latencyMs: -1 }, 'simulatedLink: latencyMs must be a finite number >= 0, got -1'],
    [{ latencyMs: Infinity }, 'simulatedLink: latencyMs must be a finite number >= 0, got Infinity'],
    [{ jitterMs: NaN }, 'simulatedLink: jitterMs must be a finite number >= 0, got NaN'],
    [{ reorderMs: '50' }, 'simulatedLink: reorderMs must be a finite number >= 0, got "50"'],
    [{ loss: 1.5 }, 'simulatedLink: loss must be a number from 0 to 1, got 1.5'],
    [{ loss: 20 }, 'simulatedLink: loss must be a number from 0 to 1, got 20'], // a percent where a probability belongs
    [{ duplicate: -0.1 }, 'simulatedLink: duplicate must be a number from 0 to 1, got -0.1'],
    [{ reorder: NaN }, 'simulatedLink: reorder must be a number from 0 to 1, got NaN'],
    [{ reorder: true }, 'simulatedLink: reorder must be a number from 0 to 1, got true'],
    [{ queueLimit: 0 }, 'simulatedLink: queueLimit must be a whole number >= 1, got 0'],
    [{ seed: -1 }, 'simulatedLink: seed must be a whole number from 0 to 4294967295, got -1'],
    [{ seed: 1.5 }, 'simulatedLink: seed must be a whole number from 0 to 4294967295, got 1.5'],
    [
      { latencyMs: Number.MAX_VALUE, jitterMs: Number.MAX_VALUE },
      `simulatedLink: latencyMs must be small enough that latencyMs + jitterMs + reorderMs is finite, got ${Number.MAX_VALUE}`,
    ],
  ];
  for (const [options, message] of cases) {
    it(message, () => {
      const error = refusal(() => simulatedLink(options as SimulatedLinkOptions));
      expect(error.message).toBe(message);
      expect(error.where).toBe('simulatedLink');
    });
  }

  it('takes no options, an empty object, or every option at its edge', () => {
    expect(() => simulatedLink()).not.toThrow();
    expect(() => simulatedLink({})).not.toThrow();
    expect(() => simulatedLink({ peers: 2, latencyMs: 0, jitterMs: 0, loss: 0, duplicate: 0, reorder: 0, reorderMs: 0, queueLimit: 1, seed: 0 })).not.toThrow();
    expect(() => simulatedLink({ peers: MAX_LINK_PEERS, loss: 1, duplicate: 1, reorder: 1, seed: 0xffffffff })).not.toThrow();
  });
});

describe('a simulated endpoint and the link refuse bad calls, and nothing changes', () => {
  it('sendTo: a peer that is not an endpoint of the link', () => {
    const link = simulatedLink({ peers: 3 });
    for (const peer of [3, -1, 1.5, NaN, '1']) {
      expect(refusal(() => link.endpoints[0]!.sendTo(peer as number, new Uint8Array(1))).message).toBe(
        `simulatedLink.sendTo: peer must be an endpoint id of this link, a whole number from 0 to 2, got ${typeof peer === 'string' ? '"1"' : String(peer)}`,
      );
    }
    expect(link.stats().sent).toBe(0);
  });

  it('sendTo: a message that is not a Uint8Array (the session encodes its inputs to bytes)', () => {
    const link = simulatedLink();
    expect(refusal(() => link.endpoints[0]!.sendTo(1, [1, 2] as unknown as Uint8Array)).message).toBe(
      'simulatedLink.sendTo: message must be a Uint8Array, got an array of 2',
    );
    expect(refusal(() => link.endpoints[0]!.sendTo(1, new ArrayBuffer(2) as unknown as Uint8Array)).message).toBe(
      'simulatedLink.sendTo: message must be a Uint8Array, got an object',
    );
    expect(link.stats().sent).toBe(0);
  });

  it('advanceTo: a time that is not a finite number', () => {
    const link = simulatedLink();
    link.advanceTo(10);
    for (const [time, shown] of [[NaN, 'NaN'], [Infinity, 'Infinity'], ['20', '"20"']] as const) {
      expect(refusal(() => link.advanceTo(time as number)).message).toBe(`simulatedLink.advanceTo: timeMs must be a finite number, got ${shown}`);
    }
    expect(link.nowMs).toBe(10);
  });
});

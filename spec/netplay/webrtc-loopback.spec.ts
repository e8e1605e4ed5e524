import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inLoopbackNamespace, namespaceRefused, type NamespaceRun } from '../support/loopback-namespace.js';
import type { Received } from './fixtures/webrtc-exchange.js';

// Issue 27, item 4: "WebRTC data channels (ordered: false, maxRetransmits: 0)
// with signalling over WebSockets ... A signalling server the user starts
// with one command, and room codes." Item 6: "every network test on loopback
// only, bounded in count and time, and run inside a network namespace that
// has only lo, e.g. unshare -n sh -c 'ip link set lo up && ...', wherever
// WebRTC would otherwise look at other interfaces"; "two Node processes over
// the real transport on 127.0.0.1".
//
// Each scenario is a child process in a fresh network namespace: WebRTC's
// candidate gathering there can see, and reach, nothing but 127.0.0.1 (werift
// is given `iceAdditionalHostAddresses: ['127.0.0.1']`, since it leaves
// loopback out of its host candidates otherwise). Needs root or
// CAP_SYS_ADMIN for `unshare -n`; without it these tests fail, saying so.

const FIXTURES = 'spec/netplay/fixtures';

/** Packets each peer sends each other peer, one every 5 ms. */
const PACKETS = 100;

/**
 * The most a scenario's child process may take before it is killed: a
 * backstop, since each step inside has its own bound (joinRoom 5 s, the
 * exchange's settling 2 s, seeing a close 3 s). They take 1.5-3 s alone;
 * the margin is for a full suite on two shared cores.
 */
const CHILD_TIMEOUT_MS = 15_000;

/** The JSON lines a run printed; fails the test, saying why, when the namespace was refused or the run failed. */
function reportsOf(run: NamespaceRun): Record<string, unknown>[] {
  if (namespaceRefused(run)) {
    throw new Error(
      `unshare -n was refused, so there is no loopback-only network namespace for the WebRTC tests (run them as root or with CAP_SYS_ADMIN; they are not skipped): ${run.stderr.trim()}`,
    );
  }
  if (run.timedOut) throw new Error(`the scenario did not finish within ${CHILD_TIMEOUT_MS} ms:\n${run.stdout}\n${run.stderr}`);
  if (run.status !== 0) throw new Error(`the scenario exited with ${run.status}:\n${run.stdout}\n${run.stderr}`);
  return run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

interface MeshReport {
  code: string;
  rooms: { code: string; playerIndex: number; players: number }[];
  joinMs: number;
  received: Received[];
  stats: { sent: number; dropped: number; received: number; overflowed: number }[];
  closed: number[][];
  survivorStates: string[][];
  allSaw: boolean;
  closeSeenMs: number;
  afterClose: string;
  serverRoomsLeft: number;
}

function meshScenario(players: number): () => Promise<MeshReport> {
  return async () => {
    const [report] = reportsOf(await inLoopbackNamespace(`exec node --import tsx ${FIXTURES}/webrtc-mesh-scenario.ts ${players} ${PACKETS}`, CHILD_TIMEOUT_MS));
    expect(report, 'the scenario printed its report').toBeDefined();
    return report as unknown as MeshReport;
  };
}

for (const players of [2, 3]) {
  describe(`${players} Node peers join a room by its code through the signalling server on 127.0.0.1, in a namespace with only lo`, () => {
    let report: MeshReport;
    beforeAll(async () => {
      report = await meshScenario(players)();
    }, CHILD_TIMEOUT_MS + 5_000);

    it('each gets the room code and its player index, in the order they joined', () => {
      expect(report.code).toMatch(/^[A-HJ-NP-Z]{4}$/);
      expect(report.rooms).toEqual(Array.from({ length: players }, (_, playerIndex) => ({ code: report.code, playerIndex, players })));
      expect(report.joinMs).toBeLessThan(5_000);
    });

    it(`each receives all ${PACKETS} numbered packets from every other peer (unreliable by contract; loopback loses none), none malformed or doubled`, () => {
      report.received.forEach((received, me) => {
        expect(received).toEqual({ distinct: Array.from({ length: players }, (_, from) => (from === me ? 0 : PACKETS)), malformed: 0, duplicates: 0 });
      });
      for (const stats of report.stats) expect(stats.dropped).toBe(0);
    });

    it('closing one peer is seen by every other: it is in closedPeers(), and the others stay connected', () => {
      expect(report.allSaw).toBe(true);
      expect(report.closed).toEqual(Array.from({ length: players - 1 }, () => [players - 1]));
      expect(report.closeSeenMs).toBeLessThan(3_000);
      expect(report.survivorStates.flat().every((state) => state === 'open')).toBe(true);
      if (players >= 3) expect(report.afterClose).toBe('delivered');
    });

    it('the server forgets the room once its players have left', () => {
      expect(report.serverRoomsLeft).toBe(0);
    });
  });
}

describe('two Node processes over the real transport on 127.0.0.1', () => {
  it(`a host process (signalling server and room) and a guest process exchange ${PACKETS} packets each way, and the host sees the guest close`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tickflow-webrtc-'));
    try {
      const peer = (role: string): string => `node --import tsx ${FIXTURES}/webrtc-process-peer.ts ${role} ${dir} ${PACKETS}`;
      // Both exit statuses count: the host's is collected after the guest's.
      const run = await inLoopbackNamespace(`${peer('host')} & host=$!; ${peer('guest')}; guest=$?; wait $host; host=$?; exit $((guest | host))`, CHILD_TIMEOUT_MS);
      const reports = reportsOf(run) as { role: string; pid: number; playerIndex: number; code: string; received: Received; sawGuestClose?: boolean }[];
      const host = reports.find((r) => r.role === 'host');
      const guest = reports.find((r) => r.role === 'guest');
      expect(host, run.stdout).toBeDefined();
      expect(guest, run.stdout).toBeDefined();
      expect(host!.pid).not.toBe(guest!.pid);
      expect(host!.code).toBe(guest!.code);
      expect([host!.playerIndex, guest!.playerIndex]).toEqual([0, 1]);
      expect(host!.received).toEqual({ distinct: [0, PACKETS], malformed: 0, duplicates: 0 });
      expect(guest!.received).toEqual({ distinct: [PACKETS, 0], malformed: 0, duplicates: 0 });
      expect(host!.sawGuestClose).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, CHILD_TIMEOUT_MS + 5_000);
});

describe('a rollback match between two Node processes over the real transport on 127.0.0.1', () => {
  it('two processes, each a state engine under createP2PSession over WebRTC, confirm 240 ticks with equal checksums and equal states', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tickflow-webrtc-match-'));
    try {
      const peer = (role: string): string => `node --import tsx ${FIXTURES}/webrtc-process-match.ts ${role} ${dir}`;
      const run = await inLoopbackNamespace(`${peer('host')} & host=$!; ${peer('guest')}; guest=$?; wait $host; host=$?; exit $((guest | host))`, CHILD_TIMEOUT_MS);
      const reports = reportsOf(run) as { role: string; pid: number; done: boolean; confirmedTick: number; checksumsMatched: number; desyncs: number; hashes: string[] }[];
      const host = reports.find((r) => r.role === 'host')!;
      const guest = reports.find((r) => r.role === 'guest')!;
      expect(host.pid).not.toBe(guest.pid);
      for (const machine of [host, guest]) {
        expect(machine.done, run.stdout).toBe(true);
        expect(machine.confirmedTick).toBeGreaterThanOrEqual(240);
        expect(machine.checksumsMatched).toBeGreaterThanOrEqual(3);
        expect(machine.desyncs).toBe(0);
      }
      expect(guest.hashes).toEqual(host.hashes);
      expect(host.hashes.every((hash) => /^[0-9a-f]{16}$/.test(hash))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, CHILD_TIMEOUT_MS + 5_000);
});

describe('without a loopback-only namespace, the WebRTC tests fail and say why', () => {
  it('unshare -n refused (no CAP_SYS_ADMIN): an error naming the cause, not a skip', async () => {
    const run = await inLoopbackNamespace('echo "{}"', CHILD_TIMEOUT_MS, ['--bounding-set=-all', '--inh-caps=-all']);
    expect(() => reportsOf(run)).toThrow(/^unshare -n was refused, so there is no loopback-only network namespace .*Operation not permitted/);
  });
});

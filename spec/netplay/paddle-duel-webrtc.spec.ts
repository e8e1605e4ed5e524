import { inLoopbackNamespace, namespaceRefused } from '../support/loopback-namespace.js';
import { describe, expect, it } from 'vitest';

// Paddle Duel online's WebRTC path, in Node: two werift peers join a room by
// its code through the signalling server on 127.0.0.1, and each plays its half
// of the match (examples/paddle-duel/online-duel.ts) over the transport
// joinRoom gave it. Issue 27, item 6: every network test on loopback only,
// inside a network namespace that has only lo; as in webrtc-loopback.spec.ts,
// the scenario is a child process under `unshare -n` (root or CAP_SYS_ADMIN).
// (Chromium gathers no ICE candidate in such a namespace, so the page's
// WebRTC path is not driven in a browser here.)


/** A backstop: the scenario bounds itself (joinRoom 5 s, play 12 s); it takes 6-8 s alone. */
const CHILD_TIMEOUT_MS = 25_000;

interface Report {
  code: string;
  playerIndices: number[];
  confirmed: number;
  firstDifferent: number | null;
  sessions: { checksumsMatched: number; desyncs: number; rollbacks: number; pingMs: number | undefined }[];
  transports: { sent: number; dropped: number; received: number }[];
}


describe('Paddle Duel online over WebRTC, two Node peers on 127.0.0.1 in a namespace with only lo', () => {
  it(
    'join by code, seat 0 and seat 1, and play 300 confirmed ticks with every tick equal on both, checksums matched, no desync',
    async () => {
      const run = await inLoopbackNamespace('exec node --import tsx spec/netplay/fixtures/paddle-duel-webrtc-scenario.ts', CHILD_TIMEOUT_MS);
      if (namespaceRefused(run)) throw new Error(`unshare -n was refused (run as root or with CAP_SYS_ADMIN; not skipped): ${run.stderr.trim()}`);
      expect(run.status, `the scenario failed:\n${run.stdout}\n${run.stderr}`).toBe(0);
      const report = JSON.parse(run.stdout.split('\n').find((line) => line.startsWith('{'))!) as Report;
      expect(report.code).toMatch(/^[A-HJ-NP-Z]{4}$/);
      expect(report.playerIndices).toEqual([0, 1]);
      expect(report.confirmed).toBeGreaterThanOrEqual(300);
      expect(report.firstDifferent).toBeNull();
      for (const session of report.sessions) {
        expect(session.checksumsMatched).toBeGreaterThanOrEqual(4);
        expect(session.desyncs).toBe(0);
        expect(session.pingMs).toBeDefined();
      }
      expect(report.sessions.some((session) => session.rollbacks > 0)).toBe(true); // no input delay: the rollback path ran
      // The data channel carried the match: each side received packets, never more than the other sent. (How many
      // depends on how many frames the host ran in real time: a loaded machine runs several ticks a frame.)
      const [a, b] = report.transports;
      expect(a!.received).toBeGreaterThan(0);
      expect(b!.received).toBeGreaterThan(0);
      expect(a!.received).toBeLessThanOrEqual(b!.sent);
      expect(b!.received).toBeLessThanOrEqual(a!.sent);
    },
    CHILD_TIMEOUT_MS + 5_000,
  );
});

import { inLoopbackNamespace, namespaceRefused } from '../support/loopback-namespace.js';
import { describe, expect, it } from 'vitest';

// Issue 27, item 6: "two Chromium pages playing Paddle Duel with real key
// presses over WebRTC on loopback, ending with equal confirmed hashes", and
// "every network test ... inside a network namespace that has only lo ... or
// between network namespaces the test makes itself, joined by a veth pair,
// with addresses that exist only inside them".
//
// The scenario (paddle-duel-webrtc-scenario.ts) runs in a fresh namespace
// with only `lo`: its Vite server, its signalling server and its Chromium
// see nothing but 127.0.0.1. Chromium gathers loopback ICE candidates there
// only with --allow-loopback-in-peer-connection and a browser context that
// holds the camera and microphone permissions (without them its
// FilteringNetworkManager offers only the default route's address, and the
// namespace has no route): found while building spec/browser/netplay-webrtc.spec.ts.
// Needs root or CAP_SYS_ADMIN for `unshare -n`; without it the test fails, saying so.


/** A backstop: each step inside is bounded (20 s); the whole takes 12-20 s alone (a Vite server, a Chromium, two pages). */
const CHILD_TIMEOUT_MS = 55_000;

interface Report {
  code: string;
  joined: { code: string; playerIndex: number }[];
  leftMoved: number;
  rightMoved: number;
  sessions: { confirmedTick: number; checksumsMatched: number; desyncs: number; rollbacks: number; pingMs: number | undefined }[];
  errors: string[];
}


describe('Paddle Duel online over WebRTC: two Chromium tabs in a network namespace of their own', () => {
  it(
    'tab A makes a room, tab B joins by its code; a real key in each moves its paddle on the other; 300 ticks confirmed on both, checksums matched, no desync',
    async () => {
      const run = await inLoopbackNamespace('exec node --import tsx spec/browser/paddle-duel-webrtc-scenario.ts', CHILD_TIMEOUT_MS);
      if (namespaceRefused(run)) throw new Error(`unshare -n was refused (run as root or with CAP_SYS_ADMIN; not skipped): ${run.stderr.trim()}`);
      expect(run.timedOut, `the scenario did not finish in ${CHILD_TIMEOUT_MS} ms:\n${run.stdout}\n${run.stderr}`).toBe(false);
      expect(run.status, `the scenario failed:\n${run.stdout}\n${run.stderr}`).toBe(0);
      const report = JSON.parse(run.stdout.split('\n').find((line) => line.startsWith('{'))!) as Report;
      expect(report.code).toMatch(/^[A-HJ-NP-Z]{4}$/);
      expect(report.joined).toEqual([
        { code: report.code, playerIndex: 0 },
        { code: report.code, playerIndex: 1 },
      ]);
      expect(report.leftMoved).toBeLessThan(-20); // W in tab A: the left paddle went up in tab B
      expect(report.rightMoved).toBeGreaterThan(20); // ↓ in tab B: the right paddle went down in tab A
      for (const session of report.sessions) {
        expect(session.confirmedTick).toBeGreaterThanOrEqual(300);
        expect(session.checksumsMatched).toBeGreaterThanOrEqual(3);
        expect(session.desyncs).toBe(0);
        expect(session.pingMs).toBeDefined();
      }
      expect(report.errors).toEqual([]);
    },
    CHILD_TIMEOUT_MS + 5_000,
  );
});

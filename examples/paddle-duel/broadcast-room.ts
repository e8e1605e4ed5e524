import { broadcastChannelTransport, ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH, type BroadcastChannelTransport } from 'tickflow/netplay';

/**
 * A room of the tabs of one browser, by code, with no server: the tabs that
 * open the same code meet on a `BroadcastChannel`, each takes the first
 * free seat, and once every seat is taken each gets a transport to the
 * others ({@link broadcastChannelTransport}). What it resolves to has the
 * shape `joinRoom` (the WebRTC path) resolves to, so the page starts the
 * match the same way on either.
 *
 * The seats are agreed with claims on a lobby channel of their own:
 *
 * 1. A tab picks a random ticket, asks who is there, and for
 *    {@link CLAIM_SETTLE_MS} listens to the claims of the others.
 * 2. It claims the lowest seat nobody claims, and says so every
 *    {@link CLAIM_EVERY_MS}. Two tabs that claim one seat at the same
 *    moment both hear of it: the lower ticket keeps it, the other moves on.
 * 3. When every seat is claimed and the tab's own claim has stood for
 *    {@link CLAIM_SETTLE_MS}, the room is full: it resolves. A tab that
 *    arrives later hears that the match is on and is refused.
 *
 * @module
 */

/** How long a tab listens before it claims, and how long a claim must stand unchallenged. */
export const CLAIM_SETTLE_MS = 300;
/** How often a seated tab repeats its claim while the room fills. */
export const CLAIM_EVERY_MS = 150;

/** What {@link joinBroadcastRoom} resolves to: the room's code, this tab's seat and its transport. */
export interface BroadcastRoom {
  readonly code: string;
  readonly playerIndex: number;
  readonly players: number;
  readonly transport: BroadcastChannelTransport;
  /** Stops answering newcomers (the transport is closed on its own). */
  leave(): void;
}

/** A room code as typed (`' abcd '`), or undefined when it is not one: the signalling server's codes (4 letters, no I or O to misread), so one code works on both paths. */
export function normalizeCode(typed: string): string | undefined {
  const code = typed.trim().toUpperCase();
  return code.length === ROOM_CODE_LENGTH && [...code].every((letter) => ROOM_CODE_ALPHABET.includes(letter)) ? code : undefined;
}

/** A fresh room code. */
export function randomCode(): string {
  return Array.from({ length: ROOM_CODE_LENGTH }, () => ROOM_CODE_ALPHABET[Math.floor(Math.random() * ROOM_CODE_ALPHABET.length)]).join('');
}

type LobbyMessage =
  | { readonly kind: 'who' }
  | { readonly kind: 'claim'; readonly seat: number; readonly ticket: number; readonly playing: boolean };

/** Takes the first free seat of room `code` among the tabs of this browser, and resolves when every seat is taken. */
export function joinBroadcastRoom(code: string, players = 2, signal?: AbortSignal): Promise<BroadcastRoom> {
  const lobby = new BroadcastChannel(`tickflow-paddle-duel:${code}:lobby`);
  const ticket = Math.random();
  /** The other tabs' seats: seat -> ticket, with when each was last heard. */
  const others = new Map<number, { ticket: number; heardMs: number }>();
  let seat: number | undefined;
  let claimedAtMs = 0;
  let playing = false;
  let refused = false;
  const post = (message: LobbyMessage) => lobby.postMessage(message);
  const claim = () => seat !== undefined && post({ kind: 'claim', seat, ticket, playing });

  lobby.onmessage = (event: MessageEvent<LobbyMessage>) => {
    const message = event.data;
    if (message.kind === 'who') {
      claim();
      return;
    }
    if (message.playing && message.seat !== seat && seat === undefined) refused = true; // the match is on without us
    others.set(message.seat, { ticket: message.ticket, heardMs: performance.now() });
    if (message.seat === seat && message.ticket < ticket && !playing) {
      seat = undefined; // the lower ticket keeps it: claim again
    }
  };

  return new Promise<BroadcastRoom>((resolve, reject) => {
    const startedMs = performance.now();
    post({ kind: 'who' });
    const timer = setInterval(() => {
      const nowMs = performance.now();
      if (signal?.aborted === true) return finish(new Error('joinBroadcastRoom: given up'));
      if (refused) return finish(new Error(`Room ${code} is already playing in other tabs: pick another code.`));
      for (const [taken, { heardMs }] of others) if (nowMs - heardMs > CLAIM_SETTLE_MS * 4) others.delete(taken); // a tab that closed
      if (nowMs - startedMs < CLAIM_SETTLE_MS) return;
      if (seat === undefined) {
        const free = Array.from({ length: players }, (_, i) => i).find((i) => !others.has(i));
        if (free === undefined) return finish(new Error(`Room ${code} is full: pick another code.`));
        seat = free;
        claimedAtMs = nowMs;
      }
      claim();
      const full = Array.from({ length: players }, (_, i) => i).every((i) => i === seat || others.has(i));
      if (full && nowMs - claimedAtMs >= CLAIM_SETTLE_MS) {
        playing = true;
        claim(); // tells the others, and later tabs, that this seat plays
        clearInterval(timer);
        resolve({
          code,
          playerIndex: seat,
          players,
          transport: broadcastChannelTransport(`tickflow-paddle-duel:${code}`, seat),
          leave: () => lobby.close(),
        });
      }
    }, CLAIM_EVERY_MS);
    const finish = (error: Error) => {
      clearInterval(timer);
      lobby.close();
      reject(error);
    };
  });
}

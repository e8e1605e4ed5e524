import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { OptionError } from '../../operators/option-error.js';
import { runTickflowCommand } from '../../src/cli/validate-command.js';
import { runSignalCommand } from '../../src/cli/signal-command.js';
import {
  joinRoom,
  MAX_JOIN_TIMEOUT_MS,
  MAX_SIGNALLING_MESSAGE_BYTES,
  ROOM_CODE_ALPHABET,
  SignallingError,
  startSignallingServer,
  type JoinRoomOptions,
  type SignallingServer,
  type SignallingServerOptions,
  type WebSocketConstructor,
} from '../../src/netplay/index.js';
import { thrownBy } from '../support/thrown.js';
import { StubPeerConnection } from './fixtures/stub-peer-connection.js';

// Issue 27, item 4: "signalling over WebSockets ... A signalling server the
// user starts with one command, and room codes." The server relays offers,
// answers and ICE candidates between the players of a room and nothing else;
// what it cannot use gets an error message back and the server goes on.
// Every socket here is on 127.0.0.1; no test here makes a WebRTC connection
// (webrtc-loopback.spec.ts does, in a loopback-only namespace).

// Compile-time: ws's WebSocket and the browser's fit the option's type as they are.
const fits: WebSocketConstructor[] = [WebSocket, globalThis.WebSocket];
void fits;

/** The most any one wait on a socket takes before the test fails. */
const WAIT_MS = 2_000;

let server: SignallingServer;
beforeAll(async () => {
  server = await startSignallingServer({ port: 0 });
});
afterAll(() => server.close());

/** A raw client: sends JSON or bytes, and awaits the server's messages one by one. */
async function client(): Promise<{ send(message: unknown): void; sendRaw(data: string | Buffer): void; next(): Promise<Record<string, unknown>>; close(): void }> {
  const socket = new WebSocket(server.url);
  const inbox: Record<string, unknown>[] = [];
  const waiting: ((message: Record<string, unknown>) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    const waiter = waiting.shift();
    if (waiter === undefined) inbox.push(message);
    else waiter(message);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    send: (message) => socket.send(JSON.stringify(message)),
    sendRaw: (data) => socket.send(data),
    next: () =>
      inbox.length > 0
        ? Promise.resolve(inbox.shift()!)
        : new Promise((resolve, reject) => {
            waiting.push(resolve);
            setTimeout(() => reject(new Error(`no message from the server within ${WAIT_MS} ms`)), WAIT_MS);
          }),
    close: () => socket.close(),
  };
}

/** A room made of raw clients: the creator, then the joiners, with the messages they got. */
async function room(players: number, joiners = players - 1) {
  const creator = await client();
  creator.send({ type: 'create', players });
  const created = await creator.next();
  const code = created.code as string;
  const others = [];
  for (let i = 0; i < joiners; i++) {
    const other = await client();
    other.send({ type: 'join', code });
    expect(await other.next()).toEqual({ type: 'joined', code, playerIndex: i + 1, players });
    others.push(other);
  }
  return { created, code, clients: [creator, ...others] };
}

describe('rooms by code: create, join, start', () => {
  it('the creator gets a 4-letter code without I or O and index 0; joiners get 1, 2, ... (any case); when full, everyone is told to start', async () => {
    const { created, code, clients } = await room(3, 1);
    expect(created).toEqual({ type: 'joined', code, playerIndex: 0, players: 3 });
    expect(code).toMatch(new RegExp(`^[${ROOM_CODE_ALPHABET}]{4}$`));
    expect(ROOM_CODE_ALPHABET).not.toMatch(/[IO]/);
    const last = await client();
    last.send({ type: 'join', code: ` ${code.toLowerCase()} ` });
    expect(await last.next()).toEqual({ type: 'joined', code, playerIndex: 2, players: 3 });
    for (const player of [...clients, last]) expect(await player.next()).toEqual({ type: 'start', players: 3 });
    for (const player of [...clients, last]) player.close();
  });

  it('relays an offer, an answer and a candidate to the player named, stamped with the sender', async () => {
    const { clients } = await room(2);
    const [zero, one] = clients;
    await zero!.next(); // start
    await one!.next();
    zero!.send({ type: 'signal', to: 1, data: { description: { type: 'offer', sdp: 'v=0 offer' } } });
    expect(await one!.next()).toEqual({ type: 'signal', from: 0, data: { description: { type: 'offer', sdp: 'v=0 offer' } } });
    one!.send({ type: 'signal', to: 0, data: { description: { type: 'answer', sdp: 'v=0 answer' } } });
    one!.send({ type: 'signal', to: 0, data: { candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 } } });
    expect(await zero!.next()).toEqual({ type: 'signal', from: 1, data: { description: { type: 'answer', sdp: 'v=0 answer' } } });
    expect(await zero!.next()).toMatchObject({ type: 'signal', from: 1, data: { candidate: { sdpMid: '0' } } });
    for (const player of clients) player.close();
  });

  it('a player leaving before the room is full closes it for the others (it could never fill); the room is then forgotten', async () => {
    await expect.poll(() => server.rooms(), { timeout: WAIT_MS }).toBe(0); // the rooms of the tests before, once their sockets closed
    const { code, clients } = await room(3, 1);
    expect(server.rooms()).toBe(1);
    clients[0]!.close();
    expect(await clients[1]!.next()).toEqual({ type: 'error', error: 'room-closed', message: `player 0 left room ${code} before it was full; create a new room` });
    const late = await client();
    late.send({ type: 'join', code });
    expect(await late.next()).toMatchObject({ type: 'error', error: 'unknown-room' });
    // The one told may create another room on the same socket.
    clients[1]!.send({ type: 'create', players: 2 });
    expect(await clients[1]!.next()).toMatchObject({ type: 'joined', playerIndex: 0, players: 2 });
    clients[1]!.close();
    late.close();
    await expect.poll(() => server.rooms(), { timeout: WAIT_MS }).toBe(0);
  });
});

describe('bad input gets an error message naming what is wrong, and the server goes on', () => {
  const cases: [name: string, message: unknown, error: string, text: string | RegExp][] = [
    ['garbage that is not JSON', '{"type": "join", code: ABCD', 'bad-message', 'not JSON: {"type": "join", code: ABCD'],
    ['JSON that is not an object', '[1, 2]', 'bad-message', 'a message must be a JSON object with a "type"'],
    ['an unknown type', { type: 'hello' }, 'bad-message', 'unknown type "hello": the types are create, join, signal'],
    ['a room for 1', { type: 'create', players: 1 }, 'bad-message', 'create: players must be a whole number from 2 to 8, got 1'],
    ['a room for 9', { type: 'create', players: 9 }, 'bad-message', 'create: players must be a whole number from 2 to 8, got 9'],
    ['a code with an O', { type: 'join', code: 'OOPS' }, 'bad-message', 'join: code must be 4 letters of ABCDEFGHJKLMNPQRSTUVWXYZ, got "OOPS"'],
    ['an unknown room', { type: 'join', code: 'ZZZZ' }, 'unknown-room', 'join: no room has the code ZZZZ'],
    ['a signal before joining', { type: 'signal', to: 1, data: { candidate: { candidate: 'x' } } }, 'not-in-room', 'signal: create or join a room first'],
    ['a signal carrying anything else', { type: 'signal', to: 1, data: { chat: 'hi' } }, 'bad-message', /^signal: data must be \{ description/],
  ];
  for (const [name, message, error, text] of cases) {
    it(`${name}: ${error}`, async () => {
      const socket = await client();
      if (typeof message === 'string') socket.sendRaw(message);
      else socket.send(message);
      const reply = await socket.next();
      expect(reply).toMatchObject({ type: 'error', error });
      expect(reply.message).toEqual(typeof text === 'string' ? text : expect.stringMatching(text));
      socket.close();
    });
  }

  it('a binary message: bad-message', async () => {
    const socket = await client();
    socket.sendRaw(Buffer.from([1, 2, 3]));
    expect(await socket.next()).toEqual({ type: 'error', error: 'bad-message', message: 'messages are JSON text, not binary' });
    socket.close();
  });

  it('joining a full room: room-full; a second room for one client: already-in-room; a signal to itself or an absent player: unknown-peer', async () => {
    const { code, clients } = await room(2);
    const [zero] = clients;
    await zero!.next(); // start
    const late = await client();
    late.send({ type: 'join', code });
    expect(await late.next()).toEqual({ type: 'error', error: 'room-full', message: `join: room ${code} is full (2 players)` });
    zero!.send({ type: 'create', players: 2 });
    expect(await zero!.next()).toEqual({ type: 'error', error: 'already-in-room', message: `create: this client is already player 0 of room ${code}` });
    for (const to of [0, 5]) {
      zero!.send({ type: 'signal', to, data: { candidate: { candidate: 'x' } } });
      expect(await zero!.next()).toEqual({ type: 'error', error: 'unknown-peer', message: `signal: to must be another player present in room ${code} (0 to 1, not 0), got ${to}` });
    }
    for (const player of [...clients, late]) player.close();
  });

  it(`a message over ${MAX_SIGNALLING_MESSAGE_BYTES} bytes closes that client's socket (1009, message too big), and only that`, async () => {
    const socket = new WebSocket(server.url);
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send('x'.repeat(MAX_SIGNALLING_MESSAGE_BYTES + 1));
    expect(await closed).toBe(1009);
  });

  it('after all of that, the server still serves: a new room opens', async () => {
    const { created } = await room(2);
    expect(created).toMatchObject({ type: 'joined', playerIndex: 0 });
  });
});

describe('joinRoom: refusals, hang-ups and time-outs reject with a message that says which step failed', () => {
  /** Node 20 has no WebSocket of its own, and these joins never reach WebRTC: a stub connection is enough. */
  const peer = () => ({ url: server.url, WebSocket, RTCPeerConnection: StubPeerConnection });

  it('an unknown room: a SignallingError with code unknown-room', async () => {
    const error = await joinRoom({ ...peer(), code: 'ZZZZ' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignallingError);
    expect(error).toMatchObject({ code: 'unknown-room', message: 'joinRoom: the signalling server refused: join: no room has the code ZZZZ' });
  });

  it('a full room: room-full', async () => {
    const { code, clients } = await room(2);
    await expect(joinRoom({ ...peer(), code })).rejects.toMatchObject({ code: 'room-full' });
    for (const player of clients) player.close();
  });

  it('the creator leaving before the room fills: room-closed', async () => {
    const creator = await client();
    creator.send({ type: 'create', players: 3 });
    const { code } = await creator.next();
    const joining = joinRoom({ ...peer(), code: code as string, onJoined: () => creator.close() });
    await expect(joining).rejects.toMatchObject({ code: 'room-closed', message: expect.stringContaining(`player 0 left room ${code as string}`) });
  });

  it('a room that does not fill within timeoutMs: rejects, saying the room did not fill, and hands onJoined the code first', async () => {
    const seats: unknown[] = [];
    const started = Date.now();
    const error = (await joinRoom({ ...peer(), players: 2, timeoutMs: 300, onJoined: (seat) => seats.push(seat) }).catch((e: unknown) => e)) as Error;
    expect(Date.now() - started).toBeLessThan(WAIT_MS);
    expect(seats).toEqual([{ code: expect.stringMatching(/^[A-Z]{4}$/), playerIndex: 0, players: 2 }]);
    const { code } = seats[0] as { code: string };
    expect(error.message).toBe(`joinRoom: gave up after 300 ms: room ${code} did not fill (this is player 0 of 2)`);
  });

  it('channels that do not open within timeoutMs: rejects, naming the players it has no channel to; its offer went through the server', async () => {
    StubPeerConnection.made = []; // stub connections never open a channel
    let code = '';
    const joining = joinRoom({ ...peer(), players: 2, timeoutMs: 300, onJoined: (seat) => (code = seat.code) });
    await expect.poll(() => code, { timeout: WAIT_MS }).not.toBe('');
    const other = await client();
    other.send({ type: 'join', code });
    expect(await other.next()).toMatchObject({ type: 'joined', playerIndex: 1 });
    expect(await other.next()).toEqual({ type: 'start', players: 2 });
    expect(await other.next()).toEqual({ type: 'signal', from: 0, data: { description: { type: 'offer', sdp: 'offer sdp 0' } } });
    await expect(joining).rejects.toThrow(`joinRoom: gave up after 300 ms: room ${code}: player 0 has no open channel to player 1`);
    expect(StubPeerConnection.made.map((connection) => connection.closed)).toEqual([true]); // the transport was closed
    other.close();
  });

  it('no server at the address: could not reach it', async () => {
    const other = await startSignallingServer({ port: 0 });
    await other.close(); // a port nothing listens on now
    await expect(joinRoom({ ...peer(), url: other.url, players: 2 })).rejects.toThrow(`joinRoom: could not reach the signalling server at ${other.url}`);
  });

  it('the server stopping mid-join: the connection closed, and where it stood', async () => {
    const other = await startSignallingServer({ port: 0 });
    const joining = joinRoom({ ...peer(), url: other.url, players: 2, onJoined: () => void other.close() });
    await expect(joining).rejects.toThrow(new RegExp(`^joinRoom: the signalling server at ${other.url} closed the connection: room [A-Z]{4} did not fill`));
  });
});

describe('option errors name the option, the rule and the value', () => {
  const base = { url: 'ws://127.0.0.1:8787', players: 2, WebSocket, RTCPeerConnection: StubPeerConnection };
  const joinCases: [options: unknown, message: string][] = [
    [undefined, 'joinRoom: options must be an options object, got undefined'],
    [{ ...base, url: 'http://127.0.0.1:8787' }, 'joinRoom: url must be a ws:// or wss:// address, got "http://127.0.0.1:8787"'],
    [{ ...base, players: undefined }, 'joinRoom: give code (to join a room) or players (to create one), got neither'],
    [{ ...base, code: 'ABCD' }, 'joinRoom: give code (to join a room) or players (to create one), not both'],
    [{ ...base, players: undefined, code: 'AB1' }, 'joinRoom: code must be 4 letters of ABCDEFGHJKLMNPQRSTUVWXYZ, got "AB1"'],
    [{ ...base, players: 12 }, 'joinRoom: players must be a whole number from 2 to 8, got 12'],
    [{ ...base, timeoutMs: 0 }, `joinRoom: timeoutMs must be a number of ms > 0 and at most ${MAX_JOIN_TIMEOUT_MS}, got 0`],
    [{ ...base, timeoutMs: 1e10 }, `joinRoom: timeoutMs must be a number of ms > 0 and at most ${MAX_JOIN_TIMEOUT_MS}, got 10000000000`],
    [{ ...base, WebSocket: undefined }, "joinRoom: WebSocket must be a WebSocket constructor; this runtime has none, so pass one (in Node 20, the ws package's), got undefined"],
    [{ ...base, RTCPeerConnection: 'werift' }, 'joinRoom: RTCPeerConnection must be an RTCPeerConnection constructor, got "werift"'],
    [{ ...base, onJoined: 'show' }, 'joinRoom: onJoined must be a function (seat), or nothing, got "show"'],
    [{ ...base, timeout: 5 }, "joinRoom: unknown option 'timeout'; did you mean 'timeoutMs'?"],
  ];
  for (const [options, message] of joinCases) {
    it(message, () => {
      const error = thrownBy(() => joinRoom(options as JoinRoomOptions));
      expect(error).toBeInstanceOf(OptionError);
      expect((error as Error).message).toBe(message);
    });
  }

  const serverCases: [options: unknown, message: string][] = [
    [8787, 'startSignallingServer: options must be an options object, or nothing, got 8787'],
    [{ port: 70_000 }, 'startSignallingServer: port must be a whole number from 0 to 65535, got 70000'],
    [{ port: -1 }, 'startSignallingServer: port must be a whole number from 0 to 65535, got -1'],
    [{ port: '8787' }, 'startSignallingServer: port must be a whole number from 0 to 65535, got "8787"'],
    [{ host: '' }, 'startSignallingServer: host must be a host name or IP address, such as "127.0.0.1", got ""'],
    [{ host: 'ws://127.0.0.1' }, 'startSignallingServer: host must be a host name or IP address, such as "127.0.0.1", got "ws://127.0.0.1"'],
    [{ hots: '127.0.0.1' }, "startSignallingServer: unknown option 'hots'; did you mean 'host'?"],
  ];
  for (const [options, message] of serverCases) {
    it(message, async () => {
      const error = await startSignallingServer(options as SignallingServerOptions).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OptionError);
      expect((error as Error).message).toBe(message);
    });
  }
});

describe('tickflow signal: the server with one command', () => {
  function io() {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
  }

  it('listens on 127.0.0.1 by default, serves rooms, and stops when told (SIGINT in a shell)', async () => {
    const { out, err, io: commandIo } = io();
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const running = runSignalCommand(['--port', '0'], commandIo, () => stopped);
    await expect.poll(() => out.length, { timeout: WAIT_MS }).toBe(1);
    const url = /listening on (ws:\/\/127\.0\.0\.1:\d+) /.exec(out[0]!)?.[1];
    expect(out[0]).toBe(`tickflow signal: listening on ${url} (rooms of 2 to 8 players); Ctrl-C stops it`);
    const error = await joinRoom({ url: url!, code: 'ZZZZ', WebSocket, RTCPeerConnection: StubPeerConnection }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unknown-room' }); // a signalling server answered
    stop();
    expect(await running).toBe(0);
    expect(out[1]).toBe('tickflow signal: stopped');
    expect(err).toEqual([]);
  });

  it('a bad --port, an unknown option, or a port in use: exit 2 with a message', async () => {
    for (const [args, message] of [
      [['--port', '99999'], 'tickflow signal: --port must be a whole number from 0 to 65535, got "99999"'],
      [['--port'], 'tickflow signal: --port must be a whole number from 0 to 65535, got nothing'],
      [['--verbose'], 'tickflow signal: unknown option --verbose'],
      [['--port', String(server.port)], `tickflow signal: could not listen on 127.0.0.1:${server.port}: `],
    ] as const) {
      const { err, io: commandIo } = io();
      expect(await runTickflowCommand(['signal', ...args], commandIo)).toBe(2);
      expect(err[0]).toContain(message);
    }
  });

  it('--help prints the usage, and tickflow with no command lists signal', async () => {
    const { out, io: commandIo } = io();
    expect(await runTickflowCommand(['signal', '--help'], commandIo)).toBe(0);
    expect(out[0]).toMatch(/^Usage: tickflow signal \[--port 8787\] \[--host 127\.0\.0\.1\]/);
    const help = io();
    await runTickflowCommand(['--help'], help.io);
    expect(help.out[0]).toContain('tickflow signal [--port 8787] [--host 127.0.0.1]');
  });
});

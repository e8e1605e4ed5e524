import { describe, expect, it } from 'vitest';
import { DEFAULT_ROOMS_PORT, roomsServerUrl } from '../../examples/arena/rooms-address.js';
import { roomsPort } from '../../scripts/start-options.js';

// Where Gem Arena's page looks for its Colyseus server, and where `npm run rooms` puts it: issue 28, item 5's
// "one command starts the server and the page (`npm run rooms` or similar)".

describe('the arena page finds its room server', () => {
  it("on the host it was loaded from, at port 2567: a phone that opened the page's network address finds the server there too", () => {
    expect(DEFAULT_ROOMS_PORT).toBe(2567);
    expect(roomsServerUrl({ protocol: 'http:', hostname: 'localhost', search: '' })).toBe('ws://localhost:2567');
    expect(roomsServerUrl({ protocol: 'http:', hostname: '192.168.1.20', search: '?bad=1' })).toBe('ws://192.168.1.20:2567');
    expect(roomsServerUrl({ protocol: 'https:', hostname: 'games.example.com', search: '' })).toBe('wss://games.example.com:2567');
    expect(roomsServerUrl({ protocol: 'http:', hostname: '::1', search: '' })).toBe('ws://[::1]:2567');
  });

  it('or where ?server= says', () => {
    expect(roomsServerUrl({ protocol: 'http:', hostname: 'localhost', search: '?server=ws://127.0.0.1:3000&bad=1' })).toBe('ws://127.0.0.1:3000');
  });

  it('npm run rooms: ROOMS_PORT=N, or 2567; a port that is not one is refused, named', () => {
    expect(roomsPort({}, DEFAULT_ROOMS_PORT)).toBe(2567);
    expect(roomsPort({ ROOMS_PORT: '' }, DEFAULT_ROOMS_PORT)).toBe(2567);
    expect(roomsPort({ ROOMS_PORT: '3001' }, DEFAULT_ROOMS_PORT)).toBe(3001);
    expect(() => roomsPort({ ROOMS_PORT: 'x' }, DEFAULT_ROOMS_PORT)).toThrow('npm run rooms: ROOMS_PORT must be a whole number from 1 to 65535, got "x"');
  });
});

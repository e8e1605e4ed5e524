// Issue 30: "`npm start -- --port N` (and `PORT=N`) honoured, and `--host` to open the gallery on a phone on the
// same network." What scripts/start.ts hands Vite, read from its arguments and environment.
import { describe, expect, it } from 'vitest';
import { startOptions } from '../../scripts/start-options.js';

describe('npm start', () => {
  it('with nothing asked: localhost, Vite\'s port or the next free one', () => {
    expect(startOptions([], {})).toEqual({ strictPort: false });
  });

  it('--port N, or PORT=N: exactly that port (an error when it is taken, never another); --port wins', () => {
    expect(startOptions(['--port', '8080'], {})).toEqual({ port: 8080, strictPort: true });
    expect(startOptions([], { PORT: '8081' })).toEqual({ port: 8081, strictPort: true });
    expect(startOptions(['--port=8082'], { PORT: '8081' })).toEqual({ port: 8082, strictPort: true });
    expect(startOptions([], { PORT: '' })).toEqual({ strictPort: false });
  });

  it('--host: every address, so a phone on the same network opens it; --host=<address>: that one', () => {
    expect(startOptions(['--host'], {})).toEqual({ strictPort: false, host: true });
    expect(startOptions(['--host=192.168.1.20', '--port', '9000'], {})).toEqual({ port: 9000, strictPort: true, host: '192.168.1.20' });
  });

  it('refuses a port that is not a whole number from 1 to 65535, and an unknown option, naming them', () => {
    expect(() => startOptions(['--port', 'eighty'], {})).toThrow('npm start: --port must be a whole number from 1 to 65535, got "eighty"');
    expect(() => startOptions([], { PORT: '70000' })).toThrow('npm start: PORT must be a whole number from 1 to 65535, got "70000"');
    expect(() => startOptions(['--port', '0'], {})).toThrow('npm start: --port must be a whole number from 1 to 65535, got "0"');
    expect(() => startOptions(['--prot', '80'], {})).toThrow(/Unknown option '--prot'/);
  });
});

import { Room, type Client } from '@colyseus/core';
import { tickflowRoom, type TickflowRoom } from 'tickflow/colyseus';
import { createArenaGame, type ArenaGame } from '../arena-game.js';
import { MAX_PLAYERS } from '../arena-rules.js';

/**
 * The arena's authoritative room on Colyseus 0.16: the arena game
 * (arena-game.ts) stepped at 60 Hz by `tickflowRoom` on tickflow's loop and
 * clock, each player's input applied at the tick it was stamped with, and
 * the state of every tick sent to every client with its ack. At most
 * {@link MAX_PLAYERS}; Colyseus' matchmaking lists it (the lobby) until it
 * is full, and disposes of it when the last player leaves.
 */
export class ArenaRoom extends Room {
  override maxClients = MAX_PLAYERS;
  readonly game: ArenaGame = createArenaGame();
  sim!: TickflowRoom;

  override onCreate(): void {
    this.sim = tickflowRoom(this, { engine: this.game.engine, inputSize: 1, applyInputs: (inputs) => this.game.applyInputs(inputs) });
  }

  override onJoin(client: Client): void {
    this.game.join(client.sessionId);
  }

  override onLeave(client: Client): void {
    this.sim.leave(client.sessionId);
    this.game.leave(client.sessionId);
  }

  override onDispose(): void {
    this.sim.stop();
  }
}

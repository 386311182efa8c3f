// The emulator's connections under pressure. Node drops every new connection once a server holds
// `maxConnections`, so a wave of connections that send their headers slowly locked everyone else out until
// their headers timed out (the timeout is checked every 30 s by default). Here, at the cap, a new connection
// takes the place of the oldest one that has sent no complete request (waiting for headers, or idle between
// requests), else of the oldest one still sending its body; a connection whose request is being answered is
// never cut.

import type { Server } from 'node:http';
import type { Socket } from 'node:net';

type ConnectionState = 'waiting' | 'reading' | 'answering';

/** Time limits of a request: headers within 10 s, the whole request within 60 s, checked every second. */
export const REQUEST_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 60_000,
  connectionsCheckingInterval: 1_000,
  keepAliveTimeout: 5_000,
};

const DEFAULT_CONNECTION_CAP = 512;

export class ConnectionGuard {
  /** Connections in the order they last changed state (oldest first). */
  readonly #states = new Map<Socket, ConnectionState>();

  constructor(
    server: Server,
    readonly cap: number = DEFAULT_CONNECTION_CAP,
  ) {
    server.on('connection', (socket: Socket) => this.#admit(socket));
    server.on('request', (req: { socket: Socket }, res: { once(event: 'close', f: () => void): void }) => {
      this.#set(req.socket, 'reading');
      res.once('close', () => this.#set(req.socket, 'waiting'));
    });
  }

  /** The request on `socket` has its whole body: it is being answered. */
  answering(socket: Socket): void {
    this.#set(socket, 'answering');
  }

  #set(socket: Socket, state: ConnectionState): void {
    if (!this.#states.has(socket)) return;
    this.#states.delete(socket);
    this.#states.set(socket, state);
  }

  #admit(socket: Socket): void {
    if (this.#states.size >= this.cap) {
      const victim = this.#oldest('waiting') ?? this.#oldest('reading');
      if (!victim) {
        socket.destroy();
        return;
      }
      this.#states.delete(victim);
      victim.destroy();
    }
    this.#states.set(socket, 'waiting');
    socket.once('close', () => this.#states.delete(socket));
  }

  #oldest(state: ConnectionState): Socket | undefined {
    for (const [socket, current] of this.#states) if (current === state) return socket;
    return undefined;
  }
}

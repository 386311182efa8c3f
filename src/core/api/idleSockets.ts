// How long a kept-alive connection may sit idle in an agent's pool, kept by one timer for all of them (a DeadlineTimer,
// as the calls' deadlines are). Node's own
// way (the agent's `timeout`) arms a timer on the socket that stays armed while a request is in flight, is
// refreshed on every read and write, and costs a listener per request; a call has its own deadline, so only idle
// time needs watching. A connection is closed once idle for the client's limit, or for a second less than the
// Keep-Alive timeout the server announced (as Node does), so a request is never sent on one the server is closing.
import type * as http from 'node:http';
import type { Socket } from 'node:net';
import { type Clock, systemClock } from './clock';
import { DeadlineTimer } from './deadlineTimer';

/** Node keeps this much margin below a server's announced Keep-Alive timeout. */
const HINT_MARGIN_MS = 1000;

export class IdleSockets {
  /** Free connections, each with what cancels its closing. */
  private readonly due = new Map<Socket, () => void>();
  private readonly timer: DeadlineTimer;
  private lastHint: string | undefined;
  private lastHintMs = 0;

  constructor(
    private readonly idleMs: number,
    clock: Clock = systemClock,
  ) {
    this.timer = new DeadlineTimer(clock);
  }

  /** Makes `agent` hand its free connections to this pool's watch instead of a timer per socket. */
  watch(agent: http.Agent): void {
    // Node's documented hooks (keepSocketAlive returns whether the socket may stay; the types say void).
    const pool = agent as unknown as {
      keepAliveMsecs?: number;
      keepSocketAlive(socket: Socket): boolean;
      reuseSocket(socket: Socket, request: http.ClientRequest): void;
    };
    const reuse = pool.reuseSocket.bind(agent);
    pool.keepSocketAlive = (socket) => this.rest(socket, pool.keepAliveMsecs ?? 1000);
    pool.reuseSocket = (socket, request) => {
      this.forget(socket);
      reuse(socket, request);
    };
  }

  /** Forgets every connection (their agent destroys them). */
  clear(): void {
    for (const cancel of this.due.values()) cancel();
    this.due.clear();
  }

  private forget(socket: Socket): void {
    this.due.get(socket)?.();
    this.due.delete(socket);
  }

  /** Agent.keepSocketAlive: the connection's request is done; whether it may wait in the pool for the next. */
  private rest(socket: Socket, keepAliveMsecs: number): boolean {
    const limit = Math.min(this.idleMs, this.serverLimit(socket));
    if (limit <= 0) return false;
    socket.setKeepAlive(true, keepAliveMsecs);
    socket.unref();
    this.forget(socket);
    // No limit at all (neither the client's nor the server's): it waits until its agent is destroyed.
    if (limit === Infinity) return true;
    this.due.set(
      socket,
      this.timer.add(limit, () => {
        this.due.delete(socket);
        socket.destroy();
      }),
    );
    return true;
  }

  /** What the server's last answer on `socket` announced (`Keep-Alive: timeout=N`), less Node's margin. */
  private serverLimit(socket: Socket): number {
    // The request the connection just served, as Node's own Agent.keepSocketAlive reads it; its raw header list,
    // not `headers`, which Node would build into an object for this alone.
    const raw = (socket as Socket & { _httpMessage?: { res?: http.IncomingMessage } })._httpMessage?.res?.rawHeaders;
    let hint: string | undefined;
    for (let i = 0; raw && i < raw.length; i += 2) {
      const key = raw[i]!;
      if (key.length === 10 && key.toLowerCase() === 'keep-alive') hint = raw[i + 1];
    }
    if (hint === undefined) return Infinity;
    if (hint !== this.lastHint) {
      const seconds = /^\s*timeout=(\d+)/i.exec(hint)?.[1];
      this.lastHint = hint;
      this.lastHintMs = seconds === undefined ? Infinity : Math.max(0, Number(seconds) * 1000 - HINT_MARGIN_MS);
    }
    return this.lastHintMs;
  }
}

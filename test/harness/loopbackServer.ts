// A test's own HTTP server, listening on a free loopback port.
import type * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  /** `http://host:port`, without a trailing slash. */
  origin: string;
  /** Stops the server, ending its open connections too (a kept-alive one would hold it open). */
  close: () => Promise<void>;
}

/** Starts `server` on a free port of `host`. */
export async function listenOnLoopback(server: http.Server, host = '127.0.0.1'): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The node:http exchange's own connection handling: idle connections closed by its agents' keep-alive (real time
// here, short limits), the path sent without parsing the URL again, and a call ended mid-body (by its caller or
// its deadline) or by a broken encoding on either exchange.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { ApiError } from '../../../src/core/api/apiError';
import { BuildingTwinsClient } from '../../../src/core/api/client';
import { chooseExchange } from '../../../src/core/api/exchangeChoice';
import { type HttpExchange, ResponseTooLarge } from '../../../src/core/api/httpExchange';
import { NodeExchange } from '../../../src/core/api/nodeExchange';
import { listenOnLoopback } from '../../harness/loopbackServer';
import { describeEachExchange, exchangeRequest as request } from './exchanges';
import { FakeClock } from './fakeClock';

interface TestServer {
  origin: string;
  /** The request targets as the server read them. */
  urls: string[];
  connections: () => number;
  closed: () => number;
  close: () => Promise<void>;
}

async function start(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  options: http.ServerOptions & { keepAliveTimeout?: number } = {},
): Promise<TestServer> {
  const urls: string[] = [];
  let connections = 0;
  let closed = 0;
  const srv = http.createServer(options, (req, res) => {
    urls.push(req.url ?? '');
    handle(req, res);
  });
  if (options.keepAliveTimeout !== undefined) srv.keepAliveTimeout = options.keepAliveTimeout;
  srv.on('connection', (socket: Socket) => {
    connections++;
    socket.on('close', () => closed++);
  });
  return { ...(await listenOnLoopback(srv)), urls, connections: () => connections, closed: () => closed };
}

/** Resolves once `check` holds, polled every few milliseconds (the idle limits below are real time). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The connections waiting in the pool of `url`'s origin. */
function freeSockets(exchange: NodeExchange, url: string): Socket[] {
  return Object.values(exchange.agentFor(url).freeSockets).flat() as Socket[];
}

const answer = (_req: http.IncomingMessage, res: http.ServerResponse): void => {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
};

describe('node:http exchange: idle connections and paths', () => {
  const cleanup: Array<() => unknown> = [];
  afterEach(async () => {
    for (const done of cleanup.splice(0).reverse()) await done();
  });
  async function server(...args: Parameters<typeof start>): Promise<TestServer> {
    const s = await start(...args);
    cleanup.push(() => s.close());
    return s;
  }
  function nodeExchange(options: ConstructorParameters<typeof NodeExchange>[0]): NodeExchange {
    const exchange = new NodeExchange(options);
    cleanup.push(() => exchange.close());
    return exchange;
  }

  it('reuses a kept-alive connection, and closes it once idle for idleMs', async () => {
    const s = await server(answer);
    const exchange = nodeExchange({ idleMs: 300 });
    await exchange.send(request(`${s.origin}/a`));
    await exchange.send(request(`${s.origin}/b`));
    assert.equal(s.connections(), 1, 'the second request reused the connection');
    const [socket] = freeSockets(exchange, s.origin);
    assert.ok(socket && !socket.destroyed, 'the connection waits in the pool');
    const idleSince = performance.now();
    await until(() => socket.destroyed);
    assert.ok(performance.now() - idleSince >= 200, 'not closed long before its idle time');
    await until(() => s.closed() === 1 && freeSockets(exchange, s.origin).length === 0);
    await exchange.send(request(`${s.origin}/c`));
    assert.equal(s.connections(), 2, 'a new connection after the idle one closed');
  });

  it('never closes a connection while a request is in flight on it, however long it takes', async () => {
    let hold: (() => void) | undefined;
    const s = await server((req, res) => {
      if (req.url === '/slow') hold = () => answer(req, res);
      else answer(req, res);
    });
    const exchange = nodeExchange({ idleMs: 100 });
    const slow = exchange.send(request(`${s.origin}/slow`));
    await until(() => hold !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 400));
    hold!();
    assert.equal((await slow).status, 200);
    assert.equal(s.connections(), 1);
  });

  it("keeps a connection a second less than the server's announced Keep-Alive timeout, and not at all under a second", async () => {
    // The server announces the timeout but never closes an idle connection itself: any close is the client's.
    const announcing = (seconds: number) => (req: http.IncomingMessage, res: http.ServerResponse) =>
      res.writeHead(200, { 'content-type': 'application/json', 'keep-alive': `timeout=${seconds}` }).end('{}');
    const s = await server(announcing(2), { keepAliveTimeout: 0 });
    const exchange = nodeExchange({ idleMs: 60_000 });
    await exchange.send(request(`${s.origin}/a`));
    const [socket] = freeSockets(exchange, s.origin);
    assert.ok(socket && !socket.destroyed, 'the connection waits in the pool');
    const idleSince = performance.now();
    await until(() => socket.destroyed);
    assert.ok(performance.now() - idleSince >= 800, 'kept about a second');

    const brief = await server(announcing(1), { keepAliveTimeout: 0 });
    await exchange.send(request(`${brief.origin}/a`));
    assert.deepEqual(freeSockets(exchange, brief.origin), [], 'not kept: the server closes it within a second');
    await until(() => brief.closed() === 1);
  });

  it('sends a plain path as given and any other exactly as the URL parser writes it', async () => {
    const s = await server(answer);
    const exchange = nodeExchange({});
    const paths = [
      '/api/v3/twins/AHU-1',
      '/api/v3/twins/a%2Fb?includeRelationships=true&x=%20',
      "/api/v3/twins/it's",
      '/api/v3/twins/a b"c<d>{e}`',
      '/api/v3/a/%2e%2E/twins',
      '/api/v3/twins/x#fragment',
      '/api/v3/twins/caf\u00e9',
    ];
    for (const path of paths) await exchange.send(request(`${s.origin}${path}`));
    assert.deepEqual(
      s.urls,
      paths.map((path) => {
        const url = new URL(`${s.origin}${path}`);
        return url.pathname + url.search;
      }),
    );
    assert.equal(s.connections(), 1);
  });
});

describeEachExchange('HTTP exchange: ending a call mid-body', (name) => {
  let exchange: HttpExchange;
  let s: TestServer | undefined;
  let heldBody: http.ServerResponse | undefined;
  beforeEach(async () => {
    exchange = chooseExchange({ exchange: name });
    heldBody = undefined;
    // Answers the token, then sends half of every other body and holds the rest.
    s = await start((req, res) => {
      if (req.url?.endsWith('/oauth2/token'))
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: 'tok', token_type: 'Bearer', expires_in: 3599 }));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write(Buffer.alloc(500, 0x20));
      heldBody = res;
    });
  });
  afterEach(async () => {
    exchange.close();
    await s?.close();
  });
  function client(more: Partial<ConstructorParameters<typeof BuildingTwinsClient>[0]> = {}): BuildingTwinsClient {
    return new BuildingTwinsClient({
      baseUrl: `${s!.origin}/api/v3`,
      clientId: 'c',
      clientSecret: 's',
      rateLimit: false,
      exchange,
      ...more,
    });
  }

  it("ends the call and its connection when the caller's signal fires after half the body", async () => {
    const c = client();
    await c.getToken();
    const controller = new AbortController();
    const call = c.getTwin('AHU-1', {}, { signal: controller.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    await until(() => heldBody !== undefined);
    const closedBefore = s!.closed();
    controller.abort(new Error('stop'));
    const error = await call;
    assert.ok(error instanceof ApiError && error.kind === 'aborted', String(error));
    await until(() => s!.closed() === closedBefore + 1);
  });

  it('ends the call at its deadline (fake clock) after half the body', async () => {
    const clock = new FakeClock();
    const c = client({ clock, timeoutMs: 5000 });
    await c.getToken();
    const call = c.getTwin('AHU-1').then(
      () => undefined,
      (e: unknown) => e,
    );
    await until(() => heldBody !== undefined);
    await clock.advance(4999);
    assert.equal(await Promise.race([call, Promise.resolve('pending')]), 'pending');
    await clock.advance(1);
    const error = await call;
    assert.ok(error instanceof ApiError && error.kind === 'timeout', String(error));
  });
});

describeEachExchange('HTTP exchange: encoded bodies', (name) => {
  let exchange: HttpExchange;
  let s: TestServer | undefined;
  beforeEach(async () => {
    exchange = chooseExchange({ exchange: name });
    s = await start((req, res) => {
      const body = req.url === '/broken' ? Buffer.from('not gzip at all') : gzipSync(Buffer.alloc(100_000, 0x61));
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(body.length) }).end(body);
    });
  });
  afterEach(async () => {
    exchange.close();
    await s?.close();
  });

  it('fails, once, on a body that is not in its declared encoding', async () => {
    let settled = 0;
    const error = await exchange.send(request(`${s!.origin}/broken`)).then(
      () => undefined,
      (e: unknown) => {
        settled++;
        return e;
      },
    );
    assert.ok(error instanceof Error, String(error));
    assert.equal(settled, 1);
  });

  it('caps the decoded body, not the bytes on the wire', async () => {
    const error = await exchange.send(request(`${s!.origin}/bomb`, { maxBytes: 10_000 })).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof ResponseTooLarge, String(error));
    assert.equal((await exchange.send(request(`${s!.origin}/bomb`, { maxBytes: 100_000 }))).body.byteLength, 100_000);
  });
});

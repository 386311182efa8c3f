// The two ways of sending (keep-alive node:http and fetch) through one suite: the same bytes out, the same
// answers in, and the same refusals (redirects, oversized bodies), cancellation and deadlines.
import * as assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import * as http from 'node:http';
import { gzipSync } from 'node:zlib';
import { ApiError } from '../../../src/core/api/apiError';
import { BuildingTwinsClient, type BuildingTwinsClientOptions } from '../../../src/core/api/client';
import { chooseExchange } from '../../../src/core/api/exchangeChoice';
import { type HttpExchange, RedirectRefused, ResponseTooLarge } from '../../../src/core/api/httpExchange';
import { NodeExchange } from '../../../src/core/api/nodeExchange';
import { describeEachExchange, exchangeRequest as request } from './exchanges';
import { FakeClock } from './fakeClock';
import { listenOnLoopback } from '../../harness/loopbackServer';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  socket: number;
}

/** A server answering with `handle`; counts connections and records requests (with the connection each came on). */
async function server(handle: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void) {
  const seen: Seen[] = [];
  let connections = 0;
  let closedMidRequest = 0;
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        socket: (req.socket as unknown as { id: number }).id,
      };
      seen.push(entry);
      res.on('close', () => {
        if (!res.writableFinished) closedMidRequest++;
      });
      handle(req, res, entry);
    });
  });
  srv.on('connection', (socket) => {
    (socket as unknown as { id: number }).id = ++connections;
  });
  return {
    ...(await listenOnLoopback(srv)),
    seen,
    connections: () => connections,
    closedMidRequest: () => closedMidRequest,
  };
}

const text = (body: Uint8Array): string => Buffer.from(body).toString('utf8');

/** Resolves once `check` holds (polled on the event loop, no wall-clock bound). */
/** A client of the test server `s` over `exchange`, without rate limiting; `more` adds or overrides options. */
function localClient(
  s: { origin: string },
  exchange: HttpExchange,
  more: Partial<BuildingTwinsClientOptions> = {},
): BuildingTwinsClient {
  return new BuildingTwinsClient({
    baseUrl: `${s.origin}/api/v3`,
    clientId: 'c',
    clientSecret: 's',
    rateLimit: false,
    exchange,
    ...more,
  });
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describeEachExchange('HTTP exchange', (name) => {
  let exchange: HttpExchange;
  const servers: Array<{ close: () => Promise<void> }> = [];
  beforeEach(() => {
    exchange = chooseExchange({ exchange: name });
  });
  afterEach(async () => {
    exchange.close();
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  async function start(handle: Parameters<typeof server>[0]) {
    const s = await server(handle);
    servers.push(s);
    return s;
  }

  it('sends the method, headers and body as given and reads status, headers and body', async () => {
    const s = await start((_req, res, seen) =>
      res
        .writeHead(201, { 'content-type': 'application/json', 'x-Echo': seen.method })
        .end(JSON.stringify({ got: text(seen.body) })),
    );
    const res = await exchange.send(
      request(`${s.origin}/api/v3/twins?pageSize=2`, {
        method: 'PUT',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: 'Bearer t-1' },
        body: '{"id":"é"}',
      }),
    );
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('X-Echo'), 'PUT');
    assert.equal(res.headers.get('absent'), null);
    assert.deepEqual(JSON.parse(text(res.body)), { got: '{"id":"é"}' });
    const [seen] = s.seen;
    assert.equal(seen?.url, '/api/v3/twins?pageSize=2');
    assert.equal(seen?.headers.authorization, 'Bearer t-1');
    assert.equal(seen?.headers['content-type'], 'application/json');
    assert.equal(seen?.headers['content-length'], String(Buffer.byteLength('{"id":"é"}')));
  });

  it('reuses kept-alive connections for requests one after another', async () => {
    const s = await start((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
    for (let i = 0; i < 6; i++) assert.equal((await exchange.send(request(`${s.origin}/x/${i}`))).status, 200);
    assert.equal(s.seen.length, 6);
    // fetch may open a second connection while the first finishes its answer; node:http reuses the first.
    const sockets = JSON.stringify(s.seen.map((r) => r.socket));
    assert.ok(
      s.connections() <= (name === 'node' ? 1 : 2),
      `six requests over ${s.connections()} connections: ${sockets}`,
    );
  });

  it('uploads FormData as multipart/form-data with its boundary', async () => {
    const s = await start((_req, res) => res.writeHead(200).end('{}'));
    const form = new FormData();
    form.append('files', new Blob(['[{"id":"e1"}]'], { type: 'application/json' }), 'events.json');
    form.append('files', new Blob(['id\ne2\n'], { type: 'text/csv' }), 'events.csv');
    await exchange.send(request(`${s.origin}/events/files`, { method: 'POST', body: form, idempotent: false }));
    const [seen] = s.seen;
    assert.match(String(seen?.headers['content-type']), /^multipart\/form-data; boundary=/);
    const parsed = await new Response(new Uint8Array(seen!.body), {
      headers: { 'content-type': String(seen!.headers['content-type']) },
    }).formData();
    const files = parsed.getAll('files') as File[];
    assert.deepEqual(
      files.map((f) => [f.name, f.type]),
      [
        ['events.json', 'application/json'],
        ['events.csv', 'text/csv'],
      ],
    );
    assert.deepEqual(await Promise.all(files.map((f) => f.text())), ['[{"id":"e1"}]', 'id\ne2\n']);
  });

  it('decodes a gzip answer', async () => {
    const s = await start((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end(gzipSync(JSON.stringify({ many: 'x'.repeat(10_000) }))),
    );
    const res = await exchange.send(request(`${s.origin}/gz`));
    assert.equal((JSON.parse(text(res.body)) as { many: string }).many.length, 10_000);
  });

  for (const status of [301, 302, 303, 307, 308]) {
    it(`refuses a ${status} redirect without following it`, async () => {
      const s = await start((_req, res) => res.writeHead(status, { location: '/elsewhere' }).end());
      const error = await exchange.send(request(`${s.origin}/api/v3/models`)).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof RedirectRefused, String(error));
      assert.equal(error.url, `${s.origin}/api/v3/models`);
      if (name === 'node') assert.deepEqual([error.status, error.location], [status, '/elsewhere']);
      assert.deepEqual(
        s.seen.map((r) => r.url),
        ['/api/v3/models'],
        'nothing was sent to the new location',
      );
    });
  }

  it('takes a body of exactly the limit and refuses one byte more, declared or streamed', async () => {
    const s = await start((req, res) => {
      const size = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('size'));
      const chunked = req.url?.includes('chunked');
      res.writeHead(200, chunked ? {} : { 'content-length': String(size) });
      // In two writes so that a streamed body crosses the limit in its second chunk.
      res.write(Buffer.alloc(Math.floor(size / 2), 0x61));
      setImmediate(() => res.end(Buffer.alloc(size - Math.floor(size / 2), 0x61)));
    });
    for (const mode of ['declared', 'chunked']) {
      assert.equal(
        (await exchange.send(request(`${s.origin}/${mode}?size=1000`, { maxBytes: 1000 }))).body.byteLength,
        1000,
        mode,
      );
      const error = await exchange.send(request(`${s.origin}/${mode}?size=1001`, { maxBytes: 1000 })).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof ResponseTooLarge, `${mode}: ${String(error)}`);
      assert.equal(error.status, 200);
    }
  });

  it('ends a request in flight when its signal fires, closing the connection', async () => {
    const s = await start(() => undefined); // never answers
    const controller = new AbortController();
    const sent = exchange.send(request(`${s.origin}/slow`, { signal: controller.signal }));
    await until(() => s.seen.length === 1);
    controller.abort(new Error('stop now'));
    await assert.rejects(sent);
    await until(() => s.closedMidRequest() === 1);
  });

  it('sends nothing when the signal has already fired', async () => {
    const s = await start((_req, res) => res.end('{}'));
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(exchange.send(request(`${s.origin}/x`, { signal: controller.signal })));
    assert.equal(s.seen.length, 0);
  });

  it('through the client: the call deadline (on the fake clock) ends the request on the wire', async () => {
    const s = await start((req, res) => {
      if (req.url?.endsWith('/oauth2/token'))
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: 'tok', token_type: 'Bearer', expires_in: 3599 }));
      // other requests are never answered
    });
    const clock = new FakeClock();
    const client = localClient(s, exchange, { clock, timeoutMs: 10_000 });
    await client.getToken();
    const call = client.listModels().then(
      () => undefined,
      (e: unknown) => e,
    );
    await until(() => s.seen.length === 2);
    await clock.advance(9_999);
    assert.equal(s.closedMidRequest(), 0, 'still waiting before the deadline');
    await clock.advance(1);
    const error = await call;
    assert.ok(error instanceof ApiError && error.kind === 'timeout', String(error));
    assert.match(error.oneLine, /listModels failed: no answer within 10000 ms/);
    await until(() => s.closedMidRequest() === 1);
  });

  it('through the client: a redirect is one error naming the URL, one request, no retry', async () => {
    const s = await start((_req, res) => res.writeHead(302, { location: 'https://login.example.com/' }).end());
    const client = localClient(s, exchange, { clientSecret: 'secret-value' });
    const error = await client.getToken().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.kind, 'network');
    assert.ok(error.message.includes(`${s.origin}/api/v3/oauth2/token answered with a redirect`), error.message);
    assert.match(error.message, /check the service URL/);
    assert.equal(s.seen.length, 1);
  });
});

/** A server that gives a token, answers `[]`, and never answers a model read; counts the model reads closed mid-request. */
async function hangingModelServer(): Promise<{
  s: Awaited<ReturnType<typeof server>>;
  closedMidRequest: () => number;
}> {
  let closed = 0;
  const s = await server((req, res) => {
    if (req.url?.endsWith('/oauth2/token'))
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ access_token: 'tok', token_type: 'Bearer', expires_in: 3599 }));
    if (req.url?.includes('/models/'))
      return void res.on('close', () => {
        if (!res.writableFinished) closed++;
      }); // never answered
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  return { s, closedMidRequest: () => closed };
}

describeEachExchange('client cancellation', (name) => {
  let exchange: HttpExchange;
  let hanging: Awaited<ReturnType<typeof hangingModelServer>>;
  beforeEach(async () => {
    exchange = chooseExchange({ exchange: name });
    hanging = await hangingModelServer();
  });
  afterEach(async () => {
    exchange.close();
    await hanging.s.close();
  });

  it("ends a call on the wire when its caller's signal fires, as 'aborted', before its deadline", async () => {
    const { s, closedMidRequest } = hanging;
    const clock = new FakeClock();
    const client = localClient(s, exchange, { clock, timeoutMs: 10_000 });
    await client.getToken();
    const caller = new AbortController();
    const call = client.getModel('dtmi:x;1', { signal: caller.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    await until(() => s.seen.length === 2);
    await clock.advance(5_000);
    caller.abort(new Error('stop'));
    const error = await call;
    assert.ok(error instanceof ApiError && error.kind === 'aborted', String(error));
    await until(() => closedMidRequest() === 1);
  });

  it("ends a call given a signal that never fires at its deadline, as 'timeout'", async () => {
    const { s, closedMidRequest } = hanging;
    const clock = new FakeClock();
    const client = localClient(s, exchange, { clock, timeoutMs: 10_000, signal: new AbortController().signal });
    await client.getToken();
    const call = client.getModel('dtmi:x;1', { signal: new AbortController().signal, timeoutMs: 3_000 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    await until(() => s.seen.length === 2);
    await clock.advance(2_999);
    assert.equal(closedMidRequest(), 0, 'still waiting before the deadline');
    await clock.advance(1);
    const error = await call;
    assert.ok(error instanceof ApiError && error.kind === 'timeout', String(error));
    assert.match(error.oneLine, /getModel failed: no answer within 3000 ms/);
    await until(() => closedMidRequest() === 1);
  });

  it("ends every call in flight when the client's signal fires, without warning when many calls share a signal, and leaves no listener behind", async () => {
    const { s, closedMidRequest } = hanging;
    const clientController = new AbortController();
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const client = localClient(s, exchange, { signal: clientController.signal });
      await client.getToken();
      const shared = new AbortController();
      await Promise.all(Array.from({ length: 12 }, () => client.listModels({}, { signal: shared.signal })));
      assert.equal(
        getEventListeners(shared.signal, 'abort').length,
        0,
        "finished calls stop listening to the caller's signal",
      );
      const calls = Array.from({ length: 12 }, (_, i) =>
        client.getModel(`dtmi:x${i};1`, { signal: shared.signal }).then(
          () => undefined,
          (e: unknown) => e,
        ),
      );
      // Eight on the wire (the client's concurrency), four waiting for a slot.
      await until(() => s.seen.length === 21);
      clientController.abort(new Error('connection removed'));
      for (const error of await Promise.all(calls))
        assert.ok(error instanceof ApiError && error.kind === 'aborted', String(error));
      await until(() => closedMidRequest() === 8);
      assert.equal(s.seen.length, 21, 'the calls waiting for a slot sent nothing');
      assert.equal(getEventListeners(shared.signal, 'abort').length, 0);
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(warnings, []);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('node:http exchange: connections', () => {
  it('sends an idempotent request again on a new connection when the kept-alive one was closed by the server, and not a POST', async () => {
    // The server drops every second request on a connection without answering, as a server does that
    // closes an idle connection just as the client reuses it.
    const perSocket = new Map<number, number>();
    const s = await server((req, res, seen) => {
      const n = (perSocket.get(seen.socket) ?? 0) + 1;
      perSocket.set(seen.socket, n);
      if (n === 2) req.socket.destroy();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const exchange = new NodeExchange();
    try {
      assert.equal((await exchange.send(request(`${s.origin}/a`))).status, 200);
      assert.equal((await exchange.send(request(`${s.origin}/b`))).status, 200, 'the GET was sent again');
      assert.deepEqual(
        s.seen.map((r) => [r.url, r.socket]),
        [
          ['/a', 1],
          ['/b', 1],
          ['/b', 2],
        ],
      );
      assert.equal((await exchange.send(request(`${s.origin}/c`))).status, 200);
      const post = await exchange
        .send(request(`${s.origin}/d`, { method: 'POST', body: '{}', idempotent: false }))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      assert.ok(post instanceof Error && !(post instanceof ApiError), String(post));
      assert.equal((post as Error & { code?: string }).code, 'ECONNRESET');
      assert.equal(s.seen.filter((r) => r.url === '/d').length, 1, 'the POST was sent once');
    } finally {
      exchange.close();
      await s.close();
    }
  });

  it('bounds the connections to one origin and keeps one agent per origin', async () => {
    const s = await server((_req, res) => setImmediate(() => res.writeHead(200).end('{}')));
    const other = await server((_req, res) => res.writeHead(200).end('{}'));
    const exchange = new NodeExchange({ maxSocketsPerOrigin: 3 });
    try {
      await Promise.all(Array.from({ length: 12 }, (_, i) => exchange.send(request(`${s.origin}/p/${i}`))));
      assert.equal(s.seen.length, 12);
      assert.ok(s.connections() <= 3, `${s.connections()} connections`);
      await exchange.send(request(`${other.origin}/q`));
      assert.notEqual(exchange.agentFor(`${s.origin}/q`), exchange.agentFor(`${other.origin}/q`));
      assert.equal(exchange.agentFor(`${s.origin}/elsewhere?x=1`), exchange.agentFor(`${s.origin}/p/1`));
      assert.equal(exchange.agentFor(s.origin), exchange.agentFor(`${s.origin}/p/1`));
    } finally {
      exchange.close();
      await s.close();
      await other.close();
    }
  });
});

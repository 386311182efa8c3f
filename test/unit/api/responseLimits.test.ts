import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BuildingTwinsClient } from '../../../src/core/api/client';
import { iterateBatchPages, iterateContinuation } from '../../../src/core/api/paging';
import { apiFailure } from './fakeService';
import { describeEachExchange } from './exchanges';
import { listenOnLoopback } from '../../harness/loopbackServer';

/** A service whose /models answer is an endless (or declared huge) stream; counts the bytes it managed to send. */
async function floodingService(
  mode: 'declared' | 'endless',
): Promise<{ url: string; sent: () => number; close: () => Promise<void> }> {
  let sent = 0;
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  const server = http.createServer((req, res) => {
    if (req.url?.endsWith('/oauth2/token')) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ access_token: 't', token_type: 'Bearer', expires_in: 3599 }));
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(mode === 'declared' ? { 'content-length': String(300 * 1024 * 1024) } : {}),
    });
    const pump = (): void => {
      while (!res.destroyed && sent < 300 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    res.on('close', () => undefined);
    pump();
  });
  const { origin, close } = await listenOnLoopback(server);
  return { url: `${origin}/api/v3`, sent: () => sent, close };
}

describeEachExchange('client: bounded responses and walks', function (exchange) {
  this.timeout(30_000);

  for (const mode of ['declared', 'endless'] as const) {
    it(`refuses a 300 MiB answer (${mode === 'declared' ? 'by its Content-Length' : 'streamed without a length'}) with memory bounded by the limit`, async () => {
      const service = await floodingService(mode);
      try {
        const client = new BuildingTwinsClient({
          baseUrl: service.url,
          clientId: 'c',
          clientSecret: 's',
          rateLimit: false,
          maxResponseBytes: 4 * 1024 * 1024,
          exchange,
        });
        const before = process.memoryUsage().rss;
        const error = await apiFailure(client.listModels());
        const grown = process.memoryUsage().rss - before;
        assert.equal(error.kind, 'invalid-response');
        assert.match(error.oneLine, /larger than the limit of 4 MiB/);
        assert.ok(
          service.sent() < 100 * 1024 * 1024,
          `the client stopped reading early (server wrote ${service.sent()} bytes)`,
        );
        assert.ok(grown < 150 * 1024 * 1024, `RSS grew by ${Math.round(grown / 1048576)} MiB`);
      } finally {
        await service.close();
      }
    });
  }

  it('lets one call raise the limit', async () => {
    const server = http.createServer((req, res) => {
      const body = req.url?.endsWith('/oauth2/token')
        ? JSON.stringify({ access_token: 't', token_type: 'Bearer', expires_in: 3599 })
        : JSON.stringify([{ id: 'dtmi:x:Y;1', pad: 'p'.repeat(2048) }]);
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = new BuildingTwinsClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`,
        clientId: 'c',
        clientSecret: 's',
        rateLimit: false,
        maxResponseBytes: 1024,
        exchange,
      });
      await apiFailure(client.listModels());
      assert.equal((await client.listModels({}, { maxResponseBytes: 64 * 1024 }))[0]?.id, 'dtmi:x:Y;1');
    } finally {
      server.close();
    }
  });

  it('stops a walk that would pass its page or item limit, with a clear error', async () => {
    let token = 0;
    const endless = iterateContinuation(
      'listTwins',
      async () => ({ items: [token], continuationToken: `t${++token}` }),
      undefined,
      { maxPages: 50 },
    );
    const seen: number[] = [];
    const error = await apiFailure(
      (async () => {
        for await (const item of endless) seen.push(item);
      })(),
    );
    assert.equal(seen.length, 50);
    assert.match(
      error.oneLine,
      /listTwins failed: stopped after 50 pages and 50 items: the walk would pass its limit of 50 pages/,
    );
    const batches = iterateBatchPages(async () => ({ items: [1, 2, 3], before: 0, after: 99, total: 1e9 }), 1, {
      maxItems: 7,
      operation: 'listEvents',
    });
    const error2 = await apiFailure(
      (async () => {
        for await (const _ of batches) {
          /* walk */
        }
      })(),
    );
    assert.match(error2.oneLine, /listEvents failed: stopped after 2 pages and 6 items/);
  });
});

describe('client: ids that a URL would resolve away', () => {
  it('refuses "." and ".." as path ids before sending', async () => {
    let requests = 0;
    const client = new BuildingTwinsClient({
      baseUrl: 'http://127.0.0.1:9/api/v3',
      clientId: 'c',
      clientSecret: 's',
      rateLimit: false,
      fetch: async () => {
        requests++;
        throw new Error('nothing may be sent');
      },
    });
    for (const id of ['.', '..']) {
      const error = await apiFailure(client.getTwin(id));
      assert.equal(error.kind, 'invalid-request');
      assert.match(error.oneLine, new RegExp(`an id of "${id.replace(/\./g, '\\.')}" cannot be sent in a URL path`));
    }
    await apiFailure(client.getTicketAttachment('t-1', '..'));
    assert.equal(requests, 0);
  });
});

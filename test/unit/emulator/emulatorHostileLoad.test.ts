// The emulator under hostile load (server.ts, requestBody.ts, bodyBudget.ts, connectionGuard.ts): work per
// request is bounded before anything is parsed. These tests assert on what was refused and when in the exchange
// (bytes sent, statuses, connections), never on time.
import * as assert from 'node:assert/strict';
import type * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { TokenAuthority } from '../../../src/emulator/auth';
import { REQUEST_TIMEOUTS } from '../../../src/emulator/connectionGuard';
import { Router } from '../../../src/emulator/router';
import { createEmulatorServer } from '../../../src/emulator/server';
import { Store } from '../../../src/emulator/store/store';
import { JsonDepthScanner, tooDeepOffset } from '../../../src/core/untrusted/jsonDepth';

const clock = { now: () => Date.parse('2026-11-26T10:00:00Z') };

interface Served {
  port: number;
  token: string;
  server: http.Server;
  bodiesSeen: number[];
  close(): Promise<void>;
}

/** A server with one route that reports the size of each body it was handed. */
async function serve(options: { bodyLimit?: number; connectionCap?: number } = {}): Promise<Served> {
  const store = Store.open();
  const router = new Router();
  const bodiesSeen: number[] = [];
  router.add('POST', '/things', (ctx) => {
    bodiesSeen.push(ctx.rawBody.length);
    return { body: { ok: true } };
  });
  const auth = new TokenAuthority([{ id: 'c', secret: 's' }], 60, undefined, clock);
  const { server } = createEmulatorServer({ router, store, auth, clock, ...options });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    token: auth.issue('c'),
    server,
    bodiesSeen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          store.close();
          resolve();
        });
      }),
  };
}

/** A raw connection: what it has received so far, and whether it was closed. */
function connect(port: number): Promise<{ socket: net.Socket; received: () => string; closed: () => boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let closed = false;
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => text, closed: () => closed }));
    socket.once('error', reject);
  });
}

function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => (condition() ? resolve() : void setTimeout(check, 5));
    check();
  });
}

function head(served: Served, length: number): string {
  return `POST /api/v3/things HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${served.token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
}

describe('emulator under hostile load', function () {
  this.timeout(30_000);

  it('refuses a nested body at its first level too deep, before the rest of it is sent', async () => {
    const served = await serve();
    try {
      const total = 16 * 1024 * 1024 - 1024;
      const conn = await connect(served.port);
      conn.socket.write(head(served, total));
      // 64 KiB of the 16 MiB body: far deeper than 64 levels already.
      const sent = 64 * 1024;
      conn.socket.write('['.repeat(sent));
      await until(() => conn.received().includes('\r\n\r\n'));
      assert.match(conn.received(), /^HTTP\/1\.1 400 /);
      assert.match(conn.received(), /depth of 64/);
      assert.ok(sent < total, 'answered while most of the body was never sent');
      assert.deepEqual(served.bodiesSeen, [], 'no handler was given the body');
      conn.socket.destroy();
    } finally {
      await served.close();
    }
  });

  it('holds at most four body limits of request bodies at once and answers 503 with Retry-After beyond', async () => {
    const limit = 64 * 1024;
    const served = await serve({ bodyLimit: limit });
    try {
      const holding = await Promise.all([0, 1, 2, 3].map(() => connect(served.port)));
      for (const conn of holding) conn.socket.write(`${head(served, limit)}{"pad":"`);
      const fifth = await connect(served.port);
      fifth.socket.write(`${head(served, limit)}{"pad":"`);
      await until(() => fifth.received().includes('\r\n\r\n'));
      assert.match(fifth.received(), /^HTTP\/1\.1 503 /);
      assert.match(fifth.received(), /Retry-After: 1/i);
      // A body finished frees its share: the next request is served.
      const body = `{"pad":"${'x'.repeat(limit - 10)}"}`;
      holding[0].socket.write(body.slice('{"pad":"'.length));
      await until(() => holding[0].received().includes('\r\n\r\n'));
      assert.match(holding[0].received(), /^HTTP\/1\.1 200 /);
      const sixth = await connect(served.port);
      sixth.socket.write(`${head(served, 2)}{}`);
      await until(() => sixth.received().includes('\r\n\r\n'));
      assert.match(sixth.received(), /^HTTP\/1\.1 200 /);
      for (const conn of [...holding, fifth, sixth]) conn.socket.destroy();
    } finally {
      await served.close();
    }
  });

  it('lets a new connection in at the cap by closing the oldest one that has sent no complete request', async () => {
    const served = await serve({ connectionCap: 4 });
    try {
      const slow: Array<Awaited<ReturnType<typeof connect>>> = [];
      for (let i = 0; i < 4; i++) {
        const conn = await connect(served.port);
        conn.socket.write('GET /api/v3/things HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
        slow.push(conn);
      }
      const ordinary = await connect(served.port);
      ordinary.socket.write(`${head(served, 2)}{}`);
      await until(() => ordinary.received().includes('\r\n\r\n'));
      assert.match(ordinary.received(), /^HTTP\/1\.1 200 /);
      await until(() => slow.some((conn) => conn.closed()));
      assert.equal(slow.filter((conn) => conn.closed()).length, 1, 'one slow connection made room');
      for (const conn of [...slow, ordinary]) conn.socket.destroy();
    } finally {
      await served.close();
    }
  });

  it('times out slow headers and slow requests, checked every second', async () => {
    const served = await serve();
    try {
      assert.equal(served.server.headersTimeout, REQUEST_TIMEOUTS.headersTimeout);
      assert.equal(served.server.requestTimeout, REQUEST_TIMEOUTS.requestTimeout);
      assert.ok(REQUEST_TIMEOUTS.connectionsCheckingInterval <= 1_000);
      assert.ok(REQUEST_TIMEOUTS.headersTimeout <= 10_000 && REQUEST_TIMEOUTS.requestTimeout <= 60_000);
    } finally {
      await served.close();
    }
  });

  it('reads nesting across chunks, strings and escapes as JSON.parse does', () => {
    const text = `{"a":"[[[\\"[[","b":${'['.repeat(63)}${']'.repeat(63)}}`;
    assert.equal(tooDeepOffset(text), undefined, '64 levels with brackets inside a string');
    const scanner = new JsonDepthScanner(2);
    assert.equal(scanner.feed(Buffer.from('{"x":"\\')), undefined);
    assert.equal(scanner.feed(Buffer.from('"[[[","y":[')), undefined, 'an escape split across chunks');
    assert.equal(scanner.feed(Buffer.from('[')), 0, 'the third level is too deep');
  });
});

import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/apiError';
import { BuildingTwinsClient, type BuildingTwinsClientOptions } from '../../../src/core/api/client';
import type { ExchangeChoice } from '../../../src/core/api/exchangeChoice';

/** One answer of the fake service: status, headers and a raw body (a string is sent as given, an object as JSON). */
export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | object;
}
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A tiny HTTP server that answers like the real service where it differs from the emulator (empty bodies,
 * `{statusCode, message, data}`, Entra token errors, wrapped twins…), so the client's tolerance is proven
 * against the variants themselves. The token route answers a token unless `answer` handles it.
 */
export class FakeService {
  readonly requests: FakeRequest[] = [];
  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    private readonly exchange: ExchangeChoice,
  ) {}

  /** `exchange`: how the clients made by client() send (node:http unless told). */
  static async start(
    answer: (request: FakeRequest) => FakeAnswer | undefined,
    exchange: ExchangeChoice = 'node',
  ): Promise<FakeService> {
    let fake: FakeService | undefined;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const request: FakeRequest = {
          method: req.method ?? 'GET',
          path: url.pathname.replace(/^\/api\/v3/, ''),
          query: url.searchParams,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: req.headers,
        };
        fake?.requests.push(request);
        const given: FakeAnswer =
          answer(request) ??
          (request.path === '/oauth2/token'
            ? {
                status: 200,
                body: {
                  access_token: `token-${fake?.requests.length}`,
                  token_type: 'Bearer',
                  expires_in: 3599,
                  ext_expires_in: 3599,
                },
              }
            : { status: 404 });
        const payload =
          given.body === undefined ? '' : typeof given.body === 'string' ? given.body : JSON.stringify(given.body);
        const headers = {
          ...(typeof given.body === 'object' ? { 'content-type': 'application/json' } : {}),
          ...given.headers,
          'content-length': String(Buffer.byteLength(payload)),
        };
        res.writeHead(given.status, headers).end(payload);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeService(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`, exchange);
    return fake;
  }

  /** Requests other than the token request. */
  get apiRequests(): FakeRequest[] {
    return this.requests.filter((r) => r.path !== '/oauth2/token');
  }

  client(options: Partial<BuildingTwinsClientOptions> = {}): BuildingTwinsClient {
    return new BuildingTwinsClient({
      baseUrl: this.url,
      clientId: 'fake-client',
      clientSecret: 'fake-secret-value',
      rateLimit: false,
      retry: { retries: 0 },
      exchange: this.exchange,
      ...options,
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Fake services for one `describe`: `start` them in tests; they are closed after each test.
 * Call inside `describe` (it registers an afterEach hook).
 */
export function fakeServicesPerTest(
  exchange: ExchangeChoice = 'node',
): (answer: Parameters<typeof FakeService.start>[0]) => Promise<FakeService> {
  const started: FakeService[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((f) => f.close()));
  });
  return async (answer) => {
    const service = await FakeService.start(answer, exchange);
    started.push(service);
    return service;
  };
}

/** The ApiError a call fails with; fails the test when it succeeds or throws something else. */
export async function apiFailure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof ApiError, String(error));
    return error;
  }
  assert.fail('expected the call to fail');
}

import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../src/emulator/emulator';

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body (undefined when the body is not JSON). */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A started emulator plus a raw HTTP helper that authenticates as local-dev. */
export class EmulatorTestClient {
  private token: string | undefined;

  private constructor(readonly emulator: RunningEmulator) {}

  static async start(options: EmulatorOptions = {}): Promise<EmulatorTestClient> {
    return new EmulatorTestClient(await startEmulator({ port: 0, log: false, ...options }));
  }

  get url(): string {
    return this.emulator.url;
  }

  /** The server root (without /api/v3), for admin routes. */
  get root(): string {
    return this.emulator.url.replace(/\/api\/v3$/, '');
  }

  async accessToken(clientId = 'local-dev', clientSecret = 'local-dev-secret'): Promise<string> {
    if (clientId === 'local-dev' && this.token) return this.token;
    const res = await fetch(`${this.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });
    if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
    const token = ((await res.json()) as { access_token: string }).access_token;
    if (clientId === 'local-dev') this.token = token;
    return token;
  }

  /** A request below /api/v3; `body` is sent as JSON unless it is a string or Buffer. */
  async call(
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; token?: string | null } = {},
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { ...init.headers };
    const token = init.token === undefined ? await this.accessToken() : init.token;
    if (token !== null) headers.authorization ??= `Bearer ${token}`;
    let payload: string | Buffer | undefined;
    if (typeof body === 'string' || Buffer.isBuffer(body)) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    let res = await fetch(`${this.url}${path}`, { method, headers, body: payload as string | undefined });
    if (res.status === 401 && init.token === undefined && !init.headers?.authorization) {
      // The cached development token expired (tests may move the emulator's clock): renew it once, as a client does.
      this.token = undefined;
      headers.authorization = `Bearer ${await this.accessToken()}`;
      res = await fetch(`${this.url}${path}`, { method, headers, body: payload as string | undefined });
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  /** A request to an admin route (`/_emulator/...`) with the emulator's admin token. */
  admin(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.emulator.adminToken}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${this.root}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async close(): Promise<void> {
    await this.emulator.close();
  }
}

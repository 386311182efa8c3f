// Starts the real emulator on a free port for client tests and reads its request log.

import { BuildingTwinsClient, type BuildingTwinsClientOptions } from '../../../src/core/api/client';
import type { ExchangeChoice } from '../../../src/core/api/exchangeChoice';
import type { RequestEvent } from '../../../src/core/api/httpTransport';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET } from '../../../src/core/api/localEmulator';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../src/emulator/emulator';

export interface ServedRequest {
  method: string;
  path: string;
  status: number;
}

export class EmulatorHarness {
  private constructor(
    readonly emulator: RunningEmulator,
    private readonly exchange: ExchangeChoice,
  ) {}

  /** `exchange`: how the clients made by client() send (node:http unless told). */
  static async start(options: EmulatorOptions = {}, exchange: ExchangeChoice = 'node'): Promise<EmulatorHarness> {
    return new EmulatorHarness(await startEmulator({ port: 0, log: false, ...options }), exchange);
  }

  get url(): string {
    return this.emulator.url;
  }

  /** The admin routes need the emulator's admin token. */
  private get adminHeaders(): Record<string, string> {
    return { authorization: `Bearer ${this.emulator.adminToken}` };
  }

  private get admin(): string {
    return `${new URL(this.emulator.url).origin}/_emulator/requests`;
  }

  /** What the emulator served (its own log: proves what was, or was not, sent). */
  async requests(): Promise<ServedRequest[]> {
    const served = (await (await fetch(this.admin, { headers: this.adminHeaders })).json()) as ServedRequest[];
    return served.filter((r) => !r.path.startsWith('/_emulator'));
  }

  async clearRequests(): Promise<void> {
    await fetch(this.admin, { method: 'DELETE', headers: this.adminHeaders });
  }

  /** A client of this emulator with the dev credentials; its onRequest events are collected in `events`. */
  client(options: Partial<BuildingTwinsClientOptions> = {}): { client: BuildingTwinsClient; events: RequestEvent[] } {
    const events: RequestEvent[] = [];
    const client = new BuildingTwinsClient({
      baseUrl: this.url,
      clientId: LOCAL_DEV_CLIENT_ID,
      clientSecret: LOCAL_DEV_CLIENT_SECRET,
      rateLimit: false,
      retry: { baseDelayMs: 5, maxDelayMs: 50 },
      onRequest: (e) => events.push(e),
      exchange: this.exchange,
      ...options,
    });
    return { client, events };
  }

  close(): Promise<void> {
    return this.emulator.close();
  }
}

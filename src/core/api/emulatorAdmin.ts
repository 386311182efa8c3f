// The local emulator's admin routes on models and twins (/_emulator/…, outside the API): reload its models folders,
// delete a twin with its relationships, delete a relationship. Emulator only: the service has no such operations,
// so nothing here is ever sent to a real connection. Signs in as the development client, which holds every
// permission the admin routes need.
import { BuildingTwinsClient } from './client';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET } from './localEmulator';

/** A problem of a models folder (line and column 1-based), as `models check` prints it. */
export interface ModelFolderProblem {
  file: string;
  line: number;
  column: number;
  code: string;
  message: string;
}

/** A twin that does not fit the models in use: which, and why. */
export interface UnfitTwin {
  twinId: string;
  modelId: string;
  problems: string[];
}

/** What a reload of the models folders did; `refused` keeps the models loaded before. */
export type ModelReload = { models: number; unfitTwins: UnfitTwin[]; unfitTwinCount: number } & (
  { status: 'loaded' } | { status: 'refused'; problems: ModelFolderProblem[] }
);

export interface TwinDeletion {
  deletedTwin: string;
  deletedRelationships: string[];
}

export class EmulatorAdmin {
  private readonly token: () => Promise<string>;
  private readonly root: string;
  private readonly fetch: typeof fetch;

  /**
   * `apiUrl`: the emulator's API address (`http://127.0.0.1:PORT/api/v3`). `token`: an access token of a client
   * with every permission (default: the development client's, requested here).
   */
  constructor(apiUrl: string, options: { fetch?: typeof fetch; token?: () => Promise<string> } = {}) {
    this.fetch = options.fetch ?? fetch;
    this.root = new URL(apiUrl).origin;
    const devClient = new BuildingTwinsClient({
      baseUrl: apiUrl,
      clientId: LOCAL_DEV_CLIENT_ID,
      clientSecret: LOCAL_DEV_CLIENT_SECRET,
      retry: { retries: 0 },
      rateLimit: false,
      fetch: options.fetch,
    });
    this.token = options.token ?? (async () => (await devClient.getToken()).access_token);
  }

  async reloadModels(): Promise<ModelReload> {
    return (await this.send('POST', '/_emulator/models/reload', [200, 422])) as ModelReload;
  }

  async deleteTwin(id: string): Promise<TwinDeletion> {
    return (await this.send('DELETE', `/_emulator/twins/${encodeURIComponent(id)}`, [200])) as TwinDeletion;
  }

  async deleteRelationship(id: string): Promise<{ deletedRelationship: string }> {
    return (await this.send('DELETE', `/_emulator/relationships/${encodeURIComponent(id)}`, [200])) as {
      deletedRelationship: string;
    };
  }

  private async send(method: string, path: string, expected: number[]): Promise<unknown> {
    const token = await this.token();
    const res = await this.fetch(`${this.root}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${adminErrorText(text)}`);
    return JSON.parse(text) as unknown;
  }
}

/** The reason in an admin route's error body (`detail` or `message`), else the body as sent, shortened. */
function adminErrorText(text: string): string {
  try {
    const body = JSON.parse(text) as { detail?: unknown; message?: unknown };
    const reason = body.detail ?? body.message;
    if (typeof reason === 'string') return reason;
  } catch {
    // Not JSON: the text itself says what happened.
  }
  return text.slice(0, 300);
}

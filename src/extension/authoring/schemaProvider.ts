import * as vscode from 'vscode';
import type { BuildingTwinsContext } from '../extensionContext';
import { authoringSchema, SCHEMA_KINDS, unavailableSchema, type SchemaKind } from './authoringSchemas';

export const SCHEMA_SCHEME = 'buildingtwins-schema';

/** `buildingtwins-schema://schemas/twin.json` and friends: the URIs package.json's `jsonValidation` points at (it wants `scheme://`). */
export function schemaUri(kind: SchemaKind): vscode.Uri {
  return vscode.Uri.from({ scheme: SCHEMA_SCHEME, authority: 'schemas', path: `/${kind}.json` });
}

/** VS Code drops documents no editor shows after a few minutes; re-opening them more often keeps the JSON service's link. */
const KEEP_ALIVE_MS = 60_000;

/**
 * Serves the JSON Schemas of twin documents, drafts and import files, generated from the models of the
 * ACTIVE connection. VS Code's JSON language service reads them with `openTextDocument` (any scheme
 * but http/https) and reloads a schema when its document changes, so this provider fires a change
 * whenever the models may have changed (model cache dropped, active connection or emulator changed).
 * While the JSON service holds a schema, its document is kept open: a closed one would not be reloaded.
 */
export class SchemaProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly served = new Set<SchemaKind>();
  private readonly subscriptions: vscode.Disposable[];
  private keepAlive: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: BuildingTwinsContext) {
    this.subscriptions = [
      ctx.models.onDidInvalidate((connection) => {
        if (connection === undefined || connection === ctx.connections.activeName()) this.refresh();
      }),
      ctx.connections.onDidChange(() => this.refresh()),
    ];
  }

  register(): vscode.Disposable {
    return vscode.workspace.registerTextDocumentContentProvider(SCHEMA_SCHEME, this);
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const kind = SCHEMA_KINDS.find((k) => uri.path === `/${k}.json`);
    if (!kind) throw new Error(`Unknown Building Twins schema ${uri.toString()} (known: ${SCHEMA_KINDS.map((k) => schemaUri(k).toString()).join(', ')})`);
    this.served.add(kind);
    this.startKeepAlive();
    const connection = this.ctx.connections.activeName();
    try {
      const index = await this.ctx.models.getIndex(connection);
      return JSON.stringify(authoringSchema(kind, index));
    } catch (err) {
      const reason = `connection "${connection}": ${err instanceof Error ? err.message : String(err)}`;
      this.ctx.log.warn(`Twin JSON schema: models not available (${reason})`);
      return JSON.stringify(unavailableSchema(reason));
    }
  }

  /** Asks VS Code to load the served schemas again (the JSON service follows). */
  refresh(): void {
    for (const kind of this.served) this.changed.fire(schemaUri(kind));
  }

  private startKeepAlive(): void {
    this.keepAlive ??= setInterval(() => {
      for (const kind of this.served) void vscode.workspace.openTextDocument(schemaUri(kind)).then(undefined, () => undefined);
    }, KEEP_ALIVE_MS);
  }

  dispose(): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

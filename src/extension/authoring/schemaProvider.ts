import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { RESOURCE_SCHEME } from '../documents/resourceUri';
import type { JsonSchema } from '../../core/dtdl/twinJsonSchema';
import type { ConnectionManager } from '../connections/connectionManager';
import type { EventTypesCache } from '../events/eventTypesCache';
import type { ModelCache } from '../models/modelCache';
import type { ExtensionLog } from '../shell/extensionLog';
import type { TicketVocabulary } from '../tickets/ticketSchemas';
import { loadTicketVocabulary } from '../tickets/ticketVocabulary';
import { authoringSchema, unavailableSchema } from './authoringSchemas';
import { recordSchema, recordSchemaSource } from './recordSchemas';
import { MODEL_SCHEMA_KINDS, type ModelSchemaKind, RECORD_SCHEMA_KINDS, type RecordSchemaKind } from './schemaKinds';

const SCHEMA_SCHEME = 'buildingtwins-schema';

/** What the schemas are made from: the active connection's models, event types and ticket lists. */
export interface SchemaServices {
  readonly models: Pick<ModelCache, 'onDidInvalidate' | 'getIndex'>;
  readonly connections: Pick<ConnectionManager, 'onDidChange' | 'onDidChangeState' | 'activeName' | 'getClient'>;
  readonly eventTypes: Pick<EventTypesCache, 'of'>;
  readonly log: Pick<ExtensionLog, 'warn'>;
}

/** Every schema served: twins, relationships and import files from the models; events and tickets from the service's lists. */
const SCHEMA_KINDS = [...MODEL_SCHEMA_KINDS, ...RECORD_SCHEMA_KINDS] as const;
export type SchemaKind = ModelSchemaKind | RecordSchemaKind;

const isModelKind = (kind: SchemaKind): kind is ModelSchemaKind =>
  (MODEL_SCHEMA_KINDS as readonly string[]).includes(kind);

/** `buildingtwins-schema://schemas/twin.json` and friends: the URIs package.json's `jsonValidation` points at (it wants `scheme://`). */
export function schemaUri(kind: SchemaKind): vscode.Uri {
  return vscode.Uri.from({ scheme: SCHEMA_SCHEME, authority: 'schemas', path: `/${kind}.json` });
}

/** VS Code drops documents no editor shows after a few minutes; re-opening them more often keeps the JSON service's link. */
const KEEP_ALIVE_MS = 60_000;
/** Up to this many models every model's contents are described; above it, only those of models open documents use. */
const ALL_MODELS_LIMIT = 200;
const REFRESH_DELAY_MS = 300;

/** Twin documents, drafts and import files: the documents whose model ids decide what the schemas describe. */
function isTwinJsonDocument(doc: vscode.TextDocument): boolean {
  const p = doc.uri.path;
  return /\.twins?\.json$/i.test(p) || (doc.uri.scheme === RESOURCE_SCHEME && /^\/[^/]+\/twins\//.test(p));
}

function modelIdsIn(text: string): string[] {
  return [...text.matchAll(/"modelId"\s*:\s*"([^"\\]+)"/g)].map((m) => m[1]);
}

/**
 * Serves the JSON Schemas of twin documents, drafts and import files, generated from the models of the
 * ACTIVE connection, and of event and ticket documents and drafts, with the ids of its event types and ticket
 * lists. VS Code's JSON language service reads them with `openTextDocument` (any scheme
 * but http/https) and reloads a schema when its document changes, so this provider fires a change
 * whenever the models may have changed (model cache dropped, active connection or emulator changed).
 * While the JSON service holds a schema, its document is kept open: a closed one would not be reloaded.
 * Large ontologies describe only the models open twin documents name (every model id stays accepted);
 * a document naming another model makes the schemas be served again.
 */
export class SchemaProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly served = new Set<SchemaKind>();
  /** Kinds last served as "not available": served again when the active connection's state changes (e.g. it answers again). */
  private readonly unavailable = new Set<SchemaKind>();
  /** Model ids named by open twin documents (what large ontologies' schemas describe). */
  private readonly used = new Set<string>();
  private readonly subscriptions: vscode.Disposable[];
  private keepAlive: NodeJS.Timeout | undefined;
  private pendingRefresh: NodeJS.Timeout | undefined;
  /** The ticket lists of one connection, read once for the three ticket schemas until the next refresh. */
  private ticketLists: { connection: string; lists: Promise<TicketVocabulary> } | undefined;
  /**
   * State changes of the active connection so far: a schema that failed while one happened (the emulator came back
   * during the build) is served again, as the change itself found nothing unavailable yet to refresh.
   */
  private stateChanges = 0;
  /** Per-document scans deferred while typing: an import file can be megabytes, so it is not re-read on every keystroke. */
  private readonly pendingScans = new Map<vscode.TextDocument, NodeJS.Timeout>();

  constructor(private readonly ctx: SchemaServices) {
    this.subscriptions = [
      ctx.models.onDidInvalidate((connection) => {
        if (connection === undefined || connection === ctx.connections.activeName()) this.refresh();
      }),
      ctx.connections.onDidChange(() => this.refresh()),
      ctx.connections.onDidChangeState((name) => {
        if (name !== ctx.connections.activeName()) return;
        this.stateChanges += 1;
        if (this.unavailable.size > 0) this.refresh((kind) => this.unavailable.has(kind));
      }),
      vscode.workspace.onDidOpenTextDocument((doc) => this.noteModels(doc)),
      vscode.workspace.onDidChangeTextDocument((e) => this.noteModelsSoon(e.document)),
    ];
    for (const doc of vscode.workspace.textDocuments) this.noteModels(doc);
  }

  register(): vscode.Disposable {
    return vscode.workspace.registerTextDocumentContentProvider(SCHEMA_SCHEME, this);
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const kind = SCHEMA_KINDS.find((k) => uri.path === `/${k}.json`);
    if (!kind)
      throw new Error(
        vscode.l10n.t(
          'Unknown Building Twins schema {0} (known: {1})',
          uri.toString(),
          SCHEMA_KINDS.map((k) => schemaUri(k).toString()).join(', '),
        ),
      );
    this.served.add(kind);
    this.startKeepAlive();
    const connection = this.ctx.connections.activeName();
    const stateChanges = this.stateChanges;
    const source = isModelKind(kind) ? 'models' : recordSchemaSource(kind);
    try {
      const text = JSON.stringify(await this.build(kind, connection));
      this.unavailable.delete(kind);
      this.againIfOutdated(kind, connection);
      return text;
    } catch (err) {
      this.unavailable.add(kind);
      this.againIfOutdated(kind, connection, stateChanges);
      const reason = vscode.l10n.t('connection "{0}": {1}', connection, errorText(err));
      this.ctx.log.warn(`JSON schema ${kind}: ${source} not available (${reason})`);
      return JSON.stringify(unavailableSchema(reason, source));
    }
  }

  /**
   * The schema is served once more (after this answer has gone out) when the build may be outdated: the active
   * connection changed while it was built for the one before (the change's own refresh may have been answered by this
   * older build), or, for a failed build, the connection's state changed meanwhile (`stateChangesBefore`).
   */
  private againIfOutdated(kind: SchemaKind, connection: string, stateChangesBefore?: number): void {
    const switched = this.ctx.connections.activeName() !== connection;
    const stateChanged = stateChangesBefore !== undefined && this.stateChanges !== stateChangesBefore;
    if (switched || stateChanged) setTimeout(() => this.changed.fire(schemaUri(kind)), 0);
  }

  private async build(kind: SchemaKind, connection: string): Promise<JsonSchema> {
    if (isModelKind(kind)) {
      const index = await this.ctx.models.getIndex(connection);
      return authoringSchema(kind, index, index.size > ALL_MODELS_LIMIT ? [...this.used] : undefined);
    }
    return recordSchema(kind, {
      eventTypes: async () => this.ctx.eventTypes.of(connection, await this.ctx.connections.getClient(connection)),
      ticketVocabulary: () => this.ticketListsOf(connection),
    });
  }

  private ticketListsOf(connection: string): Promise<TicketVocabulary> {
    if (this.ticketLists?.connection !== connection) {
      const lists = (async () => loadTicketVocabulary(await this.ctx.connections.getClient(connection)))();
      const entry = { connection, lists };
      this.ticketLists = entry;
      lists.catch(() => {
        if (this.ticketLists === entry) this.ticketLists = undefined;
      });
    }
    return this.ticketLists.lists;
  }

  /** Asks VS Code to load the served schemas again (the JSON service follows); `only` limits it to those kinds. */
  refresh(only?: (kind: SchemaKind) => boolean): void {
    if (!only || SCHEMA_KINDS.some((kind) => kind.startsWith('ticket') && only(kind))) this.ticketLists = undefined;
    for (const kind of this.served) if (!only || only(kind)) this.changed.fire(schemaUri(kind));
  }

  /** A document names a model not yet described: serve the schemas again (soon, once for a burst of edits). */
  private noteModelsSoon(doc: vscode.TextDocument): void {
    if (!isTwinJsonDocument(doc)) return;
    clearTimeout(this.pendingScans.get(doc));
    this.pendingScans.set(
      doc,
      setTimeout(() => {
        this.pendingScans.delete(doc);
        this.noteModels(doc);
      }, REFRESH_DELAY_MS),
    );
  }

  private noteModels(doc: vscode.TextDocument): void {
    if (!isTwinJsonDocument(doc)) return;
    let added = false;
    for (const id of modelIdsIn(doc.getText())) {
      if (this.used.has(id)) continue;
      this.used.add(id);
      added = true;
    }
    if (!added || this.served.size === 0) return;
    if (this.pendingRefresh) clearTimeout(this.pendingRefresh);
    this.pendingRefresh = setTimeout(() => {
      this.pendingRefresh = undefined;
      this.refresh(isModelKind);
    }, REFRESH_DELAY_MS);
  }

  private startKeepAlive(): void {
    this.keepAlive ??= setInterval(() => {
      for (const kind of this.served)
        void vscode.workspace.openTextDocument(schemaUri(kind)).then(undefined, () => undefined);
    }, KEEP_ALIVE_MS);
  }

  dispose(): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    if (this.pendingRefresh) clearTimeout(this.pendingRefresh);
    for (const timer of this.pendingScans.values()) clearTimeout(timer);
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

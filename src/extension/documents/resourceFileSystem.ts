import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { isPermissionDenied } from '../../core/api/permissionDenied';
import type { ConnectionManager } from '../connections/connectionManager';
import type { ExtensionLog } from '../shell/extensionLog';
import { WriteNotSentError } from '../shell/writeNotSent';
import { AutoSaveAdvice } from './autoSaveAdvice';
import { parseJsonStrict } from './jsonText';
import type { DocumentServices, LoadedResource, ResourceHandler } from './resourceHandler';
import { parseResourceUri, RESOURCE_SCHEME, type ResourceRef } from './resourceUri';

/** What the document file system uses: its handlers' services, the clients, the explorer's rows, the log. */
export interface DocumentFileServices extends DocumentServices {
  readonly log: ExtensionLog;
  readonly connections: Pick<ConnectionManager, 'getClient' | 'isReadOnly'>;
  readonly tree: { showWritten(connection: string, kind: string, ids: readonly string[], value: unknown): void };
  /** Where a failed save leaves its error (the test API reads it). */
  lastError: Error | undefined;
}

interface Entry extends LoadedResource {
  /**
   * Set at the first load, moved forward only by our own successful saves and back by one millisecond to make an
   * editor read the document again (see reloadEditor). VS Code's "file is newer" check on save (a later mtime
   * than the editor's) must never fire: it would show its own dialog; conflicts are detected on save from the
   * service's versions (lastUpdateTime, updatedDate) instead.
   */
  mtime: number;
  size: number;
}

/** A save's write, sent: what was loaded before and what the service holds now. */
interface SentSave {
  ref: ResourceRef;
  label: string;
  saved: LoadedResource;
  previous: LoadedResource;
}

/**
 * The one FileSystemProvider for remote documents (`buildingtwins:` scheme). Each kind of resource is a
 * registered handler; the provider keeps what was loaded per URI so saves can diff against it. After a write
 * what the editor and the explorer show is what the service holds: a saved document takes the service's text
 * (the `serviceText` its handler's write returns, writeGate.ts) and the tree rows showing the resource take its
 * new value.
 */
export class ResourceFileSystem implements vscode.FileSystemProvider {
  private readonly handlers = new Map<string, ResourceHandler>();
  private readonly entries = new Map<string, Entry>();
  /** Entries just read or written: the next read of the document is served from them, without a request. */
  private readonly fresh = new Set<string>();
  /** Texts sent by sendBeforeSave, per URI: VS Code's save of that same text completes them without sending. */
  private readonly sentAhead = new Map<string, SentSave & { text: string }>();
  /**
   * Reads under way, per URI. Opening a document asks for its content and its stat side by side: both wait for one
   * request, so an open costs one read and both see the same text.
   */
  private readonly loading = new Map<string, Promise<Entry>>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  readonly autoSaveAdvice: AutoSaveAdvice;

  /** `handlers`: one per kind of document, listed by the composition root (extensionContext.ts). */
  constructor(
    private readonly services: DocumentFileServices,
    globalState: vscode.Memento,
    handlers: readonly ResourceHandler[],
  ) {
    for (const handler of handlers) this.registerHandler(handler);
    this.autoSaveAdvice = new AutoSaveAdvice(services.log, globalState);
  }

  register(): vscode.Disposable {
    return vscode.Disposable.from(
      vscode.workspace.registerFileSystemProvider(RESOURCE_SCHEME, this, { isCaseSensitive: true }),
      vscode.workspace.onDidSaveTextDocument((doc) => this.afterSave(doc)),
      // Edited before the editor read it again: the next read (a Revert) goes to the service.
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length) this.fresh.delete(e.document.uri.toString());
      }),
      vscode.workspace.onDidOpenTextDocument((doc) => this.adviseOnAutoSave(doc)),
    );
  }

  /**
   * After a write made elsewhere (a command, the explorer): an open document of `uri` without unsaved edits is
   * read again from the service and its editor shows it. A document with unsaved edits keeps them and what they
   * are compared with on save. Returns whether the editor was asked to read it again.
   */
  async reloadOpen(uri: vscode.Uri): Promise<boolean> {
    const doc = this.openDocument(uri);
    if (!doc || doc.isDirty) return false;
    let loaded: LoadedResource;
    try {
      loaded = await this.read(uri);
    } catch (err) {
      this.services.log.warn(`Could not read ${uri.path} again after a write: ${errorText(err)}`);
      return false;
    }
    if (doc.isDirty) return false;
    this.remember(uri, loaded, this.entries.get(uri.toString())?.mtime ?? Date.now());
    return this.reloadEditor(doc);
  }

  /**
   * A saved document shows what the service answered: the new lastUpdateTime, and fields another writer changed
   * that an "Overwrite" did not send (VS Code keeps the text it saved otherwise).
   */
  private afterSave(doc: vscode.TextDocument): void {
    if (doc.uri.scheme === RESOURCE_SCHEME) this.reloadEditor(doc);
  }

  /**
   * Makes VS Code read the document again, from the entry as it is, when it differs from the editor's text. VS Code
   * reloads an editor without unsaved edits when its file changes (a new mtime); the mtime moves back, never
   * forward, so an editor that got edited meanwhile (the reload is skipped) is never refused on save as "newer".
   */
  private reloadEditor(doc: vscode.TextDocument): boolean {
    const key = doc.uri.toString();
    const entry = this.entries.get(key);
    if (!entry || doc.isDirty || entry.text === doc.getText()) return false;
    entry.mtime -= 1;
    this.fresh.add(key);
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri: doc.uri }]);
    return true;
  }

  private openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  }

  private adviseOnAutoSave(doc: vscode.TextDocument): void {
    if (doc.uri.scheme !== RESOURCE_SCHEME) return;
    try {
      const { handler, ref } = this.resolve(doc.uri);
      if (handler.write && !handler.readonly) this.autoSaveAdvice.offer(doc.uri, ref.connection);
    } catch {
      // Not a document of this provider (the open fails on its own).
    }
  }

  registerHandler(handler: ResourceHandler): void {
    if (this.handlers.has(handler.kind)) {
      // l10n-exempt: a programming error at activation, never shown
      throw new Error(`A document handler for "${handler.kind}" is already registered`);
    }
    this.handlers.set(handler.kind, handler);
  }

  /** What the editor loaded for this URI (undefined before the first read). */
  loaded(uri: vscode.Uri): LoadedResource | undefined {
    return this.entries.get(uri.toString());
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { handler, ref } = this.resolve(uri);
    const entry = this.entries.get(uri.toString()) ?? (await this.load(uri));
    return {
      type: vscode.FileType.File,
      ctime: 0,
      mtime: entry.mtime,
      size: entry.size,
      // A read-only connection's documents open read-only too.
      permissions:
        handler.readonly || this.services.connections.isReadOnly(ref.connection)
          ? vscode.FilePermission.Readonly
          : undefined,
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const key = uri.toString();
    const cached = this.fresh.delete(key) ? this.entries.get(key) : undefined;
    const entry = cached ?? (await this.load(uri));
    return Buffer.from(entry.text, 'utf8');
  }

  async writeFile(
    uri: vscode.Uri,
    content: Uint8Array,
    options: { create: boolean; overwrite: boolean },
  ): Promise<void> {
    const key = uri.toString();
    const text = Buffer.from(content).toString('utf8');
    const ahead = this.sentAhead.get(key);
    this.sentAhead.delete(key);
    this.completeSave(uri, ahead?.text === text ? ahead : await this.send(uri, text, options));
  }

  /**
   * Sends an editor's text as its save would, before VS Code saves it (the Save command of our documents): a write
   * the user declines throws WriteNotSentError here, where a command can say so as information, instead of inside
   * VS Code's save, which reports every refusal as "Failed to save". The save that follows sends nothing again.
   */
  async sendBeforeSave(uri: vscode.Uri, text: string): Promise<void> {
    this.sentAhead.set(uri.toString(), { text, ...(await this.send(uri, text, { create: false, overwrite: true })) });
  }

  /** The write of a save: checks, the handler's confirmation and requests; the document's entry is not touched yet. */
  private async send(
    uri: vscode.Uri,
    text: string,
    options: { create: boolean; overwrite: boolean },
  ): Promise<SentSave> {
    const { handler, ref } = this.resolve(uri);
    const label = `${ref.kind}/${ref.ids.join('/')}`;
    try {
      if (!handler.write || handler.readonly)
        throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('{0} is read-only', label));
      if (this.services.connections.isReadOnly(ref.connection)) {
        throw vscode.FileSystemError.NoPermissions(
          vscode.l10n.t(
            'Not saved: the connection "{0}" is read-only, nothing was sent. To save, run "Allow Writes on Connection" on it first.',
            ref.connection,
          ),
        );
      }
      const previous = this.entries.get(uri.toString());
      if (!previous)
        throw new Error(
          vscode.l10n.t(
            'Cannot save {0}: it was not opened from the service (open it from the Building Twins explorer).',
            label,
          ),
        );
      if (options.create && !options.overwrite) throw vscode.FileSystemError.FileExists(uri);
      const edited = parseJsonStrict(text, `${label}.json`);
      const client = await this.services.connections.getClient(ref.connection);
      const write = handler.write;
      // The confirmation the handler shows (WriteGate.beforeSend) covers the requests of this save.
      const saved = await this.services.writes.run(() =>
        write.call(handler, { services: this.services, client, ref }, edited, previous),
      );
      return { ref, label, saved, previous };
    } catch (err) {
      const error = isPermissionDenied(err)
        ? new Error(vscode.l10n.t('No permission to change {0} on {1}: {2}', label, ref.connection, errorText(err)))
        : err instanceof Error
          ? err
          : new Error(String(err));
      this.services.lastError = error;
      if (error instanceof WriteNotSentError) this.services.log.info(`Not saved ${label}: ${error.message}`);
      else this.services.log.error(`Saving ${label} failed: ${error.message}`);
      throw error;
    }
  }

  /** The save is done: the entry takes what the service holds now, and the editor and the tree are told. */
  private completeSave(uri: vscode.Uri, { ref, label, saved, previous }: SentSave): void {
    this.remember(uri, saved, Date.now());
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    // Unchanged (the save after the document took the service's text): nothing was sent.
    if (saved === previous) return;
    if (saved.reverted) {
      this.services.log.info(`Kept the service's version of ${label} on "${ref.connection}"; nothing was sent`);
      return;
    }
    this.services.log.info(`Saved ${label} on "${ref.connection}"`);
    this.services.tree.showWritten(ref.connection, ref.kind, ref.ids, saved.value);
  }

  /**
   * A connection became read-only or writable: its open documents are looked at again, so their editors take the
   * new permission.
   */
  permissionsChanged(connection: string): void {
    const uris = [...this.entries.keys()]
      .map((key) => vscode.Uri.parse(key))
      .filter((uri) => {
        try {
          return parseResourceUri(uri).connection === connection;
        } catch {
          return false;
        }
      });
    if (uris.length) this.changed.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Changed, uri })));
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  private resolve(uri: vscode.Uri): { handler: ResourceHandler; ref: ReturnType<typeof parseResourceUri> } {
    const ref = parseResourceUri(uri);
    const handler = this.handlers.get(ref.kind);
    if (!handler) throw vscode.FileSystemError.FileNotFound(uri);
    return { handler, ref };
  }

  /** Reads the resource from the service and keeps it as what saves diff against. */
  private load(uri: vscode.Uri): Promise<Entry> {
    const key = uri.toString();
    const underWay = this.loading.get(key);
    if (underWay) return underWay;
    const loaded = this.read(uri)
      .then((resource) => this.remember(uri, resource, this.entries.get(key)?.mtime ?? Date.now()))
      .finally(() => this.loading.delete(key));
    this.loading.set(key, loaded);
    return loaded;
  }

  private async read(uri: vscode.Uri): Promise<LoadedResource> {
    const { handler, ref } = this.resolve(uri);
    const client = await this.services.connections.getClient(ref.connection);
    try {
      return await handler.read({ services: this.services, client, ref });
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      if (status === 404) throw vscode.FileSystemError.FileNotFound(uri);
      if (isPermissionDenied(err)) {
        throw vscode.FileSystemError.NoPermissions(
          vscode.l10n.t(
            'No permission to read {0} on {1}: {2}',
            `${ref.kind}/${ref.ids.join('/')}`,
            ref.connection,
            errorText(err),
          ),
        );
      }
      throw err;
    }
  }

  private remember(uri: vscode.Uri, loaded: LoadedResource, mtime: number): Entry {
    const entry: Entry = {
      value: loaded.value,
      text: loaded.text,
      mtime,
      size: Buffer.byteLength(loaded.text, 'utf8'),
    };
    this.entries.set(uri.toString(), entry);
    return entry;
  }
}

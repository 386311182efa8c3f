import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { isPermissionDenied, noPermissionText } from '../../core/api/permissionDenied';
import type { BuildingTwinsContext } from '../extensionContext';
import { parseJsonStrict } from './jsonText';
import { modelDocumentHandler } from './modelDocumentHandler';
import { relationshipDocumentHandler } from './relationshipDocumentHandler';
import type { LoadedResource, ResourceHandler } from './resourceHandler';
import { parseResourceUri, RESOURCE_SCHEME } from './resourceUri';
import { twinDocumentHandler } from './twinDocumentHandler';
import { eventDocumentHandler } from '../events/eventDocumentHandler';
import { ticketDocumentHandler } from '../tickets/ticketDocumentHandler';

interface Entry extends LoadedResource {
  /**
   * Set at the first load and moved only by our own successful saves: VS Code's "file is newer" check must never
   * fire (it would show its own dialog); conflicts are detected on save from the service's lastUpdateTime instead.
   */
  mtime: number;
  size: number;
}

/**
 * The one FileSystemProvider for remote documents (`buildingtwins:` scheme). Each kind of resource is a
 * registered handler; the provider keeps what was loaded per URI so saves can diff against it.
 */
export class ResourceFileSystem implements vscode.FileSystemProvider {
  private readonly handlers = new Map<string, ResourceHandler>();
  private readonly entries = new Map<string, Entry>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  constructor(private readonly ctx: BuildingTwinsContext) {
    for (const handler of [twinDocumentHandler, relationshipDocumentHandler, modelDocumentHandler, eventDocumentHandler, ticketDocumentHandler]) this.registerHandler(handler);
  }

  register(): vscode.Disposable {
    return vscode.workspace.registerFileSystemProvider(RESOURCE_SCHEME, this, { isCaseSensitive: true });
  }

  registerHandler(handler: ResourceHandler): void {
    if (this.handlers.has(handler.kind)) throw new Error(`A document handler for "${handler.kind}" is already registered`);
    this.handlers.set(handler.kind, handler);
  }

  /** What the editor loaded for this URI (undefined before the first read). */
  loaded(uri: vscode.Uri): LoadedResource | undefined {
    return this.entries.get(uri.toString());
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { handler } = this.resolve(uri);
    const entry = this.entries.get(uri.toString()) ?? (await this.load(uri));
    return {
      type: vscode.FileType.File,
      ctime: 0,
      mtime: entry.mtime,
      size: entry.size,
      permissions: handler.readonly ? vscode.FilePermission.Readonly : undefined,
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const entry = await this.load(uri);
    return Buffer.from(entry.text, 'utf8');
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array, options: { create: boolean; overwrite: boolean }): Promise<void> {
    const { handler, ref } = this.resolve(uri);
    const label = `${ref.kind}/${ref.ids.join('/')}`;
    try {
      if (!handler.write || handler.readonly) throw vscode.FileSystemError.NoPermissions(`${label} is read-only`);
      const previous = this.entries.get(uri.toString());
      if (!previous) throw new Error(`Cannot save ${label}: it was not opened from the service (open it from the Building Twins explorer).`);
      if (options.create && !options.overwrite) throw vscode.FileSystemError.FileExists(uri);
      const edited = parseJsonStrict(Buffer.from(content).toString('utf8'), `${label}.json`);
      const client = await this.ctx.connections.getClient(ref.connection);
      const saved = await handler.write({ ctx: this.ctx, client, ref }, edited, previous);
      this.remember(uri, saved, Date.now());
      this.ctx.log.info(`Saved ${label} on "${ref.connection}"`);
      this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    } catch (err) {
      const error = isPermissionDenied(err) ? new Error(`${noPermissionText(`change ${label}`, ref.connection)}: ${errorText(err)}`)
        : err instanceof Error ? err : new Error(String(err));
      this.ctx.lastError = error;
      this.ctx.log.error(`Saving ${label} failed: ${error.message}`);
      throw error;
    }
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

  private async load(uri: vscode.Uri): Promise<Entry> {
    const { handler, ref } = this.resolve(uri);
    const client = await this.ctx.connections.getClient(ref.connection);
    let loaded: LoadedResource;
    try {
      loaded = await handler.read({ ctx: this.ctx, client, ref });
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      if (status === 404) throw vscode.FileSystemError.FileNotFound(uri);
      if (isPermissionDenied(err)) throw vscode.FileSystemError.NoPermissions(`${noPermissionText(`read ${ref.kind}/${ref.ids.join('/')}`, ref.connection)}: ${errorText(err)}`);
      throw err;
    }
    return this.remember(uri, loaded, this.entries.get(uri.toString())?.mtime ?? Date.now());
  }

  private remember(uri: vscode.Uri, loaded: LoadedResource, mtime: number): Entry {
    const entry: Entry = { ...loaded, mtime, size: Buffer.byteLength(loaded.text, 'utf8') };
    this.entries.set(uri.toString(), entry);
    return entry;
  }
}

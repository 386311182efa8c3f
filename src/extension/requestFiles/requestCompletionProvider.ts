// Completion from the live service in request files: property names of the request's model (inherited ones
// included), model ids, relationship names the model allows, twin ids (looked up as you type, debounced).

import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { DebouncedRequest, SupersededError } from '../../core/api/latestRequest';
import { TwinLookup } from '../../core/api/twinLookup';
import type { DigitalTwin } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import {
  completionTarget,
  stringAtOffset,
  type CompletionTarget,
} from '../../core/requestFiles/requestCompletionTarget';
import type { ParsedRequestCache } from './requestDocuments';
import { isRequestDocument } from './requestFileName';
import type { RequestFileServices } from './requestFileServices';

const LOOKUP_DELAY_MS = 250;
const LOOKUP_SIZE = 20;

/** The connection a document runs against: the one it pins, else the active one. */
function documentConnection(
  services: Pick<RequestFileServices, 'connections'>,
  cache: ParsedRequestCache,
  document: vscode.TextDocument,
): string {
  const pinned = cache.get(document).file.connection;
  return pinned && services.connections.get(pinned) ? pinned : services.connections.activeName();
}

function propertyItems(index: ModelIndex, modelId: string | undefined): vscode.CompletionItem[] {
  const models = modelId && index.has(modelId) ? [modelId] : index.ids();
  const seen = new Map<string, vscode.CompletionItem>();
  for (const id of models) {
    for (const [name, info] of index.properties(id)) {
      if (seen.has(name)) continue;
      const item = new vscode.CompletionItem(name, vscode.CompletionItemKind.Property);
      item.detail = modelId ? vscode.l10n.t('property of {0}', index.displayName(id)) : index.displayName(id);
      if (info.description)
        item.documentation =
          typeof info.description === 'string' ? info.description : Object.values(info.description)[0];
      seen.set(name, item);
    }
  }
  return [...seen.values()];
}

function relationshipItems(index: ModelIndex, modelId: string | undefined): vscode.CompletionItem[] {
  const models = modelId && index.has(modelId) ? [modelId] : index.ids();
  const names = new Map<string, string>();
  for (const id of models)
    for (const r of index.relationships(id)) if (!names.has(r.name)) names.set(r.name, index.displayName(id));
  return [...names].map(([name, model]) => {
    const item = new vscode.CompletionItem(name, vscode.CompletionItemKind.Reference);
    item.detail = vscode.l10n.t('relationship of {0}', model);
    return item;
  });
}

function modelItems(index: ModelIndex): vscode.CompletionItem[] {
  return index.ids().map((id) => {
    const item = new vscode.CompletionItem(id, vscode.CompletionItemKind.Class);
    item.detail = index.displayName(id);
    return item;
  });
}

function twinItems(twins: readonly DigitalTwin[]): vscode.CompletionItem[] {
  return twins.map((twin) => {
    const item = new vscode.CompletionItem(twin.id, vscode.CompletionItemKind.Value);
    const name = twin.contents?.name;
    item.detail = [typeof name === 'string' ? name : undefined, twin.modelId].filter(Boolean).join(' · ');
    return item;
  });
}

/** The string under the cursor (without its quotes), and the range completion replaces; the position itself outside a string. */
function stringAt(
  document: vscode.TextDocument,
  position: vscode.Position,
): { text: string; range: vscode.Range; quoted: boolean } {
  const found = stringAtOffset(document.getText(), document.offsetAt(position));
  if (!found) return { text: '', range: new vscode.Range(position, position), quoted: false };
  return {
    text: found.typed,
    range: new vscode.Range(document.positionAt(found.start), document.positionAt(found.end)),
    quoted: true,
  };
}

export class RequestCompletionProvider implements vscode.CompletionItemProvider {
  private lookup: { connection: string; debounced: DebouncedRequest<string, DigitalTwin[]> } | undefined;

  constructor(
    private readonly services: Pick<RequestFileServices, 'connections' | 'models' | 'log'>,
    private readonly cache: ParsedRequestCache,
  ) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionItem[] | undefined> {
    if (!isRequestDocument(document)) return undefined;
    const target = completionTarget(document.getText(), document.offsetAt(position));
    if (!target) return undefined;
    const connection = documentConnection(this.services, this.cache, document);
    const where = stringAt(document, position);
    let items: vscode.CompletionItem[];
    try {
      items = await this.items(target, connection, where.text);
    } catch (error) {
      // No connection or no answer: the JSON schema's completion still works. A superseded lookup says nothing.
      if (!(error instanceof SupersededError))
        this.services.log.warn(`request file completion on ${connection}: ${errorText(error)}`);
      return undefined;
    }
    if (token.isCancellationRequested) return undefined;
    for (const item of items) {
      const label = typeof item.label === 'string' ? item.label : item.label.label;
      item.range = where.range;
      item.insertText = where.quoted ? label : JSON.stringify(label);
      item.filterText = label;
      item.sortText = `0${label}`;
    }
    return items;
  }

  private async items(target: CompletionTarget, connection: string, typed: string): Promise<vscode.CompletionItem[]> {
    if (target.kind === 'twin') return twinItems(await this.twinLookup(connection).request(typed));
    const index = await this.services.models.getIndex(connection);
    if (target.kind === 'model') return modelItems(index);
    if (target.kind === 'relationship') return relationshipItems(index, target.modelId);
    return propertyItems(index, target.modelId);
  }

  private twinLookup(connection: string): DebouncedRequest<string, DigitalTwin[]> {
    if (this.lookup?.connection !== connection) {
      this.lookup?.debounced.cancel();
      const getClient = this.services.connections.getClient.bind(this.services.connections);
      let twins: TwinLookup | undefined;
      const debounced = new DebouncedRequest<string, DigitalTwin[]>(async (text, signal) => {
        const client = await getClient(connection);
        twins ??= new TwinLookup(client);
        if (!text.trim()) return (await client.listTwins({ pageSize: LOOKUP_SIZE }, { signal })).content;
        // The lookup (id, external id, name) and ids starting with what is typed; a service that cannot filter ids adds none.
        const [found, byPrefix] = await Promise.all([
          twins.find(text, { signal }),
          client
            .listTwins(
              { propertyFilter: { field: 'id', operator: 'startsWith', value: text.trim() }, pageSize: LOOKUP_SIZE },
              { signal },
            )
            .then(
              (p) => p.content,
              () => [],
            ),
        ]);
        const seen = new Set<string>();
        return [...found, ...byPrefix].filter((t) => !seen.has(t.id) && Boolean(seen.add(t.id)));
      }, LOOKUP_DELAY_MS);
      this.lookup = { connection, debounced };
    }
    return this.lookup.debounced;
  }

  dispose(): void {
    this.lookup?.debounced.cancel();
  }
}

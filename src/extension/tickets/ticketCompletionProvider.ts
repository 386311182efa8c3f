// Completion in ticket documents (`buildingtwins:/<connection>/tickets/<id>.json`): in the `id` of a reference
// (status, priority, category, job type, service needed) it offers the service's names and inserts their id.
import * as vscode from 'vscode';
import { parseResourceUri, RESOURCE_SCHEME } from '../documents/resourceUri';
import type { ExtensionServices } from '../shell/services';
import { TICKET_DOCUMENT_KIND } from './ticketDocumentHandler';
import { ticketReferenceChoices } from './ticketReferenceChoices';
import { TICKET_REFERENCE_LISTS, ticketReferenceAt } from './ticketReferenceTarget';

class TicketCompletionProvider implements vscode.CompletionItemProvider {
  constructor(private readonly services: Pick<ExtensionServices, 'connections'>) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
  ): Promise<vscode.CompletionItem[] | undefined> {
    if (document.uri.scheme !== RESOURCE_SCHEME) return undefined;
    const ref = parseResourceUri(document.uri);
    if (ref.kind !== TICKET_DOCUMENT_KIND) return undefined;
    const target = ticketReferenceAt(document.getText(), document.offsetAt(position));
    if (!target) return undefined;
    const client = await this.services.connections.getClient(ref.connection);
    const choices = await ticketReferenceChoices(client, TICKET_REFERENCE_LISTS[target.field]);
    const range = target.replace
      ? new vscode.Range(
          document.positionAt(target.replace.offset),
          document.positionAt(target.replace.offset + target.replace.length),
        )
      : new vscode.Range(position, position);
    return choices.map((choice) => {
      const item = new vscode.CompletionItem(
        { label: choice.name, description: choice.id },
        vscode.CompletionItemKind.Value,
      );
      item.insertText = JSON.stringify(choice.id);
      // The range starts at the opening quote: what is typed after it filters by name or id.
      item.filterText = `"${choice.name} ${choice.id}"`;
      item.range = range;
      item.detail = choice.detail;
      return item;
    });
  }
}

export function registerTicketCompletion(services: Pick<ExtensionServices, 'connections'>): vscode.Disposable {
  return vscode.languages.registerCompletionItemProvider(
    { scheme: RESOURCE_SCHEME, pattern: `**/${TICKET_DOCUMENT_KIND}/*.json` },
    new TicketCompletionProvider(services),
    '"',
  );
}

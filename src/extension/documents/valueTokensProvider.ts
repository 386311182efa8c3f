import * as vscode from 'vscode';
import { RESOURCE_SCHEME } from './resourceUri';
import { VALUE_TOKEN_TYPES, valueTokens } from './valueTokens';

/**
 * The extension's own JSON: remote documents, and drafts and files named like them (twins, import files,
 * relationships, events, tickets, ticket patches). Any other JSON file keeps the colours of its theme.
 */
const OWN_JSON_DOCUMENTS: vscode.DocumentSelector = [
  { scheme: RESOURCE_SCHEME },
  { pattern: '**/*.{twin,twins,relationship,events,ticket,ticket-patch}.json' },
];

const legend = new vscode.SemanticTokensLegend([...VALUE_TOKEN_TYPES]);

const provider: vscode.DocumentSemanticTokensProvider = {
  provideDocumentSemanticTokens(doc) {
    const builder = new vscode.SemanticTokensBuilder(legend);
    for (const token of valueTokens(doc.getText())) {
      const start = doc.positionAt(token.offset);
      // Timestamps and UUIDs never span lines.
      builder.push(start.line, start.character, token.length, VALUE_TOKEN_TYPES.indexOf(token.type));
    }
    return builder.build();
  },
};

/** Colours timestamps and UUIDs in the extension's own JSON documents (semantic tokens, mapped to TextMate scopes in package.json). */
export function registerValueTokens(): vscode.Disposable {
  return vscode.languages.registerDocumentSemanticTokensProvider(OWN_JSON_DOCUMENTS, provider, legend);
}

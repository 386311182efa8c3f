// Timestamps and UUIDs inside the JSON strings of the extension's own documents (twin, ticket and event documents,
// drafts and import files), for semantic colouring: other JSON files keep their colours. DTMIs are coloured by
// the grammar injected into JSON (syntaxes/), which is where a model id can appear. Pure: no 'vscode'.
import { createScanner, SyntaxKind } from 'jsonc-parser';

export const VALUE_TOKEN_TYPES = ['buildingTwinsTimestamp', 'buildingTwinsUuid'] as const;
export type ValueTokenType = (typeof VALUE_TOKEN_TYPES)[number];

export interface ValueToken {
  /** Offset (UTF-16) in the document and length of the timestamp or UUID. */
  offset: number;
  length: number;
  type: ValueTokenType;
}

/** ISO 8601 dates and date-times: 2024-10-01, 2024-10-01T12:34:56.5+00:00. */
export const TIMESTAMP =
  /\b\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:[Tt ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?(?![\w:.-])/g;
/** UUIDs (insight, event and ticket ids). */
export const UUID = /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;

const PATTERNS: Array<[RegExp, ValueTokenType]> = [
  [TIMESTAMP, 'buildingTwinsTimestamp'],
  [UUID, 'buildingTwinsUuid'],
];

/** The timestamps and UUIDs inside string literals of `text`, in document order. */
export function valueTokens(text: string): ValueToken[] {
  const tokens: ValueToken[] = [];
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind !== SyntaxKind.StringLiteral) continue;
    const start = scanner.getTokenOffset();
    const literal = text.slice(start, start + scanner.getTokenLength());
    for (const [pattern, type] of PATTERNS) {
      for (const match of literal.matchAll(pattern))
        tokens.push({ offset: start + (match.index ?? 0), length: match[0].length, type });
    }
  }
  return tokens.sort((a, b) => a.offset - b.offset);
}

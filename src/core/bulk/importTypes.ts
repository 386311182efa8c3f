import type { DigitalTwin, Relationship } from '../api/types';

/** Where an item or problem comes from: file name (as given by the caller) and 1-based line. */
export interface SourceLocation {
  file?: string;
  line: number;
}

export interface TwinItem extends SourceLocation {
  kind: 'twin';
  twin: DigitalTwin;
  /** The line of a JSON Pointer inside the item (`/contents/area`), where the source can tell it. */
  lineOf?: (pointer: string) => number | undefined;
}
export interface RelationshipItem extends SourceLocation {
  kind: 'relationship';
  relationship: Relationship;
  /** CSV relationship property cells, typed during planning once the source model is known. */
  csvProperties?: Record<string, string>;
}
export type ImportItem = TwinItem | RelationshipItem;

/** A problem with one line (or the whole file when `line` is the file's first problem line). */
export interface ImportIssue extends SourceLocation {
  message: string;
  /** A value the twin's model refuses (the twin itself could be sent: the service checks it again). */
  model?: true;
  /** JSON Pointer inside the item (e.g. `/contents/area`) or the CSV column, when known. */
  path?: string;
}

export interface ParsedImport {
  items: ImportItem[];
  errors: ImportIssue[];
}

// The names of the schemas served under `buildingtwins-schema://schemas/<kind>.json`, apart from the schemas
// themselves (authoringSchemas.ts, recordSchemas.ts), which are built when first asked for. Pure: no 'vscode'.

/** The documents whose schema is built from the models; the names are the paths of the `buildingtwins-schema:` URIs. */
export const MODEL_SCHEMA_KINDS = ['twin', 'relationship', 'import', 'requests'] as const;
export type ModelSchemaKind = (typeof MODEL_SCHEMA_KINDS)[number];

/** Event documents, `*.events.json`, ticket documents, `*.ticket.json`, `*.ticket-patch.json`. */
export const RECORD_SCHEMA_KINDS = ['event', 'events', 'ticket', 'ticket-request', 'ticket-patch'] as const;
export type RecordSchemaKind = (typeof RECORD_SCHEMA_KINDS)[number];

// The JSON Schemas served to VS Code's JSON language service for twin documents, drafts and import
// files, built from the live models (core/dtdl/twinJsonSchema). Pure: no 'vscode'.
import { combinedTwinJsonSchema, DRAFT_07, twinArrayJsonSchema, type JsonSchema } from '../../core/dtdl/twinJsonSchema';
import type { ModelIndex } from '../../core/dtdl/modelIndex';

/** Which document a schema describes; the names are the paths of the `buildingtwins-schema:` URIs. */
export const SCHEMA_KINDS = ['twin', 'relationship', 'import'] as const;
export type SchemaKind = (typeof SCHEMA_KINDS)[number];

/** Relationship names declared by any model, sorted (completion for `name`; the source model is checked on send). */
export function relationshipNames(index: ModelIndex): string[] {
  const names = new Set<string>();
  for (const id of index.ids()) for (const rel of index.get(id)?.relationships ?? []) names.add(rel.name);
  return [...names].sort();
}

function relationshipBody(index: ModelIndex): JsonSchema {
  const nonEmpty = { type: 'string', minLength: 1, pattern: '\\S' };
  const names = relationshipNames(index);
  return {
    type: 'object',
    required: ['sourceId', 'name', 'targetId'],
    properties: {
      id: { type: 'string', description: 'Derived by the service from source, name, properties and target; a value here is ignored' },
      sourceId: { ...nonEmpty, description: 'Id of the source twin' },
      name: { ...nonEmpty, ...(names.length ? { examples: names } : {}), description: 'Relationship name, declared by the source twin\'s model' },
      targetId: { ...nonEmpty, description: 'Id of the target twin' },
      properties: { type: 'object', description: 'Properties declared by the relationship' },
    },
  };
}

/** A relationship draft (`*.relationship.json`): one relationship or an array of them. */
export function relationshipDocumentSchema(index: ModelIndex): JsonSchema {
  const one = relationshipBody(index);
  return { $schema: DRAFT_07, title: 'Relationship', if: { type: 'array' }, then: { type: 'array', items: one }, else: one };
}

/**
 * An import file in JSON (docs/import-formats.md): an array mixing twins (items with `modelId`) and
 * relationships, or `{ "twins": [...], "relationships": [...] }`.
 */
export function importDocumentSchema(index: ModelIndex): JsonSchema {
  const { items: twin, definitions } = twinArrayJsonSchema(index) as { items: JsonSchema; definitions: JsonSchema };
  const relationship = relationshipBody(index);
  const has = (key: string): JsonSchema => ({ type: 'object', properties: { [key]: {} }, required: [key] });
  const item = { if: has('modelId'), then: twin, else: { if: has('sourceId'), then: relationship, else: twin } };
  return {
    $schema: DRAFT_07,
    title: 'Twins and relationships to import',
    definitions,
    if: { type: 'array' },
    then: { type: 'array', items: item },
    else: {
      type: 'object',
      additionalProperties: false,
      properties: { twins: { type: 'array', items: twin }, relationships: { type: 'array', items: relationship } },
    },
  };
}

/** A twin document or `*.twin.json` draft: one twin or an array of twins. */
export function twinDocumentSchema(index: ModelIndex): JsonSchema {
  const { definitions, $schema: _s, title: _t, ...one } = combinedTwinJsonSchema(index);
  return { $schema: DRAFT_07, title: 'Twin', definitions, if: { type: 'array' }, then: { type: 'array', items: one }, else: one };
}

export function authoringSchema(kind: SchemaKind, index: ModelIndex): JsonSchema {
  switch (kind) {
    case 'twin': return twinDocumentSchema(index);
    case 'relationship': return relationshipDocumentSchema(index);
    case 'import': return importDocumentSchema(index);
  }
}

/** Served while the models cannot be loaded: accepts anything and says why in hovers. */
export function unavailableSchema(reason: string): JsonSchema {
  return { $schema: DRAFT_07, description: `Building Twins: the models are not available (${reason}); nothing is checked.` };
}

// The JSON Schemas served to VS Code's JSON language service for twin documents, drafts and import
// files, built from the live models (core/dtdl/twinJsonSchema). Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';
import { combinedTwinJsonSchema, DRAFT_07, twinArrayJsonSchema, type JsonSchema } from '../../core/dtdl/twinJsonSchema';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { requestFileSchema } from '../../core/requestFiles/requestSchemas';
import type { ModelSchemaKind } from './schemaKinds';

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
      id: {
        type: 'string',
        description: l10n.t('Derived by the service from source, name, properties and target; a value here is ignored'),
      },
      sourceId: { ...nonEmpty, description: l10n.t('Id of the source twin') },
      name: {
        ...nonEmpty,
        ...(names.length ? { examples: names } : {}),
        description: l10n.t("Relationship name, declared by the source twin's model"),
      },
      targetId: { ...nonEmpty, description: l10n.t('Id of the target twin') },
      properties: { type: 'object', description: l10n.t('Properties declared by the relationship') },
    },
  };
}

/** A relationship draft (`*.relationship.json`): one relationship or an array of them. */
function relationshipDocumentSchema(index: ModelIndex): JsonSchema {
  const one = relationshipBody(index);
  return {
    $schema: DRAFT_07,
    title: l10n.t('Relationship'),
    if: { type: 'array' },
    then: { type: 'array', items: one },
    else: one,
  };
}

/**
 * An import file in JSON (docs/import-formats.md): an array mixing twins (items with `modelId`) and
 * relationships, or `{ "twins": [...], "relationships": [...] }`.
 */
function importDocumentSchema(index: ModelIndex, checked?: readonly string[]): JsonSchema {
  const { items, definitions } = twinArrayJsonSchema(index, checkedIds(index, checked)) as {
    items: JsonSchema;
    definitions: JsonSchema;
  };
  const twin = withEveryModelId(items);
  const relationship = relationshipBody(index);
  const has = (key: string): JsonSchema => ({ type: 'object', properties: { [key]: {} }, required: [key] });
  const item = { if: has('modelId'), then: twin, else: { if: has('sourceId'), then: relationship, else: twin } };
  return {
    $schema: DRAFT_07,
    title: l10n.t('Twins and relationships to import'),
    definitions: withModelIds(definitions, index),
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
function twinDocumentSchema(index: ModelIndex, checked?: readonly string[]): JsonSchema {
  const { definitions, $schema: _s, title: _t, ...body } = combinedTwinJsonSchema(index, checkedIds(index, checked));
  const one = withEveryModelId(body);
  return {
    $schema: DRAFT_07,
    title: l10n.t('Twin'),
    definitions: withModelIds(definitions, index),
    if: { type: 'array' },
    then: { type: 'array', items: one },
    else: one,
  };
}

/**
 * The schema of one kind of document. `checked` limits the models whose `contents` are described (all
 * when absent): every model id stays accepted and completed, so large ontologies can be served for the
 * models documents actually use (the full Willow ontology would make a schema of about 100 MB).
 */
export function authoringSchema(kind: ModelSchemaKind, index: ModelIndex, checked?: readonly string[]): JsonSchema {
  switch (kind) {
    case 'twin':
      return twinDocumentSchema(index, checked);
    case 'relationship':
      return relationshipDocumentSchema(index);
    case 'import':
      return importDocumentSchema(index, checked);
    case 'requests':
      return requestFileSchema({ modelIds: index.ids(), relationshipNames: relationshipNames(index) });
  }
}

function checkedIds(index: ModelIndex, checked: readonly string[] | undefined): string[] {
  return checked ? [...new Set(checked)].filter((id) => index.has(id)).sort() : index.ids();
}

/** Definitions key of the `modelId` schema (model contents use DTMI-derived keys, which start with `dtmi`). */
const MODEL_IDS_KEY = 'modelIds';

/** The twin schema with `modelId` accepting (and completing) every model of the index, defined once. */
function withEveryModelId(twin: JsonSchema): JsonSchema {
  const { properties, allOf, ...rest } = twin as { properties: Record<string, JsonSchema>; allOf?: JsonSchema[] };
  return {
    ...rest,
    properties: { ...properties, modelId: { $ref: `#/definitions/${MODEL_IDS_KEY}` } },
    ...(allOf?.length ? { allOf } : {}),
  };
}

function withModelIds(definitions: unknown, index: ModelIndex): JsonSchema {
  const ids = index.ids().sort();
  const modelIds = {
    type: 'string',
    enum: ids,
    enumDescriptions: ids.map((id) => index.displayName(id)),
    description: l10n.t('The DTDL model of the twin'),
  };
  return { ...(definitions as JsonSchema), [MODEL_IDS_KEY]: modelIds };
}

/** What a schema is built from: the models, the service's event types or its ticket lists. */
export type SchemaSource = 'models' | 'eventTypes' | 'ticketLists';

/** Served while what a schema is built from (`source`) cannot be loaded: accepts anything and says why in hovers. */
export function unavailableSchema(reason: string, source: SchemaSource = 'models'): JsonSchema {
  return { $schema: DRAFT_07, description: unavailableText(reason, source) };
}

function unavailableText(reason: string, source: SchemaSource): string {
  switch (source) {
    case 'models':
      return l10n.t('Building Twins: the models are not available ({0}); nothing is checked.', reason);
    case 'eventTypes':
      return l10n.t('Building Twins: the event types are not available ({0}); nothing is checked.', reason);
    case 'ticketLists':
      return l10n.t("Building Twins: the service's ticket lists are not available ({0}); nothing is checked.", reason);
  }
}

import { unitSymbol } from './unitSymbols';
import type { DtdlSchema, EnumValueInfo, PropertyInfo } from './dtdlTypes';
import { markdownText } from '../untrusted/markdownText';
import type { ModelIndex } from './modelIndex';
import { PRIMITIVE_RULES } from './primitiveRules';
import { pickText } from './dtdlText';
import { EXTERNAL_ID_KEY } from './twinValidation';

/**
 * JSON Schemas (draft-07, as VS Code's JSON language service reads them) for twin documents.
 * They accept exactly what validateTwin accepts (the agreement is tested), and add hover text:
 * `description`/`markdownDescription` with display name, unit and semantic type, and
 * `markdownEnumDescriptions` for enums.
 */
export type JsonSchema = { [keyword: string]: unknown };

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** Keywords the generated schemas use beyond draft-07 (VS Code's); register them with ajv. */
export const VSCODE_SCHEMA_KEYWORDS = ['markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions'];

/** Schema of one DTDL value. */
function valueJsonSchema(schema: DtdlSchema): JsonSchema {
  switch (schema.kind) {
    case 'primitive': {
      const rule = PRIMITIVE_RULES[schema.name];
      const out: JsonSchema = { type: rule.jsonType };
      if (rule.minimum !== undefined) out.minimum = rule.minimum;
      if (rule.maximum !== undefined) out.maximum = rule.maximum;
      if (rule.format) out.format = rule.format;
      return out;
    }
    case 'unit':
      return { type: 'string', description: `A unit name (${schema.name})` };
    case 'unresolved':
      return {};
    case 'enum':
      return enumSchema(schema.valueSchema, schema.values);
    case 'object': {
      const properties: Record<string, JsonSchema> = {};
      for (const f of schema.fields)
        properties[f.name] = withText(valueJsonSchema(f.schema), pickText(f.displayName), pickText(f.description));
      return { type: 'object', properties, additionalProperties: false };
    }
    case 'map':
      return { type: 'object', additionalProperties: valueJsonSchema(schema.value) };
    case 'array':
      return { type: 'array', items: valueJsonSchema(schema.element) };
  }
}

function enumSchema(valueSchema: 'integer' | 'string', values: EnumValueInfo[]): JsonSchema {
  const describe = (v: EnumValueInfo): string => {
    const title = pickText(v.displayName) ?? v.name;
    const text = pickText(v.description);
    return text ? `${title}: ${text}` : title;
  };
  return {
    type: valueSchema,
    enum: values.map((v) => v.value),
    enumDescriptions: values.map(describe),
    markdownEnumDescriptions: values.map(
      (v) =>
        `**${markdownText(pickText(v.displayName) ?? v.name)}**${pickText(v.description) ? ` — ${markdownText(pickText(v.description)!)}` : ''}`,
    ),
  };
}

/** Schema of one property, with hover text (display name, description, unit, semantic type, origin). */
function propertyJsonSchema(prop: PropertyInfo): JsonSchema {
  const lines = [pickText(prop.description), prop.comment].filter((x): x is string => !!x);
  const facts: string[] = [`Schema: ${describeSchema(prop.schema)}`];
  if (prop.unit) facts.push(`Unit: ${unitSymbol(prop.unit)}`);
  if (prop.semanticTypes.length) facts.push(`Semantic type: ${prop.semanticTypes.join(', ')}`);
  if (prop.annotates)
    facts.push(`Annotates: ${prop.annotates}${prop.overrides ? ` (overrides ${prop.overrides})` : ''}`);
  facts.push(`Defined in: ${prop.definedIn}`);
  const title = pickText(prop.displayName) ?? prop.name;
  const schema = valueJsonSchema(prop.schema);
  return {
    ...schema,
    title,
    description: [...lines, ...facts].join('\n'),
    // The hover shows the title as its heading: the description does not repeat it.
    markdownDescription: [...lines.map(markdownText), facts.map((f) => `- ${markdownText(f)}`).join('\n')].join('\n\n'),
  };
}

/** The `contents` object of a model's twins (declared properties, components, tolerated service keys). */
function contentsJsonSchema(index: ModelIndex, modelId: string, componentOf: string[] = []): JsonSchema {
  const isComponent = componentOf.length > 0;
  const properties: Record<string, JsonSchema> = {};
  for (const prop of index.properties(modelId).values()) properties[prop.name] = propertyJsonSchema(prop);
  for (const component of index.components(modelId).values()) {
    const nested =
      index.has(component.schema) && !componentOf.includes(component.schema) && component.schema !== modelId;
    const inner: JsonSchema = nested
      ? contentsJsonSchema(index, component.schema, [...componentOf, modelId])
      : { type: 'object' };
    properties[component.name] = withText(
      inner,
      pickText(component.displayName) ?? component.name,
      `Component (${component.schema})`,
    );
  }
  properties.$metadata = { type: 'object', description: 'Per-property metadata kept by the service' };
  properties.$etag = { type: 'string' };
  if (!isComponent && !properties[EXTERNAL_ID_KEY])
    properties[EXTERNAL_ID_KEY] = { type: 'string', description: "The twin's external id" };
  return { type: 'object', properties, additionalProperties: false };
}

function twinShape(modelIdSchema: JsonSchema, contents: JsonSchema | undefined): JsonSchema {
  // Service-set fields are described but not constrained (validateTwin does not check them either).
  const relationships = { description: 'Returned by the service when relationships are requested' };
  return {
    type: 'object',
    required: ['id', 'modelId'],
    properties: {
      id: { type: 'string', minLength: 1, pattern: '\\S', description: 'The twin id (dtId)' },
      modelId: modelIdSchema,
      lastUpdateTime: { description: 'Set by the service' },
      ...(contents ? { contents } : {}),
      incomingRelationships: relationships,
      outgoingRelationships: relationships,
    },
  };
}

/** Schema of a twin document of one known model. */
export function twinJsonSchema(index: ModelIndex, modelId: string): JsonSchema {
  if (!index.has(modelId)) throw new Error(`Unknown model ${modelId}`);
  return {
    $schema: DRAFT_07,
    title: `${index.displayName(modelId)} twin`,
    ...twinShape(
      { const: modelId, description: `Model: ${index.displayName(modelId)} (${modelId})` },
      contentsJsonSchema(index, modelId),
    ),
  };
}

/**
 * Schema of a twin whose model is not known in advance: `modelId` must be one of the models
 * (completion lists them) and `contents` is checked by the matching model (if/then per model,
 * each model's contents kept once under `definitions`).
 */
export function combinedTwinJsonSchema(index: ModelIndex, modelIds: string[] = index.ids()): JsonSchema {
  return { $schema: DRAFT_07, title: 'Twin', ...combinedBody(index, modelIds) };
}

/** Schema of an array of twins of any of the models (bulk files). */
export function twinArrayJsonSchema(index: ModelIndex, modelIds: string[] = index.ids()): JsonSchema {
  const { definitions, ...twin } = combinedBody(index, modelIds);
  return { $schema: DRAFT_07, title: 'Twins', type: 'array', items: twin, definitions };
}

function combinedBody(index: ModelIndex, modelIds: string[]): JsonSchema {
  const definitions: Record<string, JsonSchema> = {};
  const dispatch: JsonSchema[] = [];
  for (const id of modelIds) {
    const key = definitionKey(id, definitions);
    definitions[key] = contentsJsonSchema(index, id);
    dispatch.push({
      if: { properties: { modelId: { const: id } }, required: ['modelId'] },
      then: { properties: { contents: { $ref: `#/definitions/${key}` } } },
    });
  }
  const modelIdSchema: JsonSchema = {
    type: 'string',
    enum: modelIds,
    enumDescriptions: modelIds.map((id) => index.displayName(id)),
    description: 'The DTDL model of the twin',
  };
  return { ...twinShape(modelIdSchema, { type: 'object' }), allOf: dispatch, definitions };
}

/** A definitions key that needs no escaping in a `$ref` (DTMI punctuation becomes `_`), unique. */
function definitionKey(id: string, taken: Record<string, unknown>): string {
  const base = id.replace(/[^A-Za-z0-9_.-]/g, '_');
  let key = base;
  for (let n = 2; key in taken; n++) key = `${base}_${n}`;
  return key;
}

function withText(schema: JsonSchema, title: string | undefined, description: string | undefined): JsonSchema {
  return { ...schema, ...(title ? { title } : {}), ...(description ? { description } : {}) };
}

/** Enum values named in a schema's description; the rest are counted. */
const ENUM_VALUES_SHOWN = 12;

export function describeSchema(schema: DtdlSchema): string {
  switch (schema.kind) {
    case 'primitive':
      return schema.name;
    case 'unit':
      return schema.name;
    case 'unresolved':
      return `unresolved ${schema.ref}`;
    case 'enum': {
      const shown = schema.values.slice(0, ENUM_VALUES_SHOWN).map((v) => JSON.stringify(v.value));
      const more = schema.values.length - shown.length;
      return `enum of ${schema.valueSchema}${shown.length ? `: ${shown.join(', ')}` : ''}${more > 0 ? ` and ${more} more` : ''}`;
    }
    case 'object':
      return `object (${schema.fields.map((f) => f.name).join(', ')})`;
    case 'map':
      return `map of ${describeSchema(schema.value)}`;
    case 'array':
      return `array of ${describeSchema(schema.element)}`;
  }
}

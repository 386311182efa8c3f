// Tools about models: search them, describe one with its inheritance, and the vocabulary for writing twins.

import type { ModelIndex } from '../dtdl/modelIndex';
import { describeSchema } from '../dtdl/twinJsonSchema';
import { pickText } from '../dtdl/dtdlText';
import { EXTERNAL_ID_KEY } from '../dtdl/twinValidation';
import type { ReadTool } from './agentTool';
import { ToolInputError } from './agentTool';

const LIST_LIMIT = 50;

function searchModels(index: ModelIndex, search: string | undefined, baseModel: string | undefined): string[] {
  if (baseModel && !index.has(baseModel))
    throw new ToolInputError(`unknown model ${baseModel}; list_models without baseModel shows the model ids`);
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return index
    .ids()
    .filter((id) => !baseModel || index.isA(id, baseModel))
    .filter((id) => words.every((w) => `${id} ${index.displayName(id)}`.toLowerCase().includes(w)))
    .sort();
}

export const listModelsTool: ReadTool<{ search?: string; baseModel?: string; offset?: number; limit?: number }> = {
  name: 'list_models',
  title: 'List models',
  access: 'read',
  whenCut: 'narrow it with search or baseModel, or page with offset',
  description:
    'Lists the DTDL models (twin types) of the connection: id, display name, direct parents, and how many properties and relationships each has including inherited ones. Filter by words in the id or name (search) or by a base model (baseModel: the model and every model extending it). Use it to find the model id for "air handlers", "levels", "rooms" before find_twins.',
  inputSchema: {
    type: 'object',
    properties: {
      search: {
        type: 'string',
        description: 'Words that must all appear in the model id or display name, e.g. "air handling".',
      },
      baseModel: { type: 'string', description: 'A model id: only it and the models extending it (directly or not).' },
      offset: { type: 'integer', minimum: 0, description: 'Skip this many models (paging; default 0).' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: LIST_LIMIT,
        description: `At most this many models (default ${LIST_LIMIT}).`,
      },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      total: { type: 'integer' },
      models: { type: 'array', items: { type: 'object', required: ['id', 'name'] } },
      nextOffset: { type: 'integer', description: 'The offset of the next page; absent on the last page.' },
    },
    required: ['total', 'models'],
  },
  async run(input, ctx) {
    const index = await ctx.models();
    const ids = searchModels(index, input.search, input.baseModel);
    const offset = input.offset ?? 0;
    const page = ids.slice(offset, offset + (input.limit ?? LIST_LIMIT));
    return {
      total: ids.length,
      models: page.map((id) => ({
        id,
        name: index.displayName(id),
        extends: index.parents(id),
        properties: index.properties(id).size,
        relationships: index.relationships(id).length,
        ...(index.isCapability(id) ? { capability: true } : {}),
      })),
      ...(offset + page.length < ids.length ? { nextOffset: offset + page.length } : {}),
    };
  },
};

export const getModelTool: ReadTool<{ id: string }> = {
  name: 'get_model',
  title: 'Describe a model',
  access: 'read',
  whenCut: 'model_vocabulary gives the same model in fewer words',
  description:
    'Describes one model with inheritance resolved: its ancestors, the models extending it, every property (schema, writable, unit, the model that declares it), relationships (name, target model, properties), telemetry and components. Use it to learn which properties a twin of that model can have and how it may be related.',
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'string', minLength: 1, description: 'The model id (a DTMI such as dtmi:com:example:Room;1).' },
    },
    required: ['id'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { id: { type: 'string' }, properties: { type: 'array' }, relationships: { type: 'array' } },
    required: ['id', 'name', 'ancestors', 'properties', 'relationships'],
  },
  async run(input, ctx) {
    const index = await ctx.models();
    const model = index.get(input.id);
    if (!model) throw new ToolInputError(`unknown model ${input.id}; list_models finds model ids`);
    return {
      id: input.id,
      name: index.displayName(input.id),
      description: pickText(model.description) ?? null,
      ancestors: index.ancestors(input.id),
      children: index.children(input.id),
      capability: index.isCapability(input.id),
      properties: [...index.properties(input.id).values()].map((p) => ({
        name: p.name,
        schema: describeSchema(p.schema),
        writable: p.writable,
        ...(p.unit ? { unit: p.unit } : {}),
        ...(p.definedIn !== input.id ? { from: p.definedIn } : {}),
      })),
      relationships: index.relationships(input.id).map((r) => ({
        name: r.name,
        target: r.target ?? 'any',
        ...(r.properties.length
          ? { properties: r.properties.map((p) => `${p.name}: ${describeSchema(p.schema)}`) }
          : {}),
        ...(r.definedIn !== input.id ? { from: r.definedIn } : {}),
      })),
      telemetry: [...index.telemetry(input.id).values()].map((t) => ({
        name: t.name,
        schema: describeSchema(t.schema),
        ...(t.unit ? { unit: t.unit } : {}),
      })),
      components: [...index.components(input.id).values()].map((c) => ({ name: c.name, schema: c.schema })),
    };
  },
};

/** The properties a relationship of the model may carry, with their schemas (enum values named), by relationship. */
function relationshipProperties(index: ModelIndex, id: string): { relationshipProperties?: Record<string, unknown> } {
  const withProperties = index.relationships(id).filter((r) => r.properties.length);
  if (withProperties.length === 0) return {};
  return {
    relationshipProperties: Object.fromEntries(
      withProperties.map((r) => [
        r.name,
        Object.fromEntries(r.properties.map((p) => [p.name, describeSchema(p.schema)])),
      ]),
    ),
  };
}

export const modelVocabularyTool: ReadTool<{ models?: string[]; search?: string }> = {
  name: 'model_vocabulary',
  title: 'Vocabulary for writing twins',
  access: 'read',
  whenCut: 'name fewer models, or search for them',
  description:
    "The vocabulary an agent needs to write valid twins and relationships, from the connection's live models: per model, the fields a twin must carry (id, modelId), its allowed properties with their types (inherited ones included; an enum names its values), the relationship names it may have with the model each must target (a target's descendants are accepted too), and the properties those relationships may carry. Call it before put_twin or create_relationship. Give model ids, or search words; without either it covers every model briefly.",
  inputSchema: {
    type: 'object',
    properties: {
      models: { type: 'array', items: { type: 'string' }, maxItems: 20, description: 'Model ids to describe in full.' },
      search: { type: 'string', description: 'Words in the model id or name (instead of models).' },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { required: { type: 'array' }, models: { type: 'array' } },
    required: ['required', 'models'],
  },
  async run(input, ctx) {
    const index = await ctx.models();
    const unknown = (input.models ?? []).filter((id) => !index.has(id));
    if (unknown.length) throw new ToolInputError(`unknown model(s) ${unknown.join(', ')}; list_models finds model ids`);
    const ids = input.models?.length ? input.models : searchModels(index, input.search, undefined);
    return {
      required: ['id (unique, the twin id)', 'modelId (one of the model ids)'],
      optional: [`contents.${EXTERNAL_ID_KEY} (string, the external id)`],
      models: ids.map((id) => ({
        id,
        name: index.displayName(id),
        properties: Object.fromEntries(
          [...index.properties(id).values()].map((p) => [p.name, describeSchema(p.schema)]),
        ),
        relationships: Object.fromEntries(index.relationships(id).map((r) => [r.name, r.target ?? 'any'])),
        ...relationshipProperties(index, id),
      })),
    };
  },
};

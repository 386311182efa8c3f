import * as vscode from 'vscode';
import type { BuildingTwinsApi, DigitalTwin, Relationship } from '../../core/api/types';
import { coerceCell } from '../../core/bulk/csvValues';
import type { PropertyInfo, RelationshipInfo } from '../../core/dtdl/dtdlTypes';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { describeSchema } from '../../core/dtdl/twinJsonSchema';
import { validateProperties } from '../../core/dtdl/twinValidation';
import { showWritten } from '../documents/writtenResources';
import type { BuildingTwinsContext } from '../extensionContext';
import { notifyResult, targetConnection } from '../tree/commandTarget';
import { LocationNode } from '../tree/locationsNode';
import { TwinNode } from '../tree/twinNode';
import { pickTwin } from './authoringPickers';
import { describeUpsert, relationshipDocumentUri, upsertRelationship, writtenRelationship, type UpsertedRelationship } from './relationshipUpsert';
import { noIcons } from '../iconText';

const LEAVE_OUT = '(leave out)';

/** Asks for one relationship property: a pick for enums and booleans, typed text otherwise; undefined = left out. */
async function askProperty(ctx: BuildingTwinsContext, prop: PropertyInfo, step: string): Promise<unknown> {
  const title = `${step}: ${prop.name} (${describeSchema(prop.schema)})`;
  if (prop.schema.kind === 'enum' || (prop.schema.kind === 'primitive' && prop.schema.name === 'boolean')) {
    const values = prop.schema.kind === 'enum' ? prop.schema.values.map((v) => v.value) : [true, false];
    const picked = await ctx.input.pick([...values.map((v) => ({ label: noIcons(String(v)), value: v as unknown })), { label: LEAVE_OUT, value: undefined }], { title });
    return picked.value;
  }
  const schema = prop.schema;
  const text = await ctx.input.input({
    title,
    prompt: `Value of ${prop.name}; empty leaves it out`,
    validate: (v) => {
      if (v.trim() === '') return undefined;
      try { coerceCell(v, schema); return undefined; } catch (err) { return (err as Error).message; }
    },
  });
  return text.trim() === '' ? undefined : coerceCell(text, schema);
}

async function sourceTwin(ctx: BuildingTwinsContext, arg: unknown, index: ModelIndex, client: BuildingTwinsApi): Promise<DigitalTwin> {
  if (arg instanceof TwinNode || arg instanceof LocationNode) return arg.twin;
  if (typeof arg === 'string' && arg) return client.getTwin(arg);
  return pickTwin(ctx, client, index, 'Create relationship: source twin');
}

/**
 * "Create relationship…" from a twin in the explorer (or a twin id, or a picked twin): pick a relationship
 * its model allows, a target twin of the allowed model (live lookup), and the relationship's properties;
 * the draft is checked against the model, sent with PUT /twins/relationships and opened. Says plainly
 * when the same relationship already existed.
 */
export async function createRelationship(ctx: BuildingTwinsContext, arg?: unknown): Promise<UpsertedRelationship> {
  const { connection, client } = await targetConnection(ctx, arg);
  const index = await ctx.models.getIndex(connection);
  const source = await sourceTwin(ctx, arg, index, client);
  const allowed = index.relationships(source.modelId);
  if (allowed.length === 0) throw new Error(`${source.id} is a ${index.displayName(source.modelId)} (${source.modelId}), whose model declares no relationships.`);
  const { definition } = await ctx.input.pick(allowed.map((r) => ({
    label: noIcons(r.name),
    description: r.target ? noIcons(`→ ${index.displayName(r.target)}`) : '→ any model',
    detail: r.properties.length ? noIcons(`properties: ${r.properties.map((p) => p.name).join(', ')}`) : undefined,
    definition: r as RelationshipInfo,
  })), { title: `Create relationship from ${source.id}: relationship`, matchOnDescription: true });
  const target = await pickTwin(ctx, client, index, `Create relationship ${source.id} ${definition.name}: target twin`, definition.target);
  if (definition.target && !index.isA(target.modelId, definition.target)) {
    throw new Error(`${definition.name} must target a ${index.displayName(definition.target)}, but ${target.id} is a ${target.modelId}. Nothing was sent.`);
  }
  const properties: Record<string, unknown> = {};
  for (const prop of definition.properties) {
    const value = await askProperty(ctx, prop, `Create relationship ${definition.name}`);
    if (value !== undefined) properties[prop.name] = value;
  }
  const problems = validateProperties(definition.properties, properties, '/properties', `relationship ${definition.name}`);
  if (problems.length) throw new Error(`Relationship ${definition.name}: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}. Nothing was sent.`);
  const draft: Relationship = { sourceId: source.id, name: definition.name, targetId: target.id, ...(Object.keys(properties).length ? { properties } : {}) };
  ctx.log.info(`Relationship draft on "${connection}": ${JSON.stringify(draft)}`);
  const result = await upsertRelationship(client, draft);
  ctx.log.info(describeUpsert(result));
  await showWritten(ctx, [writtenRelationship(connection, result.relationship)]);
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(relationshipDocumentUri(connection, result.relationship)), { preview: true });
  notifyResult(ctx, describeUpsert(result));
  return result;
}

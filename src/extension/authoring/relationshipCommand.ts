import * as vscode from 'vscode';
import type { BuildingTwinsApi, DigitalTwin, Relationship } from '../../core/api/types';
import { coerceCell } from '../../core/bulk/csvValues';
import type { PropertyInfo, RelationshipInfo } from '../../core/dtdl/dtdlTypes';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { describeSchema } from '../../core/dtdl/twinJsonSchema';
import { relationshipPropertiesProblem, relationshipTargetProblem } from '../../core/dtdl/relationshipRules';
import { showWritten } from '../documents/writtenResources';
import type { ExtensionServices } from '../shell/services';
import { notifyResult, targetConnection } from '../explorer/commandTarget';
import { pickTwin } from './authoringPickers';
import { upsertRelationship, type UpsertedRelationship } from '../../core/bulk/upsertRelationship';
import { describeUpsert, relationshipDocumentUri, writtenRelationship } from './writtenRelationship';
import { noIcons } from '../shell/iconText';
import type { RowSubject } from '../explorer/rowSubject';
import type { TreeNode } from '../explorer/treeNode';

/** Asks for one property of relationship `name`: a pick for enums and booleans, typed text otherwise; undefined = left out. */
async function askProperty(ctx: Pick<ExtensionServices, 'input'>, prop: PropertyInfo, name: string): Promise<unknown> {
  const title = vscode.l10n.t('Create relationship {0}: {1} ({2})', name, prop.name, describeSchema(prop.schema));
  if (prop.schema.kind === 'enum' || (prop.schema.kind === 'primitive' && prop.schema.name === 'boolean')) {
    const values = prop.schema.kind === 'enum' ? prop.schema.values.map((v) => v.value) : [true, false];
    const picked = await ctx.input.pick(
      [
        ...values.map((v) => ({ label: noIcons(String(v)), value: v as unknown })),
        { label: vscode.l10n.t('(leave out)'), value: undefined },
      ],
      { title },
    );
    return picked.value;
  }
  const schema = prop.schema;
  const text = await ctx.input.input({
    title,
    prompt: vscode.l10n.t('Value of {0}; empty leaves it out', prop.name),
    validate: (v) => {
      if (v.trim() === '') return undefined;
      try {
        coerceCell(v, schema);
        return undefined;
      } catch (err) {
        return (err as Error).message;
      }
    },
  });
  return text.trim() === '' ? undefined : coerceCell(text, schema);
}

/** The source twin: its row, or its id. */
type SourceTwin = (TreeNode & RowSubject<'twins'>) | string;

async function sourceTwin(
  ctx: Pick<ExtensionServices, 'input'>,
  arg: SourceTwin | undefined,
  index: ModelIndex,
  client: BuildingTwinsApi,
): Promise<DigitalTwin> {
  if (typeof arg === 'string') {
    if (arg) return client.getTwin(arg);
  } else if (arg?.value) return arg.value;
  return pickTwin(ctx, client, index, vscode.l10n.t('Create relationship: source twin'));
}

/**
 * "Create relationship…" from a twin in the explorer (or a twin id, or a picked twin): pick a relationship
 * its model allows, a target twin of the allowed model (live lookup), and the relationship's properties;
 * the draft is checked against the model, sent with PUT /twins/relationships and opened. Says plainly
 * when the same relationship already existed.
 */
export async function createRelationship(
  ctx: Pick<ExtensionServices, 'connections' | 'documents' | 'input' | 'log' | 'models' | 'tree'>,
  arg?: SourceTwin,
): Promise<UpsertedRelationship> {
  const { connection, client } = await targetConnection(ctx, arg);
  const index = await ctx.models.getIndex(connection);
  const source = await sourceTwin(ctx, arg, index, client);
  const allowed = index.relationships(source.modelId);
  if (allowed.length === 0)
    throw new Error(
      vscode.l10n.t(
        '{0} is a {1} ({2}), whose model declares no relationships.',
        source.id,
        index.displayName(source.modelId),
        source.modelId,
      ),
    );
  const { definition } = await ctx.input.pick(
    allowed.map((r) => ({
      label: noIcons(r.name),
      description: r.target ? noIcons(`→ ${index.displayName(r.target)}`) : vscode.l10n.t('→ any model'),
      detail: r.properties.length
        ? noIcons(vscode.l10n.t('properties: {0}', r.properties.map((p) => p.name).join(', ')))
        : undefined,
      definition: r as RelationshipInfo,
    })),
    { title: vscode.l10n.t('Create relationship from {0}: relationship', source.id), matchOnDescription: true },
  );
  const target = await pickTwin(
    ctx,
    client,
    index,
    vscode.l10n.t('Create relationship {0} {1}: target twin', source.id, definition.name),
    definition.target,
  );
  const wrongTarget = relationshipTargetProblem(index, definition, target);
  if (wrongTarget) throw new Error(wrongTarget);
  const properties: Record<string, unknown> = {};
  for (const prop of definition.properties) {
    const value = await askProperty(ctx, prop, definition.name);
    if (value !== undefined) properties[prop.name] = value;
  }
  const wrongProperties = relationshipPropertiesProblem(definition, properties);
  if (wrongProperties) throw new Error(wrongProperties);
  const draft: Relationship = {
    sourceId: source.id,
    name: definition.name,
    targetId: target.id,
    ...(Object.keys(properties).length ? { properties } : {}),
  };
  ctx.log.info(`Relationship draft on "${connection}": ${JSON.stringify(draft)}`);
  const result = await upsertRelationship(client, draft);
  ctx.log.info(describeUpsert(result));
  await showWritten(ctx, [writtenRelationship(connection, result.relationship)]);
  await vscode.window.showTextDocument(
    await vscode.workspace.openTextDocument(relationshipDocumentUri(connection, result.relationship)),
    { preview: true },
  );
  notifyResult(ctx, describeUpsert(result));
  return result;
}

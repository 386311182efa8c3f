// Copy commands of explorer rows (twins, relationships, models, insights), one row or a multi-selection:
// ids, JSON, and the request that reads each row as cURL or a .http request (the token stays a variable).
import * as vscode from 'vscode';
import { curlCommand, httpFileRequest, type SnippetRequest } from '../../core/api/requestSnippets';
import type { ExtensionServices } from '../shell/services';
import { isRow } from './rowSubject';
import type { TreeNode } from './treeNode';

/** `path`: where the service serves the row (undefined for a relationship without an id). */
interface CopiedRow {
  id: string;
  value: unknown;
  path: string | undefined;
  connection: string | undefined;
  query?: SnippetRequest['query'];
}

const seg = (value: string): string => encodeURIComponent(value);

function copiedRow(node: TreeNode | undefined): CopiedRow | undefined {
  if (!isRow(node, 'twins', 'relationships', 'models', 'insights')) return undefined;
  const { connection, ids, value } = node;
  switch (node.kind) {
    case 'twins':
      return { id: ids[0], value, path: `/twins/${seg(ids[0])}`, connection };
    case 'relationships':
      return {
        id: ids[1] ?? '',
        value,
        path: ids[1] ? `/twins/${seg(ids[0])}/relationships/${seg(ids[1])}` : undefined,
        connection,
      };
    case 'models':
      // The service sends a model's DTDL only when asked for it.
      return {
        id: ids[0],
        value: undefined,
        path: `/models/${seg(ids[0])}`,
        query: { includeModelDefinitions: true },
        connection,
      };
    case 'insights':
      return { id: ids[0], value, path: `/insights/${seg(ids[0])}`, connection };
  }
}

/** The rows a row command acts on: the selection when the clicked row is part of it, else the clicked row. */
function copiedRows(node: TreeNode | undefined, selection: readonly TreeNode[] | undefined, what: string): CopiedRow[] {
  const nodes = node && selection && selection.length > 1 && selection.includes(node) ? selection : [node];
  const rows = nodes.map(copiedRow);
  if (rows.length === 0 || rows.some((r) => r === undefined)) {
    throw new Error(vscode.l10n.t('{0} works on twins, relationships, models and insights in the explorer.', what));
  }
  return rows as CopiedRow[];
}

async function copied(text: string): Promise<string> {
  await vscode.env.clipboard.writeText(text);
  return text;
}

export function copyId(_services: unknown, node?: TreeNode, selection?: TreeNode[]): Promise<string> {
  return copied(
    copiedRows(node, selection, vscode.l10n.t('Copy id'))
      .map((r) => r.id)
      .join('\n'),
  );
}

export async function copyJson(
  ctx: Pick<ExtensionServices, 'connections'>,
  node?: TreeNode,
  selection?: TreeNode[],
): Promise<string> {
  const rows = copiedRows(node, selection, vscode.l10n.t('Copy as JSON'));
  const values = await Promise.all(
    rows.map(async (row) => {
      if (row.value !== undefined) return row.value;
      const model = await (
        await ctx.connections.getClient(row.connection ?? ctx.connections.activeName())
      ).getModel(row.id);
      return model.modelDefinition ? (JSON.parse(model.modelDefinition) as unknown) : model;
    }),
  );
  return copied(JSON.stringify(values.length === 1 ? values[0] : values, null, 2));
}

function snippetRequests(
  ctx: Pick<ExtensionServices, 'connections'>,
  node: TreeNode | undefined,
  selection: readonly TreeNode[] | undefined,
  what: string,
): SnippetRequest[] {
  return copiedRows(node, selection, what).map((row) => {
    const profile = ctx.connections.require(row.connection ?? ctx.connections.activeName());
    if (!row.path) throw new Error(vscode.l10n.t('{0}: the relationship has no id to read it by.', what));
    return { method: 'GET', baseUrl: profile.baseUrl, path: row.path, ...(row.query ? { query: row.query } : {}) };
  });
}

/** "Copy as Curl Command": one cURL command per row, reading the token from $BUILDING_TWINS_TOKEN. */
export function copyAsCurl(
  ctx: Pick<ExtensionServices, 'connections'>,
  node?: TreeNode,
  selection?: TreeNode[],
): Promise<string> {
  return copied(
    snippetRequests(ctx, node, selection, vscode.l10n.t('Copy as Curl Command')).map(curlCommand).join('\n\n'),
  );
}

/** "Copy as .http request": one request per row, separated by `###`, the token a file variable. */
export function copyAsHttp(
  ctx: Pick<ExtensionServices, 'connections'>,
  node?: TreeNode,
  selection?: TreeNode[],
): Promise<string> {
  return copied(
    snippetRequests(ctx, node, selection, vscode.l10n.t('Copy as .http request'))
      .map(httpFileRequest)
      .join('\n###\n\n'),
  );
}

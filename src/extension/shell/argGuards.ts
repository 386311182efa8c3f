// The argument guards the features' command tables share (see commandArgs.ts for the pure ones): rows of the
// explorer, files, JSON. Each feature's table pairs its handlers with these.
import * as vscode from 'vscode';
import { type Guard, instanceOf, listOf, oneOf, options, text } from './commandArgs';
import { isRow, type RowKind, type RowSubject } from '../explorer/rowSubject';
import { TreeNode } from '../explorer/treeNode';
import { RESOURCE_SCHEME } from '../documents/resourceUri';

/** Any row of the explorer. */
export const row = instanceOf(TreeNode);
export const uri = (value: unknown): value is vscode.Uri => value instanceof vscode.Uri;
/** A file: a URI, or a path typed or passed by another command. */
export const file = oneOf(uri, text);
export const files = listOf(file);
/** A row of the explorer that stands for one of `kinds` (rowSubject.ts). */
export const rowOf =
  <K extends RowKind>(...kinds: K[]): Guard<TreeNode & RowSubject<K> & { kind: K }> =>
  (value): value is TreeNode & RowSubject<K> & { kind: K } =>
    value instanceof TreeNode && isRow(value, ...kinds);
export const twinRow = rowOf('twins');
export const connectionRow = rowOf('connection');
/** What the panels read a target from: a row, or a row in plain data (a tooltip's Chart and Graph links). */
export const panelRow = (value: unknown): value is RowSubject => isRow(value);
/** The document of one twin (`buildingtwins:/<connection>/twins/<id>.json`), as an editor's title menu passes it. */
export const twinDocument = (value: unknown): value is vscode.Uri =>
  value instanceof vscode.Uri && value.scheme === RESOURCE_SCHEME && /^\/[^/]+\/twins\/[^/]+\.json$/.test(value.path);
/** JSON to send: text, or the value itself (an object, or an array of objects such as a JSON Patch). */
export const json = oneOf(text, options, listOf(options));

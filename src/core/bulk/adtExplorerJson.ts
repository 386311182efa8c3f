// Azure Digital Twins Explorer's graph export ("Export graph" in ADT Explorer), read as an import file:
// { "digitalTwinsFileInfo": { "fileVersion": "1.0.0" },
//   "digitalTwinsGraph": { "digitalTwins": [ { "$dtId", "$metadata": { "$model" }, …properties } ],
//                          "relationships": [ { "$relationshipId", "$sourceId", "$targetId", "$relationshipName", …properties } ] },
//   "digitalTwinsModels": [ …DTDL interfaces ] }
// Twins become { id, modelId, contents } and relationships { sourceId, name, targetId, properties }; the service
// derives relationship ids, so "$relationshipId" is not sent. The models in the file are not uploaded: the twins are
// checked against the connection's models, as every import is.
import * as l10n from '@vscode/l10n';
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { DigitalTwin, Relationship } from '../api/types';
import { isObject, type JsonObject } from '../dtdl/dtdlText';
import type { ImportItem, ImportIssue, ParsedImport } from './importTypes';
import { nodeValue, pointerSegments, readJsonSourceTree, type JsonSourceTree } from './jsonSourceTree';

/** The file versions of ADT Explorer's export this reads. */
const FILE_VERSIONS = ['1.0.0'];
/** Levels above an item: the file's object, the graph, its array. */
const WRAPPER_LEVELS = 3;
const GRAPH = 'digitalTwinsGraph';

/** Whether the JSON text is an ADT Explorer graph export (its top-level object has "digitalTwinsGraph"). */
export function isAdtExplorerJson(text: string): boolean {
  // Parsed only when it can be one: an import file of this extension's own JSON is not read twice.
  if (!/^[\uFEFF\s]*\{/.test(text) || !text.includes(`"${GRAPH}"`)) return false;
  const tree = readJsonSourceTree(text, undefined, WRAPPER_LEVELS);
  return 'root' in tree && tree.root.type === 'object' && !!findNodeAtLocation(tree.root, [GRAPH]);
}

/** Parses an ADT Explorer graph export; each problem names its line and the JSON path it is about. */
export function parseAdtExplorerJson(text: string, file?: string): ParsedImport {
  const tree = readJsonSourceTree(text, file, WRAPPER_LEVELS);
  if (!('root' in tree)) return { items: [], errors: [tree] };
  const items: ImportItem[] = [];
  const errors: ImportIssue[] = [];
  const problem = (node: Node, path: string, message: string): void => {
    errors.push({ file, line: tree.lines.lineAt(node.offset), path, message: `${path}: ${message}` });
  };
  const { root } = tree;
  const graph = root.type === 'object' ? findNodeAtLocation(root, [GRAPH]) : undefined;
  if (!graph || graph.type !== 'object') {
    problem(
      graph ?? root,
      graph ? `/${GRAPH}` : '/',
      l10n.t('an Azure Digital Twins Explorer export is an object with a "{0}" object', GRAPH),
    );
    return { items, errors };
  }
  const version = findNodeAtLocation(root, ['digitalTwinsFileInfo', 'fileVersion']);
  if (version && !FILE_VERSIONS.includes(String(version.value)))
    problem(
      version,
      '/digitalTwinsFileInfo/fileVersion',
      l10n.t('file version "{0}" is not one this reads ({1})', String(version.value), FILE_VERSIONS.join(', ')),
    );
  for (const [key, read] of [
    ['digitalTwins', readTwin],
    ['relationships', readRelationship],
  ] as const) {
    const list = findNodeAtLocation(graph, [key]);
    if (!list) continue;
    const listPath = `/${GRAPH}/${key}`;
    if (list.type !== 'array') {
      problem(list, listPath, l10n.t('must be an array'));
      continue;
    }
    (list.children ?? []).forEach((node, i) => {
      const path = `${listPath}/${i}`;
      const value = nodeValue(tree, node);
      const outcome = isObject(value) ? read(value) : l10n.t('must be an object');
      if (typeof outcome === 'string') problem(node, path, outcome);
      else items.push(toItem(tree, node, outcome, file));
    });
  }
  return { items, errors };
}

/** A twin of the export as the service takes it, or what is wrong with it. */
function readTwin(value: JsonObject): DigitalTwin | string {
  const id = value.$dtId;
  const model = isObject(value.$metadata) ? value.$metadata.$model : undefined;
  if (typeof id !== 'string' || id.trim() === '') return l10n.t('"$dtId" must be a non-empty string');
  if (typeof model !== 'string' || model.trim() === '')
    return l10n.t('twin {0}: "$metadata.$model" must be a model id', id);
  const contents: JsonObject = {};
  for (const [key, property] of Object.entries(value)) {
    if (key.startsWith('$')) continue;
    // A component's own "$metadata" (its property times) is the service's, not the twin's.
    contents[key] = isObject(property) && '$metadata' in property ? withoutMetadata(property) : property;
  }
  return { id, modelId: model, ...(Object.keys(contents).length ? { contents } : {}) };
}

/** A relationship of the export as the service takes it, or what is wrong with it. */
function readRelationship(value: JsonObject): Relationship | string {
  const missing = ['$sourceId', '$relationshipName', '$targetId'].find(
    (key) => typeof value[key] !== 'string' || (value[key] as string).trim() === '',
  );
  if (missing) return l10n.t('"{0}" must be a non-empty string', missing);
  const properties: JsonObject = {};
  for (const [key, property] of Object.entries(value)) if (!key.startsWith('$')) properties[key] = property;
  return {
    sourceId: value.$sourceId as string,
    name: value.$relationshipName as string,
    targetId: value.$targetId as string,
    ...(Object.keys(properties).length ? { properties } : {}),
  };
}

function withoutMetadata(component: JsonObject): JsonObject {
  const { $metadata: _metadata, ...rest } = component;
  return rest;
}

/** The item, its problems later placed on the lines of the export's own keys ("/contents/area" is "/area"). */
function toItem(
  tree: JsonSourceTree,
  node: Node,
  read: DigitalTwin | Relationship,
  file: string | undefined,
): ImportItem {
  const line = tree.lines.lineAt(node.offset);
  if ('sourceId' in read) return { kind: 'relationship', file, line, relationship: read as Relationship };
  const lineOf = (pointer: string): number | undefined => {
    const own =
      pointer === '/id'
        ? '/$dtId'
        : pointer === '/modelId'
          ? '/$metadata/$model'
          : pointer.replace(/^\/contents(?=\/|$)/, '');
    const at = findNodeAtLocation(node, pointerSegments(own));
    return at ? tree.lines.lineAt(at.offset) : undefined;
  };
  return { kind: 'twin', file, line, twin: read as DigitalTwin, lineOf };
}

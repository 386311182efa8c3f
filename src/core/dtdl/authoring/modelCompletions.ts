// What may be typed at the cursor of a DTDL model file: the properties the element's class takes (those it does
// not have yet), the classes "@type" may name there, schema names (primitive, and the folder's named schemas),
// the DTMIs of interfaces (the folder's and the connection's) where an interface is named, and the terms of a
// property that takes a fixed set.
import * as l10n from '@vscode/l10n';
import { classSpec, modelCursor, type OffsetRange } from './modelCursor';
import { VERSION_SPECS } from '../validation/metamodel';

export type CompletionKind = 'property' | 'class' | 'schema' | 'interface' | 'value';

export interface ModelCompletion {
  label: string;
  kind: CompletionKind;
  /** What replaces `range`: quoted unless the cursor is inside a string. */
  insertText: string;
  range: OffsetRange;
  /** Where the DTMI comes from, or what the property takes. */
  detail?: string;
}

export interface CompletionSources {
  /** DTMIs of the interfaces defined in the folder's files. */
  folderInterfaces: readonly string[];
  /** DTMIs of the named complex schemas of the folder (`schemas` entries and inline schemas with an "@id"). */
  folderSchemas: readonly string[];
  /** DTMIs of the connection's models. */
  connectionInterfaces: readonly string[];
}

const CONTEXTS = ['dtmi:dtdl:context;3', 'dtmi:dtdl:context;2'];

export function modelCompletions(text: string, offset: number, sources: CompletionSources): ModelCompletion[] {
  const cursor = modelCursor(text, offset);
  if (!cursor) return [];
  const { range, quote } = { range: cursor.replace, quote: (s: string) => (cursor.inString ? s : JSON.stringify(s)) };
  const entry = (label: string, kind: CompletionKind, detail?: string): ModelCompletion => ({
    label,
    kind,
    insertText: quote(label),
    range,
    ...(detail ? { detail } : {}),
  });
  const spec = classSpec(cursor.version, cursor.elementClass);
  const inFolder = l10n.t('defined in this folder');
  if (cursor.kind === 'key') {
    const names = new Set<string>(['@type', '@id', ...(cursor.isRoot ? ['@context'] : [])]);
    const classes = cursor.elementClass ? [cursor.elementClass] : cursor.candidates;
    for (const cls of classes)
      for (const name of Object.keys(classSpec(cursor.version, cls)?.properties ?? {})) names.add(name);
    return [...names]
      .filter((n) => !cursor.presentKeys.includes(n))
      .map((name) => ({
        label: name,
        kind: 'property' as const,
        insertText: cursor.inString ? name : `${JSON.stringify(name)}: `,
        range,
      }));
  }
  const interfaces = (): ModelCompletion[] => {
    const seen = new Set<string>();
    const out: ModelCompletion[] = [];
    for (const [ids, detail] of [
      [sources.folderInterfaces, inFolder],
      [sources.connectionInterfaces, l10n.t('a model of the connection')],
    ] as const) {
      for (const id of ids) {
        if (seen.has(id)) continue;
        seen.add(id);
        out.push(entry(id, 'interface', detail));
      }
    }
    return out;
  };
  if (cursor.property === '@type') return cursor.candidates.map((c) => entry(c, 'class'));
  if (cursor.property === '@context') return cursor.isRoot ? CONTEXTS.map((c) => entry(c, 'value')) : [];
  const property = spec?.properties[cursor.property ?? ''];
  if (!property) return [];
  switch (property.kind) {
    case 'schema': {
      if (property.interfaceOnly) return interfaces();
      const primitives = [...(VERSION_SPECS[cursor.version]?.primitiveSchemas ?? [])].sort();
      return [
        ...primitives.map((p) => entry(p, 'schema')),
        ...sources.folderSchemas.map((s) => entry(s, 'schema', inFolder)),
      ];
    }
    case 'interfaces':
      return interfaces();
    case 'term':
      return property.values.map((v) => entry(v, 'value'));
    case 'boolean':
      return cursor.inString
        ? []
        : ['true', 'false'].map((v) => ({ label: v, kind: 'value' as const, insertText: v, range }));
    default:
      return [];
  }
}

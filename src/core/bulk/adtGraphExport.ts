// A graph of twins written in Azure Digital Twins Explorer's import format, so ADT Explorer (and the importer of
// this extension) reads it back: { digitalTwinsFileInfo, digitalTwinsGraph: { digitalTwins, relationships },
// digitalTwinsModels }. A twin's contents become its properties beside `$dtId` and `$metadata.$model`; a relationship's
// properties sit beside `$relationshipId`, `$sourceId`, `$targetId` and `$relationshipName`. Keys starting with `$`
// in the service's data are left out (they would stand for ADT's own fields). Pure.
import type { DigitalTwin, Relationship } from '../api/types';

export const ADT_GRAPH_FILE_VERSION = '1.0.0';

export interface AdtGraphFile {
  digitalTwinsFileInfo: { fileVersion: string };
  digitalTwinsGraph: {
    digitalTwins: Array<Record<string, unknown>>;
    relationships: Array<Record<string, unknown>>;
  };
  digitalTwinsModels: Array<Record<string, unknown>>;
}

/** Own data keys of a record from the service, without ADT's `$` fields (an own `__proto__` key stays data). */
function dataOf(record: Record<string, unknown> | undefined): Array<[string, unknown]> {
  return Object.entries(record ?? {}).filter(([key]) => !key.startsWith('$'));
}

/**
 * The file for `twins` and their `relationships`, each once (by id, or source, name and target), with `models`: the
 * DTDL interfaces their twins need, as given. A view (the twin graph) writes only the relationships whose both ends
 * are among its twins; an export of chosen twins keeps those to twins outside it (`betweenTwinsOnly: false`).
 */
export function adtGraphFile(
  twins: readonly DigitalTwin[],
  relationships: readonly Relationship[],
  models: ReadonlyArray<Record<string, unknown>>,
  { betweenTwinsOnly = true }: { betweenTwinsOnly?: boolean } = {},
): AdtGraphFile {
  const twinIds = new Set(twins.map((t) => t.id));
  const seen = new Set<string>();
  const written: AdtGraphFile['digitalTwinsGraph']['relationships'] = [];
  for (const r of relationships) {
    const id = r.id ?? `${r.sourceId}_${r.name}_${r.targetId}`;
    if (seen.has(id) || (betweenTwinsOnly && (!twinIds.has(r.sourceId) || !twinIds.has(r.targetId)))) continue;
    seen.add(id);
    written.push(
      Object.fromEntries([
        ['$relationshipId', id],
        ['$sourceId', r.sourceId],
        ['$targetId', r.targetId],
        ['$relationshipName', r.name],
        ...dataOf(r.properties),
      ]),
    );
  }
  return {
    digitalTwinsFileInfo: { fileVersion: ADT_GRAPH_FILE_VERSION },
    digitalTwinsGraph: {
      digitalTwins: twins.map((t) =>
        Object.fromEntries([['$dtId', t.id], ['$metadata', { $model: t.modelId }], ...dataOf(t.contents)]),
      ),
      relationships: written,
    },
    digitalTwinsModels: [...models],
  };
}

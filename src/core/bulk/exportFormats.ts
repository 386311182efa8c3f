// The files an export writes besides this extension's import JSON (streamed by twinExport.ts): Azure Digital Twins
// Explorer's graph export and import sheet, and CSV in the import's mixed layout. Each reads back with import.
import type { DigitalTwin, Relationship } from '../api/types';
import { isObject } from '../dtdl/dtdlText';
import { csvText, type CsvCell } from '../untrusted/csvText';
import { ADT_SHEET_COLUMNS } from './adtExcelSheet';
import { type AdtGraphFile, adtGraphFile } from './adtGraphExport';
import { writeSheet } from './xlsxWorkbook';

export const EXPORT_FORMATS = ['json', 'adtJson', 'adtExcel', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const isExportFormat = (value: unknown): value is ExportFormat =>
  typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);

/** The extension a format's files have. */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = {
  json: 'json',
  adtJson: 'json',
  adtExcel: 'xlsx',
  csv: 'csv',
};

/** The format a file's name asks for: `.csv`, `.xlsx` (ADT Explorer's sheet), else this extension's JSON. */
export function exportFormatOfFile(name: string): ExportFormat {
  if (/\.csv$/i.test(name)) return 'csv';
  if (/\.xlsx$/i.test(name)) return 'adtExcel';
  return 'json';
}

export interface ExportedGraph {
  twins: readonly DigitalTwin[];
  relationships: readonly Relationship[];
}

/** The bytes of a format written whole (every format but `json`, which twinExport.ts streams). */
export async function exportFileContent(
  format: Exclude<ExportFormat, 'json'>,
  graph: ExportedGraph,
): Promise<Uint8Array> {
  switch (format) {
    case 'adtJson':
      return new TextEncoder().encode(`${JSON.stringify(adtExplorerGraph(graph), null, 2)}\n`);
    case 'adtExcel':
      return writeSheet('Twins', adtSheetRows(graph));
    case 'csv':
      return new TextEncoder().encode(twinsCsv(graph));
  }
}

/** ADT Explorer's graph export (adtGraphExport.ts) of the exported twins and all their relationships; no models. */
export function adtExplorerGraph({ twins, relationships }: ExportedGraph): AdtGraphFile {
  return adtGraphFile(twins, relationships, [], { betweenTwinsOnly: false });
}

/**
 * ADT Explorer's import sheet: a row per twin, with the first relationship that reaches it; each further relationship
 * on a row of its own (no ModelId). The relationship properties' column is there only when one has properties.
 */
export function adtSheetRows({ twins, relationships }: ExportedGraph): Array<Array<string | null>> {
  const withProperties = relationships.some((r) => isObject(r.properties) && Object.keys(r.properties).length);
  const c = ADT_SHEET_COLUMNS;
  const header: string[] = [c.modelId, c.id, c.relationshipFrom, c.relationshipName, c.initData];
  if (withProperties) header.push(c.relationshipInitData);
  const json = (value: Record<string, unknown> | undefined): string | null =>
    value && Object.keys(value).length ? JSON.stringify(value) : null;
  const row = (
    modelId: string | null,
    id: string,
    rel: Relationship | undefined,
    init: string | null,
  ): Array<string | null> => {
    const cells = [modelId, id, rel?.sourceId ?? null, rel?.name ?? null, init];
    if (withProperties) cells.push(json(rel?.properties));
    return cells;
  };
  // The first relationship reaching each twin (a twin listed twice gets it once).
  const firstTo = new Map<string, Relationship>();
  for (const rel of relationships) if (!firstTo.has(rel.targetId)) firstTo.set(rel.targetId, rel);
  const onTwinRow = new Set<Relationship>();
  const rows: Array<Array<string | null>> = [header];
  for (const twin of twins) {
    const candidate = firstTo.get(twin.id);
    const first = candidate && !onTwinRow.has(candidate) ? candidate : undefined;
    if (first) onTwinRow.add(first);
    rows.push(row(twin.modelId, twin.id, first, json(twin.contents)));
  }
  for (const rel of relationships) if (!onTwinRow.has(rel)) rows.push(row(null, rel.targetId, rel, null));
  return rows;
}

/**
 * CSV in the import's layout: `id,modelId` and a column per property (objects as dotted columns, arrays and empty
 * objects as JSON); with relationships, the mixed layout (a `kind` column, `sourceId`, `name`, `targetId`). Text that
 * looks like a formula is written with a leading apostrophe (csvText.ts), which import drops again.
 */
export function twinsCsv({ twins, relationships }: ExportedGraph): string {
  const mixed = relationships.length > 0;
  const twinCells = twins.map((t) => flatten(t.contents ?? {}));
  const relationshipCells = relationships.map((r) => flatten(r.properties ?? {}));
  const fixed = mixed ? ['kind', 'id', 'modelId', 'name', 'sourceId', 'targetId'] : ['id', 'modelId'];
  const properties = [...new Set([...twinCells, ...relationshipCells].flatMap((cells) => [...cells.keys()]))]
    .filter((column) => !fixed.includes(column))
    .sort();
  const header = [...fixed, ...properties];
  const twinRows = twins.map((twin, i) =>
    header.map((h): CsvCell => {
      if (h === 'kind') return 'twin';
      if (h === 'id') return twin.id;
      if (h === 'modelId') return twin.modelId;
      if (h === 'sourceId' || h === 'targetId') return null;
      return twinCells[i].get(h);
    }),
  );
  const relationshipRows = relationships.map((rel, i) =>
    header.map((h): CsvCell => {
      if (h === 'kind') return 'relationship';
      if (h === 'sourceId') return rel.sourceId;
      if (h === 'name') return rel.name;
      if (h === 'targetId') return rel.targetId;
      if (h === 'id' || h === 'modelId') return null;
      return relationshipCells[i].get(h);
    }),
  );
  return csvText(header, [...twinRows, ...relationshipRows]);
}

/** Leaf values by dotted column: plain objects followed (unless a key has a dot), the rest as CSV cells or JSON. */
function flatten(value: Record<string, unknown>): Map<string, CsvCell> {
  const cells = new Map<string, CsvCell>();
  const walk = (node: Record<string, unknown>, prefix: string): void => {
    for (const [key, child] of Object.entries(node)) {
      const column = `${prefix}${key}`;
      if (isObject(child) && Object.keys(child).length && !Object.keys(child).some((k) => k.includes('.')))
        walk(child, `${column}.`);
      else if (child === null || ['string', 'number', 'boolean'].includes(typeof child))
        cells.set(column, child as CsvCell);
      else cells.set(column, JSON.stringify(child));
    }
  };
  walk(value, '');
  return cells;
}

// A request's result as the results panel shows it: a table (twins get their model's properties as
// columns, other records their plain fields), a series to chart when the rows are time-series values,
// and CSV for export. Cells are plain text or numbers, never markup.

import { csvText } from '../untrusted/csvText';
import { isPrototypeKey } from '../untrusted/prototypeKeys';
import { GRAPH_ROW_KEYS, resultRows } from './resultRows';

export type Cell = string | number | boolean | null;

export interface ResultColumn {
  /** A field of the row, or `contents.<property>` for a twin property. */
  key: string;
  label: string;
}

export interface ResultTable {
  kind: 'twins' | 'series' | 'records' | 'record';
  columns: ResultColumn[];
  rows: Cell[][];
}

/** Points of a time-series result, by twin, in the order they came. */
export interface ResultSeries {
  twinId: string;
  times: number[];
  values: number[];
}

/** Property names of a model, inherited ones included (from the connection's model index). */
export type ModelProperties = (modelId: string) => readonly string[];

const TWIN_LEADING = ['id', 'modelId'];
const SERIES_COLUMNS = ['twinId', 'sourceTimestamp', 'scalarValue', 'connectorId', 'externalId'];
/** Columns beyond these are left to the JSON view. */
const MAX_COLUMNS = 40;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function cellOf(value: unknown): Cell {
  if (value === undefined) return null;
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

function read(row: Record<string, unknown>, key: string): unknown {
  if (!key.startsWith('contents.')) return Object.hasOwn(row, key) ? row[key] : undefined;
  const contents = row.contents;
  const name = key.slice('contents.'.length);
  return isObject(contents) && Object.hasOwn(contents, name) ? contents[name] : undefined;
}

function isTwinRow(row: unknown): row is Record<string, unknown> {
  return isObject(row) && typeof row.id === 'string' && typeof row.modelId === 'string';
}

function isSeriesRow(row: unknown): row is Record<string, unknown> {
  return isObject(row) && typeof row.sourceTimestamp === 'string' && typeof row.scalarValue === 'number';
}

function twinColumns(rows: Array<Record<string, unknown>>, properties: ModelProperties): ResultColumn[] {
  const names = new Set<string>();
  for (const modelId of new Set(rows.map((r) => r.modelId as string)))
    for (const name of properties(modelId)) names.add(name);
  // Properties the rows hold that no model names (an ontology not loaded) still get a column.
  for (const row of rows)
    if (isObject(row.contents))
      for (const name of Object.keys(row.contents)) if (!isPrototypeKey(name)) names.add(name);
  // The twin's name first, then the model's other properties in the model's order.
  const used = [...names]
    .filter((name) => rows.some((r) => read(r, `contents.${name}`) !== undefined))
    .sort((a, b) => Number(b === 'name') - Number(a === 'name'));
  // A twins graph's rows say how each twin was reached (resultRows.ts).
  const leading = rows.some((r) => Object.hasOwn(r, 'alias')) ? [...TWIN_LEADING, ...GRAPH_ROW_KEYS] : TWIN_LEADING;
  return [
    ...leading.map((key) => ({ key, label: key })),
    ...used.map((name) => ({ key: `contents.${name}`, label: name })),
    { key: 'lastUpdateTime', label: 'lastUpdateTime' },
  ].slice(0, MAX_COLUMNS);
}

function recordColumns(rows: Array<Record<string, unknown>>): ResultColumn[] {
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) if (!isPrototypeKey(key)) keys.add(key);
  return [...keys].slice(0, MAX_COLUMNS).map((key) => ({ key, label: key }));
}

/** The table of a result: one row per item of a list (or page), or field/value rows for a single record. */
export function resultTable(result: unknown, properties: ModelProperties = () => []): ResultTable {
  const list = resultRows(result);
  if (!list) {
    const record = isObject(result) ? result : { value: result };
    return {
      kind: 'record',
      columns: [
        { key: 'field', label: 'field' },
        { key: 'value', label: 'value' },
      ],
      rows: Object.entries(record)
        .filter(([k]) => !isPrototypeKey(k))
        .map(([k, v]) => [k, cellOf(v)]),
    };
  }
  const rows = list.map((item) => (isObject(item) ? item : { value: item }));
  const kind =
    rows.length && rows.every(isTwinRow) ? 'twins' : rows.length && rows.every(isSeriesRow) ? 'series' : 'records';
  const columns =
    kind === 'twins'
      ? twinColumns(rows, properties)
      : kind === 'series'
        ? SERIES_COLUMNS.filter((k) => rows.some((r) => r[k] !== undefined)).map((key) => ({ key, label: key }))
        : recordColumns(rows);
  return { kind, columns, rows: rows.map((row) => columns.map((c) => cellOf(read(row, c.key)))) };
}

/** The time-series points of a result, by twin; empty when its rows are not time-series values. */
export function resultSeries(result: unknown): ResultSeries[] {
  const rows = resultRows(result);
  if (!rows?.length || !rows.every(isSeriesRow)) return [];
  const byTwin = new Map<string, ResultSeries>();
  for (const row of rows) {
    const twinId = typeof row.twinId === 'string' ? row.twinId : String(row.externalId ?? '');
    let series = byTwin.get(twinId);
    if (!series) byTwin.set(twinId, (series = { twinId, times: [], values: [] }));
    series.times.push(Date.parse(row.sourceTimestamp as string));
    series.values.push(row.scalarValue as number);
  }
  return [...byTwin.values()];
}

/** The table as a CSV file (the one CSV writer of every export). */
export function tableCsv(table: ResultTable): string {
  return csvText(
    table.columns.map((c) => c.label),
    table.rows,
  );
}

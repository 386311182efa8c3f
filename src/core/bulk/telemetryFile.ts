import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { BuildingTwinsApi, TimeSeriesEntry } from '../api/types';
import { isObject } from '../dtdl/dtdlText';
import { toServiceTimestamp } from '../api/serviceTimestamp';
import { MAX_JSON_DEPTH, tooDeepOffset } from '../untrusted/jsonDepth';
import { findPrototypeKey, isPrototypeKey, prototypeKeyMessage } from '../untrusted/prototypeKeys';
import { readCsv } from './csvRecords';
import type { ImportIssue } from './importTypes';
import { LineIndex } from './lineIndex';

export interface TelemetryRow {
  file?: string;
  line: number;
  entry: TimeSeriesEntry;
}
export interface ParsedTelemetry {
  rows: TelemetryRow[];
  errors: ImportIssue[];
}
export interface TelemetryParseOptions {
  file?: string;
  /** Used for rows without a connectorId. */ defaultConnectorId?: string;
}

/** Entries per `POST /time-series` request by default. */
const DEFAULT_TELEMETRY_BATCH = 1000;

const CSV_KNOWN = [
  'twinId',
  'dtId',
  'externalId',
  'timestamp',
  'sourceTimestamp',
  'value',
  'scalarValue',
  'connectorId',
];

/**
 * Parses a telemetry file by name: `.csv` as CSV, anything else as JSON. Layout (see
 * docs/import-formats.md): `twinId` (or `dtId`) or `externalId`, `timestamp` (ISO 8601 with
 * offset, or epoch milliseconds), `value` (a number), optional `connectorId`; JSON rows may carry
 * `properties`, CSV columns beyond these become string properties. Timestamps are written in the ISO 8601
 * extended form the service binds (`toServiceTimestamp`); one without a time zone is refused. Bad rows are reported with
 * their line and left out; the good rows are kept.
 */
export function parseTelemetryFile(
  text: string,
  fileName: string,
  options: Omit<TelemetryParseOptions, 'file'> = {},
): ParsedTelemetry {
  const opts = { ...options, file: fileName };
  return /\.csv$/i.test(fileName) ? parseTelemetryCsv(text, opts) : parseTelemetryJson(text, opts);
}

function parseTelemetryJson(text: string, options: TelemetryParseOptions = {}): ParsedTelemetry {
  const { file } = options;
  const lines = new LineIndex(text);
  const syntax: ParseError[] = [];
  // The BOM becomes a space so offsets stay valid; values are re-read with JSON.parse (plain objects).
  const source = text.replace(/^\uFEFF/, ' ');
  // The file nests as a request body does (an array of rows); deeper is refused before the recursive parser runs.
  const deep = tooDeepOffset(source, MAX_JSON_DEPTH);
  if (deep !== undefined)
    return {
      rows: [],
      errors: [
        {
          file,
          line: lines.lineAt(deep),
          message: `the JSON nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels (the service refuses deeper requests)`,
        },
      ],
    };
  const root = parseTree(source, syntax, { disallowComments: true });
  if (syntax.length || !root) {
    return {
      rows: [],
      errors: [
        {
          file,
          line: syntax[0] ? lines.lineAt(syntax[0].offset) : 1,
          message: syntax[0] ? `JSON syntax error: ${printParseErrorCode(syntax[0].error)}` : 'the file is empty',
        },
      ],
    };
  }
  if (root.type !== 'array')
    return {
      rows: [],
      errors: [{ file, line: lines.lineAt(root.offset), message: 'expected a JSON array of telemetry rows' }],
    };
  const parsed: ParsedTelemetry = { rows: [], errors: [] };
  for (const node of root.children ?? []) {
    const line = lines.lineAt(node.offset);
    const value: unknown = JSON.parse(source.slice(node.offset, node.offset + node.length));
    if (!isObject(value)) {
      parsed.errors.push({ file, line, message: 'each row must be a JSON object' });
      continue;
    }
    const pick = (...keys: string[]): unknown =>
      keys.map((k) => value[k]).find((v) => v !== undefined && v !== null && v !== '');
    addRow(
      parsed,
      { file, line },
      {
        twinId: pick('twinId', 'dtId'),
        externalId: pick('externalId'),
        timestamp: pick('timestamp', 'sourceTimestamp'),
        value: pick('value', 'scalarValue'),
        connectorId: pick('connectorId') ?? options.defaultConnectorId,
        properties: value.properties,
      },
    );
  }
  return parsed;
}

function parseTelemetryCsv(text: string, options: TelemetryParseOptions = {}): ParsedTelemetry {
  const { file } = options;
  const table = readCsv(text, file);
  const parsed: ParsedTelemetry = { rows: [], errors: [...table.errors] };
  if (!table.header.length) return parsed;
  const col = new Map(table.header.map((h, i) => [h, i]));
  const has = (...names: string[]): boolean => names.some((n) => col.has(n));
  if (!has('twinId', 'dtId', 'externalId') || !has('timestamp', 'sourceTimestamp') || !has('value', 'scalarValue')) {
    parsed.errors.push({
      file,
      line: 1,
      message: 'the header needs twinId (or externalId), timestamp and value columns',
    });
    return parsed;
  }
  const extra = table.header.filter((h) => !CSV_KNOWN.includes(h));
  const refused = extra.filter(isPrototypeKey);
  if (refused.length) {
    parsed.errors.push(
      ...refused.map((column) => ({
        file,
        line: table.headerLine,
        path: column,
        message: prototypeKeyMessage(column, `column ${column}`),
      })),
    );
    return parsed;
  }
  for (const { line, cells } of table.rows) {
    const cell = (...names: string[]): string | undefined =>
      names.map((n) => (col.has(n) ? cells[col.get(n)!].trim() : '')).find((v) => v !== '');
    const properties: Record<string, string> = {};
    for (const name of extra) if (cells[col.get(name)!] !== '') properties[name] = cells[col.get(name)!];
    const rawValue = cell('value', 'scalarValue');
    const rawTime = cell('timestamp', 'sourceTimestamp');
    addRow(
      parsed,
      { file, line },
      {
        twinId: cell('twinId', 'dtId'),
        externalId: cell('externalId'),
        timestamp: rawTime !== undefined && /^\d+$/.test(rawTime) ? Number(rawTime) : rawTime,
        value:
          rawValue !== undefined && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(rawValue)
            ? Number(rawValue)
            : rawValue,
        connectorId: cell('connectorId') ?? options.defaultConnectorId,
        properties: Object.keys(properties).length ? properties : undefined,
      },
    );
  }
  return parsed;
}

interface RawRow {
  twinId: unknown;
  externalId: unknown;
  timestamp: unknown;
  value: unknown;
  connectorId: unknown;
  properties: unknown;
}

function addRow(parsed: ParsedTelemetry, at: { file?: string; line: number }, raw: RawRow): void {
  const problems: string[] = [];
  const twinId = typeof raw.twinId === 'string' ? raw.twinId : undefined;
  const externalId = typeof raw.externalId === 'string' ? raw.externalId : undefined;
  if (!twinId && !externalId) problems.push('twinId or externalId is required');
  let sourceTimestamp: string | undefined;
  if (typeof raw.timestamp === 'number' && Number.isInteger(raw.timestamp) && raw.timestamp >= 0)
    sourceTimestamp = new Date(raw.timestamp).toISOString();
  else if (typeof raw.timestamp === 'string') {
    // Written in the one form the service binds; a form it cannot place in time is refused here, naming the row.
    const written = toServiceTimestamp(raw.timestamp);
    if ('timestamp' in written) sourceTimestamp = written.timestamp;
    else problems.push(`timestamp ${written.problem}`);
  } else
    problems.push(
      `timestamp ${JSON.stringify(raw.timestamp ?? null)} is not an ISO 8601 date-time with offset or epoch milliseconds`,
    );
  if (typeof raw.value !== 'number' || !Number.isFinite(raw.value))
    problems.push(`value ${JSON.stringify(raw.value ?? null)} is not a number`);
  if (typeof raw.connectorId !== 'string' || !raw.connectorId)
    problems.push('connectorId is required (add a connectorId column or choose a default connector)');
  if (raw.properties !== undefined && raw.properties !== null && !isObject(raw.properties))
    problems.push('properties must be a JSON object');
  const refusedKey = isObject(raw.properties) ? findPrototypeKey(raw.properties) : undefined;
  if (refusedKey !== undefined)
    problems.push(prototypeKeyMessage(refusedKey.slice(refusedKey.lastIndexOf('/') + 1), `properties${refusedKey}`));
  if (problems.length) {
    parsed.errors.push({ ...at, message: problems.join('; ') });
    return;
  }
  const entry: TimeSeriesEntry = {
    connectorId: raw.connectorId as string,
    ...(twinId ? { dtId: twinId } : { externalId }),
    sourceTimestamp: sourceTimestamp!,
    scalarValue: raw.value as number,
    ...(isObject(raw.properties) ? { properties: raw.properties } : {}),
  };
  parsed.rows.push({ ...at, entry });
}

/** Splits rows into `POST /time-series` batches. */
export function telemetryBatches(rows: TelemetryRow[], batchSize = DEFAULT_TELEMETRY_BATCH): TelemetryRow[][] {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError(`batchSize must be a positive integer, got ${String(batchSize)}`);
  const batches: TelemetryRow[][] = [];
  for (let i = 0; i < rows.length; i += batchSize) batches.push(rows.slice(i, i + batchSize));
  return batches;
}

/**
 * Sends rows batch by batch (the client paces and retries); stops at the first failed batch. The service
 * acknowledges a batch without saying what it stored, so `sent` counts the rows sent.
 */
export async function sendTelemetry(
  rows: TelemetryRow[],
  client: Pick<BuildingTwinsApi, 'sendTimeSeries'>,
  options: { batchSize?: number; signal?: AbortSignal; onProgress?: (sent: number, total: number) => void } = {},
): Promise<{ sent: number }> {
  let sent = 0;
  for (const batch of telemetryBatches(rows, options.batchSize)) {
    await client.sendTimeSeries(
      batch.map((r) => r.entry),
      { signal: options.signal },
    );
    sent += batch.length;
    options.onProgress?.(sent, rows.length);
  }
  return { sent };
}

import type { Writable } from 'node:stream';
import type { BuildingTwinsApi, CallOptions, DigitalTwin, Relationship, TwinFilters } from '../api/types';

export interface ExportProgress {
  twins: number;
  relationships: number;
}

export interface ExportOptions {
  /** Which twins (same filters as `POST /twins`); all twins when absent. */
  filter?: TwinFilters;
  /** Also write each twin's outgoing relationships. Default true. */
  relationships?: boolean;
  pageSize?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
}

/**
 * Reads the twins (page by page) and their outgoing relationships and hands each, as the import format has it, to
 * `visit` (twins of a page, then their relationships): what every export format writes. Service-set fields
 * (`lastUpdateTime`, included relationships) are dropped from twins; relationships keep their id, which an export
 * writes only where its format has a place for it.
 */
export async function visitExport(
  client: Pick<BuildingTwinsApi, 'iterateTwins' | 'listOutgoingRelationships'>,
  options: ExportOptions,
  visit: (item: { twin: DigitalTwin } | { relationship: Relationship }) => Promise<void> | void,
): Promise<ExportProgress> {
  const withRelationships = options.relationships !== false;
  const call: CallOptions = { signal: options.signal };
  const counts: ExportProgress = { twins: 0, relationships: 0 };
  const pending: DigitalTwin[] = [];
  const flushRelationships = async (): Promise<void> => {
    for (const twin of pending.splice(0)) {
      const rels = twin.outgoingRelationships ?? (await client.listOutgoingRelationships(twin.id, {}, call));
      for (const relationship of rels) {
        await visit({ relationship });
        counts.relationships++;
      }
    }
    options.onProgress?.({ ...counts });
  };
  const pageSize = options.pageSize ?? 100;
  for await (const twin of client.iterateTwins(
    { ...options.filter, pageSize, include: { outgoingRelationships: withRelationships } },
    call,
  )) {
    await visit({ twin: exportTwin(twin) });
    counts.twins++;
    if (withRelationships) pending.push(twin);
    if (counts.twins % pageSize === 0) {
      if (withRelationships) await flushRelationships();
      else options.onProgress?.({ ...counts });
    }
  }
  if (withRelationships) await flushRelationships();
  options.onProgress?.({ ...counts });
  return counts;
}

/** The exported twins and relationships in memory, for formats written whole (a workbook, a graph file, CSV). */
export async function collectExport(
  client: Pick<BuildingTwinsApi, 'iterateTwins' | 'listOutgoingRelationships'>,
  options: ExportOptions = {},
): Promise<{ twins: DigitalTwin[]; relationships: Relationship[] }> {
  const twins: DigitalTwin[] = [];
  const relationships: Relationship[] = [];
  await visitExport(client, options, (item) => {
    if ('twin' in item) twins.push(item.twin);
    else relationships.push(item.relationship);
  });
  return { twins, relationships };
}

/**
 * Streams twins (page by page) and their outgoing relationships into `out` as one JSON array in
 * the import format (twins of a page, then their relationships), honouring backpressure and never
 * holding more than one page. Service-set fields (`lastUpdateTime`, relationship ids) are dropped.
 * The stream is ended when done; on failure it is destroyed without the closing bracket.
 */
export async function exportTwins(
  client: Pick<BuildingTwinsApi, 'iterateTwins' | 'listOutgoingRelationships'>,
  out: Writable,
  options: ExportOptions = {},
): Promise<ExportProgress> {
  let first = true;
  const writeItem = async (item: unknown): Promise<void> => {
    const text = `${first ? '[\n' : ',\n'}${JSON.stringify(item)}`;
    first = false;
    if (!out.write(text)) await waitForDrain(out, options.signal);
  };
  let counts: ExportProgress;
  try {
    counts = await visitExport(client, options, (item) =>
      writeItem('twin' in item ? item.twin : exportRelationship(item.relationship)),
    );
  } catch (failure) {
    // Left without its closing bracket, a partial export cannot be mistaken for a complete one.
    out.destroy();
    throw failure;
  }
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(first ? '[]\n' : '\n]\n', () => resolve());
  });
  return counts;
}

function exportTwin(twin: DigitalTwin): DigitalTwin {
  const { lastUpdateTime: _updated, incomingRelationships: _in, outgoingRelationships: _out, ...rest } = twin;
  return rest;
}

function exportRelationship(rel: Relationship): Relationship {
  const { id: _id, ...rest } = rel;
  return rest;
}

function waitForDrain(out: Writable, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      cleanup();
      resolve();
    };
    const fail = (e: unknown): void => {
      cleanup();
      reject(e);
    };
    const abort = (): void => fail(signal?.reason);
    const cleanup = (): void => {
      out.off('drain', done);
      out.off('error', fail);
      signal?.removeEventListener('abort', abort);
    };
    out.once('drain', done);
    out.once('error', fail);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

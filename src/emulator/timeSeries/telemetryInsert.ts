// POST /time-series as the service handles it: an entry that is not shaped like the documented item
// fails the whole request (400, nothing stored), as a body that does not bind would; an entry that
// names no twin the service can use is accepted and dropped without a word. The service binds only
// `dtId` and `externalId`, so an entry keyed by `twinId` alone is dropped too. The emulator stores at
// once (the service queues the write) and reports what it dropped in the request log. A `sourceTimestamp`
// binds only in the form System.Text.Json reads (`bindDotnetDateTime`). LiveDataCore reads numbers with
// `AllowNamedFloatingPointLiterals` (Program.cs), so `"NaN"`, `"Infinity"` and `"-Infinity"` bind as a
// `scalarValue`; its reads leave such values out (Features/Telemetry/Helpers/AdxQueryHelper.cs,
// `SkipIllegalValues`), so the emulator accepts them and stores nothing readable: they are dropped and logged.
import { validationFailed } from '../httpErrors';
import { MAX_LOGGED_DROPS, type DroppedEntry, type RequestLogNote } from '../requestLog';
import { field, isObject, requireArray, type JsonObject } from '../requestFields';
import { bindDotnetDateTime } from './dotnetDateTime';
import type { SeriesPoint } from '../store/timeSeriesStore';
import type { StoredTwin, TwinGraph } from '../twins/twinGraph';

const MAX_REPORTED_ERRORS = 100;
/** The named floating-point literals System.Text.Json reads as numbers (case-sensitive). */
const NAMED_FLOATS: readonly string[] = ['NaN', 'Infinity', '-Infinity'];

interface TwinPoints {
  points: SeriesPoint[];
  connectorId: string;
  externalId: string | null;
}

/** Checks every entry, stores the usable ones, and returns the log note listing the dropped ones. */
export function insertTelemetry(graph: TwinGraph, body: unknown, now: number): RequestLogNote {
  const entries = requireArray(body);
  if (!entries.length)
    throw validationFailed({ $: ['Send at least one time series entry.'] }, 'The body is an empty array.');
  const errors: Record<string, string[]> = {};
  let errorCount = 0;
  const dropped: DroppedEntry[] = [];
  const byTwin = new Map<string, TwinPoints>();
  entries.forEach((entry, index) => {
    const problem = shapeProblem(entry);
    if (problem) {
      if (errorCount++ < MAX_REPORTED_ERRORS) (errors[`[${index}]`] ??= []).push(problem);
      return;
    }
    const e = entry as JsonObject;
    const target = targetTwin(graph, e);
    if ('reason' in target) {
      dropped.push({ index, reason: target.reason });
      return;
    }
    const value = field(e, 'scalarValue');
    if (typeof value === 'string') {
      dropped.push({ index, reason: `scalarValue ${value} is left out of every read, as the service leaves it` });
      return;
    }
    const connectorId = field(e, 'connectorId') as string;
    const externalId = field(e, 'externalId');
    const properties = field(e, 'properties');
    let group = byTwin.get(target.twin.id);
    if (!group) {
      group = { points: [], connectorId, externalId: typeof externalId === 'string' && externalId ? externalId : null };
      byTwin.set(target.twin.id, group);
    }
    group.connectorId = connectorId;
    group.points.push({
      time: bindDotnetDateTime(field(e, 'sourceTimestamp'))!,
      value: field(e, 'scalarValue') as number,
      enqueued: now,
      ...(isObject(properties) && Object.keys(properties).length ? { properties } : {}),
    });
  });
  if (errorCount) {
    const shown = errorCount > MAX_REPORTED_ERRORS ? ` (the first ${MAX_REPORTED_ERRORS} are listed)` : '';
    throw validationFailed(
      errors,
      `${errorCount} of ${entries.length} time series entries are malformed${shown}; nothing was stored.`,
    );
  }
  graph.store.batch(() => {
    for (const [twinId, group] of byTwin)
      graph.store.insertPoints(twinId, group.points, { connectorId: group.connectorId, externalId: group.externalId });
  });
  return dropped.length
    ? { dropped: { count: dropped.length, sent: entries.length, entries: dropped.slice(0, MAX_LOGGED_DROPS) } }
    : {};
}

/** Why the entry would not bind to the documented item, or undefined when it would. */
function shapeProblem(entry: unknown): string | undefined {
  if (!isObject(entry)) return 'The entry must be an object.';
  for (const name of ['dtId', 'externalId', 'twinId']) {
    const value = field(entry, name);
    if (value !== undefined && value !== null && typeof value !== 'string') return `'${name}' must be a string.`;
  }
  const connectorId = field(entry, 'connectorId');
  if (typeof connectorId !== 'string' || !connectorId) return "'connectorId' is required and must be a string.";
  const value = field(entry, 'scalarValue');
  if (!(typeof value === 'number' && Number.isFinite(value)) && !NAMED_FLOATS.includes(value as string))
    return '\'scalarValue\' is required and must be a number (or "NaN", "Infinity", "-Infinity", which the service reads and leaves out).';
  const properties = field(entry, 'properties');
  if (properties !== undefined && properties !== null && !isObject(properties))
    return "'properties' must be an object.";
  if (bindDotnetDateTime(field(entry, 'sourceTimestamp')) === undefined)
    return "'sourceTimestamp' is required and must be an ISO 8601 extended date-time (T between date and time, upper-case T and Z, offsets +hh:mm), as the service binds it.";
  return undefined;
}

/** The Capability twin the entry names by `dtId` or `externalId`, or why the service would drop it. */
function targetTwin(graph: TwinGraph, entry: JsonObject): { twin: StoredTwin } | { reason: string } {
  const dtId = field(entry, 'dtId');
  const externalId = field(entry, 'externalId');
  let twin: StoredTwin | undefined;
  if (typeof dtId === 'string' && dtId.trim()) {
    twin = graph.getTwin(dtId);
    if (!twin) return { reason: `twin '${dtId}' does not exist` };
  } else if (typeof externalId === 'string' && externalId.trim()) {
    const id = graph.twinIdByExternalId(externalId);
    twin = id === undefined ? undefined : graph.getTwin(id);
    if (!twin) return { reason: `no twin has externalID '${externalId}'` };
  } else {
    const twinId = field(entry, 'twinId');
    return {
      reason:
        typeof twinId === 'string' && twinId
          ? `keyed by twinId '${twinId}' only; the service reads dtId or externalId`
          : 'names no twin (no dtId or externalId)',
    };
  }
  if (!graph.models.isCapability(twin.modelId))
    return { reason: `twin '${twin.id}' is a ${twin.modelId}, not a Capability twin` };
  return { twin };
}

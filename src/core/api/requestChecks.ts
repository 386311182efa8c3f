// Documented limits and obvious mistakes, refused before anything is sent.

import { ApiError } from './apiError';
import { toServiceTimestamp } from './serviceTimestamp';
import { twinIdProblem } from './twinIds';
import { checkFilterSpecifications, checkSortSpecifications, type StoreLimits } from './filterChecks';
import type { BatchRequest, JsonPatchOperation, TimeSeriesEntry } from './types';
import { TICKET_UPDATABLE_PROPERTIES } from './types';
import { LATEST_WINDOW_MS, PAGE_SIZES } from './serviceLimits';

export const TWINS_MAX_PAGE_SIZE = PAGE_SIZES.twins.max;
export const TICKETS_DEFAULT_PAGE_SIZE = PAGE_SIZES.tickets.default;
export const TICKETS_MAX_PAGE_SIZE = PAGE_SIZES.tickets.max;
export const INSIGHTS_DEFAULT_PAGE_SIZE = PAGE_SIZES.insights.default;
/** Sent when a time-series read names no page size (the service requires one and states no default). */
export const TIME_SERIES_DEFAULT_PAGE_SIZE = PAGE_SIZES.timeSeries.default;
export const TIME_SERIES_LATEST_WINDOW_MS = LATEST_WINDOW_MS;

export function requireId(operation: string, what: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw ApiError.invalidRequest(operation, `${what} must be a non-empty string`);
  return value;
}

/** A twin id the service can take and give back (twinIdProblem: length, control characters, `.`/`..`, lone surrogates). */
export function requireTwinId(operation: string, what: string, value: unknown): string {
  const problem = twinIdProblem(value);
  if (problem) throw ApiError.invalidRequest(operation, `${what} ${problem}`);
  return value as string;
}

export function requireIds(operation: string, what: string, values: unknown): string[] {
  if (!Array.isArray(values)) throw ApiError.invalidRequest(operation, `${what} must be an array of ids`);
  values.forEach((v, i) => requireId(operation, `${what}[${i}]`, v));
  return [...new Set(values as string[])];
}

export function checkPageSize(operation: string, pageSize: unknown, max = Infinity): void {
  if (pageSize === undefined || pageSize === null) return;
  if (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > max) {
    const range = Number.isFinite(max) ? `an integer from 1 to ${max}` : 'a positive integer';
    throw ApiError.invalidRequest(operation, `pageSize must be ${range}, got ${JSON.stringify(pageSize)}`);
  }
}

export function checkBatchRequest(
  operation: string,
  req: BatchRequest,
  maxPageSize = Infinity,
  limits?: StoreLimits,
): void {
  if (typeof req !== 'object' || req === null || Array.isArray(req))
    throw ApiError.invalidRequest(operation, 'the request must be an object');
  const page = req.page;
  if (page !== undefined && page !== null && (typeof page !== 'number' || !Number.isInteger(page) || page < 0)) {
    throw ApiError.invalidRequest(
      operation,
      `page must be a non-negative integer (1 is the first page), got ${JSON.stringify(page)}`,
    );
  }
  checkPageSize(operation, req.pageSize, maxPageSize);
  checkSortSpecifications(operation, req.sortSpecifications);
  checkFilterSpecifications(operation, req.filterSpecifications, limits);
}

export function checkTimestamp(operation: string, what: string, value: unknown, required = false): void {
  if (value === undefined || value === null || value === '') {
    if (required) throw ApiError.invalidRequest(operation, `${what} is required (an ISO 8601 date-time)`);
    return;
  }
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
    throw ApiError.invalidRequest(operation, `${what} must be an ISO 8601 date-time, got ${JSON.stringify(value)}`);
  }
}

/** A telemetry timestamp the client can write in the one form the service binds (`toServiceTimestamp`). */
function checkSourceTimestamp(operation: string, what: string, value: unknown): void {
  if (value === undefined || value === null || value === '')
    throw ApiError.invalidRequest(operation, `${what} is required (an ISO 8601 date-time with a time zone)`);
  if (typeof value !== 'string')
    throw ApiError.invalidRequest(operation, `${what} must be an ISO 8601 date-time, got ${JSON.stringify(value)}`);
  const written = toServiceTimestamp(value);
  if ('problem' in written) throw ApiError.invalidRequest(operation, `${what}: ${written.problem}`);
}

export function checkJsonPatch(operation: string, patch: unknown): asserts patch is JsonPatchOperation[] {
  if (!Array.isArray(patch) || patch.length === 0)
    throw ApiError.invalidRequest(operation, 'the patch must be a non-empty JSON Patch array');
  patch.forEach((op: unknown, i) => {
    const o = op as Partial<JsonPatchOperation> | null;
    if (!o || typeof o !== 'object' || typeof o.op !== 'string' || typeof o.path !== 'string') {
      throw ApiError.invalidRequest(operation, `patch[${i}] must be an object with string "op" and "path"`);
    }
  });
}

/**
 * The rules of PATCH /tickets/{id}: `replace` only, on the updatable properties only, at most as many
 * operations as there are updatable properties (and each property once).
 */
export function checkTicketPatch(patch: unknown, operation = 'patchTicket'): asserts patch is JsonPatchOperation[] {
  checkJsonPatch(operation, patch);
  const max = TICKET_UPDATABLE_PROPERTIES.length;
  if (patch.length > max) {
    throw ApiError.invalidRequest(
      operation,
      `a ticket patch may hold at most ${max} operations (one per updatable property), got ${patch.length}`,
    );
  }
  const allowed: ReadonlySet<string> = new Set(TICKET_UPDATABLE_PROPERTIES);
  const seen = new Set<string>();
  patch.forEach((op, i) => {
    if (op.op !== 'replace')
      throw ApiError.invalidRequest(
        operation,
        `patch[${i}]: only "replace" operations are allowed on tickets, got "${op.op}"`,
      );
    const property = op.path.slice(1);
    if (!op.path.startsWith('/') || !allowed.has(property)) {
      throw ApiError.invalidRequest(
        operation,
        `patch[${i}]: "${op.path}" is not an updatable ticket property (allowed: ${TICKET_UPDATABLE_PROPERTIES.map((p) => `/${p}`).join(', ')})`,
      );
    }
    if (seen.has(property))
      throw ApiError.invalidRequest(operation, `patch[${i}]: "/${property}" is replaced more than once`);
    if (!('value' in op)) throw ApiError.invalidRequest(operation, `patch[${i}]: a replace operation needs a "value"`);
    seen.add(property);
  });
}

export function checkTimeSeriesEntries(operation: string, entries: unknown): asserts entries is TimeSeriesEntry[] {
  if (!Array.isArray(entries) || entries.length === 0)
    throw ApiError.invalidRequest(operation, 'send at least one time series entry (an array)');
  entries.forEach((entry: unknown, i) => {
    const e = entry as Partial<TimeSeriesEntry> | null;
    if (!e || typeof e !== 'object') throw ApiError.invalidRequest(operation, `[${i}] must be an object`);
    if (typeof e.connectorId !== 'string' || !e.connectorId)
      throw ApiError.invalidRequest(operation, `[${i}].connectorId is required`);
    if (![e.dtId, e.twinId, e.externalId].some((id) => typeof id === 'string' && id !== '')) {
      throw ApiError.invalidRequest(operation, `[${i}] must name its twin by dtId (twinId) or externalId`);
    }
    checkSourceTimestamp(operation, `[${i}].sourceTimestamp`, e.sourceTimestamp);
    if (typeof e.scalarValue !== 'number' || !Number.isFinite(e.scalarValue)) {
      throw ApiError.invalidRequest(
        operation,
        `[${i}].scalarValue must be a finite number, got ${JSON.stringify(e.scalarValue)}`,
      );
    }
  });
}

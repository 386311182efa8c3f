// "Save as request": the request that reproduces a view of the explorer or a panel, and the text of a
// request file with it added (comments and layout of the rest kept).

import { applyEdits, modify, parseTree, findNodeAtLocation } from 'jsonc-parser';
import type { BatchRequest, Json, TwinFilters } from '../api/types';

/** A request as written into a file. */
export interface RequestDraft {
  name: string;
  operation: string;
  query?: Record<string, Json>;
  body?: Json;
}

/** Twins of a filtered group of the explorer, 100 a page (the results panel loads more). */
export function twinsRequest(name: string, filters: TwinFilters): RequestDraft {
  const body = JSON.parse(JSON.stringify(filters)) as Json;
  return {
    name,
    operation: 'twins list',
    query: { 'page-size': 100 },
    ...(Object.keys(filters).length ? { body } : {}),
  };
}

/** Insights as the insights panel filters them (from its first page). */
export function insightsRequest(name: string, request: BatchRequest): RequestDraft {
  const { page: _page, ...rest } = request;
  const body = JSON.parse(JSON.stringify(rest)) as Json;
  return { name, operation: 'insights list', ...(Object.keys(rest).length ? { body } : {}) };
}

/** The values a chart shows: its twins between the range's ends (epoch ms, both included). */
export function timeSeriesRequest(name: string, twinIds: readonly string[], start: number, end: number): RequestDraft {
  return {
    name,
    operation: 'timeseries get',
    query: {
      twinId: twinIds.length === 1 ? twinIds[0]! : [...twinIds],
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
    },
  };
}

const FORMAT = { insertSpaces: true, tabSize: 2, eol: '\n' };

/** The names a file's requests already use (a file that does not parse has none). */
function usedNames(text: string): Set<string> {
  const root = parseTree(text);
  const requests = root ? findNodeAtLocation(root, ['requests']) : undefined;
  const names = new Set<string>();
  for (const request of requests?.type === 'array' ? (requests.children ?? []) : []) {
    const name = findNodeAtLocation(request, ['name']);
    if (typeof name?.value === 'string') names.add(name.value);
  }
  return names;
}

/** `name`, or `name (2)`, `name (3)`, … whichever the file does not use yet. */
function uniqueName(name: string, used: ReadonlySet<string>): string {
  if (!used.has(name)) return name;
  let i = 2;
  while (used.has(`${name} (${i})`)) i++;
  return `${name} (${i})`;
}

/**
 * The file's text with the request appended to "requests" (an empty text becomes a new file), its name
 * made unique in the file; `name` is the name it got.
 */
export function addRequest(text: string, draft: RequestDraft): { text: string; name: string } {
  const source = text.trim() ? text : '{\n  "requests": []\n}\n';
  const root = parseTree(source);
  if (!root || root.type !== 'object') throw new Error('the file is not a request file (an object with "requests")');
  const requests = findNodeAtLocation(root, ['requests']);
  if (requests && requests.type !== 'array') throw new Error('"requests" in the file is not a list');
  const name = uniqueName(draft.name, usedNames(source));
  const request: Record<string, Json> = { name, operation: draft.operation };
  if (draft.query) request.query = draft.query;
  if (draft.body !== undefined) request.body = draft.body;
  const path = requests ? ['requests', requests.children?.length ?? 0] : ['requests'];
  const edits = modify(source, path, requests ? request : [request], {
    formattingOptions: FORMAT,
    isArrayInsertion: Boolean(requests),
  });
  return { text: applyEdits(source, edits), name };
}

// What the service checks in a twin before it creates or replaces one (PUT /twins), beside the model:
// the model id must be a DTMI, and six id fields of the contents must be GUIDs. It answers a failed check
// with HTTP 500 and one line per problem, in these words (docs/service-compatibility.md, "GUID-valued
// twin fields"); the client and the emulator say the same before anything is stored.

import { canonicalGuid } from '../api/guid';

/** DTMI syntax of DTDL v3 (segments, optional version). */
const DTMI =
  /^dtmi:(?:_+[A-Za-z0-9]|[A-Za-z])(?:[A-Za-z0-9_]*[A-Za-z0-9])?(?::(?:_+[A-Za-z0-9]|[A-Za-z])(?:[A-Za-z0-9_]*[A-Za-z0-9])?)*(?:;[1-9][0-9]{0,8}(?:\.[1-9][0-9]{0,5})?)?$/;

export function isDtmi(id: string): boolean {
  return id.length <= 2048 && DTMI.test(id);
}

/** Top-level contents the service requires to be GUIDs when present and not null (names are case-sensitive). */
export const GUID_TWIN_FIELDS = [
  'siteID',
  'floorID',
  'uniqueID',
  'geometryViewerID',
  'trendID',
  'connectorID',
] as const;

export interface TwinFieldProblem {
  /** JSON Pointer into the twin: `/modelId` or `/contents/siteID`. */
  path: string;
  /** The field as the service names it: `ModelId`, `siteID`. */
  field: string;
  /** The service's own line, e.g. `Field : siteID Value: abc Message: Invalid GUID Format.` */
  message: string;
}

/** The value as .NET's `ToString` writes it into the service's message. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return JSON.stringify(value) ?? String(value);
}

const line = (field: string, value: unknown, message: string) =>
  `Field : ${field} Value: ${shown(value)} Message: ${message}`;

/** The service's checks of a twin's model id and id fields; empty when it passes them. */
export function twinFieldProblems(twin: { modelId?: unknown; contents?: unknown }): TwinFieldProblem[] {
  const problems: TwinFieldProblem[] = [];
  const modelId = twin.modelId;
  if (typeof modelId === 'string' && !isDtmi(modelId)) {
    problems.push({
      path: '/modelId',
      field: 'ModelId',
      message: line('ModelId', modelId, 'Invalid Model Id Format.'),
    });
  }
  const contents = twin.contents;
  if (contents === null || typeof contents !== 'object' || Array.isArray(contents)) return problems;
  for (const field of GUID_TWIN_FIELDS) {
    if (!Object.hasOwn(contents, field)) continue;
    const value = (contents as Record<string, unknown>)[field];
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && canonicalGuid(value)) continue;
    problems.push({ path: `/contents/${field}`, field, message: line(field, value, 'Invalid GUID Format.') });
  }
  return problems;
}

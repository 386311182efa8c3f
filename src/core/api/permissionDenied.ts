// A 403 from the service: the client's id and secret were accepted, but it lacks the permission for the
// operation, or a twin in the request is outside its location scope. Never a credentials problem.
import { errorText } from './apiError';

/** Whether a thrown value is the service's 403 (an ApiError, also from another copy of the class). */
export function isPermissionDenied(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { kind, status } = error as { kind?: unknown; status?: unknown };
  return kind === 'http' && status === 403;
}

/** What a 403 means, for a line after the error's own message. */
export const PERMISSION_DENIED_HINT =
  'the client id and secret were accepted, but the client lacks the permission, or the twin is outside its location scope.';

/** What the client operations act on, by the noun in their name (first match wins). */
const SUBJECTS: Array<[RegExp, string]> = [
  [/TicketMetadata|TicketStatuses|TicketPriorities/, 'ticket metadata'],
  [/Ticket/, 'tickets'],
  [/TimeSeries/, 'time series'],
  [/Insight/, 'insights'],
  [/Event/, 'events'],
  [/Model/, 'models'],
  [/Relationship/, 'relationships'],
  [/Twin/, 'twins'],
];

const READ_OPERATION = /^(get|list|count|iterate)/;

/** What a refused operation tried, in words: `listInsights` → "read insights", `patchTwin` → "change twins". */
export function deniedAction(error: unknown): string {
  const operation = (error as { operation?: unknown } | undefined)?.operation;
  const subject =
    typeof operation === 'string' ? SUBJECTS.find(([pattern]) => pattern.test(operation))?.[1] : undefined;
  if (!subject) return 'do this';
  return `${READ_OPERATION.test(operation as string) ? 'read' : 'change'} ${subject}`;
}

/** "No permission to read insights: <the error's line>" for a 403; undefined for anything else. */
export function permissionDeniedText(error: unknown): string | undefined {
  return isPermissionDenied(error) ? `No permission to ${deniedAction(error)}: ${errorText(error)}` : undefined;
}

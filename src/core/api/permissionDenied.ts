// A 403 from the service: the client's id and secret were accepted, but it lacks the permission for the
// operation, or a twin in the request is outside its location scope. Never a credentials problem.

/** Whether a thrown value is the service's 403 (an ApiError, also from another copy of the class). */
export function isPermissionDenied(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { kind, status } = error as { kind?: unknown; status?: unknown };
  return kind === 'http' && status === 403;
}

/** "No permission to read insights on Local emulator". */
export function noPermissionText(action: string, connection: string): string {
  return `No permission to ${action} on ${connection}`;
}

/** What a 403 means, for a line after the error's own message. */
export const PERMISSION_DENIED_HINT =
  'the client id and secret were accepted, but this client may not do this: it lacks the permission, or the twin is outside its location scope.';

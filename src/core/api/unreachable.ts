// Network failures that say nothing answers at the address: a refused connection (no process listens on the
// port) or a host name that does not resolve. Another try a few seconds later meets the same answer, so a
// sign-in reports them at once instead of retrying; timeouts and 5xx answers are still retried.

const UNREACHABLE_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND']);
const MAX_DEPTH = 6;

/**
 * 'ECONNREFUSED' or 'ENOTFOUND' when `error` (or an error it wraps, through `cause` or an AggregateError's
 * `errors`) carries that code; undefined for anything else.
 */
export function unreachableCode(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > MAX_DEPTH) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return code;
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner)) {
    for (const each of inner) {
      const found = unreachableCode(each, depth + 1);
      if (found) return found;
    }
  }
  return unreachableCode((error as { cause?: unknown }).cause, depth + 1);
}

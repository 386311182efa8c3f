import type { ApiError } from './apiError';

/** What the service said in words when it refused: title, detail, message, validation messages, raw body. */
export function refusalText(error: ApiError): string {
  const problem: Record<string, unknown> = error.problem ?? {};
  const errors =
    problem.errors && typeof problem.errors === 'object' ? Object.values(problem.errors as object).flat() : [];
  return [error.body, problem.title, problem.detail, problem.message, ...errors]
    .filter((t): t is string => typeof t === 'string')
    .join('\n');
}

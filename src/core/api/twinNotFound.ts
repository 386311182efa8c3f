import { ApiError } from './apiError';
import { refusalText } from './refusalText';

/**
 * A 404 of `GET /twins/{id}` that names the twin, whatever the body: the 2024 service sends just the id
 * as text, other answers are empty. Errors that already name the twin are returned as they are.
 */
export function namingMissingTwin(error: unknown, id: string): unknown {
  if (!(error instanceof ApiError) || error.kind !== 'http' || error.status !== 404) return error;
  const bodyIsId = error.body !== undefined && error.body.trim().replace(/^"(.*)"$/, '$1') === id;
  if (!bodyIsId && refusalText(error).includes(id)) return error;
  return new ApiError({
    kind: 'http',
    operation: error.operation,
    status: 404,
    problem: error.problem,
    body: bodyIsId ? undefined : error.body,
    detail: `twin "${id}" does not exist`,
    attempts: error.attempts,
    cause: error,
  });
}

import * as assert from 'node:assert/strict';
import type { TestResponse } from './emulatorTestClient';

/**
 * Asserts an error reply with `status` in one of the service's JSON error shapes (ProblemDetails,
 * ValidationProblemDetails or the backends' `{statusCode, message, data}`), carrying a human message;
 * when `field` is given, a validation entry for it.
 */
export function assertProblem(res: TestResponse, status: number, field?: string): void {
  assert.equal(res.status, status, res.text);
  assert.match(res.headers.get('content-type') ?? '', /json/);
  const body = res.json as Record<string, unknown>;
  assert.equal(body.status ?? body.statusCode, status, res.text);
  const said = [body.detail, body.message, ...Object.values((body.errors ?? {}) as Record<string, unknown>).flat()];
  assert.ok(
    said.some((text) => typeof text === 'string' && text.length > 0),
    `expected a message in ${res.text}`,
  );
  if (field !== undefined)
    assert.ok(body.errors && field in (body.errors as object), `expected errors['${field}'] in ${res.text}`);
}

/** Asserts a bodiless error as the service sends for 401, 403 and time-series 4xx. */
export function assertEmptyError(res: TestResponse, status: number): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.text, '', `expected no body, got ${res.text}`);
}

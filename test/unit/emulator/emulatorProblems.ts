import * as assert from 'node:assert/strict';
import type { TestResponse } from './emulatorTestClient';

/** Asserts a ProblemDetails reply with `status`, and when `field` is given, a validation entry for it. */
export function assertProblem(res: TestResponse, status: number, field?: string): void {
  assert.equal(res.status, status, res.text);
  assert.match(res.headers.get('content-type') ?? '', /json/);
  assert.equal(res.json.status, status);
  assert.equal(typeof res.json.title, 'string');
  assert.equal(typeof res.json.detail, 'string');
  if (field !== undefined) assert.ok(res.json.errors && field in res.json.errors, `expected errors['${field}'] in ${res.text}`);
}

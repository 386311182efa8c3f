import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/apiError';
import { redact, REDACTED, SecretRegistry } from '../../../src/core/api/redact';

describe('redact', () => {
  it('removes known secrets, also URL-encoded and JSON-escaped', () => {
    const secret = 's3cr/et+"value"';
    const text = `a ${secret} b ${encodeURIComponent(secret)} c ${JSON.stringify(secret)}`;
    const out = redact(text, [secret]);
    assert.ok(!out.includes('s3cr'), out);
    assert.equal(out.split(REDACTED).length - 1, 3);
  });

  it('removes credential-shaped text without being told the secret', () => {
    const samples = [
      'Authorization: Bearer eyJhbGciOi.payload.sig',
      'grant_type=client_credentials&client_id=x&client_secret=hunter2hunter2',
      '{"access_token":"abc.def.ghi","token_type":"Bearer"}',
      '{"client_secret": "hunter2hunter2"}',
      'Authorization: Basic dXNlcjpwYXNzd29yZA==',
    ];
    for (const sample of samples) {
      const out = redact(sample);
      assert.ok(out.includes(REDACTED), out);
      assert.ok(!/eyJhbGciOi|hunter2|abc\.def|dXNlcjpw/.test(out), out);
    }
  });

  it('leaves ordinary text and short strings alone', () => {
    assert.equal(
      redact('twin AHU-1 not found (continuationToken=abc)', ['ab']),
      'twin AHU-1 not found (continuationToken=abc)',
    );
  });

  it('a registry redacts every secret added to it', () => {
    const registry = new SecretRegistry();
    registry.add('first-secret');
    registry.add('token-two-value');
    registry.add(undefined);
    assert.equal(registry.redact('first-secret and token-two-value'), `${REDACTED} and ${REDACTED}`);
  });

  it('a registry redacts a secret added after it has already redacted', () => {
    const registry = new SecretRegistry();
    registry.add('first-secret');
    assert.equal(registry.redact('first-secret later-token-value'), `${REDACTED} later-token-value`);
    registry.add('later-token-value');
    registry.add('first-secret');
    assert.equal(registry.redact('first-secret later-token-value'), `${REDACTED} ${REDACTED}`);
  });

  it('ApiError applies the redactor to every text it carries', () => {
    const registry = new SecretRegistry();
    registry.add('the-client-secret');
    const error = new ApiError(
      {
        kind: 'http',
        operation: 'getToken',
        status: 400,
        problem: { title: 'bad secret the-client-secret', errors: { client_secret: ['the-client-secret is wrong'] } },
        detail: 'sent the-client-secret',
      },
      (t) => registry.redact(t),
    );
    const everything = `${error.message} ${error.oneLine} ${JSON.stringify(error.problem)} ${error.detail}`;
    assert.ok(!everything.includes('the-client-secret'), everything);
    assert.match(error.oneLine, /^getToken failed with HTTP 400: bad secret \[redacted\]/);
  });
});

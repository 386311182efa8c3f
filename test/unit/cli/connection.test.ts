import * as assert from 'node:assert/strict';
import { UsageError } from '../../../src/core/commands/cliCommand';
import { clientSecretToAsk, resolveConnection } from '../../../src/cli/connection';
import { runCliInMemory } from './memoryCli';

describe('CLI connection', () => {
  it('uses the local emulator and its dev credentials when nothing is given', () => {
    assert.deepEqual(
      resolveConnection({}, {}),
      {
        baseUrl: 'http://127.0.0.1:8470/api/v3',
        clientId: 'local-dev',
        clientSecret: 'local-dev-secret',
        readOnly: false,
        rateLimit: false,
      },
      "the local emulator is not paced (as in the extension); a real instance keeps the client's default limits",
    );
  });

  it('prefers flags over environment variables', () => {
    const env = {
      BUILDING_TWINS_URL: 'envinstance',
      BUILDING_TWINS_CLIENT_ID: 'env-id',
      BUILDING_TWINS_CLIENT_SECRET: 'env-secret',
    };
    assert.deepEqual(resolveConnection({}, env), {
      baseUrl: 'https://envinstance.app.willowinc.com/api/v3',
      clientId: 'env-id',
      clientSecret: 'env-secret',
      readOnly: false,
    });
    assert.deepEqual(
      resolveConnection({ url: 'https://flag.example.com', clientId: 'flag-id', clientSecret: 'stdin-secret' }, env),
      {
        baseUrl: 'https://flag.example.com/api/v3',
        clientId: 'flag-id',
        clientSecret: 'stdin-secret',
        readOnly: false,
      },
    );
  });

  it('is read-only with --read-only or BUILDING_TWINS_READ_ONLY, and the flag cannot lift the variable', () => {
    assert.equal(resolveConnection({ readOnly: true }, {}).readOnly, true);
    assert.equal(resolveConnection({}, { BUILDING_TWINS_READ_ONLY: ' Yes ' }).readOnly, true);
    assert.equal(resolveConnection({ readOnly: false }, { BUILDING_TWINS_READ_ONLY: '1' }).readOnly, true);
    assert.equal(resolveConnection({}, { BUILDING_TWINS_READ_ONLY: 'off' }).readOnly, false);
    assert.throws(
      () => resolveConnection({}, { BUILDING_TWINS_READ_ONLY: '2' }),
      (e: unknown) => e instanceof UsageError && /BUILDING_TWINS_READ_ONLY must be one of/.test(e.message),
    );
  });

  it('asks for credentials a real service needs, and never invents them for it', () => {
    assert.throws(
      () => resolveConnection({ url: 'contoso' }, {}),
      (e: unknown) =>
        e instanceof UsageError && /client id is needed.*--client-id or set BUILDING_TWINS_CLIENT_ID/.test(e.message),
    );
    assert.throws(
      () => resolveConnection({ url: 'contoso', clientId: 'x' }, {}),
      /client secret is needed.*--client-secret-stdin/,
    );
    assert.throws(
      () => resolveConnection({ url: 'http://localhost:9000', clientId: 'other' }, {}),
      /client secret is needed/,
    );
    assert.throws(
      () => resolveConnection({ url: 'http://10.0.0.5/api/v3' }, {}),
      (e: unknown) => e instanceof UsageError && /Plain http is refused/.test(e.message),
    );
  });

  it('names the service to ask a client secret for only when flags, environment and defaults give none', () => {
    const env = { BUILDING_TWINS_URL: 'https://twins.example.com', BUILDING_TWINS_CLIENT_ID: 'team' };
    assert.equal(clientSecretToAsk({}, env), 'https://twins.example.com/api/v3');
    assert.equal(clientSecretToAsk({}, { ...env, BUILDING_TWINS_CLIENT_SECRET: 's' }), undefined);
    assert.equal(clientSecretToAsk({ clientSecret: 's' }, env), undefined);
    assert.equal(clientSecretToAsk({}, {}), undefined, 'the emulator has its dev secret');
    assert.equal(clientSecretToAsk({}, { BUILDING_TWINS_URL: 'https://twins.example.com' }), undefined, 'no client id');
  });

  it('asks for the secret at the terminal, never printing it, and keeps the usage error without a terminal', async () => {
    // Port 9 on loopback refuses at once: the run fails on the connection, not on a missing secret.
    const env = { BUILDING_TWINS_URL: 'http://127.0.0.1:9/api/v3', BUILDING_TWINS_CLIENT_ID: 'team' };
    const asked: string[] = [];
    const typed = 'typed-at-the-terminal-8c2e';
    const run = await runCliInMemory(['twins', 'get', 'X'], {
      env,
      promptSecret: async (question) => {
        asked.push(question);
        return typed;
      },
    });
    assert.deepEqual(asked, ['Client secret for http://127.0.0.1:9/api/v3: ']);
    assert.equal(run.code, 1, run.err);
    assert.ok(!run.out.includes(typed) && !run.err.includes(typed), 'the secret is never printed');
    const unasked = await runCliInMemory(['twins', 'get', 'X'], { env });
    assert.equal(unasked.code, 2);
    assert.match(unasked.err, /A client secret is needed for http:\/\/127\.0\.0\.1:9\/api\/v3/);
  });
});

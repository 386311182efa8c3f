import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/apiError';
import { isPermissionDenied } from '../../../src/core/api/permissionDenied';
import { EmulatorHarness } from './emulatorHarness';
import { describeEachExchange } from './exchanges';

const SECRET = 'scoped-secret-4d2f9a';

async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (err: unknown) => err,
  );
  assert.ok(error instanceof ApiError, `expected an ApiError, got ${String(error)}`);
  return error;
}

describeEachExchange('client against a restricted emulator client (403 with no body)', (exchange) => {
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start(
      {
        clients: [
          {
            id: 'scoped',
            secret: SECRET,
            permissions: ['Models.Read', 'Twins.Read', 'TimeSeries.Read'],
            location: 'BLD-HP',
          },
        ],
      },
      exchange,
    );
  });
  after(() => emu.close());

  const scoped = () => emu.client({ clientId: 'scoped', clientSecret: SECRET });

  it('says "no permission" and names the request for a missing permission, without blaming the credentials or retrying', async () => {
    const { client, events } = scoped();
    const error = await refusal(client.listInsights({}));
    assert.equal(error.status, 403);
    assert.equal(error.isForbidden, true);
    assert.equal(isPermissionDenied(error), true);
    assert.match(error.oneLine, /^listInsights failed with HTTP 403: no permission\b.*\(POST \/insights\)$/);
    assert.doesNotMatch(error.oneLine, /secret|client id|credential/i);
    assert.ok(!error.oneLine.includes(SECRET));
    assert.deepEqual(
      events.map((e) => `${e.operation} ${e.status}`),
      ['getToken 200', 'listInsights 403'],
      'one attempt, no token refresh',
    );
  });

  it('refuses a twin outside the location scope and narrows id lists to the twins inside it', async () => {
    const { client } = scoped();
    assert.equal((await client.getTwin('HP-L01')).id, 'HP-L01');
    const error = await refusal(client.getTwin('RL-L01'));
    assert.equal(error.isForbidden, true);
    assert.match(error.oneLine, /no permission.*\(GET \/twins\/RL-L01\)/);
    const { twins } = await client.getTwinsByIds(['HP-L01', 'RL-L01']);
    assert.deepEqual(
      twins.map((t) => t.id),
      ['HP-L01'],
    );
    assert.equal((await refusal(client.getTwinsByIds(['RL-L01']))).isForbidden, true);
  });

  it('does not treat other failures as a permission problem', async () => {
    const { client } = emu.client();
    const missing = await refusal(client.getTwin('NO-SUCH-TWIN'));
    assert.equal(missing.status, 404);
    assert.equal(isPermissionDenied(missing), false);
    assert.equal(isPermissionDenied(new Error('HTTP 403')), false);
    assert.equal(isPermissionDenied({ kind: 'http', status: 403 }), true, 'another copy of ApiError counts');
  });
});

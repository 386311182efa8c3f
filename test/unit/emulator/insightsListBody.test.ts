// POST /insights binds `[FromBody] BatchRequestDto` under [ApiController] (Willow source:
// extensions/real-estate/back-end/InsightCore/src/InsightCore/Controllers/InsightsController.cs, `GetInsights`):
// without a body the request does not bind, a 400 ValidationProblemDetails. And time-series pages leave out null
// members, as LiveDataCore writes JSON (applications/LiveData/LiveDataCore/src/LiveData.Core/Program.cs, WhenWritingNull).
import * as assert from 'node:assert/strict';
import { assertProblem } from './emulatorProblems';
import { EmulatorTestClient } from './emulatorTestClient';

describe('emulator: POST /insights needs a body (InsightsController.cs); pages omit null errorData (LiveData.Core Program.cs)', () => {
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start();
  });
  after(() => client.close());

  it('refuses POST /insights without a body and lists with {}', async () => {
    const res = await client.call('POST', '/insights');
    assertProblem(res, 400, '');
    assert.deepEqual(res.json.errors[''], ['A non-empty request body is required.']);
    assert.equal((await client.call('POST', '/insights', {})).status, 200);
  });

  it('leaves errorData out of a time-series page that has none', async () => {
    const twins = (await client.call('POST', '/twins', { pageSize: 1000 })).json.content as { id: string }[];
    for (const twin of twins.slice(0, 200)) {
      const res = await client.call(
        'GET',
        `/time-series/${encodeURIComponent(twin.id)}?start=2000-01-01T00:00:00Z&end=2100-01-01T00:00:00Z&pageSize=1`,
      );
      if (res.status !== 200 || !res.json.data.length) continue;
      assert.ok(!('errorData' in res.json), res.text.slice(0, 300));
      return;
    }
    assert.fail('no twin of the sample has a series');
  });
});

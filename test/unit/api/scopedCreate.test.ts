import * as assert from 'node:assert/strict';
import { FakeClock } from './fakeClock';
import { apiFailure, fakeServicesPerTest } from './fakeService';

// The proxy caches a location-scoped client's allowed twins for about 20 minutes (LazyCache's default), so a
// twin the client has just created can be refused (403) until the list is built again.
describe("a 403 that follows a create (a scoped client's cached scope)", function () {
  this.timeout(30_000);
  const start = fakeServicesPerTest();
  const ROOM = 'dtmi:com:example:Room;1';

  it('explains a 403 on a twin this client created less than 20 minutes ago, in the path or the body', async () => {
    const service = await start((r) => {
      if (r.method === 'PUT' && r.path === '/twins') return { status: 200, body: JSON.parse(r.body) as object };
      if (r.path.startsWith('/twins/') || r.path.startsWith('/time-series/')) return { status: 403 };
      return undefined;
    });
    const clock = new FakeClock();
    const client = service.client({ clock });
    await client.putTwin({ id: 'NEW-1', modelId: ROOM, contents: {} });
    await clock.advance(3 * 60_000);
    const until = new Date(clock.now() - 3 * 60_000 + 20 * 60_000).toISOString().slice(11, 16);
    const read = await apiFailure(client.getTwin('NEW-1'));
    assert.equal(read.status, 403);
    assert.ok(read.isForbidden);
    assert.match(
      read.message,
      new RegExp(
        `no permission for twin "NEW-1", which this client created 3 min ago: .*about 20 minutes, so it may refuse a new twin until about ${until} UTC`,
      ),
    );
    assert.match(
      (await apiFailure(client.getTwinsByIds(['OTHER', 'NEW-1']))).message,
      /twin "NEW-1", which this client created/,
    );
    assert.match(
      (await apiFailure(client.putRelationship({ sourceId: 'NEW-1', targetId: 'SITE', name: 'isPartOf' }))).message,
      /twin "NEW-1"/,
    );
    assert.doesNotMatch(
      (await apiFailure(client.getTwin('OLD-1'))).message,
      /created/,
      'a twin it did not create: the plain 403',
    );
    await clock.advance(17 * 60_000);
    assert.doesNotMatch(
      (await apiFailure(client.getTwin('NEW-1'))).message,
      /created/,
      'after 20 minutes the cache is no excuse',
    );
  });
});

import * as assert from 'node:assert/strict';
import { documentedRelationship } from '../../../src/core/api/adtTwin';
import { normalizeRelationship, normalizeTwin } from '../../../src/core/api/normalize';
import { apiFailure, fakeServicesPerTest, type FakeRequest } from './fakeService';

// The 2024 twins backend answers with Azure.DigitalTwins.Core 1.4 objects: BasicDigitalTwin keeps its update
// time at the root (`$lastUpdateTime`), BasicRelationship its properties at the root beside the `$` keys.
const ROOM = 'dtmi:com:example:Room;1';
const TIME = '2024-05-01T10:00:00.1234567+00:00';

describe('the 2024 twin and relationship shapes', function () {
  this.timeout(30_000);
  const start = fakeServicesPerTest();

  it('reads the update time from the root $lastUpdateTime, else $metadata, else twinData (any casing)', () => {
    const wrapped = normalizeTwin({
      twin: {
        $dtId: 'R1',
        $etag: 'W/"e"',
        $lastUpdateTime: TIME,
        $metadata: { $model: ROOM, name: { lastUpdateTime: TIME } },
        name: 'R',
      },
      incomingRelationships: [],
      outgoingRelationships: [],
    });
    assert.equal(wrapped.lastUpdateTime, TIME);
    assert.deepEqual(wrapped.contents, { name: 'R' });
    assert.equal(
      normalizeTwin({ $dtId: 'R1', $lastUpdateTime: TIME, $metadata: { $model: ROOM } }).lastUpdateTime,
      TIME,
    );
    assert.equal(
      normalizeTwin({ $dtId: 'R1', $metadata: { $model: ROOM, $lastUpdateTime: TIME } }).lastUpdateTime,
      TIME,
    );
    assert.equal(
      normalizeTwin({ twin: { $dtId: 'R1', $metadata: { $model: ROOM } }, twinData: { LastUpdateTime: TIME } })
        .lastUpdateTime,
      TIME,
    );
    assert.equal(
      normalizeTwin({ twin: { $dtId: 'R1', $metadata: { $model: ROOM } }, twinData: null }).lastUpdateTime,
      undefined,
    );
  });

  it("reads ADT relationships' root properties as properties, names spelled exactly; incoming ones without properties get none", () => {
    const outgoing = normalizeRelationship({
      $relationshipId: 'rel-1',
      $etag: 'W/"x"',
      $sourceId: 'T1',
      $targetId: 'T2',
      $relationshipName: 'controls',
      EffectiveDate: TIME,
      weight: 2,
    });
    assert.deepEqual(outgoing, {
      id: 'rel-1',
      $etag: 'W/"x"',
      sourceId: 'T1',
      targetId: 'T2',
      name: 'controls',
      properties: { EffectiveDate: TIME, weight: 2 },
    });
    const incoming = normalizeRelationship({
      $relationshipId: 'rel-2',
      $sourceId: 'T3',
      $relationshipName: 'isPartOf',
      $relationshipLink: '/digitaltwins/T3/relationships/rel-2',
    });
    assert.deepEqual(incoming, {
      id: 'rel-2',
      sourceId: 'T3',
      name: 'isPartOf',
      $relationshipLink: '/digitaltwins/T3/relationships/rel-2',
    });
    const documented = { id: 'r', sourceId: 'a', targetId: 'b', name: 'n', properties: { EffectiveDate: TIME } };
    assert.equal(documentedRelationship(documented), documented, 'the documented shape is left alone');
    assert.deepEqual(normalizeRelationship(documented).properties, { EffectiveDate: TIME });
    const twin = normalizeTwin({
      twin: { $dtId: 'T1', $lastUpdateTime: TIME, $metadata: { $model: ROOM } },
      outgoingRelationships: [
        {
          $relationshipId: 'rel-1',
          $sourceId: 'T1',
          $targetId: 'T2',
          $relationshipName: 'controls',
          EffectiveDate: TIME,
        },
      ],
      incomingRelationships: [
        { $relationshipId: 'rel-2', $sourceId: 'T3', $targetId: 'T1', $relationshipName: 'isPartOf' },
      ],
    });
    assert.deepEqual(twin.outgoingRelationships?.[0]?.properties, { EffectiveDate: TIME });
    assert.equal(twin.incomingRelationships?.[0]?.properties, undefined);
    assert.equal(twin.incomingRelationships?.[0]?.sourceId, 'T3');
  });

  it('reads relationship lists of either generation from the relationship routes', async () => {
    const service = await start((r) =>
      r.path === '/twins/T1/relationships/outgoing'
        ? {
            status: 200,
            body: [
              {
                $relationshipId: 'rel-1',
                $sourceId: 'T1',
                $targetId: 'T2',
                $relationshipName: 'controls',
                EffectiveDate: TIME,
              },
            ],
          }
        : undefined,
    );
    const [rel] = await service.client().listOutgoingRelationships('T1');
    assert.deepEqual(rel, {
      id: 'rel-1',
      sourceId: 'T1',
      targetId: 'T2',
      name: 'controls',
      properties: { EffectiveDate: TIME },
    });
  });

  /** A 2024 `POST /twins`: pageSize from the query (default 100), the token from a `continuationToken` header; the body's are ignored. */
  function twins2024(all: string[]) {
    return (request: FakeRequest) => {
      if (request.path !== '/twins' || request.method !== 'POST') return undefined;
      const size = Number(request.query.get('pageSize') ?? 100);
      const header = request.headers.continuationtoken;
      const from = typeof header === 'string' ? Number(header) : 0;
      const next = from + size < all.length ? String(from + size) : null;
      return {
        status: 200,
        body: {
          content: all
            .slice(from, from + size)
            .map((id) => ({ twin: { $dtId: id, $lastUpdateTime: TIME, $metadata: { $model: ROOM } } })),
          continuationToken: next,
        },
      };
    };
  }

  it('pages POST /twins on the 2024 generation: pageSize in the query, the token in a header and in the body', async () => {
    const all = Array.from({ length: 7 }, (_, i) => `T${i}`);
    const service = await start(twins2024(all));
    const ids: string[] = [];
    for await (const twin of service.client().iterateTwins({ pageSize: 3 })) ids.push(twin.id);
    assert.deepEqual(ids, all);
    const sent = service.apiRequests.filter((r) => r.path === '/twins');
    assert.deepEqual(
      sent.map((r) => [
        r.query.get('pageSize'),
        r.headers.continuationtoken ?? null,
        (JSON.parse(r.body) as { continuationToken: unknown }).continuationToken,
      ]),
      [
        ['3', null, null],
        ['3', '3', '3'],
        ['3', '6', '6'],
      ],
    );
  });

  it('keeps the repeated-page guard when a service ignores the token wherever it is sent', async () => {
    const service = await start((r) =>
      r.path === '/twins'
        ? { status: 200, body: { content: [{ id: 'T1', modelId: ROOM }], continuationToken: 'same' } }
        : undefined,
    );
    const walk = async () => {
      for await (const _twin of service.client().iterateTwins({ pageSize: 1 })) {
        /* walk */
      }
    };
    const error = await apiFailure(walk());
    assert.match(error.message, /same continuation token twice/);
  });

  it('sends a token that cannot travel in a header in the body only', async () => {
    const service = await start((r) =>
      r.path === '/twins' ? { status: 200, body: { content: [], continuationToken: null } } : undefined,
    );
    await service.client().listTwins({ continuationToken: 'line\nbreak' });
    await service.client().listTwins({ continuationToken: 'x'.repeat(9000) });
    assert.deepEqual(
      service.apiRequests.map((r) => r.headers.continuationtoken),
      [undefined, undefined],
    );
    assert.deepEqual(
      service.apiRequests.map((r) => r.query.get('pageSize')),
      [null, null],
      'no pageSize sent when none is given',
    );
  });
});

import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/apiError';
import type { JsonPatchOperation } from '../../../src/core/api/types';
import { FakeService, type FakeAnswer, type FakeRequest } from './fakeService';
import { describeEachExchange } from './exchanges';

const ROOM = 'dtmi:com:example:Room;1';

/** The twin patches the fake received, as their path lists. */
const sentPaths = (fake: FakeService): string[][] =>
  fake.apiRequests
    .filter((r) => r.method === 'PATCH')
    .map((r) => (JSON.parse(r.body) as JsonPatchOperation[]).map((op) => op.path));

/** A PATCH answer that refuses one path form with `refusal` and takes the other with an empty 200. */
function patchService(refuses: (path: string) => boolean, refusal: FakeAnswer, accepted: FakeAnswer = { status: 200 }) {
  return (request: FakeRequest): FakeAnswer | undefined => {
    if (request.method !== 'PATCH') return undefined;
    const ops = JSON.parse(request.body) as JsonPatchOperation[];
    return ops.some((op) => refuses(op.path) || (op.from !== undefined && refuses(op.from))) ? refusal : accepted;
  };
}

const isContentsPath = (path: string) => path.startsWith('/contents/');
/** The 2024 service: ADT gets `/contents/x` unchanged and refuses it, in the backends' `{statusCode, message, data}`. */
const ADT_REFUSAL: FakeAnswer = {
  status: 400,
  body: {
    statusCode: 400,
    message:
      'Service request failed.\nStatus: 400 (Bad Request)\nErrorCode: ValidationFailed\n\nContent:\n{"error":{"code":"ValidationFailed","message":"Invalid twin specified","details":[{"code":"ValidationFailed","message":"Property \'contents\' is not defined in the model."}]}}',
    data: {},
  },
};
/** A service that wants the documents' form and says so about the path, as ProblemDetails. */
const ROOT_REFUSAL: FakeAnswer = {
  status: 400,
  body: {
    type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
    title: 'One or more validation errors occurred.',
    status: 400,
    errors: { '[0].path': ['The path must start with /contents.'] },
  },
};

describeEachExchange('client against service variants: twins, models, relationships', function (exchange) {
  this.timeout(20_000);
  const running: FakeService[] = [];
  async function start(answer: (request: FakeRequest) => FakeAnswer | undefined): Promise<FakeService> {
    const fake = await FakeService.start(answer, exchange);
    running.push(fake);
    return fake;
  }
  afterEach(async () => {
    await Promise.all(running.splice(0).map((f) => f.close()));
  });

  describe('patchTwin', () => {
    it('takes an empty 200 (and any other 2xx body) as success', async () => {
      let body: string | undefined;
      const fake = await start((r) =>
        r.method === 'PATCH' ? { status: 200, ...(body === undefined ? {} : { body }) } : undefined,
      );
      const client = fake.client();
      assert.equal(await client.patchTwin('R1', [{ op: 'replace', path: '/name', value: 'A' }]), undefined);
      body = 'Accepted, not JSON';
      assert.equal(await client.patchTwin('R1', [{ op: 'replace', path: '/name', value: 'B' }]), undefined);
      assert.deepEqual(sentPaths(fake), [['/name'], ['/name']]);
    });

    it('retries a /contents/ patch refused by ADT once with root paths, and sends root paths from then on', async () => {
      const fake = await start(patchService(isContentsPath, ADT_REFUSAL));
      const client = fake.client();
      await client.patchTwin('R1', [
        { op: 'replace', path: '/contents/name', value: 'A' },
        { op: 'move', from: '/contents/a', path: '/contents/b' },
      ]);
      await client.patchTwin('R1', [{ op: 'add', path: '/contents/capacity', value: 3 }]);
      await client.patchTwin('R1', [{ op: 'add', path: '/area', value: 3 }]);
      assert.deepEqual(sentPaths(fake), [['/contents/name', '/contents/b'], ['/name', '/b'], ['/capacity'], ['/area']]);
      assert.equal(JSON.parse(fake.apiRequests[1]!.body)[1].from, '/a');
    });

    it('retries a root-path patch refused about its path with /contents/ paths, and remembers that form', async () => {
      const fake = await start(patchService((p) => !isContentsPath(p), ROOT_REFUSAL));
      const client = fake.client();
      await client.patchTwin('R1', [{ op: 'replace', path: '/name', value: 'A' }]);
      await client.patchTwin('R1', [{ op: 'replace', path: '/capacity', value: 2 }]);
      assert.deepEqual(sentPaths(fake), [['/name'], ['/contents/name'], ['/contents/capacity']]);
    });

    it('remembers the form per client: a new client finds it again', async () => {
      const fake = await start(patchService(isContentsPath, ADT_REFUSAL));
      await fake.client().patchTwin('R1', [{ op: 'replace', path: '/contents/name', value: 'A' }]);
      await fake.client().patchTwin('R1', [{ op: 'replace', path: '/contents/name', value: 'B' }]);
      assert.deepEqual(sentPaths(fake), [['/contents/name'], ['/name'], ['/contents/name'], ['/name']]);
    });

    it('does not retry a 400 that is not about paths, nor other statuses', async () => {
      const valueRefusal: FakeAnswer = {
        status: 400,
        body: { statusCode: 400, message: 'capacity must be an integer', data: {} },
      };
      const fake = await start((r) =>
        r.method !== 'PATCH' ? undefined : r.path === '/twins/gone' ? { status: 404 } : valueRefusal,
      );
      const client = fake.client();
      await assert.rejects(
        client.patchTwin('R1', [{ op: 'replace', path: '/capacity', value: 'x' }]),
        (e: unknown) => e instanceof ApiError && e.status === 400 && /capacity must be an integer/.test(e.message),
      );
      await assert.rejects(
        client.patchTwin('gone', [{ op: 'replace', path: '/contents/capacity', value: 1 }]),
        (e: unknown) => e instanceof ApiError && e.status === 404,
      );
      assert.deepEqual(sentPaths(fake), [['/capacity'], ['/contents/capacity']]);
    });

    it('when both forms are refused about paths, reports the first refusal', async () => {
      const fake = await start(patchService(() => true, ROOT_REFUSAL));
      await assert.rejects(
        fake.client().patchTwin('R1', [{ op: 'replace', path: '/name', value: 'A' }]),
        (e: unknown) => e instanceof ApiError && /must start with \/contents/.test(e.message),
      );
      assert.deepEqual(sentPaths(fake), [['/name'], ['/contents/name']]);
    });

    it('when the retry gets past the paths but is refused for something else, reports that refusal', async () => {
      const valueRefusal: FakeAnswer = {
        status: 400,
        body: { statusCode: 400, message: 'Invalid value for capacity: expected an integer', data: {} },
      };
      const fake = await start(patchService(isContentsPath, ADT_REFUSAL, valueRefusal));
      await assert.rejects(
        fake.client().patchTwin('R1', [{ op: 'replace', path: '/contents/capacity', value: 'x' }]),
        (e: unknown) => e instanceof ApiError && /expected an integer/.test(e.message),
      );
      assert.deepEqual(sentPaths(fake), [['/contents/capacity'], ['/capacity']]);
    });

    it('once a form has worked, a refusal is reported without trying the other form', async () => {
      let refuse = false;
      const fake = await start((r) => (r.method !== 'PATCH' ? undefined : refuse ? ROOT_REFUSAL : { status: 200 }));
      const client = fake.client();
      await client.patchTwin('R1', [{ op: 'replace', path: '/name', value: 'A' }]);
      refuse = true;
      await assert.rejects(client.patchTwin('R1', [{ op: 'replace', path: '/name', value: 'B' }]), ApiError);
      assert.deepEqual(sentPaths(fake), [['/name'], ['/name']]);
    });
  });

  describe('getTwin', () => {
    it('reads the 2024 wrapped twin: properties become contents, $etag etag, $metadata the model and update time', async () => {
      const wrapped = {
        twin: {
          $dtId: 'R1',
          $etag: 'W/"abc"',
          $metadata: {
            $model: ROOM,
            $lastUpdateTime: '2024-05-01T10:00:00Z',
            name: { lastUpdateTime: '2024-05-01T09:00:00Z' },
          },
          name: 'Room',
          Capacity: 4,
          thermostat: { $metadata: {}, setPoint: 21 },
        },
        incomingRelationships: [
          {
            $relationshipId: 'S1_isCapabilityOf_R1',
            $sourceId: 'S1',
            $targetId: 'R1',
            $relationshipName: 'isCapabilityOf',
          },
        ],
        outgoingRelationships: [],
        twinData: { UniqueId: 'u-1' },
      };
      const fake = await start((r) =>
        r.method === 'GET' && r.path === '/twins/R1' ? { status: 200, body: wrapped } : undefined,
      );
      const twin = await fake.client().getTwin('R1', { includeRelationships: true });
      assert.equal(twin.id, 'R1');
      assert.equal(twin.modelId, ROOM);
      assert.equal(twin.lastUpdateTime, '2024-05-01T10:00:00Z');
      assert.equal(twin.etag, 'W/"abc"');
      assert.deepEqual(
        twin.contents,
        { name: 'Room', Capacity: 4, thermostat: { $metadata: {}, setPoint: 21 } },
        'property names keep their case',
      );
      assert.deepEqual(twin.incomingRelationships, [
        { id: 'S1_isCapabilityOf_R1', sourceId: 'S1', targetId: 'R1', name: 'isCapabilityOf' },
      ]);
      assert.deepEqual(twin.outgoingRelationships, []);
      assert.ok(!('twin' in twin) && !('$dtId' in twin));
      assert.equal(fake.apiRequests[0]!.query.get('includeRelationships'), 'true');
    });

    it('takes the update time from twinData when $metadata has none', async () => {
      const wrapped = {
        Twin: { $dtId: 'R1', $metadata: { $model: ROOM }, name: 'Room' },
        TwinData: { LastUpdateTime: '2024-06-01T00:00:00Z' },
      };
      const fake = await start((r) => (r.method === 'GET' ? { status: 200, body: wrapped } : undefined));
      const twin = await fake.client().getTwin('R1');
      assert.equal(twin.lastUpdateTime, '2024-06-01T00:00:00Z');
      assert.deepEqual(twin.contents, { name: 'Room' });
    });

    it('reads the flat ADT twin ($dtId with properties at the root)', async () => {
      const fake = await start((r) =>
        r.method === 'GET'
          ? { status: 200, body: { $dtId: 'R1', $etag: 'W/"1"', $metadata: { $model: ROOM }, name: 'Room', Area: 12 } }
          : undefined,
      );
      const twin = await fake.client().getTwin('R1');
      assert.deepEqual({ ...twin }, { id: 'R1', modelId: ROOM, etag: 'W/"1"', contents: { name: 'Room', Area: 12 } });
    });

    for (const [what, answer] of [
      ['the id as plain text', { status: 404, headers: { 'content-type': 'text/plain' }, body: 'odd/id R1' }],
      [
        'the id as a JSON string',
        { status: 404, body: '"odd/id R1"', headers: { 'content-type': 'application/json' } },
      ],
      ['an empty body', { status: 404 }],
      ['ProblemDetails without the id', { status: 404, body: { title: 'Not Found', status: 404 } }],
    ] as Array<[string, FakeAnswer]>) {
      it(`names the missing twin when the 404 carries ${what}`, async () => {
        const fake = await start((r) => (r.method === 'GET' ? answer : undefined));
        await assert.rejects(fake.client().getTwin('odd/id R1'), (e: unknown) => {
          assert.ok(e instanceof ApiError && e.status === 404, String(e));
          assert.match(e.message, /twin "odd\/id R1" does not exist/);
          return true;
        });
      });
    }

    it('keeps a 404 message that already names the twin', async () => {
      const fake = await start((r) =>
        r.method === 'GET'
          ? { status: 404, body: { title: 'Not Found', status: 404, detail: "Twin 'R9' does not exist." } }
          : undefined,
      );
      await assert.rejects(
        fake.client().getTwin('R9'),
        (e: unknown) => e instanceof ApiError && /Twin 'R9' does not exist\.$/.test(e.message),
      );
    });
  });

  it('listModels reads the 2024 `model` field as modelDefinition', async () => {
    const definition = JSON.stringify({ '@id': ROOM, '@type': 'Interface', '@context': 'dtmi:dtdl:context;3' });
    const fake = await start((r) =>
      r.path === '/models'
        ? {
            status: 200,
            body: [{ Id: ROOM, Model: definition, Decommissioned: false, TwinCount: { Exact: 1, Total: 2 } }],
          }
        : undefined,
    );
    const [model] = await fake.client().listModels({ rootModel: ROOM, includeModelDefinitions: true });
    assert.equal(model!.id, ROOM);
    assert.equal(model!.modelDefinition, definition);
    assert.ok(!('model' in model!));
    assert.equal(fake.apiRequests[0]!.query.get('rootModel'), ROOM);
  });

  it('getModel always asks for the definition (the service sends it only with includeModelDefinitions=true), in either field name', async () => {
    const definition = JSON.stringify({ '@id': ROOM, '@type': 'Interface', '@context': 'dtmi:dtdl:context;3' });
    const asked = (r: { query: URLSearchParams }) => r.query.get('includeModelDefinitions') === 'true';
    for (const field of ['modelDefinition', 'model']) {
      const fake = await start((r) =>
        r.path.startsWith('/models/')
          ? {
              status: 200,
              body: { id: ROOM, ...(asked(r) ? { [field]: definition } : {}), uploadTime: '2024-08-30T03:33:54Z' },
            }
          : undefined,
      );
      const model = await fake.client().getModel(ROOM);
      assert.equal(model.modelDefinition, definition, field);
      assert.equal(fake.apiRequests.length, 1);
    }
  });

  it("putTwin refuses non-GUID id fields and a non-DTMI model id before sending, naming each field in the service's words", async () => {
    const fake = await start((r) =>
      r.method === 'PUT' ? { status: 200, body: { id: 'R1', modelId: ROOM, contents: {} } } : undefined,
    );
    const client = fake.client();
    await assert.rejects(
      async () =>
        client.putTwin({
          id: 'R1',
          modelId: ROOM,
          contents: { siteID: 'HQ', floorID: '104bd33c-a697-4027-b6a6-677e30a53d09' },
        }),
      (e: unknown) =>
        e instanceof ApiError &&
        e.kind === 'invalid-request' &&
        e.message ===
          'putTwin failed: the service refuses twin "R1": Field : siteID Value: HQ Message: Invalid GUID Format.; nothing was sent',
    );
    await assert.rejects(
      async () => client.putTwin({ id: 'R1', modelId: 'Room', contents: {} }),
      /Field : ModelId Value: Room Message: Invalid Model Id Format\./,
    );
    assert.equal(fake.apiRequests.length, 0);
    await client.putTwin({
      id: 'R1',
      modelId: ROOM,
      contents: { siteID: null, uniqueID: '104BD33CA6974027B6A6677E30A53D09' },
    });
    assert.equal(fake.apiRequests.length, 1);
  });

  it('listOutgoingRelationships sends relationshipName only when given', async () => {
    const fake = await start((r) =>
      r.path.endsWith('/relationships/outgoing') ? { status: 200, body: [] } : undefined,
    );
    const client = fake.client();
    await client.listOutgoingRelationships('R1', { relationshipName: 'isPartOf' });
    await client.listOutgoingRelationships('R1');
    await client.listOutgoingRelationships('R1', { relationshipName: '' });
    assert.deepEqual(
      fake.apiRequests.map((r) => r.query.get('relationshipName')),
      ['isPartOf', null, null],
    );
  });
});

import * as assert from 'node:assert/strict';
import type { BuildingTwinsClient } from '../../../../src/core/api/client';
import type { JsonPatchOperation } from '../../../../src/core/api/types';
import type {
  DocumentServices,
  LoadedResource,
  ResourceCall,
} from '../../../../src/extension/documents/resourceHandler';
import { twinDocumentHandler } from '../../../../src/extension/twins/twinDocumentHandler';
import { EmulatorHarness } from '../../api/emulatorHarness';
import { FakeService, type FakeAnswer, type FakeRequest } from '../../api/fakeService';
import { FIXTURE_MODELS, M } from '../../emulator/emulatorFixtures';

const unexpected = (): Promise<never> => Promise.reject(new Error('unexpected question'));
/** A save never needs to ask anything in these tests; the write confirmation lets every write through. */
const ctx = {
  input: { confirm: unexpected },
  writes: { beforeSend: () => Promise.resolve(), onServiceChange: unexpected },
} as unknown as DocumentServices;

function call(client: BuildingTwinsClient, id: string): ResourceCall {
  return { services: ctx, client, ref: { connection: 'test', kind: 'twins', ids: [id] } };
}

/** The document as an editor would send it back after changing `contents`. */
function edit(loaded: LoadedResource, change: (contents: Record<string, unknown>) => void): Record<string, unknown> {
  const doc = structuredClone(loaded.value) as { contents: Record<string, unknown> };
  change(doc.contents);
  return doc;
}

const contentsOf = (loaded: LoadedResource) => (loaded.value as { contents: Record<string, unknown> }).contents;
const timeOf = (loaded: LoadedResource) => (loaded.value as { lastUpdateTime: string }).lastUpdateTime;

describe('saving a twin document', function () {
  this.timeout(30_000);

  describe('against the emulator', () => {
    let emu: EmulatorHarness;
    let client: BuildingTwinsClient;

    before(async () => {
      emu = await EmulatorHarness.start({ sample: false, models: [FIXTURE_MODELS] });
      client = emu.client().client;
      await client.putTwin({ id: 'R1', modelId: M.room, contents: { name: 'Room', capacity: 4 } });
    });
    after(() => emu?.close());

    it('sends one patch with paths at the properties and shows the twin read back, new update time included', async () => {
      const loaded = await twinDocumentHandler.read(call(client, 'R1'));
      await emu.clearRequests();
      const saved = await twinDocumentHandler.write!(
        call(client, 'R1'),
        edit(loaded, (c) => {
          c.capacity = 9;
        }),
        loaded,
      );
      assert.deepEqual(contentsOf(saved), { name: 'Room', capacity: 9 });
      assert.ok(timeOf(saved) > timeOf(loaded), `${timeOf(saved)} after ${timeOf(loaded)}`);
      const served = (await emu.requests()).map((r) => `${r.method} ${r.path.replace(/^\/api\/v3/, '')} ${r.status}`);
      assert.deepEqual(
        served,
        ['GET /twins/R1 200', 'PATCH /twins/R1 200', 'GET /twins/R1 200'],
        'conflict check, patch, read back',
      );
      assert.equal(saved.text, (await twinDocumentHandler.read(call(client, 'R1'))).text);
    });

    it('reports a refusal once, without retrying a refusal that is not about paths', async () => {
      const loaded = await twinDocumentHandler.read(call(client, 'R1'));
      await emu.clearRequests();
      await assert.rejects(
        twinDocumentHandler.write!(
          call(client, 'R1'),
          edit(loaded, (c) => {
            c.capacity = 'lots';
          }),
          loaded,
        ),
        /The service refused twin R1: .*capacity/,
      );
      assert.equal((await emu.requests()).filter((r) => r.method === 'PATCH').length, 1);
    });
  });

  describe('against a service that answers like the 2024 generation', () => {
    let fake: FakeService;
    const twin: Record<string, unknown> = { name: 'Room', capacity: 4 };
    let updated = '2024-05-01T10:00:00.0000000Z';

    /** GET: the wrapped ADT twin; PATCH: `/contents/...` refused as ADT would, root paths applied, 200 with no body. */
    function answer(request: FakeRequest): FakeAnswer | undefined {
      if (request.path !== '/twins/R1') return undefined;
      if (request.method === 'GET') {
        return {
          status: 200,
          body: {
            twin: {
              $dtId: 'R1',
              $etag: `W/"${updated}"`,
              $metadata: { $model: M.room, $lastUpdateTime: updated },
              ...twin,
            },
            incomingRelationships: [],
            outgoingRelationships: [],
            twinData: null,
          },
        };
      }
      const ops = JSON.parse(request.body) as JsonPatchOperation[];
      if (ops.some((op) => op.path.startsWith('/contents/'))) {
        return {
          status: 400,
          body: {
            statusCode: 400,
            message:
              'Service request failed. Status: 400 (Bad Request) ErrorCode: ValidationFailed Content: {"error":{"code":"ValidationFailed","message":"Invalid property \'contents\' specified in patch."}}',
            data: {},
          },
        };
      }
      for (const op of ops) {
        const key = op.path.slice(1);
        if (op.op === 'remove') delete twin[key];
        else twin[key] = op.value;
      }
      updated = '2024-05-01T11:00:00.0000000Z';
      return { status: 200 };
    }

    before(async () => {
      fake = await FakeService.start(answer);
    });
    after(() => fake?.close());

    it('saves without "refused", sending root paths once, and shows what the service holds', async () => {
      const client = fake.client();
      const loaded = await twinDocumentHandler.read(call(client, 'R1'));
      assert.deepEqual(contentsOf(loaded), { name: 'Room', capacity: 4 });
      assert.equal(timeOf(loaded), '2024-05-01T10:00:00.0000000Z');
      const saved = await twinDocumentHandler.write!(
        call(client, 'R1'),
        edit(loaded, (c) => {
          c.capacity = 12;
        }),
        loaded,
      );
      assert.deepEqual(contentsOf(saved), { name: 'Room', capacity: 12 });
      assert.equal(timeOf(saved), '2024-05-01T11:00:00.0000000Z');
      const patches = fake.apiRequests.filter((r) => r.method === 'PATCH');
      assert.deepEqual(
        patches.map((r) => JSON.parse(r.body) as unknown),
        [[{ op: 'replace', path: '/capacity', value: 12 }]],
      );
    });
  });

  describe('the conflict check on a twin shaped like Azure.DigitalTwins.Core 1.4 (update time at the root)', () => {
    let fake: FakeService;
    let updated = '2024-06-01T08:00:00.0000000+00:00';
    const adt = () => ({
      twin: {
        $dtId: 'R2',
        $etag: 'W/"1"',
        $lastUpdateTime: updated,
        $metadata: { $model: M.room, name: { lastUpdateTime: updated } },
        name: 'Room',
      },
      incomingRelationships: [],
      outgoingRelationships: [],
      twinData: null,
    });
    before(async () => {
      fake = await FakeService.start((r) =>
        r.path === '/twins/R2' ? (r.method === 'GET' ? { status: 200, body: adt() } : { status: 200 }) : undefined,
      );
    });
    after(() => fake?.close());

    it('notices a change made on the service since the document was opened, and sends nothing when the user reverts', async () => {
      const client = fake.client();
      const loaded = await twinDocumentHandler.read(call(client, 'R2'));
      assert.equal(timeOf(loaded), '2024-06-01T08:00:00.0000000+00:00');
      updated = '2024-06-01T09:30:00.0000000+00:00';
      const asked: unknown[] = [];
      const services = {
        ...ctx,
        writes: {
          beforeSend: () => Promise.resolve(),
          onServiceChange: (_ref: unknown, change: unknown) => {
            asked.push(change);
            return Promise.resolve('revert');
          },
        },
      } as unknown as DocumentServices;
      const result = await twinDocumentHandler.write!(
        { ...call(client, 'R2'), services },
        edit(loaded, (c) => {
          c.name = 'Mine';
        }),
        loaded,
      );
      assert.equal(asked.length, 1, 'the check compared the two update times');
      assert.equal((asked[0] as { now: string }).now, '2024-06-01T09:30:00.0000000+00:00');
      assert.equal(result.reverted, true);
      assert.equal(fake.apiRequests.filter((r) => r.method === 'PATCH').length, 0);
    });
  });
});

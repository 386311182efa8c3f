// Errors the twins backend passes through from Azure Digital Twins: `{statusCode, message, data}` with ADT's
// status (Willow source: applications/TwinManagement/lib/Willow.Exceptions/GlobalExceptionFilter.cs,
// `RequestFailedException`; adt-api Controllers/RelationshipsController.cs `UpsertRelationship` and
// Controllers/TwinsController.cs `PatchTwin` hand the write to Domain/Instance/Writers/AzureDigitalTwinWriter.cs).
// docs/service-compatibility.md, "Errors passed through from Azure Digital Twins".
import * as assert from 'node:assert/strict';
import { EmulatorTestClient } from './emulatorTestClient';
import { FIXTURE_MODELS, putSmallBuilding } from './emulatorFixtures';

interface PassedThrough {
  statusCode: number;
  message: string;
  data: unknown;
  errors?: unknown;
}

function passedThrough(res: { status: number; json: unknown; headers: Headers }, status: number, code: string) {
  assert.equal(res.status, status, JSON.stringify(res.json));
  const body = res.json as PassedThrough;
  assert.equal(body.statusCode, status);
  assert.deepEqual(body.data, {});
  assert.equal(body.errors, undefined, 'not a validation problem');
  assert.match(res.headers.get('content-type') ?? '', /application\/problem\+json/);
  const lines = body.message.split('\n');
  assert.match(lines[1], new RegExp(`^Status: ${status} \\(`));
  assert.equal(lines[2], `ErrorCode: ${code}`);
  assert.equal(JSON.parse(lines.slice(lines.indexOf('Content:') + 1).join('\n')).error.code, code);
  return lines[0];
}

describe('emulator errors passed through from Azure Digital Twins', function () {
  this.timeout(30_000);
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS] });
    await putSmallBuilding(client);
  });
  after(() => client.close());

  it('answers a relationship to a missing target or from a missing source 404 DigitalTwinNotFound', async () => {
    const target = await client.call('PUT', '/twins/relationships', {
      sourceId: 'R1',
      targetId: 'NOPE',
      name: 'isPartOf',
    });
    assert.match(passedThrough(target, 404, 'DigitalTwinNotFound'), /NOPE/);
    const source = await client.call('PUT', '/twins/relationships', {
      sourceId: 'GONE',
      targetId: 'L1',
      name: 'isPartOf',
    });
    assert.match(passedThrough(source, 404, 'DigitalTwinNotFound'), /GONE/);
    assert.equal((await client.call('GET', '/twins/R1/relationships/outgoing')).json.length, 1, 'nothing was stored');
  });

  it('answers a relationship ADT refuses (undeclared name, wrong target, bad property) 400 ValidationFailed', async () => {
    const undeclared = await client.call('PUT', '/twins/relationships', {
      sourceId: 'R1',
      targetId: 'L1',
      name: 'feeds',
    });
    assert.match(passedThrough(undeclared, 400, 'ValidationFailed'), /declares no relationship 'feeds'/);
    const property = await client.call('PUT', '/twins/relationships', {
      sourceId: 'AHU1',
      targetId: 'CH1',
      name: 'isFedBy',
      properties: { substance: 42 },
    });
    passedThrough(property, 400, 'ValidationFailed');
  });

  it('keeps a relationship body without source, target or name a validation problem (the backend checks those)', async () => {
    const res = await client.call('PUT', '/twins/relationships', { targetId: 'L1', name: 'isPartOf' });
    assert.equal(res.status, 400);
    assert.ok((res.json as { errors?: object }).errors, 'ValidationProblemDetails');
  });

  it('answers a patch ADT refuses with its 400: JsonPatchInvalid for paths and operations, ValidationFailed for the twin', async () => {
    const wrongType = await client.call('PATCH', '/twins/R1', [{ op: 'replace', path: '/capacity', value: 'ten' }]);
    assert.match(passedThrough(wrongType, 400, 'ValidationFailed'), /capacity/);
    const contents = await client.call('PATCH', '/twins/R1', [{ op: 'replace', path: '/contents/name', value: 'x' }]);
    assert.match(passedThrough(contents, 400, 'JsonPatchInvalid'), /path '\/contents\/name'/);
    const missing = await client.call('PATCH', '/twins/R1', [{ op: 'remove', path: '/noSuchProperty' }]);
    passedThrough(missing, 400, 'JsonPatchInvalid');
    const unbound = await client.call('PATCH', '/twins/R1', [{ path: '/name', value: 'x' }]);
    assert.equal(unbound.status, 400);
    assert.ok((unbound.json as { errors?: object }).errors, 'a patch that does not bind stays a validation problem');
    assert.equal((await client.call('GET', '/twins/R1')).json.contents.capacity, 10, 'nothing was applied');
  });
});

import * as assert from 'node:assert/strict';
import { ApiError, isReadOnlyRefusal } from '../../../src/core/api/apiError';
import { isWriteOperation, OPERATION_ACCESS } from '../../../src/core/api/operations';
import { EmulatorHarness } from './emulatorHarness';
import { WRITES } from './writeCalls';

describe('read-only client (readOnly option)', () => {
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start();
  });
  after(() => emu.close());

  it('lists exactly the state-changing operations as writes; the token request and POST queries are reads', () => {
    const writes = Object.entries(OPERATION_ACCESS)
      .filter(([, access]) => access === 'write')
      .map(([name]) => name)
      .sort();
    assert.deepEqual(writes, Object.keys(WRITES).sort());
    for (const read of [
      'getToken',
      'listTwins',
      'countTwins',
      'getTwinsByIds',
      'getTwinGraph',
      'listInsights',
      'listTickets',
      'getTimeSeriesByIds',
    ]) {
      assert.equal(isWriteOperation(read), false, read);
    }
    assert.equal(
      isWriteOperation('someFutureOperation'),
      true,
      'an operation the table does not know counts as a write',
    );
    assert.equal(isWriteOperation('toString'), true, 'prototype keys are not operations');
  });

  for (const [operation, call] of Object.entries(WRITES)) {
    it(`refuses ${operation} naming the operation and the connection, and sends nothing (not even a token request)`, async () => {
      const { client, events } = emu.client({ readOnly: true, connectionName: 'Production' });
      await emu.clearRequests();
      const error = await call(client).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof ApiError, `expected an ApiError, got ${String(error)}`);
      assert.equal(error.kind, 'read-only');
      assert.equal(error.operation, operation);
      assert.equal(error.attempts, 0);
      assert.equal(isReadOnlyRefusal(error), true);
      assert.equal(error.oneLine, `${operation} refused: the connection "Production" is read-only; nothing was sent`);
      assert.deepEqual(events, []);
      assert.deepEqual(await emu.requests(), []);
    });
  }

  it('reads as usual (a token request included) and names the connection by its URL when no name is given', async () => {
    const { client } = emu.client({ readOnly: true });
    assert.equal(client.readOnly, true);
    assert.equal((await client.getTwin('HP-L01')).id, 'HP-L01');
    assert.ok((await client.countTwins()) > 0);
    await emu.clearRequests();
    const error = await client.putTwin({ id: 'RO-X', modelId: 'dtmi:com:willowinc:Room;1' }).then(
      () => undefined,
      (e: unknown) => e as ApiError,
    );
    assert.equal(error?.oneLine, `putTwin refused: the connection "${client.baseUrl}" is read-only; nothing was sent`);
    assert.deepEqual(await emu.requests(), []);
  });

  it('writes when readOnly is false or absent', async () => {
    const { client } = emu.client();
    assert.equal(client.readOnly, false);
    await client.patchTwin('HP-L01', [{ op: 'replace', path: '/name', value: 'Level 1' }]);
    assert.ok((await emu.requests()).some((r) => r.method === 'PATCH' && r.path === '/api/v3/twins/HP-L01'));
  });

  it('tells other errors apart', () => {
    assert.equal(isReadOnlyRefusal(ApiError.invalidRequest('putTwin', 'no id')), false);
    assert.equal(isReadOnlyRefusal({ kind: 'read-only' }), true, 'another copy of ApiError counts');
    assert.equal(isReadOnlyRefusal(undefined), false);
  });
});

import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/apiError';
import type { OutgoingWrite } from '../../../src/core/api/httpTransport';
import { OPERATION_ACCESS } from '../../../src/core/api/operations';
import { EmulatorHarness } from './emulatorHarness';
import { WRITES } from './writeCalls';

class Declined extends Error {}

describe('client beforeWrite (the write gate the extension plugs in)', () => {
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start();
  });
  after(() => emu.close());

  it('covers every write operation of the table', () => {
    const writes = Object.entries(OPERATION_ACCESS)
      .filter(([, access]) => access === 'write')
      .map(([name]) => name)
      .sort();
    assert.deepEqual(Object.keys(WRITES).sort(), writes);
  });

  for (const [operation, call] of Object.entries(WRITES)) {
    it(`${operation}: asked first with the request as it will be sent; declined, nothing reaches the service`, async () => {
      const seen: OutgoingWrite[] = [];
      const { client, events } = emu.client({
        beforeWrite: (write) => {
          seen.push(write);
          return Promise.reject(new Declined('no'));
        },
      });
      await emu.clearRequests();
      await assert.rejects(call(client), Declined);
      assert.equal(seen.length, 1);
      assert.equal(seen[0].operation, operation);
      assert.equal(seen[0].url, `${client.baseUrl}${seen[0].path}`);
      assert.ok(seen[0].json !== undefined || (seen[0].files?.length ?? 0) > 0, 'the body or the files are shown');
      assert.deepEqual(events, [], 'no request, not even a token request');
      assert.deepEqual(await emu.requests(), []);
    });
  }

  it('reads do not ask; a write the gate lets through is sent once; the read-only refusal comes before the gate', async () => {
    const seen: OutgoingWrite[] = [];
    const { client } = emu.client({
      beforeWrite: (write) => {
        seen.push(write);
        return Promise.resolve();
      },
    });
    await client.getTwin('HP-L01');
    await client.countTwins();
    assert.equal(seen.length, 0);
    await emu.clearRequests();
    await client.patchTwin('HP-L01', [{ op: 'replace', path: '/name', value: 'Level 1' }]);
    assert.deepEqual(
      seen.map((w) => `${w.method} ${w.path}`),
      ['PATCH /twins/HP-L01'],
    );
    assert.deepEqual(seen[0].json, [{ op: 'replace', path: '/name', value: 'Level 1' }]);
    assert.equal((await emu.requests()).filter((r) => r.method === 'PATCH').length, 1);

    const asked: OutgoingWrite[] = [];
    const { client: readOnly } = emu.client({
      readOnly: true,
      beforeWrite: (write) => {
        asked.push(write);
        return Promise.resolve();
      },
    });
    const error = await readOnly.putTwin({ id: 'X', modelId: 'dtmi:com:willowinc:Room;1' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof ApiError && error.kind === 'read-only');
    assert.equal(asked.length, 0, 'a read-only connection is refused without asking');
  });

  it('an upload shows its files by name and size', async () => {
    const seen: OutgoingWrite[] = [];
    const { client } = emu.client({
      beforeWrite: (write) => {
        seen.push(write);
        return Promise.reject(new Declined('no'));
      },
    });
    await assert.rejects(
      client.uploadEventFiles([
        { name: 'a.csv', content: 'x,y\n1,2\n' },
        { name: 'b.json', content: '[]' },
      ]),
      Declined,
    );
    assert.deepEqual(seen[0].files, [
      { name: 'a.csv', bytes: 8 },
      { name: 'b.json', bytes: 2 },
    ]);
  });
});

// "Change Twins…" on a multi-selection of twin rows in a real VS Code: one question that lists every request (and
// "Show Everything" with every byte), nothing sent when it is declined or the connection is read-only, and the
// twins as the service holds them afterwards.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BuildingTwinsClient } from '../../src/core/api/client';
import type { TestApi } from '../../src/extension/testing/testApi';
import type { TreeNode } from '../../src/extension/explorer/treeNode';
import type { BulkPatchCommandResult } from '../../src/extension/twins/bulkPatchCommand';
import { toTwinFilters } from '../../src/extension/twins/twinFilter';
import { removeConnectionIfAny, resetAfterWriteTest, shownEverything } from './productionHelpers';
import { clearRequests, emulatorUrl, extensionApi, freshExplorer, LOCAL, requests } from './explorerHelpers';

const ROOMS = ['HP-L01-R01', 'HP-L01-R02', 'HP-L01-R03'];
const READ_ONLY = 'Bulk read-only';

describe('changing many twins at once', function () {
  this.timeout(60_000);
  let api: TestApi;
  let url: string;
  let client: BuildingTwinsClient;
  const original = new Map<string, unknown>();

  before(async function () {
    url = emulatorUrl(this);
    api = await extensionApi();
    client = (await api.context.getActiveClient()) as BuildingTwinsClient;
    for (const id of ROOMS) original.set(id, (await client.getTwin(id)).contents?.capacity);
  });
  beforeEach(async () => {
    await freshExplorer();
    await clearRequests(url);
  });
  afterEach(resetAfterWriteTest);
  after(async () => {
    for (const [id, capacity] of original)
      await client.patchTwin(id, [{ op: 'replace', path: '/capacity', value: capacity }]);
  });

  /** The loaded rows of the three rooms under Twins > Room, as a multi-selection hands them to a command. */
  async function selectedRooms(): Promise<TreeNode[]> {
    const group = await api.findNode([LOCAL, 'Twins', 'Room']);
    const rows = (await group.getChildren()).filter((n) => ROOMS.includes(n.ids[0] ?? ''));
    assert.equal(rows.length, ROOMS.length, 'the three rooms are listed');
    return rows;
  }
  const patches = async (): Promise<string[]> =>
    (await requests(url))
      .filter((r) => r.method === 'PATCH')
      .map((r) => decodeURIComponent(r.path.replace(/^.*\/twins\//, '')));

  it('asks once, listing every request, and changes every selected twin', async () => {
    const rows = await selectedRooms();
    const script = api.useScriptedInput(['Set a Property…', 'capacity', '21', 'Show Everything', 'Send']);
    const result = (await vscode.commands.executeCommand(
      'buildingTwins.changeTwins',
      rows[1],
      rows,
    )) as BulkPatchCommandResult;
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual(
      script.kinds,
      ['pick', 'input', 'input', 'choose', 'choose'],
      'one question (asked again after Show Everything)',
    );
    assert.match(script.prompts[3], /^Change 3 twins on "Local emulator"\?$/);
    for (const id of ROOMS)
      assert.ok(script.details[3]?.includes(`PATCH ${url}/twins/${id}`), `${id} is in the question`);
    assert.match(script.details[3] ?? '', /replace \/capacity: 21/);
    const everything = await shownEverything(`PATCH ${url}/twins/${ROOMS[0]}`);
    assert.match(everything, /^\/\/ 3 requests, /);
    for (const id of ROOMS) assert.ok(everything.includes(`PATCH ${url}/twins/${id}`), `${id} is shown in full`);
    assert.deepEqual((await patches()).sort(), [...ROOMS].sort());
    assert.deepEqual([result.sent, result.counts.done, result.problems], [3, 3, []]);
    for (const id of ROOMS) assert.equal((await client.getTwin(id)).contents?.capacity, 21);
  });

  it('sends nothing when the question is declined, and refuses a read-only connection before asking', async () => {
    const rows = await selectedRooms();
    const declined = api.useScriptedInput([undefined]);
    const result = (await vscode.commands.executeCommand('buildingTwins.changeTwins', rows[0], rows, {
      kind: 'patch',
      patch: [{ op: 'replace', path: '/capacity', value: 22 }],
    })) as BulkPatchCommandResult;
    assert.deepEqual(declined.kinds, ['choose']);
    assert.deepEqual([result.sent, result.counts.declined], [0, 3]);
    assert.deepEqual(await patches(), []);

    // A read-only connection to the same emulator, the twins named by id (as a request's results name them).
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name: READ_ONLY,
      baseUrl: url,
      clientId: 'local-dev',
      clientSecret: 'local-dev-secret',
      readOnly: true,
    });
    try {
      const readOnly = api.useScriptedInput([]);
      await vscode.commands.executeCommand('buildingTwins.changeTwins', READ_ONLY, ROOMS, {
        kind: 'set',
        property: 'capacity',
        value: '23',
      });
      assert.match(
        api.takeLastError()?.message ?? '',
        /read-only connection: twins cannot be changed.*Nothing was sent/,
      );
      assert.deepEqual(readOnly.kinds, []);
      assert.deepEqual(await patches(), []);
    } finally {
      await removeConnectionIfAny(READ_ONLY);
    }
  });

  it("changes a model group's twins, refusing those whose model refuses the value, with the reasons", async () => {
    const group = await api.findNode([LOCAL, 'Twins', 'Room']);
    const script = api.useScriptedInput([]);
    const result = (await vscode.commands.executeCommand('buildingTwins.changeTwins', group, undefined, {
      kind: 'set',
      property: 'roomType',
      value: 'ballroom',
    })) as BulkPatchCommandResult;
    assert.equal(result.sent, 0, 'every room refuses "ballroom": nothing to ask or send');
    assert.equal(result.counts.refused, result.twins);
    assert.match(
      result.problems[0] ?? '',
      /refused before sending: its model refuses the result: \/contents\/roomType/,
    );
    assert.deepEqual(script.kinds, []);
    assert.deepEqual(await patches(), []);
  });

  it("changes the twins the explorer's filter shows when run on Twins", async () => {
    const room = 'dtmi:com:buildingtwins:sample:Room;1';
    api.context.tree.setFilter({ modelId: room, nameText: 'Meeting room' });
    const shown: string[] = [];
    const before = new Map<string, unknown>();
    for await (const twin of client.iterateTwins({ ...toTwinFilters(api.context.tree.filter), pageSize: 1000 })) {
      shown.push(twin.id);
      before.set(twin.id, twin.contents?.capacity);
    }
    assert.ok(shown.length > 1 && shown.length < 47, `the filter shows some rooms (${shown.length})`);
    const script = api.useScriptedInput(['Send']);
    try {
      const result = (await vscode.commands.executeCommand(
        'buildingTwins.changeTwins',
        await api.findNode([LOCAL, 'Twins']),
        undefined,
        { kind: 'set', property: 'capacity', value: '9' },
      )) as BulkPatchCommandResult;
      assert.equal(api.takeLastError(), undefined);
      assert.match(script.prompts[0] ?? '', new RegExp(`^Change ${shown.length} twins on "Local emulator"\\?$`));
      assert.deepEqual((await patches()).sort(), [...shown].sort());
      assert.equal(result.counts.done, shown.length);
    } finally {
      for (const [id, capacity] of before)
        await client.patchTwin(id, [{ op: 'replace', path: '/capacity', value: capacity }]);
    }
  });
});

import * as assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseEmulatorArgs } from '../../../src/emulator/cliOptions';
import { EmulatorTestClient } from './emulatorTestClient';
import { FIXTURE_MODELS, M, putSmallBuilding } from './emulatorFixtures';

const DANGLING = JSON.stringify(
  {
    '@context': 'dtmi:dtdl:context;3',
    '@id': 'dtmi:com:example:Dangling;1',
    '@type': 'Interface',
    extends: 'dtmi:com:example:DoesNotExist;1',
  },
  null,
  2,
);

/** A copy of the fixture models a test may change. */
function modelsCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'emulator-models-'));
  cpSync(FIXTURE_MODELS, dir, { recursive: true });
  return dir;
}

describe('emulator models folder: checked, reloaded, refused with its problems', () => {
  const folders: string[] = [];
  after(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });
  const folder = (): string => {
    const dir = modelsCopy();
    folders.push(dir);
    return dir;
  };

  it('refuses to start on a folder with a problem, naming the file, line and validation id', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'dangling.json'), DANGLING);
    await assert.rejects(
      EmulatorTestClient.start({ sample: false, models: [dir] }),
      (error: Error) =>
        error.name === 'ModelFolderError' &&
        /1 problem\(s\), so none of its models were loaded: dangling\.json:5:14: unresolvedReference: .*DoesNotExist/.test(
          error.message,
        ),
    );
  });

  it('loads such a folder with --lenient-models, each problem a warning', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'dangling.json'), DANGLING);
    assert.equal(parseEmulatorArgs(['--models', dir, '--lenient-models'])?.lenientModels, true);
    assert.equal(parseEmulatorArgs(['--models', dir])?.lenientModels, undefined);
    const client = await EmulatorTestClient.start({ sample: false, models: [dir], lenientModels: true });
    try {
      assert.ok(
        client.emulator.warnings.includes(
          'dangling.json:5:14: unresolvedReference: "extends" refers to "dtmi:com:example:DoesNotExist;1", which is defined nowhere in the checked files.',
        ),
        client.emulator.warnings.join('\n'),
      );
      assert.equal((await client.call('GET', `/models/${encodeURIComponent(M.room)}`)).status, 200);
    } finally {
      await client.close();
    }
  });

  it('accepts a folder whose models extend the sample ones (the sample models resolve its references)', async () => {
    const dir = folder();
    writeFileSync(
      path.join(dir, 'meter.json'),
      JSON.stringify({
        '@context': 'dtmi:dtdl:context;3',
        '@id': 'dtmi:com:example:Meter;1',
        '@type': 'Interface',
        extends: 'dtmi:com:buildingtwins:sample:Capability;1',
      }),
    );
    const client = await EmulatorTestClient.start({ models: [dir] });
    try {
      assert.equal((await client.call('GET', `/models/${encodeURIComponent('dtmi:com:example:Meter;1')}`)).status, 200);
    } finally {
      await client.close();
    }
  });

  describe('POST /_emulator/models/reload', () => {
    let client: EmulatorTestClient;
    let dir: string;
    before(async () => {
      dir = folder();
      client = await EmulatorTestClient.start({ sample: false, models: [dir] });
      await putSmallBuilding(client);
    });
    after(() => client.close());

    const reload = async (): Promise<{ status: number; body: Record<string, unknown> }> => {
      const res = await client.admin('POST', '/_emulator/models/reload');
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const modelIds = async (): Promise<string[]> =>
      (await client.call('GET', '/models')).json.map((m: { id: string }) => m.id);

    it('loads a new model file and lists no twin when all still fit', async () => {
      writeFileSync(
        path.join(dir, 'meter.json'),
        JSON.stringify({ '@context': 'dtmi:dtdl:context;3', '@id': 'dtmi:com:example:Meter;1', '@type': 'Interface' }),
      );
      const { status, body } = await reload();
      assert.equal(status, 200);
      assert.equal(body.status, 'loaded');
      assert.deepEqual(body.unfitTwins, []);
      assert.ok((await modelIds()).includes('dtmi:com:example:Meter;1'));
    });

    it('refuses a folder with problems, answers them, and keeps the models it had', async () => {
      writeFileSync(path.join(dir, 'dangling.json'), DANGLING);
      const before = await modelIds();
      const { status, body } = await reload();
      assert.equal(status, 422);
      assert.equal(body.status, 'refused');
      assert.deepEqual(body.problems, [
        {
          file: 'dangling.json',
          line: 5,
          column: 14,
          code: 'unresolvedReference',
          message:
            '"extends" refers to "dtmi:com:example:DoesNotExist;1", which is defined nowhere in the checked files.',
        },
      ]);
      assert.deepEqual(await modelIds(), before);
      assert.ok(!before.includes('dtmi:com:example:Dangling;1'));
      rmSync(path.join(dir, 'dangling.json'));
    });

    it('lists the twins that no longer fit a changed model, and keeps them as they are', async () => {
      const spaces = path.join(dir, 'spaces.json');
      const original = readFileSync(spaces, 'utf8');
      writeFileSync(spaces, original.replace('"name": "capacity"', '"name": "seats"'));
      const { status, body } = await reload();
      assert.equal(status, 200);
      const unfit = body.unfitTwins as { twinId: string; modelId: string; problems: string[] }[];
      assert.deepEqual(
        unfit.map((t) => t.twinId),
        ['R1', 'R2'],
      );
      assert.equal(unfit[0]!.modelId, M.room);
      assert.match(unfit[0]!.problems.join(' '), /capacity/);
      assert.equal(body.unfitTwinCount, 2);
      const r1 = await client.call('GET', '/twins/R1');
      assert.equal(r1.status, 200);
      assert.equal(r1.json.contents.capacity, 10);
      writeFileSync(spaces, original);
      assert.deepEqual((await reload()).body.unfitTwins, []);
    });
  });

  describe('DELETE /_emulator/twins/{id} and /_emulator/relationships/{id}', () => {
    let client: EmulatorTestClient;
    before(async () => {
      client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS] });
      await putSmallBuilding(client);
    });
    after(() => client.close());

    it('deletes a twin with every relationship from or to it', async () => {
      const res = await client.admin('DELETE', '/_emulator/twins/AHU1');
      assert.equal(res.status, 200);
      const body = (await res.json()) as { deletedTwin: string; deletedRelationships: string[] };
      assert.equal(body.deletedTwin, 'AHU1');
      assert.equal(body.deletedRelationships.length, 3, 'locatedIn, isFedBy and the sensor T2 on it');
      assert.equal((await client.call('GET', '/twins/AHU1')).status, 404);
      const t2 = await client.call('GET', '/twins/T2?includeRelationships=true');
      assert.deepEqual(t2.json.outgoingRelationships ?? [], []);
      assert.equal((await client.admin('DELETE', '/_emulator/twins/AHU1')).status, 404);
    });

    it('deletes one relationship, and says when there is none of that id', async () => {
      const r1 = await client.call('GET', '/twins/R1?includeRelationships=true');
      const [rel] = r1.json.outgoingRelationships as { id: string }[];
      assert.ok(rel);
      const res = await client.admin('DELETE', `/_emulator/relationships/${encodeURIComponent(rel.id)}`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { deletedRelationship: rel.id });
      const after = await client.call('GET', '/twins/R1?includeRelationships=true');
      assert.deepEqual(after.json.outgoingRelationships ?? [], []);
      assert.equal(
        (await client.admin('DELETE', `/_emulator/relationships/${encodeURIComponent(rel.id)}`)).status,
        404,
      );
      assert.equal((await client.admin('GET', '/_emulator/relationships/x')).status, 405);
    });

    it('needs the admin token', async () => {
      const res = await fetch(`${client.root}/_emulator/twins/R2`, { method: 'DELETE' });
      assert.equal(res.status, 401);
      assert.equal((await client.call('GET', '/twins/R2')).status, 200);
    });
  });
});

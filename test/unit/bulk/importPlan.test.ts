import * as assert from 'node:assert/strict';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { parseImportCsv } from '../../../src/core/bulk/importCsv';
import { parseImportJson } from '../../../src/core/bulk/importJson';
import type { DigitalTwin } from '../../../src/core/api/types';
import {
  existingTwinIds,
  planImport,
  relationshipKey,
  serviceTwinLookup,
  withTwinsRefusedByModel,
} from '../../../src/core/bulk/importPlan';
import { ROOM, SENSOR, SPACE, THERMOSTAT, fixtureInterfaces } from '../dtdl/dtdlFixtures';

const index = ModelIndex.fromInterfaces(fixtureInterfaces);
const json = (items: unknown[]): string => `[\n${items.map((i) => JSON.stringify(i)).join(',\n')}\n]`;

describe('planImport', () => {
  it('counts a valid import per model and per relationship name', async () => {
    const parsed = parseImportJson(
      json([
        { id: 'S1', modelId: SPACE },
        { id: 'R1', modelId: ROOM, contents: { capacity: 2 } },
        { id: 'R2', modelId: ROOM },
        { id: 'T1', modelId: THERMOSTAT },
        { sourceId: 'R1', name: 'isPartOf', targetId: 'S1' },
        { sourceId: 'R2', name: 'isPartOf', targetId: 'R1' },
        { sourceId: 'R1', name: 'hasSensor', targetId: 'T1', properties: { position: 'wall' } },
        { sourceId: 'R1', name: 'servedBy', targetId: 'T1' },
      ]),
    );
    const plan = await planImport(parsed, { index });
    assert.deepEqual(plan.errors, []);
    assert.deepEqual(plan.twinCountsByModel, { [SPACE]: 1, [ROOM]: 2, [THERMOSTAT]: 1 });
    assert.deepEqual(plan.relationshipCountsByName, { isPartOf: 2, hasSensor: 1, servedBy: 1 });
    assert.deepEqual(
      plan.twins.map((t) => t.key),
      ['twin:S1', 'twin:R1', 'twin:R2', 'twin:T1'],
    );
    assert.equal(
      plan.relationships[2].key,
      relationshipKey({ sourceId: 'R1', name: 'hasSensor', targetId: 'T1', properties: { position: 'wall' } }),
    );
  });

  it('reports every invalid item with its line before anything is sent', async () => {
    const parsed = parseImportJson(
      json([
        { id: 'S1', modelId: SPACE, contents: { area: 'big' } }, // 2: bad value
        { id: 'R1', modelId: ROOM }, // 3
        { id: 'R1', modelId: ROOM }, // 4: duplicate
        { id: '', modelId: ROOM }, // 5: no id
        { id: 'X1', modelId: 'dtmi:com:example:Nope;1' }, // 6: unknown model
        { sourceId: 'R1', name: 'isPartOf', targetId: 'Ghost' }, // 7: dangling target
        { sourceId: 'R1', name: 'owns', targetId: 'S1' }, // 8: undeclared name
        { sourceId: 'R1', name: 'hasSensor', targetId: 'S1' }, // 9: wrong target model
        { sourceId: 'S1', name: 'isPartOf', targetId: 'S1', properties: { since: 'yesterday' } }, // 10: bad property
        { sourceId: 'R1', name: 'isPartOf', targetId: 'S1' }, // 11
        { sourceId: 'R1', name: 'isPartOf', targetId: 'S1' }, // 12: duplicate
        { sourceId: 'R1', name: '', targetId: 'S1' }, // 13: no name
      ]),
      'f.json',
    );
    const plan = await planImport(parsed, { index });
    assert.deepEqual(
      plan.errors.map((e) => [e.line, e.message]),
      [
        [2, '/contents/area: must be a number (DTDL double)'],
        [4, 'twin R1 is already defined on f.json line 3'],
        [5, 'the twin needs a non-empty id'],
        [6, '/modelId: unknown model dtmi:com:example:Nope;1'],
        [7, 'target twin Ghost exists neither in the file nor on the service'],
        [8, `Room (${ROOM}) has no relationship named owns; allowed: isPartOf, hasSensor, servedBy`],
        [9, `hasSensor must target a Sensor (${SENSOR}), but S1 is a ${SPACE}`],
        [
          10,
          '/properties/since: must be an RFC 3339 date-time with offset (e.g. 2024-10-01T12:34:56Z) (DTDL dateTime)',
        ],
        [12, 'the same relationship is already on f.json line 11'],
        [13, 'the relationship needs a non-empty name'],
      ],
    );
    assert.deepEqual(
      plan.twins.map((t) => t.twin.id),
      ['R1'],
    );
    assert.equal(plan.relationships.length, 1);
  });

  it("puts a model's refusal on the line of the value it is about, not on the twin's first line", async () => {
    const text = `[${JSON.stringify({ id: 'S1', modelId: SPACE, contents: { name: 'A', area: 'big' } }, null, 2)}]`;
    const plan = await planImport(parseImportJson(text, 'one.json'), { index });
    const areaLine = text.split('\n').findIndex((l) => l.includes('"area"')) + 1;
    assert.ok(areaLine > 1);
    assert.deepEqual(
      plan.errors.map((e) => [e.line, e.path]),
      [[areaLine, '/contents/area']],
    );
  });

  it('keeps the twins only their models refuse apart, to be taken in when the user sends them anyway', async () => {
    const refused = await planImport(
      parseImportJson(json([{ id: 'S1', modelId: SPACE, contents: { area: 'big' } }]), 'f'),
      { index },
    );
    assert.deepEqual(refused.twins, []);
    assert.deepEqual(
      refused.refusedByModel.map((t) => t.twin.id),
      ['S1'],
    );
    assert.ok(refused.errors.every((e) => e.model));
    const taken = withTwinsRefusedByModel(refused);
    assert.deepEqual(
      taken?.twins.map((t) => t.twin.id),
      ['S1'],
    );
    assert.deepEqual(taken?.errors, []);
    assert.deepEqual(taken?.twinCountsByModel, { [SPACE]: 1 });

    // Any other problem (here a duplicate id) keeps the plan refused: nothing to send anyway.
    const mixed = await planImport(
      parseImportJson(
        json([
          { id: 'S1', modelId: SPACE, contents: { area: 'big' } },
          { id: 'S1', modelId: SPACE },
        ]),
        'f',
      ),
      { index },
    );
    assert.equal(withTwinsRefusedByModel(mixed), undefined);
  });

  it('refuses twins whose id fields are not GUIDs or whose model id is no DTMI, naming the field (the service fails on them)', async () => {
    const parsed = parseImportJson(
      json([
        { id: 'R1', modelId: ROOM, contents: { siteID: 'S-1' } },
        { id: 'R2', modelId: 'Room', contents: {} },
        { id: 'R3', modelId: ROOM, contents: { siteID: null } },
      ]),
    );
    const plan = await planImport(parsed, { index });
    assert.ok(
      plan.errors.some((e) => e.line === 2 && /\/contents\/siteID: siteID must be a GUID, got "S-1"/.test(e.message)),
      JSON.stringify(plan.errors),
    );
    assert.ok(
      plan.errors.some((e) => e.line === 3 && /\/modelId: modelId must be a DTMI/.test(e.message)),
      JSON.stringify(plan.errors),
    );
    assert.ok(!plan.twins.some((t) => t.twin.id === 'R1' || t.twin.id === 'R2'));
  });

  it('looks up twins that are not in the file on the service, once, and types CSV relationship properties', async () => {
    const asked: string[][] = [];
    const lookupTwins = async (ids: string[]): Promise<Map<string, string>> => {
      asked.push(ids);
      return new Map([
        ['SvcRoom', ROOM],
        ['SvcSensor', SENSOR],
      ]);
    };
    const parsed = parseImportCsv(
      'sourceId,name,targetId,position,since\nSvcRoom,hasSensor,SvcSensor,ceiling,\nSvcRoom,isPartOf,Nowhere,,',
      index,
      'r.csv',
    );
    const plan = await planImport(parsed, { index, lookupTwins });
    assert.deepEqual(asked, [['SvcRoom', 'SvcSensor', 'Nowhere']]);
    assert.deepEqual(
      plan.relationships.map((r) => r.relationship),
      [{ sourceId: 'SvcRoom', name: 'hasSensor', targetId: 'SvcSensor', properties: { position: 'ceiling' } }],
    );
    assert.deepEqual(plan.errors, [
      {
        file: 'r.csv',
        line: 3,
        path: '/targetId',
        message: 'target twin Nowhere exists neither in the file nor on the service',
      },
    ]);
  });

  it('keeps parse errors of several files, ordered by file and line', async () => {
    const a = parseImportJson('[\n{"x":1}\n]', 'b.json');
    const b = parseImportCsv(`id,modelId,capacity\nR1,${ROOM},x`, index, 'a.csv');
    const plan = await planImport([a, b], { index });
    assert.deepEqual(
      plan.errors.map((e) => [e.file, e.line]),
      [
        ['a.csv', 2],
        ['b.json', 2],
      ],
    );
  });

  it('serviceTwinLookup asks POST /twins/ids in batches', async () => {
    const calls: string[][] = [];
    const lookup = serviceTwinLookup(
      {
        getTwinsByIds: async (ids: string[]) => {
          calls.push(ids);
          return { twins: ids.filter((id) => id !== 'b').map((id) => ({ id, modelId: ROOM })), omitted: [] };
        },
      },
      2,
    );
    const found = await lookup(['a', 'b', 'c']);
    assert.deepEqual(calls, [['a', 'b'], ['c']]);
    assert.deepEqual([...found.keys()], ['a', 'c']);
  });
});

describe('existingTwinIds', () => {
  const asked: string[][] = [];
  const service = (there: string[]) => ({
    getTwinsByIds: async (ids: string[]) => {
      asked.push(ids);
      return { twins: ids.filter((id) => there.includes(id)).map((id) => ({ id }) as DigitalTwin), omitted: [] };
    },
  });

  it('names the twins of the plan the service holds, in plan order, with one request', async () => {
    asked.length = 0;
    const plan = await planImport(
      parseImportJson(
        json([
          { id: 'S1', modelId: SPACE },
          { id: 'R1', modelId: ROOM },
          { id: 'R2', modelId: ROOM },
        ]),
      ),
      { index },
    );
    assert.deepEqual(await existingTwinIds(plan, service(['R2', 'S1'])), ['S1', 'R2']);
    assert.deepEqual(asked, [['S1', 'R1', 'R2']]);
  });

  it('asks nothing for a plan without twins', async () => {
    asked.length = 0;
    const plan = await planImport(parseImportJson(json([{ sourceId: 'R1', name: 'isPartOf', targetId: 'S1' }])), {
      index,
      lookupTwins: async (ids) => new Map(ids.map((id) => [id, id === 'R1' ? ROOM : SPACE])),
    });
    assert.deepEqual(plan.errors, []);
    assert.deepEqual(await existingTwinIds(plan, service(['R1'])), []);
    assert.deepEqual(asked, []);
  });
});

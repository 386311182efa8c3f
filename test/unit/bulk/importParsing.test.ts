import * as assert from 'node:assert/strict';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { parseImportCsv } from '../../../src/core/bulk/importCsv';
import { parseImportFile } from '../../../src/core/bulk/importFile';
import { parseImportJson } from '../../../src/core/bulk/importJson';
import { ROOM, SPACE, THERMOSTAT, fixtureInterfaces } from '../dtdl/dtdlFixtures';

const index = ModelIndex.fromInterfaces(fixtureInterfaces);
const lines = (p: { items: Array<{ line: number }> }): number[] => p.items.map((i) => i.line);

describe('JSON import files', () => {
  it('reads a mixed array, keeping the line where each item starts', () => {
    const text = [
      '[',
      `  { "id": "S1", "modelId": "${SPACE}" },`,
      '  {',
      `    "id": "R1", "modelId": "${ROOM}",`,
      '    "contents": { "capacity": 4 }',
      '  },',
      '  { "sourceId": "R1", "name": "isPartOf", "targetId": "S1" }',
      ']',
    ].join('\n');
    const parsed = parseImportJson(text, 'mixed.json');
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(
      parsed.items.map((i) => [i.kind, i.line, i.file]),
      [
        ['twin', 2, 'mixed.json'],
        ['twin', 3, 'mixed.json'],
        ['relationship', 7, 'mixed.json'],
      ],
    );
  });

  it('reads { twins, relationships } and CRLF files with a BOM', () => {
    const text = `\uFEFF{\r\n"twins": [\r\n{ "id": "S1", "modelId": "${SPACE}" }\r\n],\r\n"relationships": [\r\n{ "sourceId": "a", "name": "n", "targetId": "b" }\r\n]\r\n}`;
    const parsed = parseImportJson(text);
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(
      parsed.items.map((i) => [i.kind, i.line]),
      [
        ['twin', 3],
        ['relationship', 6],
      ],
    );
  });

  it('reports items that are neither twins nor relationships, with their lines', () => {
    const parsed = parseImportJson(`[\n{ "id": "x" },\n42,\n{ "id": "S", "modelId": "${SPACE}" }\n]`, 'f.json');
    assert.deepEqual(parsed.errors, [
      {
        file: 'f.json',
        line: 2,
        message: 'the item is neither a twin (needs modelId) nor a relationship (needs sourceId, name and targetId)',
      },
      { file: 'f.json', line: 3, message: 'each item must be a JSON object' },
    ]);
    assert.deepEqual(lines(parsed), [4]);
  });

  it('reports a syntax error with its line and keeps nothing', () => {
    const parsed = parseImportJson('[\n{ "id": "a", "modelId": "m" },\n{ "id": \n]', 'bad.json');
    assert.equal(parsed.items.length, 0);
    assert.deepEqual(parsed.errors, [{ file: 'bad.json', line: 4, message: 'JSON syntax error: ValueExpected' }]);
    assert.deepEqual(
      parseImportJson('{"twins": {}, "other": []}').errors.map((e) => e.message),
      ['"twins" must be an array', 'unexpected key "other" (expected "twins" and/or "relationships")'],
    );
    assert.deepEqual(
      parseImportJson('"x"').errors.map((e) => e.message),
      ['expected an array of items or { "twins": [...], "relationships": [...] }'],
    );
  });
});

describe('CSV import files', () => {
  it('types twin cells by the model, with dotted paths for objects, maps and components', () => {
    const text = [
      'id,modelId,name,capacity,area,bookable,usage,address.street,address.number,tags.quiet,doors,rating',
      `R1,${ROOM},Room one,4,12.5,TRUE,office,Main,3,false,"[{""street"":""Side""}]",2`,
      `R2,${ROOM},,,,,,,,,,`,
    ].join('\n');
    const parsed = parseImportCsv(text, index, 'rooms.csv');
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(parsed.items[0], {
      kind: 'twin',
      file: 'rooms.csv',
      line: 2,
      twin: {
        id: 'R1',
        modelId: ROOM,
        contents: {
          name: 'Room one',
          capacity: 4,
          area: 12.5,
          bookable: true,
          usage: 'office',
          address: { street: 'Main', number: 3 },
          tags: { quiet: false },
          doors: [{ street: 'Side' }],
          rating: 2,
        },
      },
    });
    assert.deepEqual(parsed.items[1], { kind: 'twin', file: 'rooms.csv', line: 3, twin: { id: 'R2', modelId: ROOM } });
    const thermostat = parseImportCsv(`id,modelId,info.serial,display.brightness\nT1,${THERMOSTAT},A-1,7`, index);
    assert.deepEqual(thermostat.items[0].kind === 'twin' && thermostat.items[0].twin.contents, {
      info: { serial: 'A-1' },
      display: { brightness: 7 },
    });
  });

  it('reports bad cells and bad rows with exact lines, multi-line quoted cells included', () => {
    const text = [
      'id,modelId,capacity,name,bookable',
      `R1,${ROOM},four,A,true`,
      `R2,${ROOM},2,"two`,
      `lines",true`,
      '',
      `R3,${ROOM},3`,
      `R4,${ROOM},1.5,D,maybe`,
      `R5,${ROOM},5,E,false`,
    ].join('\r\n');
    const parsed = parseImportCsv(text, index, 'rooms.csv');
    assert.deepEqual(parsed.errors, [
      { file: 'rooms.csv', line: 6, message: 'expected 5 cells (as in the header), found 3' },
      { file: 'rooms.csv', line: 2, path: 'capacity', message: 'column capacity: "four" is not an integer' },
      { file: 'rooms.csv', line: 7, path: 'capacity', message: 'column capacity: "1.5" is not an integer' },
      {
        file: 'rooms.csv',
        line: 7,
        path: 'bookable',
        message: 'column bookable: "maybe" is not a boolean (true or false)',
      },
    ]);
    assert.deepEqual(
      parsed.items.map((i) => [i.line, i.kind === 'twin' && i.twin.id]),
      [
        [3, 'R2'],
        [8, 'R5'],
      ],
    );
    assert.equal(parsed.items[0].kind === 'twin' && parsed.items[0].twin.contents!.name, 'two\nlines');
  });

  it('reads relationship files and mixed files with a kind column', () => {
    const rels = parseImportCsv(
      'sourceId,name,targetId,position\nR1,hasSensor,T1,ceiling\nR1,isPartOf,S1,',
      index,
      'rels.csv',
    );
    assert.deepEqual(rels.errors, []);
    assert.deepEqual(rels.items, [
      {
        kind: 'relationship',
        file: 'rels.csv',
        line: 2,
        relationship: { sourceId: 'R1', name: 'hasSensor', targetId: 'T1' },
        csvProperties: { position: 'ceiling' },
      },
      {
        kind: 'relationship',
        file: 'rels.csv',
        line: 3,
        relationship: { sourceId: 'R1', name: 'isPartOf', targetId: 'S1' },
      },
    ]);
    const mixed = parseImportCsv(
      [
        'kind,id,modelId,sourceId,name,targetId,capacity',
        `twin,R1,${ROOM},,Room,,3`,
        'relationship,,,R1,isPartOf,S1,',
        'thing,,,,,,',
      ].join('\n'),
      index,
      'all.csv',
    );
    assert.deepEqual(
      mixed.items.map((i) => (i.kind === 'twin' ? i.twin : i.relationship)),
      [
        { id: 'R1', modelId: ROOM, contents: { name: 'Room', capacity: 3 } },
        { sourceId: 'R1', name: 'isPartOf', targetId: 'S1' },
      ],
    );
    assert.deepEqual(mixed.errors, [
      { file: 'all.csv', line: 4, path: 'kind', message: 'kind must be "twin" or "relationship", found "thing"' },
    ]);
  });

  it('rejects unknown layouts, duplicate columns, empty files and broken quoting', () => {
    assert.match(parseImportCsv('a,b\n1,2', index).errors[0].message, /header must have id,modelId/);
    assert.deepEqual(
      parseImportCsv('id,modelId,id\n', index).errors.map((e) => e.message),
      ['the header names column id twice'],
    );
    assert.deepEqual(
      parseImportCsv('', index).errors.map((e) => e.message),
      ['the CSV file is empty (a header row is required)'],
    );
    const broken = parseImportCsv(`id,modelId\nR1,${ROOM}\n"R2,${ROOM}\n`, index, 'q.csv');
    assert.equal(broken.items.length, 0);
    assert.equal(broken.errors.length, 1);
    assert.match(broken.errors[0].message, /^CSV syntax error: Quote Not Closed/);
  });

  it('dispatches by file extension', async () => {
    const csv = await parseImportFile({ name: 'twins.CSV', text: `id,modelId\nS1,${SPACE}` }, index);
    assert.equal(csv.items.length, 1);
    const json = await parseImportFile({ name: 'twins.json', text: `[{"id":"S1","modelId":"${SPACE}"}]` }, index);
    assert.equal(json.items.length, 1);
  });
});

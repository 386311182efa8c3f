// Azure Digital Twins Explorer's files as import sources (its graph export and its Excel import sheet), how an import
// file's format is told, and the exports written in those formats (and CSV), read back by the same parsers.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DigitalTwin, Relationship } from '../../../src/core/api/types';
import { parseAdtExplorerJson } from '../../../src/core/bulk/adtExplorerJson';
import { columnLetter, parseAdtSheet } from '../../../src/core/bulk/adtExcelSheet';
import { adtExplorerGraph, adtSheetRows, exportFileContent, twinsCsv } from '../../../src/core/bulk/exportFormats';
import { importFormatOf, parseImportFile } from '../../../src/core/bulk/importFile';
import { parseImportCsv } from '../../../src/core/bulk/importCsv';
import { planImport } from '../../../src/core/bulk/importPlan';
import type { ImportItem, ParsedImport } from '../../../src/core/bulk/importTypes';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { ROOM, SPACE, THERMOSTAT, fixtureInterfaces } from '../dtdl/dtdlFixtures';

const FIXTURES = resolve(__dirname, '../../../../test/fixtures/adt-explorer');
const fixture = (name: string): Buffer => readFileSync(resolve(FIXTURES, name));
const index = ModelIndex.fromInterfaces(fixtureInterfaces);

const twinsOf = (items: ImportItem[]): DigitalTwin[] => items.flatMap((i) => (i.kind === 'twin' ? [i.twin] : []));
const relationshipsOf = (items: ImportItem[]): Relationship[] =>
  items.flatMap((i) => (i.kind === 'relationship' ? [i.relationship] : []));
const messages = (p: ParsedImport): string[] => p.errors.map((e) => `${e.line}: ${e.message}`);

describe('Azure Digital Twins Explorer graph export (JSON)', () => {
  it('reads twins and relationships as the service takes them, each on the line it starts', () => {
    const parsed = parseAdtExplorerJson(fixture('graph.json').toString('utf8'), 'graph.json');
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(twinsOf(parsed.items), [
      { id: 'S1', modelId: SPACE, contents: { name: 'Floor 1', address: { street: 'Main', number: 5 } } },
      { id: 'R1', modelId: ROOM, contents: { capacity: 4 } },
      { id: 'T1', modelId: THERMOSTAT, contents: { info: { serial: 'A-7' } } },
    ]);
    assert.deepEqual(relationshipsOf(parsed.items), [
      { sourceId: 'R1', name: 'isPartOf', targetId: 'S1' },
      { sourceId: 'S1', name: 'servedBy', targetId: 'R1' },
    ]);
    assert.deepEqual(
      parsed.items.map((i) => i.line),
      [5, 15, 21, 28, 35],
    );
  });

  it('places a model problem on the line of the export key it is about', async () => {
    const text = fixture('graph.json').toString('utf8').replace('"capacity": 4', '"capacity": "four"');
    const plan = await planImport(parseAdtExplorerJson(text, 'graph.json'), { index });
    assert.equal(plan.errors.length, 1);
    assert.equal(plan.errors[0].line, 18);
    assert.match(plan.errors[0].message, /capacity/);
  });

  it('names the JSON path and line of each malformed item and reads nothing from it', () => {
    const parsed = parseAdtExplorerJson(fixture('graph-bad.json').toString('utf8'), 'graph-bad.json');
    assert.deepEqual(twinsOf(parsed.items), [{ id: 'S1', modelId: SPACE }]);
    assert.deepEqual(relationshipsOf(parsed.items), []);
    assert.deepEqual(messages(parsed), [
      '6: /digitalTwinsGraph/digitalTwins/1: twin R1: "$metadata.$model" must be a model id',
      '7: /digitalTwinsGraph/digitalTwins/2: must be an object',
      '10: /digitalTwinsGraph/relationships/0: "$targetId" must be a non-empty string',
    ]);
  });

  it('refuses another file version, a graph that is no object, and broken JSON', () => {
    const other = parseAdtExplorerJson(
      '{"digitalTwinsFileInfo":{"fileVersion":"2.0.0"},"digitalTwinsGraph":{"digitalTwins":[]}}',
    );
    assert.deepEqual(messages(other), [
      '1: /digitalTwinsFileInfo/fileVersion: file version "2.0.0" is not one this reads (1.0.0)',
    ]);
    assert.deepEqual(messages(parseAdtExplorerJson('{"digitalTwinsGraph":[]}')), [
      '1: /digitalTwinsGraph: an Azure Digital Twins Explorer export is an object with a "digitalTwinsGraph" object',
    ]);
    assert.deepEqual(messages(parseAdtExplorerJson('{"digitalTwinsGraph":{"relationships":{}}}')), [
      '1: /digitalTwinsGraph/relationships: must be an array',
    ]);
    assert.deepEqual(messages(parseAdtExplorerJson('{\n"digitalTwinsGraph": {,}\n}')), [
      '2: JSON syntax error: ValueExpected',
    ]);
  });
});

describe('Azure Digital Twins Explorer import sheet (Excel)', () => {
  it('reads the workbook: header found under a title row by its words, relationships from the parent', async () => {
    const parsed = await parseImportFile({ name: 'sheet.xlsx', bytes: fixture('sheet.xlsx') }, index);
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(twinsOf(parsed.items), [
      { id: 'S1', modelId: SPACE, contents: { name: 'Floor 1' } },
      { id: 'R1', modelId: ROOM, contents: { capacity: 4 } },
      { id: '101', modelId: ROOM },
    ]);
    assert.deepEqual(relationshipsOf(parsed.items), [
      { sourceId: 'S1', name: 'servedBy', targetId: 'R1' },
      { sourceId: 'S1', name: 'servedBy', targetId: '101' },
      { sourceId: 'R1', name: 'isPartOf', targetId: 'S1' },
    ]);
    assert.deepEqual(
      parsed.items.map((i) => i.line),
      [3, 4, 4, 5, 5, 7],
    );
  });

  it('names the row and column of each bad cell and adds nothing from that row', () => {
    const parsed = parseAdtSheet(
      [
        ['ModelId', 'ID', 'Relationship', 'Relationship name', 'Init data'],
        [ROOM, 7, null, null, '{"capacity": 4'],
        [ROOM, 'R2', 'S1', null, null],
        [ROOM, '', null, null, null],
        [null, 'R3', null, 'isPartOf', null],
        [null, 'R4', null, null, null],
        [ROOM, 'R5', null, null, '[1]'],
        [ROOM, 'R6', null, null, '{"capacity": 2}'],
      ],
      'bad.xlsx',
    );
    assert.deepEqual(twinsOf(parsed.items), [{ id: 'R6', modelId: ROOM, contents: { capacity: 2 } }]);
    assert.deepEqual(
      parsed.errors.map((e) => e.message.replace(/\(Expected .*|\(Unexpected .*|\(Bad .*/, '(…)')),
      [
        'row 2, column E ("Init data"): not valid JSON (…)',
        'row 3, column D ("Relationship name"): the relationship from S1 needs a name',
        'row 4, column B ("ID"): the twin id is empty',
        'row 5, column C ("Relationship"): relationship "isPartOf" needs the id of the twin it starts at',
        'row 6, column A ("ModelId"): the row has neither a model id (a twin) nor a "Relationship" twin id (a relationship)',
        'row 7, column E ("Init data"): must be a JSON object of property names and values',
      ],
    );
    assert.deepEqual(
      parsed.errors.map((e) => [e.line, e.path]),
      [
        [2, 'E'],
        [3, 'D'],
        [4, 'B'],
        [5, 'C'],
        [6, 'A'],
        [7, 'E'],
      ],
    );
  });

  it('refuses a prototype key in Init data on its row, before anything could be sent', async () => {
    const parsed = parseAdtSheet([
      ['ModelId', 'ID', 'Init data'],
      [ROOM, 'R1', '{"__proto__": {"polluted": true}}'],
    ]);
    const plan = await planImport(parsed, { index });
    assert.deepEqual(plan.twins, []);
    assert.equal(plan.errors.length, 1);
    assert.equal(plan.errors[0].line, 2);
    assert.match(plan.errors[0].message, /__proto__/);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('reads a number typed as an id as its digits', () => {
    const parsed = parseAdtSheet([
      ['ModelId', 'ID'],
      [ROOM, 101],
    ]);
    assert.deepEqual(twinsOf(parsed.items), [{ id: '101', modelId: ROOM }]);
  });

  it('refuses a sheet without the header, a repeated column, and bytes that are no workbook', async () => {
    assert.match(
      messages(
        parseAdtSheet([
          ['a', 'b'],
          ['c', 'd'],
        ]),
      )[0],
      /^1: no header row with the columns ModelId, ID/,
    );
    assert.deepEqual(messages(parseAdtSheet([['ID', 'Model ID', 'ModelId']])), [
      '1: column C ("ModelId") repeats column B',
    ]);
    assert.deepEqual(messages(parseAdtSheet([['ID', 'Init data']])), ['1: the header row has no "ModelId" column']);
    const zipHead = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    const broken = await parseImportFile({ name: 'broken.xlsx', bytes: zipHead }, index);
    assert.deepEqual(broken.items, []);
    assert.match(messages(broken)[0], /^1: not an Excel workbook \(\.xlsx\) that can be read: /);
    const text = await parseImportFile({ name: 'text.xlsx', bytes: new TextEncoder().encode('id,modelId') }, index);
    assert.deepEqual(messages(text), ['1: not an Excel workbook (.xlsx): the file is no zip archive']);
    const old = await parseImportFile({ name: 'old.xls', bytes: new Uint8Array([0xd0, 0xcf]) }, index);
    assert.deepEqual(messages(old), ['1: Excel 97-2003 workbooks (.xls) are not read: save it as .xlsx']);
  });

  it('numbers columns as a spreadsheet does', () => {
    assert.deepEqual([0, 4, 25, 26, 27, 701, 702].map(columnLetter), ['A', 'E', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});

describe('import format detection', () => {
  it('tells formats by content first, then by name', () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    assert.equal(importFormatOf({ name: 'export.json', bytes: zip }), 'adtExcel');
    assert.equal(importFormatOf({ name: 'a.XLSX', text: '' }), 'adtExcel');
    assert.equal(importFormatOf({ name: 'a.csv', text: 'id,modelId' }), 'csv');
    assert.equal(importFormatOf({ name: 'a.json', text: '{"digitalTwinsGraph":{}}' }), 'adtJson');
    assert.equal(importFormatOf({ name: 'a.json', text: ' {"x":{"digitalTwinsGraph":{}}}' }), 'json');
    assert.equal(importFormatOf({ name: 'a.json', text: '[{"digitalTwinsGraph":1}]' }), 'json');
    assert.equal(importFormatOf({ name: 'a.json', text: '{ broken' }), 'json');
  });
});

describe('exports in ADT Explorer formats and CSV', () => {
  const twins: DigitalTwin[] = [
    { id: 'S1', modelId: SPACE, contents: { name: '=HYPERLINK("x")', address: { street: 'Main, 1', number: 5 } } },
    { id: 'R1', modelId: ROOM, contents: { capacity: 4, tags: { 'a.b': true } } },
    { id: 'R2', modelId: ROOM },
  ];
  const relationships: Relationship[] = [
    { id: 'R1_isPartOf_S1', sourceId: 'R1', name: 'isPartOf', targetId: 'S1' },
    { sourceId: 'R2', name: 'isPartOf', targetId: 'S1', properties: { since: '2024-01-01T00:00:00Z' } },
    { sourceId: 'S1', name: 'servedBy', targetId: 'R1' },
  ];
  const withoutIds = relationships.map(({ id: _id, ...rest }) => rest);

  it('writes the graph export that reads back as the same twins and relationships', async () => {
    const graph = adtExplorerGraph({ twins, relationships }) as {
      digitalTwinsGraph: { relationships: Array<Record<string, unknown>> };
    };
    assert.equal(graph.digitalTwinsGraph.relationships[0].$relationshipId, 'R1_isPartOf_S1');
    const text = new TextDecoder().decode(await exportFileContent('adtJson', { twins, relationships }));
    const back = parseAdtExplorerJson(text);
    assert.deepEqual(back.errors, []);
    assert.deepEqual(twinsOf(back.items), twins);
    assert.deepEqual(relationshipsOf(back.items), withoutIds);
  });

  it('writes the import sheet: a relationship on the row of its target, the others on rows of their own', async () => {
    const rows = adtSheetRows({ twins, relationships });
    assert.deepEqual(rows[0], [
      'ModelId',
      'ID',
      'Relationship',
      'Relationship name',
      'Init data',
      'Relationship init data',
    ]);
    assert.deepEqual(
      rows.slice(1, 4).map((r) => r.slice(0, 4)),
      [
        [SPACE, 'S1', 'R1', 'isPartOf'],
        [ROOM, 'R1', 'S1', 'servedBy'],
        [ROOM, 'R2', null, null],
      ],
    );
    assert.deepEqual(
      rows.slice(4).map((r) => r.slice(0, 4)),
      [[null, 'S1', 'R2', 'isPartOf']],
    );
    const back = await parseImportFile(
      { name: 'x.xlsx', bytes: await exportFileContent('adtExcel', { twins, relationships }) },
      index,
    );
    assert.deepEqual(back.errors, []);
    assert.deepEqual(twinsOf(back.items), twins);
    const key = (r: Relationship): string => JSON.stringify([r.sourceId, r.name, r.targetId, r.properties]);
    assert.deepEqual(relationshipsOf(back.items).map(key).sort(), withoutIds.map(key).sort());
  });

  it('writes CSV with formula-like text defused and quoted, which import reads back unchanged', () => {
    const csv = twinsCsv({ twins, relationships });
    const lines = csv.split('\r\n');
    assert.equal(lines[0], 'kind,id,modelId,name,sourceId,targetId,address.number,address.street,capacity,since,tags');
    assert.equal(lines[1], `twin,S1,${SPACE},"'=HYPERLINK(""x"")",,,5,"Main, 1",,,`);
    assert.equal(lines[2], `twin,R1,${ROOM},,,,,,4,,"{""a.b"":true}"`);
    const back = parseImportCsv(csv, index, 'x.csv');
    assert.deepEqual(back.errors, []);
    assert.deepEqual(twinsOf(back.items), twins);
    assert.deepEqual(
      back.items.flatMap((i) => (i.kind === 'relationship' ? [[i.relationship, i.csvProperties]] : [])),
      [
        [{ sourceId: 'R1', name: 'isPartOf', targetId: 'S1' }, undefined],
        [{ sourceId: 'R2', name: 'isPartOf', targetId: 'S1' }, { since: '2024-01-01T00:00:00Z' }],
        [{ sourceId: 'S1', name: 'servedBy', targetId: 'R1' }, undefined],
      ],
    );
  });

  it('writes twins alone as id,modelId and property columns', () => {
    assert.equal(twinsCsv({ twins: [twins[2]], relationships: [] }), `id,modelId\r\nR2,${ROOM}\r\n`);
  });
});

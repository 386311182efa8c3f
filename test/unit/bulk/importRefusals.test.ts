// Import files are untrusted input: prototype keys, ids the service cannot take and hostile nesting
// are reported with file and line before anything is sent, and never reach the importing process.
import * as assert from 'node:assert/strict';
import { parseImportCsv } from '../../../src/core/bulk/importCsv';
import { parseImportJson } from '../../../src/core/bulk/importJson';
import { planImport } from '../../../src/core/bulk/importPlan';
import { parseTelemetryFile } from '../../../src/core/bulk/telemetryFile';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { ROOM, SENSOR, SPACE, fixtureInterfaces } from '../dtdl/dtdlFixtures';

const index = ModelIndex.fromInterfaces(fixtureInterfaces);
const json = (items: unknown[]): string => `[\n${items.map((i) => JSON.stringify(i)).join(',\n')}\n]`;

/** Object.prototype's own properties and their values, to compare and to restore. */
function prototypeState(): Map<PropertyKey, PropertyDescriptor | undefined> {
  return new Map(
    Reflect.ownKeys(Object.prototype).map((k) => [k, Object.getOwnPropertyDescriptor(Object.prototype, k)]),
  );
}

describe('import refusals', () => {
  describe('prototype keys', () => {
    let before: Map<PropertyKey, PropertyDescriptor | undefined>;
    beforeEach(() => {
      before = prototypeState();
    });
    afterEach(() => {
      // Undo any pollution so one failure cannot break the rest of the run.
      for (const key of Reflect.ownKeys(Object.prototype))
        if (!before.has(key)) delete (Object.prototype as Record<PropertyKey, unknown>)[key];
      for (const [key, descriptor] of before) if (descriptor) Object.defineProperty(Object.prototype, key, descriptor);
    });

    const untouched = (): void => {
      const after = prototypeState();
      assert.deepEqual([...after.keys()], [...before.keys()], 'Object.prototype gained or lost a property');
      for (const [key, descriptor] of before)
        assert.equal(after.get(key)?.value, descriptor?.value, `Object.prototype.${String(key)} changed`);
      assert.equal(({} as Record<string, unknown>).x, undefined);
    };

    for (const column of [
      '__proto__.x',
      '__proto__.toString',
      'address.__proto__.x',
      'constructor.prototype.x',
      'tags.constructor',
      'prototype',
    ]) {
      it(`refuses a CSV column named ${column} on the header line, and Object.prototype is untouched`, async () => {
        const text = `id,modelId,name,${column}\nR1,${ROOM},Room,polluted\n`;
        const parsed = parseImportCsv(text, index, 'rooms.csv');
        const plan = await planImport(parsed, { index });
        untouched();
        assert.equal(plan.twins.length, 0, 'nothing is planned');
        assert.equal(plan.errors.length, 1);
        const [error] = plan.errors;
        assert.equal(error!.file, 'rooms.csv');
        assert.equal(error!.line, 1);
        assert.equal(error!.path, column);
        assert.match(
          error!.message,
          new RegExp(
            `^column ${column.replace(/\./g, '\\.')} uses the reserved name "(__proto__|constructor|prototype)"`,
          ),
        );
      });
    }

    it('refuses a prototype column of a relationship file', async () => {
      const parsed = parseImportCsv('sourceId,name,targetId,__proto__\nR1,isPartOf,S1,x\n', index, 'rels.csv');
      untouched();
      assert.deepEqual(
        parsed.errors.map((e) => [e.line, e.path]),
        [[1, '__proto__']],
      );
      assert.equal(parsed.items.length, 0);
    });

    it('reports a prototype key inside a JSON item with its pointer, and plans nothing for it', async () => {
      const text = json([
        { id: 'R1', modelId: ROOM, contents: { address: { street: 'Main' } } },
        JSON.parse(
          `{ "id": "R2", "modelId": "${ROOM}", "contents": { "tags": { "__proto__": { "polluted": true } } } }`,
        ),
        JSON.parse(`{ "sourceId": "R1", "name": "hasSensor", "targetId": "T1", "properties": { "constructor": "x" } }`),
      ]);
      const plan = await planImport(parseImportJson(text, 'twins.json'), {
        index,
        lookupTwins: async () => new Map([['T1', SENSOR]]),
      });
      untouched();
      assert.deepEqual(
        plan.errors.map((e) => [e.line, e.path]),
        [
          [3, '/contents/tags/__proto__'],
          [4, '/properties/constructor'],
        ],
      );
      assert.match(plan.errors[0]!.message, /reserved name "__proto__"/);
      assert.deepEqual(
        plan.twins.map((t) => t.twin.id),
        ['R1'],
      );
    });
  });

  describe('twin ids the service cannot take', () => {
    const long = 'r'.repeat(513);
    const cases: Array<[string, string, RegExp]> = [
      ['longer than 512 characters', long, /has 513 characters; at most 512/],
      ['with a control character', 'room\u001b[31m', /control character/],
      ['with DEL', 'room\u007f', /control character/],
      ['with a C1 control', 'room\u009b1m', /control character/],
      ['"."', '.', /cannot be "\."/],
      ['".."', '..', /cannot be "\.\."/],
      ['with a lone high surrogate', 'room\uD800', /lone surrogate/],
      ['with a lone low surrogate', '\uDC00room', /lone surrogate/],
    ];
    for (const [what, id, message] of cases) {
      it(`refuses a twin id ${what} with its file and line`, async () => {
        const plan = await planImport(
          parseImportJson(
            json([
              { id: 'OK', modelId: ROOM },
              { id, modelId: ROOM },
            ]),
            'twins.json',
          ),
          { index },
        );
        assert.deepEqual(
          plan.errors.map((e) => [e.file, e.line, e.path]),
          [['twins.json', 3, '/id']],
        );
        assert.match(plan.errors[0]!.message, message);
        assert.deepEqual(
          plan.twins.map((t) => t.twin.id),
          ['OK'],
        );
      });
    }

    it('takes ids at the limit, with "/", dots inside and astral characters', async () => {
      const ids = ['r'.repeat(512), 'floor/1', '...', '.hidden', 'room-\u{1F3E0}'];
      const plan = await planImport(parseImportJson(json(ids.map((id) => ({ id, modelId: ROOM }))), 'ok.json'), {
        index,
      });
      assert.deepEqual(plan.errors, []);
      assert.deepEqual(
        plan.twins.map((t) => t.twin.id),
        ids,
      );
    });

    it('refuses bad source and target ids of relationships without looking them up', async () => {
      const asked: string[] = [];
      const lookupTwins = async (ids: string[]): Promise<Map<string, string>> => {
        asked.push(...ids);
        return new Map(ids.map((id) => [id, SPACE]));
      };
      const text = json([
        { id: 'R1', modelId: ROOM },
        { sourceId: 'R1', name: 'isPartOf', targetId: '..' },
        { sourceId: 'R1\u0000', name: 'isPartOf', targetId: 'S9' },
        { sourceId: 'R1', name: 'isPartOf', targetId: 'S1' },
      ]);
      const plan = await planImport(parseImportJson(text, 'rels.json'), { index, lookupTwins });
      assert.deepEqual(
        plan.errors.map((e) => [e.line, e.path]),
        [
          [3, '/targetId'],
          [4, '/sourceId'],
        ],
      );
      assert.deepEqual(asked, ['S1'], 'only the valid id is looked up on the service');
      assert.equal(plan.relationships.length, 1);
    });

    it('refuses bad ids in CSV files too', async () => {
      const plan = await planImport(parseImportCsv(`id,modelId\n..,${ROOM}\n"a\tb",${ROOM}\n`, index, 'rooms.csv'), {
        index,
      });
      assert.deepEqual(
        plan.errors.map((e) => [e.file, e.line, e.path]),
        [
          ['rooms.csv', 2, '/id'],
          ['rooms.csv', 3, '/id'],
        ],
      );
    });
  });

  describe('deep nesting', () => {
    const nested = (levels: number, leaf = '1'): string => `${'['.repeat(levels)}${leaf}${']'.repeat(levels)}`;

    it('reports a JSON file nested 100,000 levels deep at the line where it gets too deep, without overflowing the stack', () => {
      const text = `[\n  { "id": "R1", "modelId": "${ROOM}" },\n  { "id": "R2", "modelId": "${ROOM}", "contents": {\n    "doors": ${nested(100_000)} } }\n]`;
      const parsed = parseImportJson(text, 'deep.json');
      assert.equal(parsed.items.length, 0);
      assert.deepEqual(
        parsed.errors.map((e) => [e.file, e.line]),
        [['deep.json', 4]],
      );
      assert.match(parsed.errors[0]!.message, /deeper than 64 levels/);
    });

    it('does not count brackets inside strings', () => {
      const parsed = parseImportJson(
        json([{ id: 'R1', modelId: ROOM, contents: { name: '['.repeat(1000) } }]),
        'strings.json',
      );
      assert.deepEqual(parsed.errors, []);
      assert.equal(parsed.items.length, 1);
    });

    it('refuses an item nested deeper than the service takes, in JSON and in a CSV cell', async () => {
      // The twin, its contents, 62 arrays and an object: 65 levels, which the file parser takes but the service does not.
      const fromJson = parseImportJson(
        `[{ "id": "R1", "modelId": "${ROOM}", "contents": { "doors": ${nested(62, '{}')} } }]`,
        'deep.json',
      );
      const fromCsv = parseImportCsv(`id,modelId,doors\nR2,${ROOM},"${nested(50_000)}"\n`, index, 'deep.csv');
      const plan = await planImport([fromJson, fromCsv], { index });
      assert.deepEqual(
        plan.errors.map((e) => [e.file, e.line]),
        [
          ['deep.csv', 2],
          ['deep.json', 1],
        ],
      );
      for (const e of plan.errors) assert.match(e.message, /deeper than 64 levels/);
      assert.equal(plan.twins.length, 0);
    });
  });

  describe('telemetry files', () => {
    it('refuse a prototype column (CSV) or key in properties (JSON) with file and line', () => {
      const before = Object.getOwnPropertyNames(Object.prototype);
      const csv = parseTelemetryFile(
        'twinId,timestamp,value,connectorId,__proto__\nT1,2030-01-01T00:00:00Z,1,c,x\n',
        'values.csv',
      );
      assert.deepEqual(
        csv.errors.map((e) => [e.file, e.line, e.path]),
        [['values.csv', 1, '__proto__']],
      );
      assert.equal(csv.rows.length, 0);
      const text = `[\n{"twinId":"T1","timestamp":"2030-01-01T00:00:00Z","value":1,"connectorId":"c","properties":{"unit":{"constructor":1}}},\n{"twinId":"T2","timestamp":"2030-01-01T00:00:00Z","value":2,"connectorId":"c"}\n]`;
      const json = parseTelemetryFile(text, 'values.json');
      assert.deepEqual(
        json.errors.map((e) => [e.file, e.line]),
        [['values.json', 2]],
      );
      assert.match(json.errors[0]!.message, /properties\/unit\/constructor uses the reserved name "constructor"/);
      assert.deepEqual(
        json.rows.map((r) => r.entry.dtId),
        ['T2'],
      );
      assert.deepEqual(Object.getOwnPropertyNames(Object.prototype), before);
    });

    it('report a JSON file nested 100,000 levels deep at its line, without overflowing the stack', () => {
      const text = `[\n{"twinId":"T1","timestamp":"2030-01-01T00:00:00Z","value":1,"connectorId":"c",\n"properties":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}\n]`;
      const parsed = parseTelemetryFile(text, 'deep.json');
      assert.deepEqual(
        parsed.errors.map((e) => [e.file, e.line]),
        [['deep.json', 3]],
      );
      assert.match(parsed.errors[0]!.message, /deeper than 64 levels/);
    });
  });
});

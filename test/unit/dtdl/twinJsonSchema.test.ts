import * as assert from 'node:assert/strict';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { combinedTwinJsonSchema, twinArrayJsonSchema, twinJsonSchema } from '../../../src/core/dtdl/twinJsonSchema';
import { createSchemaAjv, TwinSchemaValidator } from '../../../src/core/dtdl/twinSchemaValidator';
import { validateTwin } from '../../../src/core/dtdl/twinValidation';
import { ROOM, SPACE, THERMOSTAT, fixtureInterfaces } from './dtdlFixtures';
import { willowOntology } from './ontologyPath';

const index = ModelIndex.fromInterfaces(fixtureInterfaces);

type Twin = { id?: unknown; modelId: string; contents?: Record<string, unknown> };
const room = (contents: Record<string, unknown>): Twin => ({ id: 'R1', modelId: ROOM, contents });

/** Valid and invalid twins covering every schema kind; validateTwin and ajv must agree on each. */
const corpus: Twin[] = [
  room({}),
  room({ name: 'A', code: 3, area: 2.5, areaUnit: 'squareMetre', usage: 'storage', bookable: true }),
  room({ code: 3.5 }),
  room({ code: '3' }),
  room({ code: 2147483648 }),
  room({ area: 'big' }),
  room({ capacity: -1 }),
  room({ capacity: 65535 }),
  room({ level: 127 }),
  room({ level: 128 }),
  room({ openedOn: '2024-02-29' }),
  room({ openedOn: '2023-02-29' }),
  room({ openedOn: '2024-2-1' }),
  room({ opens: '08:00:00' }),
  room({ opens: '08:00:00Z' }),
  room({ opens: '24:00:00' }),
  room({ cleaning: 'PT1H30M' }),
  room({ cleaning: 'P' }),
  room({ cleaning: '1h' }),
  room({ roomGuid: '123e4567-e89b-12d3-a456-426614174000' }),
  room({ roomGuid: '123' }),
  room({ photo: 'aGVsbG8=' }),
  room({ photo: 'a b' }),
  room({ usage: 'office' }),
  room({ usage: 'Office' }),
  room({ rating: 1 }),
  room({ rating: 3 }),
  room({ rating: '1' }),
  room({ address: { street: 'x', number: 2 } }),
  room({ address: { street: 1 } }),
  room({ address: { floor: 1 } }),
  room({ address: 'x' }),
  room({ tags: { a: true, b: false } }),
  room({ tags: { a: 'yes' } }),
  room({ tags: [] }),
  room({ doors: [] }),
  room({ doors: [{ street: 'a' }, { number: 'b' }] }),
  room({ doors: 'x' }),
  room({ unknown: 1 }),
  room({ name: null }),
  room({ $metadata: {}, $etag: 'e', externalID: 'x' }),
  room({ $metadata: 1 }),
  room({ externalID: 5 }),
  room({ areaUnit: 3 }),
  {
    id: 'T1',
    modelId: THERMOSTAT,
    contents: {
      setpoint: 20,
      info: { serial: 'S', installed: '2024-01-01T00:00:00+01:00' },
      display: { brightness: 2 },
    },
  },
  { id: 'T1', modelId: THERMOSTAT, contents: { info: { serial: 1, extra: 2, externalID: 'x' }, display: 'x' } },
  { id: 'T1', modelId: THERMOSTAT, contents: { info: { installed: '2024-01-01 00:00:00' } } },
  { id: 'S1', modelId: SPACE, contents: { capacity: 1 } },
  { id: 'S1', modelId: SPACE, contents: [] as unknown as Record<string, unknown> },
  { id: '', modelId: SPACE },
  { id: 'S2', modelId: SPACE, lastUpdateTime: 5, outgoingRelationships: 'x' } as Twin,
];

const sortedPaths = (errors: Array<{ path: string }>): string[] => [...new Set(errors.map((e) => e.path))].sort();

describe('twin JSON Schemas', () => {
  it('generate a draft-07 schema per model with hover text, enums, units and closed contents', () => {
    const schema = twinJsonSchema(index, ROOM) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- walks an arbitrary schema
    assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
    assert.deepEqual(schema.required, ['id', 'modelId']);
    assert.deepEqual(schema.properties.modelId.const, ROOM);
    const contents = schema.properties.contents;
    assert.equal(contents.additionalProperties, false);
    assert.deepEqual(contents.properties.usage.enum, ['office', 'storage']);
    assert.deepEqual(contents.properties.usage.markdownEnumDescriptions, ['**Office** — Work space', '**storage**']);
    assert.equal(contents.properties.area.title, 'Area');
    assert.match(contents.properties.area.description, /Floor area\nSchema: double\nUnit: m²\nSemantic type: Area/);
    assert.doesNotMatch(
      contents.properties.area.markdownDescription,
      /\*\*Area\*\*/,
      "the title is the hover's heading, not repeated below it",
    );
    assert.deepEqual(
      [contents.properties.capacity.type, contents.properties.capacity.minimum, contents.properties.capacity.maximum],
      ['integer', 0, 65535],
    );
    assert.equal(contents.properties.openedOn.format, 'date');
    assert.equal(contents.properties.address.additionalProperties, false);
    assert.throws(() => twinJsonSchema(index, 'dtmi:x:Nope;1'), /Unknown model dtmi:x:Nope;1/);
  });

  it('agree with validateTwin on every case of the corpus (validity and error paths)', () => {
    const validator = new TwinSchemaValidator(index);
    let invalid = 0;
    for (const twin of corpus) {
      const expected = validateTwin(index, twin);
      const actual = validator.validate(twin);
      assert.equal(
        actual.length === 0,
        expected.length === 0,
        `${JSON.stringify(twin)}: ajv ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`,
      );
      assert.deepEqual(sortedPaths(actual), sortedPaths(expected), JSON.stringify(twin));
      if (expected.length) invalid++;
    }
    assert.ok(invalid > 25 && invalid < corpus.length - 10, `${invalid} invalid cases`);
  });

  it('dispatch on modelId in the combined schema and validate arrays of twins', () => {
    const ajv = createSchemaAjv();
    const combined = ajv.compile(combinedTwinJsonSchema(index));
    for (const twin of corpus) {
      if (!index.has(twin.modelId)) continue;
      assert.equal(combined(twin), validateTwin(index, twin).length === 0, JSON.stringify(twin));
    }
    assert.equal(combined({ id: 'x', modelId: 'dtmi:x:Nope;1' }), false);
    const array = ajv.compile(twinArrayJsonSchema(index));
    assert.equal(array(corpus.filter((t) => validateTwin(index, t).length === 0)), true);
    assert.equal(array(corpus), false);
  });

  it('compile and agree on real Willow models', async function () {
    this.timeout(60000);
    const willow = await ModelIndex.fromFolder(willowOntology());
    const validator = new TwinSchemaValidator(willow);
    const cases: Twin[] = [
      {
        id: 'L1',
        modelId: 'dtmi:com:willowinc:Level;1',
        contents: {
          name: 'Level 1',
          levelNumber: 1,
          mappedIds: [{ exactType: 'x', scope: 'BUILDING', value: 'v' }],
          externalIds: { mappingKey: 'k' },
        },
      },
      { id: 'L1', modelId: 'dtmi:com:willowinc:Level;1', contents: { levelNumber: 'one', mappedIds: [{ nope: 1 }] } },
      {
        id: 'C1',
        modelId: 'dtmi:com:willowinc:Capability;1',
        contents: { type: 'analog', interpolation: 'linear', communication: {} },
      },
      {
        id: 'C1',
        modelId: 'dtmi:com:willowinc:Capability;1',
        contents: { type: 'digital', trendInterval: 1.5, categorizationProperties: 3 },
      },
    ];
    for (const twin of cases) {
      const expected = validateTwin(willow, twin);
      assert.deepEqual(sortedPaths(validator.validate(twin)), sortedPaths(expected), JSON.stringify(twin));
    }
    assert.deepEqual(validateTwin(willow, cases[0]), []);
    assert.ok(validateTwin(willow, cases[3]).length >= 3);
  });
});

import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  CAPABILITY_BASE_IDS,
  ModelIndex,
  SAMPLE_CAPABILITY_ID,
  WILLOW_CAPABILITY_ID,
} from '../../../src/core/dtdl/modelIndex';
import { BASE, CAPABILITY, DEVICE_INFO, ROOM, SENSOR, SPACE, THERMOSTAT, fixtureInterfaces } from './dtdlFixtures';
import { willowOntology } from './ontologyPath';

describe('ModelIndex on hand-written DTDL', () => {
  const index = ModelIndex.fromInterfaces(fixtureInterfaces);

  it('loads single interfaces, arrays and inline interfaces without warnings', () => {
    assert.deepEqual(index.warnings, []);
    for (const id of [
      BASE,
      SPACE,
      ROOM,
      SENSOR,
      CAPABILITY,
      THERMOSTAT,
      DEVICE_INFO,
      'dtmi:com:example:Bookable;1',
      'dtmi:com:example:Display;1',
    ]) {
      assert.ok(index.has(id), id);
    }
    assert.equal(index.get(BASE)!.dtdlVersion, 2);
    assert.equal(index.get(ROOM)!.dtdlVersion, 3);
  });

  it('resolves extends given as a string, an array and an inline interface', () => {
    assert.deepEqual(index.parents(SPACE), [BASE]);
    assert.deepEqual(index.parents(ROOM), [SPACE, 'dtmi:com:example:Bookable;1']);
    assert.deepEqual(index.ancestors(ROOM), [SPACE, 'dtmi:com:example:Bookable;1', BASE]);
    assert.deepEqual(index.ancestors(THERMOSTAT), [SENSOR, CAPABILITY]);
    assert.deepEqual(index.descendants(BASE).sort(), [ROOM, SPACE].sort());
    assert.deepEqual(index.children(SPACE), [ROOM]);
    assert.ok(index.isA(ROOM, BASE));
    assert.ok(index.isA(ROOM, ROOM));
    assert.ok(!index.isA(BASE, ROOM));
  });

  it('merges inherited properties, the closest definition winning, with definedIn', () => {
    const props = index.properties(ROOM);
    assert.equal(props.get('name')!.definedIn, BASE);
    assert.equal(props.get('bookable')!.definedIn, 'dtmi:com:example:Bookable;1');
    const code = props.get('code')!;
    assert.equal(code.definedIn, SPACE);
    assert.deepEqual(code.schema, { kind: 'primitive', name: 'integer' });
    assert.equal(index.properties(BASE).get('code')!.schema.kind, 'primitive');
    assert.ok(index.properties(ROOM) === props, 'cached');
  });

  it('keeps semantic types, units and the override annotations', () => {
    const area = index.properties(SPACE).get('area')!;
    assert.deepEqual(area.semanticTypes, ['Area']);
    assert.equal(area.unit, 'squareMetre');
    const areaUnit = index.properties(SPACE).get('areaUnit')!;
    assert.deepEqual(areaUnit.semanticTypes, ['ValueAnnotation', 'Override']);
    assert.equal(areaUnit.annotates, 'area');
    assert.equal(areaUnit.overrides, 'unit');
    assert.deepEqual(areaUnit.schema, { kind: 'unit', name: 'AreaUnit' });
    assert.equal(index.telemetry(THERMOSTAT).get('reading')!.unit, 'degreeCelsius');
    assert.equal(index.get(SENSOR)!.commands[0].request!.name, 'mode');
  });

  it('resolves enum, object, map and array schemas, also by reference', () => {
    const props = index.properties(ROOM);
    const usage = props.get('usage')!.schema;
    assert.equal(usage.kind, 'enum');
    assert.deepEqual(usage.kind === 'enum' && usage.values.map((v) => v.value), ['office', 'storage']);
    const doors = props.get('doors')!.schema;
    assert.ok(
      doors.kind === 'array' &&
        doors.element.kind === 'object' &&
        doors.element.fields.map((f) => f.name).join() === 'street,number',
    );
    const tags = props.get('tags')!.schema;
    assert.ok(tags.kind === 'map' && tags.value.kind === 'primitive' && tags.keyName === 'tag');
    const rating = props.get('rating')!.schema;
    assert.ok(rating.kind === 'enum' && rating.valueSchema === 'integer');
  });

  it('lists relationships with targets, properties and the closest definition', () => {
    const rels = index.relationships(ROOM);
    assert.deepEqual(rels.map((r) => r.name).sort(), ['hasSensor', 'isPartOf', 'servedBy']);
    const isPartOf = index.relationship(ROOM, 'isPartOf')!;
    assert.equal(isPartOf.definedIn, ROOM);
    assert.equal(isPartOf.target, SPACE);
    assert.equal(index.relationship(ROOM, 'servedBy')!.target, undefined);
    assert.equal(index.relationship(SPACE, 'isPartOf')!.properties[0].name, 'since');
  });

  it('knows components, capabilities and display names', () => {
    assert.deepEqual([...index.components(THERMOSTAT).keys()], ['info', 'display']);
    assert.equal(index.components(THERMOSTAT).get('display')!.schema, 'dtmi:com:example:Display;1');
    assert.ok(index.isCapability(SENSOR));
    assert.ok(index.isCapability(THERMOSTAT));
    assert.ok(!index.isCapability(ROOM));
    assert.equal(index.displayName(BASE), 'Base thing');
    assert.equal(index.displayName(SPACE), 'Espace');
    assert.equal(index.displayName(ROOM), 'Room');
    assert.equal(index.displayName('dtmi:com:other:Unknown;2'), 'Unknown');
    assert.deepEqual([...CAPABILITY_BASE_IDS], [WILLOW_CAPABILITY_ID, SAMPLE_CAPABILITY_ID]);
  });

  it('reports dangling references, duplicates, cycles and non-interfaces as warnings', () => {
    const bad = ModelIndex.fromInterfaces([
      {
        '@id': 'dtmi:x:A;1',
        '@type': 'Interface',
        extends: 'dtmi:x:Missing;1',
        contents: [
          { '@type': 'Relationship', name: 'r', target: 'dtmi:x:Gone;1' },
          { '@type': 'Property', name: 'p', schema: 'dtmi:x:NoSchema;1' },
          { '@type': 'Component', name: 'c', schema: 'dtmi:x:NoInterface;1' },
          { '@type': 'Property', name: 'p', schema: 'string' },
        ],
      },
      { '@id': 'dtmi:x:A;1', '@type': 'Interface' },
      { '@id': 'dtmi:x:B;1', '@type': 'Interface', extends: 'dtmi:x:C;1' },
      { '@id': 'dtmi:x:C;1', '@type': 'Interface', extends: 'dtmi:x:B;1' },
      { hello: 'world' },
    ]);
    assert.deepEqual(bad.warnings, [
      'document 0: not a DTDL Interface (skipped)',
      'dtmi:x:A;1 property p: unknown schema dtmi:x:NoSchema;1',
      'dtmi:x:A;1: content name p is declared twice',
      'dtmi:x:A;1: dtmi:x:A;1 is already defined (ignored)',
      'dtmi:x:A;1 extends unknown model dtmi:x:Missing;1',
      'dtmi:x:A;1 relationship r targets unknown model dtmi:x:Gone;1',
      'dtmi:x:A;1 component c uses unknown interface dtmi:x:NoInterface;1',
      'dtmi:x:B;1 inherits from itself (extends cycle)',
      'dtmi:x:C;1 inherits from itself (extends cycle)',
    ]);
    assert.deepEqual(bad.ancestors('dtmi:x:B;1'), ['dtmi:x:C;1']);
  });

  it('builds from service models (modelDefinition strings) and round-trips toServiceModel', () => {
    const models = index
      .ids()
      .filter((id) => !id.includes('Bookable') && !id.includes('Display'))
      .map((id) => index.toServiceModel(id)!);
    const fromService = ModelIndex.fromServiceModels(models);
    assert.deepEqual(fromService.warnings, []);
    assert.deepEqual(fromService.ancestors(ROOM), index.ancestors(ROOM));
    const shallow = ModelIndex.fromServiceModels([
      { id: ROOM, displayName: { en: 'Room' } },
      { id: SPACE, modelDefinition: '{oops' },
    ]);
    assert.equal(shallow.displayName(ROOM), 'Room');
    assert.equal(shallow.warnings.length, 2);
    assert.match(shallow.warnings[0], /^dtmi:com:example:Space;1: modelDefinition is not valid JSON/);
    assert.equal(
      shallow.warnings[1],
      '1 model(s) came without modelDefinition: their contents and inheritance are unknown',
    );
  });
});

describe('ModelIndex.fromFolder', () => {
  let dir: string;
  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dtdl folder '));
    await fs.mkdir(path.join(dir, 'sub dir', 'deeper'), { recursive: true });
    await fs.writeFile(
      path.join(dir, 'sub dir', 'deeper', 'base model.json'),
      '\uFEFF' + JSON.stringify(fixtureInterfaces[0]),
    );
    await fs.writeFile(path.join(dir, 'space.json'), JSON.stringify(fixtureInterfaces[1]));
    await fs.writeFile(path.join(dir, 'notes.md'), '# not a model');
    await fs.writeFile(path.join(dir, 'sub dir', 'broken.json'), '{ "@id": ');
  });
  after(() => fs.rm(dir, { recursive: true, force: true }));

  it('reads recursively, strips BOMs, ignores non-JSON files and names invalid files', async () => {
    const index = await ModelIndex.fromFolder(dir);
    assert.deepEqual(index.ids().sort(), [BASE, SPACE].sort());
    assert.equal(index.get(BASE)!.source, 'sub dir/deeper/base model.json');
    assert.equal(index.warnings.length, 1);
    assert.match(index.warnings[0], /^sub dir\/broken\.json: invalid JSON \(/);
  });

  it('keeps sources and earlier warnings when built from documents', () => {
    const index = ModelIndex.fromDocuments(
      [
        { doc: fixtureInterfaces[0], source: 'a/base.json' },
        { doc: [1], source: 'b.json' },
      ],
      ['earlier'],
    );
    assert.equal(index.get(BASE)!.source, 'a/base.json');
    assert.deepEqual(index.warnings, ['earlier', 'b.json: not a DTDL Interface (skipped)']);
  });
});

describe('ModelIndex on the Willow ontology', function () {
  this.timeout(60000);
  let index: ModelIndex;
  before(async () => {
    index = await ModelIndex.fromFolder(willowOntology());
  });

  it('parses all 3,700 models with exactly the one known dangling reference', () => {
    assert.equal(index.ids().length, 3700);
    assert.deepEqual(index.warnings, [
      'Willow/Event/Contract Event/Lease.json: dtmi:com:willowinc:Lease;1 relationship regulatedBy targets unknown model dtmi:com:willowinc:LeaseContract;1',
    ]);
  });

  it('resolves inheritance across the ontology', () => {
    const room = 'dtmi:com:willowinc:Room;1';
    assert.ok(index.isA(room, 'dtmi:com:willowinc:Space;1'));
    assert.equal(index.ancestors(room).at(-1), 'dtmi:com:willowinc:Space;1');
    const props = index.properties(room);
    assert.equal(props.get('name')!.definedIn, 'dtmi:com:willowinc:Space;1');
    assert.equal(index.relationship(room, 'isPartOf')!.target, 'dtmi:com:willowinc:Space;1');
    assert.equal(index.displayName(room), 'Room');
    for (const id of index.ids()) {
      index.properties(id);
      index.relationships(id);
    }
  });

  it('classifies capabilities', () => {
    assert.ok(index.isCapability(WILLOW_CAPABILITY_ID));
    const capabilities = index.descendants(WILLOW_CAPABILITY_ID);
    assert.ok(capabilities.length > 1000, `${capabilities.length}`);
    assert.ok(capabilities.every((id) => index.isCapability(id)));
    assert.ok(!index.isCapability('dtmi:com:willowinc:Room;1'));
    assert.ok(!index.isCapability('dtmi:com:willowinc:AirHandlingUnit;1'));
  });

  it('keeps semantic types and override properties of quantitative models', () => {
    const withUnits = index
      .ids()
      .flatMap((id) => index.get(id)!.properties)
      .filter((p) => p.unit);
    assert.ok(withUnits.length > 100);
    const overrides = index
      .ids()
      .flatMap((id) => index.get(id)!.properties)
      .filter((p) => p.overrides === 'unit');
    assert.ok(overrides.length > 100);
    assert.ok(overrides.every((p) => p.schema.kind === 'unit' && p.annotates));
  });
});

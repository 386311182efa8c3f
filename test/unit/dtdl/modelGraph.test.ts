import * as assert from 'node:assert/strict';
import { ModelGraphIndex } from '../../../src/core/dtdl/modelGraph';
import { ANY_MODEL_ID, type ModelGraphData } from '../../../src/core/dtdl/modelGraphTypes';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { searchModels } from '../../../src/core/dtdl/modelSearch';
import { modelSummary } from '../../../src/core/dtdl/modelSummary';
import { willowOntology } from './ontologyPath';

const ctx = 'dtmi:dtdl:context;3';
const id = (name: string): string => `dtmi:com:example:${name};1`;
const models = ModelIndex.fromInterfaces([
  { '@context': ctx, '@id': id('Asset'), '@type': 'Interface', displayName: 'Asset' },
  {
    '@context': ctx,
    '@id': id('Equipment'),
    '@type': 'Interface',
    displayName: 'Equipment',
    extends: id('Asset'),
    contents: [{ '@type': 'Relationship', name: 'isFedBy' }],
  },
  {
    '@context': ctx,
    '@id': id('Terminal'),
    '@type': 'Interface',
    displayName: 'Terminal Unit',
    extends: id('Equipment'),
    contents: [{ '@type': 'Relationship', name: 'locatedIn', target: id('Room') }],
  },
  {
    '@context': ctx,
    '@id': id('VAV'),
    '@type': 'Interface',
    displayName: 'VAV Box',
    extends: id('Terminal'),
    contents: [{ '@type': 'Component', name: 'damper', schema: id('Damper') }],
  },
  { '@context': ctx, '@id': id('Damper'), '@type': 'Interface', displayName: 'Damper' },
  {
    '@context': ctx,
    '@id': id('Room'),
    '@type': 'Interface',
    displayName: 'Room',
    extends: id('Space'),
  },
]);
const graphs = new ModelGraphIndex(models);

const edgeList = (g: ModelGraphData): string[] =>
  g.edges.map((e) => `${e.source} -${e.kind}:${e.name}-> ${e.target} (${e.definedIn})`).sort();
const nodeIds = (g: ModelGraphData): string[] => g.nodes.map((n) => n.id).sort();

describe('model graph', () => {
  it('walks what a model extends, relates to and contains, with what it inherits named by its declaring model', () => {
    const g = graphs.build({
      rootIds: [id('VAV')],
      depth: 1,
      direction: 'outgoing',
      kinds: ['extends', 'relationship', 'component'],
    });
    assert.deepEqual(edgeList(g), [
      `${id('VAV')} -component:damper-> ${id('Damper')} (${id('VAV')})`,
      `${id('VAV')} -extends:extends-> ${id('Terminal')} (${id('VAV')})`,
      `${id('VAV')} -relationship:isFedBy-> ${ANY_MODEL_ID} (${id('Equipment')})`,
      `${id('VAV')} -relationship:locatedIn-> ${id('Room')} (${id('Terminal')})`,
    ]);
    assert.equal(g.truncated, false);
    assert.deepEqual(g.rootIds, [id('VAV')]);
  });

  it('draws only their own declarations for models that are not roots, so an inherited relationship is drawn once', () => {
    const g = graphs.build({
      rootIds: [id('VAV')],
      depth: 3,
      direction: 'outgoing',
      kinds: ['extends', 'relationship'],
    });
    const fedBy = g.edges.filter((e) => e.name === 'isFedBy').map((e) => e.source);
    assert.deepEqual(fedBy.sort(), [id('Equipment'), id('VAV')]);
    assert.ok(nodeIds(g).includes(id('Asset')), 'three hops up reach Asset');
  });

  it('follows only the kinds asked for, to the depth asked for', () => {
    const g = graphs.build({ rootIds: [id('VAV')], depth: 2, direction: 'outgoing', kinds: ['extends'] });
    assert.deepEqual(nodeIds(g), [id('Equipment'), id('Terminal'), id('VAV')].sort());
    assert.ok(g.edges.every((e) => e.kind === 'extends'));
  });

  it('walks incoming edges: the models extending, relating to or containing a model', () => {
    const g = graphs.build({
      rootIds: [id('Room')],
      depth: 1,
      direction: 'incoming',
      kinds: ['extends', 'relationship', 'component'],
    });
    assert.deepEqual(edgeList(g), [`${id('Terminal')} -relationship:locatedIn-> ${id('Room')} (${id('Terminal')})`]);
    const both = graphs.build({
      rootIds: [id('Room')],
      depth: 1,
      direction: 'both',
      kinds: ['extends', 'relationship'],
    });
    assert.deepEqual(nodeIds(both), [id('Room'), id('Space'), id('Terminal')].sort());
  });

  it('marks models named but not in the set, and walks nothing from the "any model" node', () => {
    const g = graphs.build({ rootIds: [id('Room')], depth: 3, direction: 'outgoing', kinds: ['extends'] });
    assert.deepEqual(
      g.nodes.find((n) => n.id === id('Space')),
      { id: id('Space'), label: 'Space', missing: true },
    );
    const any = graphs.build({ rootIds: [id('Equipment')], depth: 4, direction: 'both', kinds: ['relationship'] });
    assert.deepEqual(nodeIds(any), [ANY_MODEL_ID, id('Equipment')].sort());
  });

  it('starts from the top models when given no roots', () => {
    assert.deepEqual(graphs.topModels(), [id('Asset'), id('Damper'), id('Room')]);
    const g = graphs.build({ rootIds: [], depth: 5, direction: 'incoming', kinds: ['extends'] });
    assert.deepEqual(
      nodeIds(g),
      [id('Asset'), id('Damper'), id('Equipment'), id('Room'), id('Terminal'), id('VAV')].sort(),
    );
  });

  it('stops at the most models asked for and says it was cut', () => {
    const g = graphs.build({ rootIds: [id('VAV')], depth: 5, direction: 'outgoing', kinds: ['extends'], maxNodes: 2 });
    assert.equal(g.nodes.length, 2);
    assert.equal(g.truncated, true);
    assert.ok(g.edges.every((e) => g.nodes.some((n) => n.id === e.source) && g.nodes.some((n) => n.id === e.target)));
  });

  it('draws a root that is not in the set as missing, with nothing around it', () => {
    const g = graphs.build({ rootIds: [id('Nowhere')], depth: 2, direction: 'both', kinds: ['extends'] });
    assert.deepEqual(g.nodes, [{ id: id('Nowhere'), label: 'Nowhere', missing: true }]);
    assert.deepEqual(g.edges, []);
  });
});

describe('model search and summary', () => {
  it('finds models by name or id, whole names first, then names starting with the text', () => {
    assert.deepEqual(
      searchModels(models, 'room', 10).map((m) => m.label),
      ['Room'],
    );
    assert.deepEqual(
      searchModels(models, 'E', 10).map((m) => m.label),
      ['Equipment', 'Asset', 'Damper', 'Terminal Unit', 'Room', 'VAV Box'],
    );
    assert.deepEqual(searchModels(models, 'example:vav', 10), [{ id: id('VAV'), label: 'VAV Box' }]);
    assert.deepEqual(searchModels(models, '  ', 10), []);
    assert.equal(searchModels(models, 'e', 2).length, 2);
  });

  it('sums a model up: ancestors closest first, inherited members with their declaring model', () => {
    const s = modelSummary(models, id('VAV'))!;
    assert.deepEqual(
      s.ancestors.map((a) => a.label),
      ['Terminal Unit', 'Equipment', 'Asset'],
    );
    assert.deepEqual(
      s.relationships.map((r) => [r.name, r.target?.label, r.definedIn.label]),
      [
        ['locatedIn', 'Room', 'Terminal Unit'],
        ['isFedBy', undefined, 'Equipment'],
      ],
    );
    assert.deepEqual(
      s.components.map((c) => [c.name, c.target?.label]),
      [['damper', 'Damper']],
    );
    assert.equal(modelSummary(models, id('Terminal'))!.childCount, 1);
    assert.equal(modelSummary(models, id('Space')), undefined);
  });
});

describe('model graph on the Willow ontology', () => {
  let willow: ModelGraphIndex;
  before(async function () {
    this.timeout(60_000);
    willow = new ModelGraphIndex(await ModelIndex.fromFolder(willowOntology()));
  });

  it('answers what a VAV box may be fed by and what it extends', () => {
    const vav = 'dtmi:com:willowinc:VAVBox;1';
    const g = willow.build({ rootIds: [vav], depth: 1, direction: 'outgoing', kinds: ['extends', 'relationship'] });
    assert.deepEqual(
      g.edges.filter((e) => e.kind === 'extends').map((e) => e.target),
      ['dtmi:com:willowinc:TerminalUnit;1'],
    );
    const fedBy = g.edges.find((e) => e.name === 'isFedBy');
    assert.deepEqual(fedBy && [fedBy.source, fedBy.target, fedBy.definedIn], [
      vav,
      ANY_MODEL_ID,
      'dtmi:com:willowinc:Equipment;1',
    ]);
    assert.ok(willow.models.isA(vav, 'dtmi:com:willowinc:Equipment;1'));
  });

  it('draws the whole ontology from its top models within the cap', () => {
    const g = willow.build({ rootIds: [], depth: 10, direction: 'incoming', kinds: ['extends'], maxNodes: 5000 });
    assert.equal(g.truncated, false);
    assert.equal(g.nodes.filter((n) => !n.missing).length, willow.models.size);
    const capped = willow.build({ rootIds: [], depth: 10, direction: 'incoming', kinds: ['extends'] });
    assert.equal(capped.truncated, true);
    assert.equal(capped.nodes.length, 500);
  });
});

import * as assert from 'node:assert/strict';
import { adtGraphFile } from '../../../src/core/bulk/adtGraphExport';

const room = { id: 'R1', modelId: 'dtmi:x:Room;1', contents: { name: 'Room 1', area: 12, $dtId: 'forged' } };
const level = { id: 'L1', modelId: 'dtmi:x:Level;1', contents: { name: 'Level 1' } };
const isPartOf = {
  id: 'R1_isPartOf_L1',
  sourceId: 'R1',
  targetId: 'L1',
  name: 'isPartOf',
  properties: { since: 2020 },
};

describe('ADT Explorer graph file', () => {
  it('writes twins, the relationships between them and the models, in the format ADT Explorer imports', () => {
    const model = { '@id': 'dtmi:x:Room;1', '@type': 'Interface' };
    assert.deepEqual(adtGraphFile([room, level], [isPartOf], [model]), {
      digitalTwinsFileInfo: { fileVersion: '1.0.0' },
      digitalTwinsGraph: {
        digitalTwins: [
          { $dtId: 'R1', $metadata: { $model: 'dtmi:x:Room;1' }, name: 'Room 1', area: 12 },
          { $dtId: 'L1', $metadata: { $model: 'dtmi:x:Level;1' }, name: 'Level 1' },
        ],
        relationships: [
          {
            $relationshipId: 'R1_isPartOf_L1',
            $sourceId: 'R1',
            $targetId: 'L1',
            $relationshipName: 'isPartOf',
            since: 2020,
          },
        ],
      },
      digitalTwinsModels: [model],
    });
  });

  it('leaves out relationships to twins not written and writes each relationship once, naming one without an id', () => {
    const toOutside = { sourceId: 'R1', targetId: 'B1', name: 'isPartOf' };
    const noId = { sourceId: 'L1', targetId: 'R1', name: 'hasPart' };
    const file = adtGraphFile([room, level], [isPartOf, isPartOf, toOutside, noId], []);
    assert.deepEqual(
      file.digitalTwinsGraph.relationships.map((r) => r.$relationshipId),
      ['R1_isPartOf_L1', 'L1_hasPart_R1'],
    );
    const exported = adtGraphFile([room, level], [isPartOf, toOutside], [], { betweenTwinsOnly: false });
    assert.deepEqual(
      exported.digitalTwinsGraph.relationships.map((r) => r.$relationshipId),
      ['R1_isPartOf_L1', 'R1_isPartOf_B1'],
      'an export of chosen twins keeps their relationships to twins outside it',
    );
  });

  it("keeps a service's prototype-like key as plain data, and ADT's own fields from the service never", () => {
    const hostile = {
      id: 'H1',
      modelId: 'dtmi:x:Room;1',
      contents: JSON.parse('{"__proto__": {"polluted": 1}, "$metadata": 1}'),
    };
    const [twin] = adtGraphFile([hostile], [], []).digitalTwinsGraph.digitalTwins;
    assert.deepEqual(twin.$metadata, { $model: 'dtmi:x:Room;1' });
    assert.ok(Object.hasOwn(twin, '__proto__'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.match(JSON.stringify(twin), /"__proto__":\{"polluted":1\}/);
  });
});

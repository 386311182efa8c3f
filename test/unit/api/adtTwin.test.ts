import * as assert from 'node:assert/strict';
import { documentedTwin } from '../../../src/core/api/adtTwin';
import { normalizeTwin } from '../../../src/core/api/normalize';

describe('twins in the ADT shape', () => {
  it('leaves the documented shape alone, even with a "twin" property', () => {
    const docs = { id: 'R1', modelId: 'dtmi:x:Room;1', contents: { name: 'R' }, twin: { $dtId: 'other' } };
    assert.equal(documentedTwin(docs), docs);
    assert.equal(documentedTwin('R1'), 'R1');
    assert.equal(documentedTwin(null), null);
  });

  it('does not take a $dtId twin that already has contents for the flat ADT shape', () => {
    const mixed = { $dtId: 'R1', $metadata: { $model: 'dtmi:x:Room;1' }, contents: { name: 'R' } };
    assert.equal(documentedTwin(mixed), mixed);
    assert.deepEqual(normalizeTwin(mixed).contents, { name: 'R' });
    assert.equal(normalizeTwin(mixed).id, 'R1');
  });

  it('drops $ keys other than $dtId, $etag and $metadata from contents, keeping nested component metadata', () => {
    const twin = documentedTwin({
      $dtId: 'R1',
      $metadata: { $model: 'm' },
      $other: 1,
      name: 'R',
      comp: { $metadata: {}, x: 1 },
    });
    assert.deepEqual(twin, { id: 'R1', modelId: 'm', contents: { name: 'R', comp: { $metadata: {}, x: 1 } } });
  });

  it('refuses a wrapped twin without an id like any other twin', () => {
    assert.throws(() => normalizeTwin({ twin: { $metadata: { $model: 'm' }, name: 'R' } }), /without an id/);
  });
});

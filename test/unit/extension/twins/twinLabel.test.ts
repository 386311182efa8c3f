import * as assert from 'node:assert/strict';
import { flattenGraph } from '../../../../src/extension/panels/twinGraph/twinGraphHandlers';
import { twinLabel } from '../../../../src/extension/twins/twinLabel';

const twin = (contents: Record<string, unknown>) => ({ id: 'T1', modelId: 'dtmi:x:Room;1', contents });

describe('twin labels', () => {
  it('names a twin by the chosen property, else its name, else its id', () => {
    assert.equal(twinLabel(twin({ name: 'Room 1', tag: 'R-101' }), 'tag'), 'R-101');
    assert.equal(twinLabel(twin({ name: 'Room 1', tag: '  ' }), 'tag'), 'Room 1');
    assert.equal(twinLabel(twin({ name: 'Room 1', level: 3 }), 'level'), '3');
    assert.equal(twinLabel(twin({ tag: { nested: 1 } }), 'tag'), 'T1');
    assert.equal(twinLabel(twin({ name: 'Room 1' })), 'Room 1');
    assert.equal(twinLabel({ id: 'T2', modelId: 'dtmi:x:Room;1' }), 'T2');
  });

  it("reads only the twin's own contents: a prototype key names nothing", () => {
    assert.equal(twinLabel(twin({ name: 'Room 1' }), 'constructor'), 'Room 1');
    assert.equal(twinLabel(twin({ name: 'Room 1' }), '__proto__'), 'Room 1');
  });

  it("names the twin graph's nodes the same way", () => {
    const root = { id: 'A', modelId: 'dtmi:x:Room;1', contents: { name: 'Room A', externalID: 'EXT-A' } };
    assert.deepEqual(
      flattenGraph(root, [], undefined, 'externalID').nodes.map((n) => n.label),
      ['EXT-A'],
    );
    assert.deepEqual(
      flattenGraph(root, []).nodes.map((n) => n.label),
      ['Room A'],
    );
  });
});

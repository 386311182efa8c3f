import * as assert from 'node:assert/strict';
import { parseJsonStrict, stableJson } from '../../../../src/extension/documents/jsonText';
import { twinDocumentText, twinPatch } from '../../../../src/extension/twins/twinDocumentHandler';

describe('twin documents', () => {
  const twin = {
    contents: { zeta: 1, name: 'Room 1', alpha: { b: 2, a: 1 } },
    modelId: 'dtmi:x:Room;1',
    lastUpdateTime: '2026-01-01T00:00:00Z',
    id: 'R1',
    outgoingRelationships: [{ sourceId: 'R1', targetId: 'L1', name: 'isPartOf' }],
  };

  it('prints id, modelId, lastUpdateTime, contents first, nested keys sorted, relationships, etag and twinData left out', () => {
    const text = twinDocumentText(twin);
    assert.deepEqual(Object.keys(JSON.parse(text) as object), ['id', 'modelId', 'lastUpdateTime', 'contents']);
    assert.ok(text.indexOf('"alpha"') < text.indexOf('"name"') && text.indexOf('"name"') < text.indexOf('"zeta"'));
    assert.ok(text.indexOf('"a": 1') < text.indexOf('"b": 2'));
    assert.ok(!text.includes('outgoingRelationships'));
    assert.equal(twinDocumentText({ ...twin, etag: 'W/"1"', twinData: { lastUpdateTime: 'x' } }), text);
    assert.equal(
      text,
      twinDocumentText({ ...twin, contents: { alpha: { a: 1, b: 2 }, name: 'Room 1', zeta: 1 } }),
      'same twin, same text',
    );
  });

  it("patches contents changes with paths at the twin's properties, ignoring lastUpdateTime", () => {
    const loaded = JSON.parse(twinDocumentText(twin)) as Record<string, unknown>;
    const edited = structuredClone(loaded) as { contents: Record<string, unknown>; lastUpdateTime: string };
    edited.contents.name = 'Room one';
    delete edited.contents.zeta;
    edited.contents.area = 12;
    edited.lastUpdateTime = '2030-01-01T00:00:00Z';
    (edited.contents.alpha as Record<string, unknown>).b = 3;
    const { ops, putOnly } = twinPatch(loaded, edited);
    assert.deepEqual(putOnly, []);
    assert.deepEqual(
      [...ops].sort((a, b) => a.path.localeCompare(b.path)),
      [
        { op: 'replace', path: '/alpha/b', value: 3 },
        { op: 'add', path: '/area', value: 12 },
        { op: 'replace', path: '/name', value: 'Room one' },
        { op: 'remove', path: '/zeta' },
      ],
    );
  });

  it('needs a full replace when the model changes', () => {
    const loaded = JSON.parse(twinDocumentText(twin)) as Record<string, unknown>;
    const edited = structuredClone(loaded) as { modelId: string; contents: Record<string, unknown> };
    edited.modelId = 'dtmi:x:Space;1';
    edited.contents.name = 'Space 1';
    assert.deepEqual(twinPatch(loaded, edited), { ops: [], putOnly: ['/modelId'] });
  });

  it('finds no change when only key order differs', () => {
    const loaded = JSON.parse(twinDocumentText(twin)) as Record<string, unknown>;
    const reordered = JSON.parse(stableJson(loaded, ['contents'])) as Record<string, unknown>;
    assert.deepEqual(twinPatch(loaded, reordered), { ops: [], putOnly: [] });
  });

  it('names line and column of bad JSON', () => {
    assert.throws(
      () => parseJsonStrict('{\n  "id": "R1",\n  "modelId": \n}', 'twins/R1.json'),
      /twins\/R1\.json is not valid JSON: ValueExpected at line 4, column 1\. Nothing was sent\./,
    );
    assert.throws(() => parseJsonStrict('{ "a": 1, }', 'x'), /at line 1, column 11/);
    assert.deepEqual(parseJsonStrict('{"a":[1,2]}', 'x'), { a: [1, 2] });
  });
});

import * as assert from 'node:assert/strict';
import { completionTarget, stringAtOffset } from '../../../src/core/requestFiles/requestCompletionTarget';

/** The target at the `|` of the text. */
function at(text: string): ReturnType<typeof completionTarget> {
  const offset = text.indexOf('|');
  return completionTarget(text.slice(0, offset) + text.slice(offset + 1), offset);
}

const ROOM = 'dtmi:com:x:Room;1';

describe('request completion target', () => {
  it("a property filter field: a property of the request's model (from its model filter or model option)", () => {
    assert.deepEqual(
      at(
        `{ "requests": [ { "name": "a", "operation": "twins list", "body": { "modelFilter": { "modelIds": ["${ROOM}"] }, "propertyFilter": { "field": "|" } } } ] }`,
      ),
      { kind: 'property', modelId: ROOM },
    );
    assert.deepEqual(
      at(
        `{ "requests": [ { "name": "a", "operation": "twins list", "query": { "model": "${ROOM}" }, "body": { "propertyFilter": { "filters": [ { "field": "na|" } ] } } } ] }`,
      ),
      { kind: 'property', modelId: ROOM },
    );
    assert.deepEqual(
      at(
        '{ "requests": [ { "name": "a", "operation": "twins count", "body": { "propertyFilter": { "field": "|" } } } ] }',
      ),
      { kind: 'property', modelId: undefined },
    );
  });

  it('model ids, relationship names and twin ids where they go', () => {
    assert.deepEqual(at('{ "requests": [ { "body": { "modelFilter": { "modelIds": ["|"] } } } ] }'), { kind: 'model' });
    assert.deepEqual(at('{ "requests": [ { "query": { "model": "|" } } ] }'), { kind: 'model' });
    assert.deepEqual(
      at(
        `{ "requests": [ { "query": { "model": "${ROOM}" }, "body": { "relationshipFilter": { "relationshipNames": ["|"] } } } ] }`,
      ),
      { kind: 'relationship', modelId: ROOM },
    );
    assert.deepEqual(at('{ "requests": [ { "query": { "id": "AH|" } } ] }'), { kind: 'twin' });
    assert.deepEqual(at('{ "requests": [ { "body": { "locationFilter": { "locationId": "|" } } } ] }'), {
      kind: 'twin',
    });
  });

  it('nothing where the service has no words to offer', () => {
    assert.equal(at('{ "requests": [ { "name": "|" } ] }'), undefined);
    assert.equal(at('{ "requests": [ { "body": { "filterSpecifications": [ { "field": "|" } ] } } ] }'), undefined);
    assert.equal(at('{ "variables": { "x": "|" }, "requests": [] }'), undefined);
    assert.equal(at('{ "requests": [ { "body": { "|": 1 } } ] }'), undefined);
  });

  it('finds the string under the cursor and what is typed in it', () => {
    const text = '{ "requests": [ { "query": { "id": "HP-L01-R0" } } ] }';
    const offset = text.indexOf('HP-L01-R0') + 6;
    assert.deepEqual(stringAtOffset(text, offset), {
      start: text.indexOf('HP-L01-R0'),
      end: text.indexOf('HP-L01-R0') + 9,
      typed: 'HP-L01',
    });
    assert.deepEqual(stringAtOffset('{ "id": "" }', 9), { start: 9, end: 9, typed: '' });
    assert.equal(stringAtOffset('{ "id": 12 }', 10), undefined);
  });
});

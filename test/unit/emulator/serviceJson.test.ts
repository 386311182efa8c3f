import * as assert from 'node:assert/strict';
import { serviceJson } from '../../../src/emulator/server';

// Every backend of the service writes JSON with DefaultIgnoreCondition = WhenWritingNull.
describe('emulator JSON as the service writes it (null members left out)', () => {
  it('leaves out null members at any depth, keeps array items and the body itself', () => {
    assert.equal(
      serviceJson({ a: null, b: 1, c: { d: null, e: [null, { f: null, g: 2 }] } }),
      '{"b":1,"c":{"e":[null,{"g":2}]}}',
    );
    assert.equal(serviceJson(null), 'null');
    assert.equal(serviceJson([null, 1]), '[null,1]');
  });

  it('keeps nulls inside user data (twin contents, relationship, event and ticket properties are dictionaries)', () => {
    const twin = {
      id: 'T1',
      lastUpdateTime: null,
      contents: { note: null, nested: { deeper: null } },
      outgoingRelationships: [{ id: 'r', properties: { since: null }, etag: null }],
    };
    assert.equal(
      serviceJson(twin),
      '{"id":"T1","contents":{"note":null,"nested":{"deeper":null}},"outgoingRelationships":[{"id":"r","properties":{"since":null}}]}',
    );
    assert.equal(
      serviceJson({ payload: { a: null }, customProperties: { b: null } }),
      '{"payload":{"a":null},"customProperties":{"b":null}}',
    );
  });

  it('writes a body without null members exactly as JSON.stringify does', () => {
    const body = { content: [{ id: 'x', contents: { n: 1 } }], continuationToken: 'abc' };
    assert.equal(serviceJson(body), JSON.stringify(body));
  });
});

// Service JSON is untrusted: a key named __proto__ in a response stays an ordinary property when the
// client re-cases it, instead of replacing the prototype of the object the rest of the code reads.
import * as assert from 'node:assert/strict';
import { camelizeKeys, normalizeTwin } from '../../../src/core/api/normalize';

describe('response keys named __proto__', () => {
  it('stay own properties when keys are re-cased, and the object keeps Object.prototype', () => {
    const raw = JSON.parse('{"Id":"t1","__proto__":{"isAdmin":true},"ModelId":"dtmi:x;1"}') as unknown;
    const out = camelizeKeys(raw) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.equal(out.isAdmin, undefined, 'nothing is inherited from the response');
    assert.deepEqual(Object.keys(out), ['id', '__proto__', 'modelId']);
    assert.deepEqual(Object.getOwnPropertyDescriptor(out, '__proto__')?.value, { isAdmin: true });
  });

  it('in a twin read from the service', () => {
    const twin = normalizeTwin(
      JSON.parse('{"Id":"t1","ModelId":"dtmi:x;1","__proto__":{"polluted":1},"Contents":{}}'),
    ) as unknown as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(twin), Object.prototype);
    assert.equal(twin.polluted, undefined);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});

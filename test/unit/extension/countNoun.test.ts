import * as assert from 'node:assert/strict';
import { countNoun } from '../../../src/shared/countNoun';

describe('counts with their noun', () => {
  it('uses the singular for one only, an irregular plural when given, and groups thousands', () => {
    assert.equal(countNoun(1, 'twin'), '1 twin');
    assert.equal(countNoun(0, 'twin'), '0 twins');
    assert.equal(countNoun(2, 'twin'), '2 twins');
    assert.equal(countNoun(1, 'child', 'children'), '1 child');
    assert.equal(countNoun(3, 'child', 'children'), '3 children');
    assert.equal(countNoun(1204, 'twin'), '1,204 twins');
  });
});

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

  it('fills localised templates, one for one and one for many, with the count where {0} stands', () => {
    assert.equal(countNoun(1, '{0} twin', '{0} twins'), '1 twin');
    assert.equal(countNoun(0, '{0} twin', '{0} twins'), '0 twins');
    assert.equal(countNoun(1204, '{0} Zwilling', '{0} Zwillinge'), '1,204 Zwillinge');
    assert.equal(countNoun(1, 'ein Kind', '{0} Kinder'), 'ein Kind');
    assert.equal(countNoun(3, 'ein Kind', '{0} Kinder'), '3 Kinder');
  });
});

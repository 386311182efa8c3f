import * as assert from 'node:assert/strict';
import { noIcons, noIconsOpt } from '../../../src/extension/shell/iconText';

describe('icon syntax in service text', () => {
  it('escapes every $( so a twin named "$(check) Verified" renders no icon', () => {
    assert.equal(noIcons('$(check) Verified'), '\\$(check) Verified');
    assert.equal(noIcons('a $(x) b $(y)'), 'a \\$(x) b \\$(y)');
    assert.equal(noIcons('cost: $ (none)'), 'cost: $ (none)');
    assert.equal(noIconsOpt(undefined), undefined);
    assert.equal(noIconsOpt(null), undefined);
  });
});

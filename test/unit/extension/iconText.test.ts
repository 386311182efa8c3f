import * as assert from 'node:assert/strict';
import { errorItemLabel, noIcons, noIconsOpt } from '../../../src/extension/shell/iconText';

describe('icon syntax in service text', () => {
  it('escapes every $( so a twin named "$(check) Verified" renders no icon', () => {
    assert.equal(noIcons('$(check) Verified'), '\\$(check) Verified');
    assert.equal(noIcons('a $(x) b $(y)'), 'a \\$(x) b \\$(y)');
    assert.equal(noIcons('cost: $ (none)'), 'cost: $ (none)');
    assert.equal(noIconsOpt(undefined), undefined);
    assert.equal(noIconsOpt(null), undefined);
  });

  it("a lookup error row keeps its own icon and shows the service's $( literally", () => {
    assert.equal(errorItemLabel('Twin "$(pass) ok" was not found'), '$(error) Twin "\\$(pass) ok" was not found');
  });
});

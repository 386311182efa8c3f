import * as assert from 'node:assert/strict';
import {
  LOCAL_CONNECTION_NAME,
  parseProfiles,
  validateConnectionName,
} from '../../../../src/extension/connections/connectionProfile';

describe('connection profiles', () => {
  it('validates names: empty, reserved, taken, slashes', () => {
    assert.match(validateConnectionName('  ', []) ?? '', /Enter a name/);
    assert.match(validateConnectionName(LOCAL_CONNECTION_NAME, []) ?? '', /reserved/);
    assert.match(validateConnectionName('Prod', ['Prod']) ?? '', /already exists/);
    assert.match(validateConnectionName('a/b', []) ?? '', /cannot contain/);
    assert.equal(validateConnectionName('Prod', ['Test']), undefined);
  });

  it('reads the setting leniently and reports what it skipped', () => {
    const { profiles, problems } = parseProfiles([
      { name: 'Prod', baseUrl: 'contoso', clientId: 'c1', clientSecret: 'must-not-be-kept' },
      { name: 'Broken' },
      { name: 'Prod', baseUrl: 'x', clientId: 'y' },
      { name: LOCAL_CONNECTION_NAME, baseUrl: 'x', clientId: 'y' },
    ]);
    assert.deepEqual(profiles, [{ name: 'Prod', baseUrl: 'contoso', clientId: 'c1' }]);
    assert.equal(problems.length, 3);
    assert.match(problems[0], /connections\[1\]/);
    assert.deepEqual(parseProfiles('nope').problems, ['buildingTwins.connections must be an array']);
    assert.deepEqual(parseProfiles(undefined), { profiles: [], problems: [] });
  });

  it('keeps readOnly only when true; a flag that is not a boolean is reported and fails closed (read-only)', () => {
    const { profiles, problems } = parseProfiles([
      { name: 'Prod', baseUrl: 'contoso', clientId: 'c1', readOnly: true },
      { name: 'Test', baseUrl: 'contoso-test', clientId: 'c2', readOnly: false },
      { name: 'Odd', baseUrl: 'contoso-odd', clientId: 'c3', readOnly: 'yes' },
    ]);
    assert.deepEqual(profiles, [
      { name: 'Prod', baseUrl: 'contoso', clientId: 'c1', readOnly: true },
      { name: 'Test', baseUrl: 'contoso-test', clientId: 'c2' },
      { name: 'Odd', baseUrl: 'contoso-odd', clientId: 'c3', readOnly: true },
    ]);
    assert.deepEqual(problems, [
      'buildingTwins.connections[2].readOnly must be true or false; "Odd" is treated as read-only',
    ]);
  });
});

import * as assert from 'node:assert/strict';
import {
  markedReadOnly,
  parseSharedConnections,
  sharedConnectionsText,
  sharedStatus,
} from '../../../../src/extension/connections/sharedConnections';

const PROD = { name: 'Prod', baseUrl: 'https://contoso.app.willowinc.com/api/v3', clientId: 'c1' };

describe('shared connections', () => {
  it('reads a file or a bare list, resolving instance names and keeping read-only', () => {
    const file = parseSharedConnections(
      { connections: [{ name: ' Prod ', baseUrl: 'contoso', clientId: 'c1', readOnly: true }] },
      'f.json',
    );
    assert.deepEqual(file, { connections: [{ ...PROD, readOnly: true }], problems: [] });
    const list = parseSharedConnections([{ ...PROD, readOnly: false }], 'setting');
    assert.deepEqual(list, { connections: [PROD], problems: [] });
    assert.deepEqual(parseSharedConnections(undefined, 's'), { connections: [], problems: [] });
  });

  it('refuses an entry that carries a secret, whatever its spelling', () => {
    for (const field of ['clientSecret', 'secret', 'accessToken', 'password', 'apiKey']) {
      const parsed = parseSharedConnections([{ ...PROD, [field]: 'x' }], 'f.json');
      assert.deepEqual(parsed.connections, [], field);
      assert.match(parsed.problems[0] ?? '', new RegExp(`f\\.json \\[0\\]: carries "${field}"`));
    }
  });

  it('skips what is not a usable connection and says why; keeps read-only when the flag is unreadable', () => {
    const parsed = parseSharedConnections(
      [
        'text',
        { name: 'No client', baseUrl: 'contoso' },
        { name: 'Local emulator', baseUrl: 'contoso', clientId: 'c' },
        { name: 'Plain', baseUrl: 'http://twins.example.com/api/v3', clientId: 'c' },
        PROD,
        { ...PROD, clientId: 'c2' },
        { name: 'Odd', baseUrl: 'contoso', clientId: 'c', readOnly: 'no', colour: 'red' },
      ],
      's',
    );
    assert.deepEqual(
      parsed.connections.map((c) => [c.name, c.readOnly]),
      [
        ['Prod', undefined],
        ['Odd', true],
      ],
    );
    assert.equal(parsed.problems.length, 7, parsed.problems.join('\n'));
    assert.match(parsed.problems[3] ?? '', /s \[3\]: Plain http is refused/);
    assert.match(parsed.problems[4] ?? '', /"Prod" is listed twice/);
    assert.match(parsed.problems.join('\n'), /"colour" is ignored/);
    assert.match(parseSharedConnections({ connections: 3 }, 'f').problems[0] ?? '', /expected a list/);
  });

  it('writes what it reads back, without secrets', () => {
    const text = sharedConnectionsText([
      { ...PROD, readOnly: true },
      { ...PROD, name: 'Test' },
    ]);
    assert.deepEqual(parseSharedConnections(JSON.parse(text), 'x').connections, [
      { ...PROD, readOnly: true },
      { ...PROD, name: 'Test' },
    ]);
    assert.ok(!/secret/i.test(text));
  });

  it("tells a new suggestion from one the user has and from another of the user's with its name", () => {
    assert.equal(sharedStatus(PROD, []), 'new');
    assert.equal(sharedStatus(PROD, [{ ...PROD, readOnly: true }]), 'added');
    assert.equal(sharedStatus(PROD, [{ ...PROD, clientId: 'other' }]), 'nameTaken');
  });

  it('a workspace marks a connection read-only by name or by service, never writable', () => {
    const mine = { ...PROD, name: 'My prod' };
    assert.equal(markedReadOnly(mine, [{ ...PROD, readOnly: true }]), true, 'same service and client');
    assert.equal(markedReadOnly(mine, [{ ...PROD, name: 'My prod', clientId: 'x', readOnly: true }]), true);
    assert.equal(markedReadOnly(mine, [PROD]), false, 'a suggestion without the mark changes nothing');
    assert.equal(markedReadOnly(mine, [{ ...PROD, clientId: 'x', readOnly: true }]), false);
  });
});

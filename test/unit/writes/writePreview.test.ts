import * as assert from 'node:assert/strict';
import {
  confirmWritesMode,
  isLocalTarget,
  operationLine,
  writeDetail,
  writeNeedsConfirmation,
  writeQuestion,
  type PendingWrite,
} from '../../../src/core/writes/writePreview';

const PATCH: PendingWrite = {
  subject: 'twin AHU-1',
  connection: 'Production',
  baseUrl: 'https://acme.willowinc.com/api/v3/',
  method: 'PATCH',
  path: '/twins/AHU-1',
  patch: [
    { op: 'replace', path: '/name', value: 'AHU 1 (north)' },
    { op: 'add', path: '/tags', value: { critical: true } },
    { op: 'remove', path: '/comment' },
  ],
};

describe('write preview', () => {
  it("reads the user's confirmWrites setting, falling back to remoteOnly", () => {
    assert.equal(confirmWritesMode({ globalValue: 'always' }), 'always');
    assert.equal(confirmWritesMode({ globalValue: 'never' }), 'never');
    assert.equal(confirmWritesMode({ globalValue: 'remoteOnly' }), 'remoteOnly');
    assert.equal(confirmWritesMode({ globalValue: 'sometimes' }), 'remoteOnly');
    assert.equal(confirmWritesMode({}), 'remoteOnly');
    assert.equal(confirmWritesMode(undefined), 'remoteOnly');
  });

  it('lets a workspace or folder value ask more often, never less', () => {
    assert.equal(confirmWritesMode({ globalValue: 'always', workspaceValue: 'never' }), 'always');
    assert.equal(confirmWritesMode({ globalValue: 'always', workspaceFolderValue: 'remoteOnly' }), 'always');
    assert.equal(confirmWritesMode({ workspaceValue: 'never' }), 'remoteOnly');
    assert.equal(confirmWritesMode({ workspaceValue: 'never', workspaceFolderValue: 'never' }), 'remoteOnly');
    assert.equal(confirmWritesMode({ globalValue: 'never', workspaceValue: 'remoteOnly' }), 'remoteOnly');
    assert.equal(confirmWritesMode({ globalValue: 'never', workspaceFolderValue: 'always' }), 'always');
    assert.equal(confirmWritesMode({ workspaceValue: 'always' }), 'always');
    assert.equal(confirmWritesMode({ globalValue: 'never', workspaceValue: 'bogus' }), 'never');
  });

  it('counts loopback services as local, anything else (or an unreadable URL) as remote', () => {
    assert.equal(isLocalTarget('http://127.0.0.1:8470/api/v3'), true);
    assert.equal(isLocalTarget('http://localhost:9000/api/v3'), true);
    assert.equal(isLocalTarget('https://acme.app.willowinc.com/api/v3'), false);
    assert.equal(isLocalTarget('acme'), false);
  });

  it('asks on remote connections by default, everywhere with always, nowhere with never', () => {
    assert.equal(writeNeedsConfirmation('remoteOnly', { local: false }), true);
    assert.equal(writeNeedsConfirmation('remoteOnly', { local: true }), false);
    assert.equal(writeNeedsConfirmation('always', { local: true }), true);
    assert.equal(writeNeedsConfirmation('never', { local: false }), false);
  });

  it('names the count, the subject and the connection; the detail shows the request and each operation', () => {
    assert.equal(writeQuestion(PATCH), 'Send 3 changes to twin AHU-1 on "Production"?');
    assert.equal(
      writeQuestion({ ...PATCH, patch: PATCH.patch!.slice(0, 1) }),
      'Send 1 change to twin AHU-1 on "Production"?',
    );
    assert.equal(
      writeDetail(PATCH),
      [
        'PATCH https://acme.willowinc.com/api/v3/twins/AHU-1',
        '',
        'replace /name: "AHU 1 (north)"',
        'add /tags: {"critical":true}',
        'remove /comment',
      ].join('\n'),
    );
    assert.equal(operationLine({ op: 'move', from: '/a', path: '/b' }), 'move /a → /b');
  });

  it('shows a PUT body line by line, clipped to the line budget with a count of the rest', () => {
    const body = { id: 'E-1', name: 'Filter change', payload: { a: 1, b: 2, c: 3 } };
    const write: PendingWrite = {
      ...PATCH,
      subject: 'event E-1',
      method: 'PUT',
      path: '/events',
      patch: undefined,
      body: [body],
    };
    assert.equal(writeQuestion(write), 'Replace event E-1 on "Production"?');
    const detail = writeDetail(write, 4).split('\n');
    assert.deepEqual(detail, [
      'PUT https://acme.willowinc.com/api/v3/events',
      '',
      '[',
      '  {',
      '    "id": "E-1",',
      '    "name": "Filter change",',
      '… and 7 more lines (Compare shows everything)',
    ]);
  });

  it('keeps control characters of service text out of the dialog and clips long values', () => {
    const write: PendingWrite = {
      ...PATCH,
      subject: 'twin \u001b]0;owned\u0007T-1',
      patch: [{ op: 'replace', path: '/name', value: 'x'.repeat(200) }],
    };
    assert.equal(writeQuestion(write), 'Send 1 change to twin T-1 on "Production"?');
    const line = writeDetail(write).split('\n')[2]!;
    assert.equal(line.length, 'replace /name: '.length + 80);
    assert.ok(line.endsWith('…'));
  });
});

import * as assert from 'node:assert/strict';
import { readOnlyContextValue } from '../../../src/extension/explorer/readOnlyRows';
import { localisedManifest } from '../../shared/manifest';
import { whenHolds } from '../../shared/whenClause';

interface MenuEntry {
  command: string;
  when?: string;
}
const rowMenu = localisedManifest<{ contributes: { menus: Record<string, MenuEntry[]> } }>().contributes.menus[
  'view/item/context'
];

/** The commands a row's context menu offers, for a context value. */
function offered(contextValue: string): string[] {
  return [
    ...new Set(
      rowMenu
        .filter((e) => whenHolds(e.when, { view: 'buildingTwins.explorer', viewItem: contextValue }))
        .map((e) => e.command),
    ),
  ].sort();
}

/** Commands that change data on the service, offered on rows. */
const WRITES = new Set([
  'buildingTwins.createRelationship',
  'buildingTwins.newTwinDraft',
  'buildingTwins.importFile',
  'buildingTwins.changeTwins',
  'buildingTwins.events.newFromTemplate',
  'buildingTwins.events.uploadFile',
  'buildingTwins.events.delete',
  'buildingTwins.tickets.create',
  'buildingTwins.tickets.applyPatch',
  'buildingTwins.tickets.createMetadata',
  'buildingTwins.tickets.renameMetadata',
  'buildingTwins.tickets.createForInsight',
  'buildingTwins.tickets.editField',
  'buildingTwins.makeConnectionReadOnly',
]);

const ROWS = [
  'connection.custom',
  'connection.custom.active',
  'twin',
  'twin.capability',
  'model',
  'twinsGroup',
  'twinModelGroup',
  'eventsGroup',
  'eventsGroup.filtered',
  'event',
  'ticketsGroup',
  'ticket',
  'ticketMetadataKind',
  'ticketMetadataItem',
  'insight.root',
  'insight.child',
];

describe('rows of a read-only connection', () => {
  it('offer every read command of the writable row and no write command', () => {
    for (const row of ROWS) {
      const marked = readOnlyContextValue(row)!;
      assert.notEqual(marked, row, `${row} is marked`);
      const writable = offered(row);
      const readOnly = offered(marked);
      assert.deepEqual(
        readOnly.filter((c) => WRITES.has(c)),
        [],
        `${marked} offers no write`,
      );
      const reads = writable.filter((c) => !WRITES.has(c));
      assert.deepEqual(
        readOnly.filter((c) => c !== 'buildingTwins.allowConnectionWrites'),
        reads,
        `${marked} keeps the reads of ${row}`,
      );
    }
  });

  it('a writable row offers writes there are; the connection row switches between the two commands', () => {
    assert.ok(offered('twin').includes('buildingTwins.createRelationship'));
    assert.ok(offered('event').includes('buildingTwins.events.delete'));
    assert.ok(offered('connection.custom').includes('buildingTwins.makeConnectionReadOnly'));
    assert.ok(!offered('connection.custom').includes('buildingTwins.allowConnectionWrites'));
    assert.ok(offered('connection.custom.active.readOnly').includes('buildingTwins.allowConnectionWrites'));
    assert.ok(
      !offered('connection.local').includes('buildingTwins.makeConnectionReadOnly'),
      'the local emulator is always writable',
    );
  });

  it('leaves rows without writes, and undefined, as they are; never marks twice', () => {
    for (const row of [
      'connection.local',
      'relationship',
      'relationships.outgoing',
      'loadMore',
      'modelsGroup',
      'ticketAttachment',
      'message',
    ]) {
      assert.equal(readOnlyContextValue(row), row);
    }
    assert.equal(readOnlyContextValue(undefined), undefined);
    assert.equal(readOnlyContextValue('twin.readOnly'), 'twin.readOnly');
  });
});

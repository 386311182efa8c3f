import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { localisedManifest } from '../../shared/manifest';
import { whenHolds, whenKeys } from '../../shared/whenClause';

interface Manifest {
  contributes: {
    commands: Array<{ command: string }>;
    menus: { commandPalette: Array<{ command: string; when?: string }> };
  };
}
const manifest = localisedManifest<Manifest>();
const repoRoot = join(__dirname, '..', '..', '..', '..');

/** Commands that send writes to the service (or open a draft whose only purpose is one). */
const WRITE_COMMANDS = [
  'buildingTwins.newTwinDraft',
  'buildingTwins.createFromJson',
  'buildingTwins.createRelationship',
  'buildingTwins.importFile',
  'buildingTwins.changeTwins',
  'buildingTwins.sendTelemetryFile',
  'buildingTwins.events.newFromTemplate',
  'buildingTwins.events.upsertFromJson',
  'buildingTwins.events.delete',
  'buildingTwins.events.uploadFile',
  'buildingTwins.tickets.create',
  'buildingTwins.tickets.createFromJson',
  'buildingTwins.tickets.createForInsight',
  'buildingTwins.tickets.applyPatch',
  'buildingTwins.tickets.createMetadata',
  'buildingTwins.tickets.renameMetadata',
  'buildingTwins.tickets.editField',
  'buildingTwins.emulator.deleteTwin',
  'buildingTwins.emulator.deleteRelationship',
  'buildingTwins.emulator.reset',
];

/**
 * Commands that write nothing to the service, or only what a request file says (Run Request: a write in it is
 * confirmed by the run and refused on a read-only connection by the client; its reads stay available).
 */
const OTHER_COMMANDS = [
  'buildingTwins.exportTwins',
  'buildingTwins.addConnection',
  'buildingTwins.addSuggestedConnections',
  'buildingTwins.importConnections',
  'buildingTwins.exportConnections',
  'buildingTwins.copyLink',
  'buildingTwins.openTerminal',
  'buildingTwins.startEmulator',
  'buildingTwins.stopEmulator',
  'buildingTwins.emulator.reloadModels',
  'buildingTwins.editConnection',
  'buildingTwins.removeConnection',
  'buildingTwins.makeConnectionReadOnly',
  'buildingTwins.allowConnectionWrites',
  'buildingTwins.setActiveConnection',
  'buildingTwins.copyAccessToken',
  'buildingTwins.showConnectionStatus',
  'buildingTwins.refresh',
  'buildingTwins.refreshNode',
  'buildingTwins.loadMore',
  'buildingTwins.filterTwins',
  'buildingTwins.clearFilter',
  'buildingTwins.goToTwin',
  'buildingTwins.sortTwins',
  'buildingTwins.copyId',
  'buildingTwins.copyJson',
  'buildingTwins.copyAsCurl',
  'buildingTwins.copyAsHttp',
  'buildingTwins.countTwins',
  'buildingTwins.openTwin',
  'buildingTwins.openModel',
  'buildingTwins.openRelationship',
  'buildingTwins.keepRemoteDocumentsOutOfAutoSave',
  // Saves the editor's document as VS Code's Save does: shown only in an editable document, whose connection
  // (not necessarily the active one) the file system provider checks.
  'buildingTwins.saveDocument',
  'buildingTwins.showTimeSeries',
  'buildingTwins.showInsights',
  'buildingTwins.showTwinGraph',
  'buildingTwins.showModelGraph',
  'buildingTwins.events.open',
  'buildingTwins.events.filter',
  'buildingTwins.events.clearFilter',
  'buildingTwins.tickets.open',
  'buildingTwins.tickets.openAttachment',
  'buildingTwins.tickets.saveAttachment',
  'buildingTwins.openWalkthrough',
  'buildingTwins.reportIssue',
  'buildingTwins.runRequest',
  'buildingTwins.runAllRequests',
  'buildingTwins.rerunLastRequests',
  'buildingTwins.requestRunHistory',
  'buildingTwins.openSampleRequests',
  'buildingTwins.saveTwinGroupAsRequest',
];

const READ_ONLY_KEY = 'buildingTwins.activeConnectionReadOnly';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('write commands', () => {
  it('every contributed command is classified as a write or not (a new command must be)', () => {
    const classified = new Set([...WRITE_COMMANDS, ...OTHER_COMMANDS]);
    assert.equal(classified.size, WRITE_COMMANDS.length + OTHER_COMMANDS.length, 'each command in one list, once');
    const unclassified = manifest.contributes.commands.map((c) => c.command).filter((c) => !classified.has(c));
    assert.deepEqual(
      unclassified,
      [],
      'add each new command to WRITE_COMMANDS (it changes data on the service) or OTHER_COMMANDS in this file',
    );
  });

  it('are hidden from the Command Palette while the active connection is read-only, shown otherwise', () => {
    const palette = manifest.contributes.menus.commandPalette;
    const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
    for (const command of WRITE_COMMANDS.filter((c) => contributed.has(c))) {
      const entry = palette.find((e) => e.command === command);
      assert.ok(entry, `${command} has a commandPalette entry`);
      if (entry.when === 'false') continue; // never in the palette (a row's command)
      assert.ok(whenKeys(entry.when).includes(READ_ONLY_KEY), `${command}: ${entry.when}`);
      const context = { editorLangId: 'json', virtualWorkspace: false };
      assert.equal(
        whenHolds(entry.when, { ...context, [READ_ONLY_KEY]: true }),
        false,
        `${command} hidden on a read-only connection`,
      );
      assert.equal(
        whenHolds(entry.when, { ...context, [READ_ONLY_KEY]: false }),
        true,
        `${command} shown on a writable one`,
      );
    }
    for (const command of OTHER_COMMANDS) {
      const entry = palette.find((e) => e.command === command);
      assert.ok(!whenKeys(entry?.when).includes(READ_ONLY_KEY), `${command} stays on a read-only connection`);
    }
  });

  it('send through the one client factory, whose clients ask the write gate before every write', () => {
    // The client asks beforeWrite before every write operation (test/unit/api/clientBeforeWrite.test.ts); the
    // factory's beforeWrite is a required parameter. No other module of the extension or its panels builds a client.
    const builders = [join(repoRoot, 'src', 'extension'), join(repoRoot, 'src', 'webviews')]
      .flatMap(sources)
      .filter((file) => /new\s+BuildingTwinsClient\s*\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(repoRoot, file).split('\\').join('/'));
    assert.deepEqual(builders, ['src/extension/connections/clientFactory.ts']);
    const factory = readFileSync(join(repoRoot, 'src', 'extension', 'connections', 'clientFactory.ts'), 'utf8');
    assert.match(factory, /^\s+beforeWrite,$/m, 'the factory passes beforeWrite to the client');
    const composition = readFileSync(join(repoRoot, 'src', 'extension', 'extensionContext.ts'), 'utf8');
    assert.match(
      composition,
      /createApiClient\(args, \(write\) => this\.writes\.beforeClientWrite\(args\.profile\.name, write\)\)/,
    );
  });
});

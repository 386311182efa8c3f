// Every contributed command, run from every place package.json puts it, with the arguments VS Code passes there:
// nothing (palette), the focused row and the selection (view title), the clicked row with and without the selection
// (row menus), a file and the selected files (Explorer), a file and an editor context (editor title), and the
// arguments of a row's own command (a click). Prompts are answered with Escape, so a command that asks is
// cancelled; what must never happen is a failure that is not a message for the user (a TypeError such as
// "e.trim is not a function"), and a view-title button must behave the same whether or not a row is selected.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET } from '../../src/core/api/localEmulator';
import { commandTables } from '../../src/extension/extension';
import { allCommands } from '../../src/extension/shell/commandTable';
import type { PromptKind } from '../../src/extension/testing/scriptedUserInput';
import type { TestApi } from '../../src/extension/testing/testApi';
import type { TreeNode } from '../../src/extension/explorer/treeNode';
import { resourceUri } from '../../src/extension/documents/resourceUri';
import { localisedManifest } from '../shared/manifest';
import { whenHolds, type WhenContext } from '../shared/whenClause';
import { emulatorUrl, extensionApi, LOCAL } from './explorerHelpers';

interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}
interface Manifest {
  contributes: { commands: Array<{ command: string; title: string }>; menus: Record<string, MenuEntry[]> };
}

const manifest = localisedManifest<Manifest>();
const { menus } = manifest.contributes;
const titleOf = (command: string): string =>
  manifest.contributes.commands.find((c) => c.command === command)?.title ?? command;
const EXPLORER = 'buildingTwins.explorer';
const CUSTOM = 'Menu test connection';
const READ_ONLY = 'Menu test connection (read-only)';

/** Failures that come from a command reading an argument it cannot use, not from a message meant for the user. */
const NOT_FOR_USERS =
  /is not a function|Cannot read propert|Cannot set propert|is not iterable|is not defined|Cannot destructure|\(reading '|of undefined|of null/;

/**
 * The messages a row-menu command may end with on a row of the right kind, because they tell what this one row
 * lacks (a twin with no capability twins has no time series); any other failure means the command is offered
 * where it cannot work.
 */
const ROW_EXPLAINS: Record<string, RegExp> = { 'buildingTwins.showTimeSeries': /^No capability twins found for / };

/** What the panel commands return: the host of the panel they opened or showed. */
function isPanelHost(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    'panel' in value &&
    typeof (value as { panel: { viewType?: unknown } }).panel?.viewType === 'string'
  );
}

interface Sample {
  node: TreeNode;
  contextValue: string;
  item: vscode.TreeItem;
}

/** How many rows of a kind are expanded while looking for one row of every kind the menus name. */
// A read-only connection's row is sampled for its own menu; its branches are the writable connection's, marked.
const EXPANSIONS: Record<string, number> = {
  twinModelGroup: 60,
  ticketStatusGroup: 10,
  ticket: 200,
  loadMore: 0,
  message: 0,
  relationship: 0,
  'connection.custom.readOnly': 0,
};

/** Rows of the explorer, at most a few of each kind, found by expanding the tree breadth first. */
async function sampleRows(api: TestApi): Promise<Sample[]> {
  const samples: Sample[] = [];
  const expanded = new Map<string, number>();
  let level = await api.context.tree.getChildren();
  for (let depth = 0; depth < 7 && level.length; depth++) {
    const next: TreeNode[] = [];
    for (const node of level) {
      const item = await api.context.tree.getTreeItem(node);
      const contextValue = item.contextValue ?? '';
      samples.push({ node, contextValue, item });
      const count = expanded.get(contextValue) ?? 0;
      if (item.collapsibleState === vscode.TreeItemCollapsibleState.None || count >= (EXPANSIONS[contextValue] ?? 2))
        continue;
      expanded.set(contextValue, count + 1);
      next.push(...(await node.getChildren()));
    }
    level = next;
  }
  return samples;
}

interface Run {
  error?: Error;
  prompts: string[];
  kinds: PromptKind[];
}

describe('every command from every place it appears', function () {
  this.timeout(300_000);
  let api: TestApi;
  let rows: Sample[];
  let folder: string;
  const failures: string[] = [];
  let invocations = 0;

  /** Runs a command as VS Code would from one place; the first prompt is answered with Escape. */
  async function run(command: string, args: unknown[]): Promise<Run> {
    const script = api.useScriptedInput([undefined]);
    api.takeLastError();
    try {
      await vscode.commands.executeCommand(command, ...args);
    } catch (err) {
      return { error: err as Error, prompts: script.prompts, kinds: script.kinds };
    }
    return { error: api.takeLastError(), prompts: script.prompts, kinds: script.kinds };
  }

  /** Records a failure that is not a message for the user, then puts the window back as it was. */
  async function check(place: string, command: string, args: unknown[]): Promise<Run> {
    invocations++;
    const result = await run(command, args);
    const error = result.error;
    if (error && (error.name === 'TypeError' || error.name === 'ReferenceError' || NOT_FOR_USERS.test(error.message))) {
      failures.push(`${command} from ${place}: ${error.name}: ${error.message}`);
    }
    await tidy();
    return result;
  }

  async function tidy(): Promise<void> {
    api.useVsCodeInput();
    for (let i = 0; i < 20 && vscode.window.activeTextEditor; i++)
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (api.context.connections.activeName() !== LOCAL) await api.context.connections.setActive(LOCAL);
    if (api.context.tree.filter) api.context.tree.setFilter(undefined);
    // Open Terminal for Connection's terminals.
    for (const terminal of vscode.window.terminals)
      if (terminal.name.startsWith('Building Twins: ')) terminal.dispose();
  }

  /**
   * What a command visibly did when run with these arguments (the first prompt answered with Escape): asked
   * something, opened an editor, a panel or a terminal, wrote the clipboard, changed rows of the tree or the active
   * connection. A command offered on a row must do one of these there, and must not fail.
   */
  async function effectOf(command: string, args: unknown[]): Promise<{ error?: Error; seen: string[] }> {
    invocations++;
    const sentinel = `menu-test-${invocations}`;
    await vscode.env.clipboard.writeText(sentinel);
    const tabsBefore = vscode.window.tabGroups.all.flatMap((g) => g.tabs).length;
    const terminalsBefore = new Set(vscode.window.terminals);
    const activeBefore = api.context.connections.activeName();
    let treeChanged = false;
    const listener = api.context.tree.onDidChangeTreeData(() => (treeChanged = true));
    const script = api.useScriptedInput([undefined]);
    api.takeLastError();
    let error: Error | undefined;
    let returned: unknown;
    try {
      returned = await vscode.commands.executeCommand(command, ...args);
      error = api.takeLastError();
    } catch (err) {
      error = err as Error;
    }
    // The tree redraws what a command changed once the current turn of the event loop is over.
    await new Promise((resolve) => setTimeout(resolve, 0));
    listener.dispose();
    const seen: string[] = [];
    if (script.prompts.length) seen.push('asked');
    if (vscode.window.tabGroups.all.flatMap((g) => g.tabs).length !== tabsBefore) seen.push('opened');
    if (isPanelHost(returned)) seen.push('panel');
    if ((await vscode.env.clipboard.readText()) !== sentinel) seen.push('copied');
    if (treeChanged) seen.push('tree');
    if (api.context.connections.activeName() !== activeBefore) seen.push('active connection');
    if (vscode.window.terminals.some((t) => !terminalsBefore.has(t))) seen.push('terminal');
    await tidy();
    return { error, seen };
  }

  /** The rows a row-menu entry shows on (at most two). */
  function rowsFor(entry: MenuEntry): Sample[] {
    return rows.filter((r) => whenHolds(entry.when, { view: EXPLORER, viewItem: r.contextValue })).slice(0, 2);
  }

  before(async function () {
    const url = emulatorUrl(this);
    api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name: CUSTOM,
      baseUrl: url,
      clientId: LOCAL_DEV_CLIENT_ID,
      clientSecret: LOCAL_DEV_CLIENT_SECRET,
    });
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name: READ_ONLY,
      baseUrl: url,
      clientId: LOCAL_DEV_CLIENT_ID,
      clientSecret: LOCAL_DEV_CLIENT_SECRET,
      readOnly: true,
    });
    assert.equal(api.takeLastError(), undefined);
    // A filtered Events group, so "Clear Events Filter" has its row.
    const events = (await api.context.tree.getChildren()).find((n) => n.connection === LOCAL);
    const eventsGroup = (await events!.getChildren()).find((n) => n.reads === 'events');
    await vscode.commands.executeCommand('buildingTwins.events.filter', eventsGroup, { typeIds: [1] });
    rows = await sampleRows(api);
    folder = mkdtempSync(join(tmpdir(), 'bt-menus-'));
    writeFileSync(join(folder, 'items.json'), '[]\n');
    writeFileSync(join(folder, 'rows.csv'), 'twinId,sourceTimestamp,scalarValue\n');
    writeFileSync(join(folder, 'draft.events.json'), '[]\n');
    writeFileSync(join(folder, 'draft.ticket.json'), '{}\n');
    writeFileSync(join(folder, 'no-such-ticket.ticket-patch.json'), '[]\n');
    writeFileSync(
      join(folder, 'checks.twinq.json'),
      '{ "requests": [ { "name": "models", "operation": "models list" } ] }\n',
    );
  });

  after(async () => {
    console.log(`[metric] commandInvocations=${invocations}`);
    await tidy();
    for (const name of [CUSTOM, READ_ONLY])
      if (api.context.connections.configured().some((p) => p.name === name)) await api.context.connections.remove(name);
    await vscode.commands.executeCommand('buildingTwins.events.clearFilter');
    await vscode.workspace
      .getConfiguration('files')
      .update('autoSaveWorkspaceFilesOnly', undefined, vscode.ConfigurationTarget.Global);
    api.takeLastError();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** Every failure recorded by the checks of this test: none may be a failure that is not for the user. */
  function assertForUsers(): void {
    const found = failures.splice(0);
    assert.deepEqual(found, [], found.join('\n'));
  }

  it('has one command in the tables, with its guards (what each place may pass it), for every contributed command', () => {
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual([...allCommands(commandTables).keys()].sort(), contributed);
  });

  it('finds a row for every row-menu entry', () => {
    const missing = menus['view/item/context']
      .filter((e) => rowsFor(e).length === 0)
      .map((e) => `${e.command} (${e.when ?? ''})`);
    assert.deepEqual(missing, []);
  });

  it('row menus: the clicked row, alone and with the selection', async () => {
    for (const entry of menus['view/item/context']) {
      for (const row of rowsFor(entry)) {
        await check(`the row menu of ${row.contextValue}`, entry.command, [row.node]);
        await check(`the row menu of ${row.contextValue} (selected)`, entry.command, [row.node, [row.node]]);
      }
    }
    assertForUsers();
  });

  it('row menus: every command a row offers works on that row, one row of each kind (it asks, opens, copies or changes something, and never fails)', async () => {
    const idle: string[] = [];
    const failing: string[] = [];
    for (const entry of menus['view/item/context']) {
      const kinds = new Map<string, Sample>();
      for (const row of rows)
        if (!kinds.has(row.contextValue) && whenHolds(entry.when, { view: EXPLORER, viewItem: row.contextValue }))
          kinds.set(row.contextValue, row);
      for (const row of kinds.values()) {
        const effect = await effectOf(entry.command, [row.node]);
        const place = `${titleOf(entry.command)} on ${row.contextValue}`;
        const cancelled = effect.error?.name === 'UserCancelledError' || effect.error?.message.startsWith('Cancelled:');
        const explained = effect.error !== undefined && ROW_EXPLAINS[entry.command]?.test(effect.error.message);
        if (effect.error && !cancelled && !explained) failing.push(`${place}: ${effect.error.message}`);
        else if (!effect.seen.length && !cancelled && !explained) idle.push(place);
      }
    }
    assert.deepEqual({ failing, idle }, { failing: [], idle: [] }, JSON.stringify({ failing, idle }, null, 1));
  });

  it('view title: with no row selected and with a row selected, the same behaviour', async () => {
    const entries = menus['view/title'].filter((e) => (e.when ?? '').includes(`view == ${EXPLORER}`));
    assert.ok(entries.length >= 5);
    const selected = ['twin', 'twinModelGroup', 'connection.local.active', 'ticket']
      .map((kind) => rows.find((r) => r.contextValue === kind))
      .filter((r): r is Sample => !!r);
    assert.equal(selected.length, 4, 'rows to select');
    for (const entry of entries) {
      const alone = await check('the view title', entry.command, []);
      for (const row of selected) {
        const withRow = await check(`the view title with a ${row.contextValue} row selected`, entry.command, [
          row.node,
          [row.node],
        ]);
        assert.deepEqual(
          withRow.prompts,
          alone.prompts,
          `${titleOf(entry.command)} asks the same with a ${row.contextValue} row selected`,
        );
        assert.equal(
          withRow.error?.message,
          alone.error?.message,
          `${titleOf(entry.command)} ends the same with a ${row.contextValue} row selected`,
        );
      }
    }
    assertForUsers();
  });

  it('palette: every command it shows; a title ends with "…" exactly when the command asks for input', async () => {
    const hidden = new Set(menus.commandPalette.filter((e) => e.when === 'false').map((e) => e.command));
    const conditional = new Set(menus.commandPalette.filter((e) => e.when && e.when !== 'false').map((e) => e.command));
    const ellipsis: string[] = [];
    for (const { command, title } of manifest.contributes.commands) {
      if (hidden.has(command)) continue;
      const result = await check('the palette', command, []);
      if (conditional.has(command)) continue;
      const asks = result.kinds.some((k) => k !== 'confirm' && k !== 'choose');
      if (asks !== title.endsWith('…'))
        ellipsis.push(`${title}: ${asks ? `asks (${result.prompts[0]}) but has no "…"` : 'has "…" but asks nothing'}`);
    }
    assertForUsers();
    assert.deepEqual(ellipsis, []);
  });

  it('Explorer: a file and the selected files', async () => {
    for (const entry of menus['explorer/context']) {
      for (const name of ['items.json', 'rows.csv']) {
        const context: WhenContext = { resourceExtname: name.slice(name.lastIndexOf('.')), resourceFilename: name };
        if (!whenHolds(entry.when, context)) continue;
        const uri = vscode.Uri.file(join(folder, name));
        await check(`the Explorer on ${name}`, entry.command, [uri, [uri]]);
      }
    }
    assertForUsers();
  });

  it('editor title and context menu: the file of the editor and the editor context', async () => {
    const drafts = ['draft.events.json', 'draft.ticket.json', 'no-such-ticket.ticket-patch.json', 'checks.twinq.json'];
    const twinDraft = vscode.Uri.parse('untitled:/menus/Menu-1.twin.json');
    // A ticket document of the service, for the commands shown over the extension's own documents.
    const [ticket] = (
      await (await (await extensionApi()).context.getActiveClient()).listTickets({ page: 1, pageSize: 1 })
    ).items;
    const ticketDoc = resourceUri(LOCAL, 'tickets', ticket.id);
    const ownDocContext: WhenContext = {
      resourceScheme: ticketDoc.scheme,
      resourcePath: ticketDoc.path,
      resourceFilename: `${ticket.id}.json`,
    };
    // A twin's document, for Chart, Graph and Insights over it.
    const twinDoc = resourceUri(LOCAL, 'twins', 'HP-AHU-1');
    const twinDocContext: WhenContext = { resourceScheme: twinDoc.scheme, resourcePath: twinDoc.path };
    const entries = [...menus['editor/title'], ...(menus['editor/context'] ?? [])];
    for (const entry of entries) {
      const files =
        entry.command === 'buildingTwins.createFromJson'
          ? [twinDraft]
          : whenHolds(entry.when, ownDocContext)
            ? [ticketDoc]
            : whenHolds(entry.when, twinDocContext)
              ? [twinDoc]
              : drafts
                  .filter((d) => whenHolds(entry.when, { resourceFilename: d }))
                  .map((d) => vscode.Uri.file(join(folder, d)));
      assert.ok(files.length, `a document for ${entry.command} in the editor title`);
      for (const uri of files) {
        const doc = await vscode.workspace.openTextDocument(uri);
        if (uri.scheme === 'untitled') {
          const edit = new vscode.WorkspaceEdit();
          edit.insert(uri, new vscode.Position(0, 0), '{ "id": "Menu-1", "modelId": "dtmi:com:example:Nothing;1" }\n');
          await vscode.workspace.applyEdit(edit);
        }
        await vscode.window.showTextDocument(doc);
        await check(`the editor title of ${uri.path}`, entry.command, [uri, { groupId: 1 }]);
      }
    }
    assertForUsers();
  });

  it("rows' own commands (a click)", async () => {
    const clicked = rows.filter((r) => r.item.command?.command.startsWith('buildingTwins.'));
    const kinds = new Set<string>();
    for (const row of clicked) {
      if (kinds.has(row.contextValue)) continue;
      kinds.add(row.contextValue);
      await check(`a click on ${row.contextValue}`, row.item.command!.command, row.item.command!.arguments ?? []);
    }
    assertForUsers();
    assert.ok(
      ['twin', 'event', 'ticket', 'ticketAttachment'].every((k) => kinds.has(k)),
      [...kinds].join(', '),
    );
  });
});

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ConnectionSecrets } from '../../src/extension/connections/connectionSecrets';
import type { TreeNode } from '../../src/extension/explorer/treeNode';
import {
  clearRequests,
  emulatorUrl,
  eventually,
  extensionApi,
  LOCAL,
  requests,
  useLocalEmulator,
} from './explorerHelpers';

const EXTENSION = 'building-twins.building-twins';
const CAPABILITY = 'HP-AHU-1-SAT';

/** A link as VS Code hands it to the extension's URI handler. */
const link = (pathAndQuery: string): vscode.Uri =>
  vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION}${pathAndQuery}`);

/** A row of the explorer (its `ids` and `kind` say what it stands for). */
type Row = TreeNode & { ids: readonly string[]; kind?: string };

describe('deep links', function () {
  this.timeout(60_000);
  const added = 'Linked team staging';

  afterEach(async () => {
    const api = await extensionApi();
    api.useVsCodeInput();
    api.takeLastError();
    if (api.context.connections.configured().some((p) => p.name === added)) await api.context.connections.remove(added);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Copy Link on a twin gives a link that opens it on its connection, and only once the user agrees', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    await useLocalEmulator();
    const [group] = await (await api.findNode([LOCAL, 'Twins'])).getChildren();
    const [twin] = (await group!.getChildren()) as Row[];
    assert.ok(twin?.kind === 'twins', 'a twin row');
    const text = await vscode.commands.executeCommand<string>('buildingTwins.copyLink', twin);
    assert.equal(api.takeLastError(), undefined);
    assert.equal(await vscode.env.clipboard.readText(), text);
    assert.ok(text.startsWith(`${vscode.env.uriScheme}://${EXTENSION}/twin?connection=Local%20emulator&id=`), text);

    await clearRequests(url);
    let script = api.useScriptedInput([false]);
    assert.equal(await api.context.openLink(vscode.Uri.parse(text)), undefined, 'declined: nothing opened');
    assert.match(script.prompts[0] ?? '', new RegExp(`^Open the twin "${twin.ids[0]}" on "${LOCAL}"\\?$`));
    // The explorer's insight badges for the rows expanded above may still be read (POST /insights) meanwhile; the
    // link itself must not have read the twin.
    assert.deepEqual(
      (await requests(url)).filter((r) => r.path.includes('/twins')),
      [],
      'declined: the connection was not used',
    );

    script = api.useScriptedInput([true]);
    const opened = (await api.context.openLink(vscode.Uri.parse(text))) as vscode.Uri;
    assert.equal(api.takeLastError(), undefined);
    assert.equal(script.remaining, 0);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), opened.toString());
    assert.equal((JSON.parse(vscode.window.activeTextEditor!.document.getText()) as { id: string }).id, twin.ids[0]);
  });

  it('Copy Link on a model opens the model; a capability link charts its time series', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const [model] = (await (await api.findNode([LOCAL, 'Models'])).getChildren()) as Row[];
    assert.ok(model?.kind === 'models', 'a model row');
    const text = await vscode.commands.executeCommand<string>('buildingTwins.copyLink', model);
    api.useScriptedInput([true]);
    const opened = (await api.context.openLink(vscode.Uri.parse(text))) as vscode.Uri;
    assert.equal(api.takeLastError(), undefined);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), opened.toString());
    assert.match(
      vscode.window.activeTextEditor!.document.getText(),
      new RegExp(model.ids[0]!.replace(/[.;]/g, '\\$&')),
    );

    await clearRequests(url);
    api.useScriptedInput([true]);
    await api.context.openLink(link(`/timeSeries?connection=${encodeURIComponent(LOCAL)}&twin=${CAPABILITY}`));
    assert.equal(api.takeLastError(), undefined);
    await eventually(async () =>
      assert.ok(
        (await requests(url)).some((r) => r.path.includes(`/time-series/${CAPABILITY}`)),
        'charted',
      ),
    );
  });

  it('refuses a link carrying a secret or token, an unknown action or connection, before asking anything', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    await clearRequests(url);
    const script = api.useScriptedInput([]);
    const refused: Array<[string, RegExp]> = [
      ['/addConnection?name=X&baseUrl=contoso&clientId=c&clientSecret=s3cr3t-in-link', /carries a secret or token/],
      [`/twin?connection=${encodeURIComponent(LOCAL)}&id=x&access_token=abc`, /carries a secret or token/],
      ['/deleteTwin?connection=Prod&id=x', /links can open twin, model, timeSeries, addConnection/],
      ['/twin?connection=Nobody%27s&id=x', /connection "Nobody's", which you do not have/],
      [`/twin?connection=${encodeURIComponent(LOCAL)}&id=x&patch=%7B%7D`, /takes no "patch"/],
    ];
    for (const [pathAndQuery, message] of refused) {
      assert.equal(await api.context.openLink(link(pathAndQuery)), undefined);
      const error = api.takeLastError();
      assert.match(error?.message ?? '', message, pathAndQuery);
      assert.ok(!error!.message.includes('s3cr3t'), 'the secret is not repeated');
    }
    assert.deepEqual(script.prompts, [], 'nothing was asked');
    assert.deepEqual(await requests(url), [], 'no connection was used');
    assert.ok(!api.context.connections.list().some((p) => p.name === 'X'));
  });

  it('offers to add a connection from a link: asked first, the secret typed, read-only as the link says', async () => {
    const api = await extensionApi();
    const offer = link(
      `/addConnection?name=${encodeURIComponent(added)}&baseUrl=${encodeURIComponent('https://staging.example.com/api/v3')}&clientId=team&readOnly=true`,
    );
    api.useScriptedInput([false]);
    assert.equal(await api.context.openLink(offer), undefined);
    assert.equal(api.context.connections.get(added), undefined, 'declined: nothing added');

    const script = api.useScriptedInput([true, 'typed-by-the-user']);
    assert.deepEqual(await api.context.openLink(offer), {
      name: added,
      baseUrl: 'https://staging.example.com/api/v3',
      clientId: 'team',
      readOnly: true,
    });
    assert.equal(api.takeLastError(), undefined);
    assert.equal(script.remaining, 0, 'read-only as the link says: no question about writes');
    const stored = JSON.parse(
      (await api.context.vscodeContext.secrets.get(ConnectionSecrets.key(added, 'clientSecret'))) ?? '{}',
    ) as { secret?: string };
    assert.equal(stored.secret, 'typed-by-the-user');
    assert.notEqual(api.context.connections.activeName(), added, 'adding does not switch to it');
  });
});

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ModelGraphData, ModelSummary } from '../../src/core/dtdl/modelGraphTypes';
import { MODEL_GRAPH_VIEW_TYPE } from '../../src/webviews/modelGraph/modelGraphProtocol';
import type { ResponseMessage } from '../../src/webviews/shared/bridgeProtocol';
import { willowOntology } from '../unit/dtdl/ontologyPath';
import { emulatorUrl, eventually, extensionApi, LOCAL, SAMPLE } from './explorerHelpers';

interface Host {
  panel: vscode.WebviewPanel;
  bridge: { handle(message: unknown): Promise<ResponseMessage | undefined> };
}

const VAV = `${SAMPLE}:VAVBox;1`;
const EQUIPMENT = `${SAMPLE}:Equipment;1`;
const ALL_KINDS = ['extends', 'relationship', 'component'];
let nextId = 1;

async function reply(host: Host, method: string, params: unknown = {}): Promise<ResponseMessage> {
  const answer = await host.bridge.handle({ kind: 'request', id: nextId++, method, params });
  assert.ok(answer, `no reply to ${method}`);
  return answer;
}

async function ask<T>(host: Host, method: string, params: unknown = {}): Promise<T> {
  const answer = await reply(host, method, params);
  if (!answer.ok) throw new Error(answer.error);
  return answer.result as T;
}

describe('model graph panel', () => {
  const opened: vscode.WebviewPanel[] = [];

  before(function () {
    emulatorUrl(this);
  });

  afterEach(() => {
    for (const panel of opened.splice(0)) panel.dispose();
  });

  async function command(...args: unknown[]): Promise<Host> {
    const host = await vscode.commands.executeCommand<Host | undefined>('buildingTwins.showModelGraph', ...args);
    const api = await extensionApi();
    assert.ok(host, `no panel (last error: ${api.takeLastError()?.message})`);
    opened.push(host.panel);
    assert.equal(host.panel.viewType, MODEL_GRAPH_VIEW_TYPE);
    return host;
  }

  it('draws a model with what it extends and what it may relate to, its inherited relationships named by their model', async () => {
    const host = await command(VAV);
    const init = await ask<{ rootIds: string[]; modelCount: number; source: { kind: string; name: string } }>(
      host,
      'init',
    );
    assert.deepEqual(init.rootIds, [VAV]);
    assert.deepEqual([init.source.kind, init.source.name], ['connection', LOCAL]);
    assert.ok(init.modelCount > 10, `${init.modelCount} models`);
    const graph = await ask<ModelGraphData>(host, 'graph', {
      rootIds: [VAV],
      options: { depth: 1, direction: 'outgoing', kinds: ALL_KINDS },
    });
    const fedBy = graph.edges.find((e) => e.source === VAV && e.name === 'isFedBy');
    assert.deepEqual(fedBy && [fedBy.target, fedBy.definedIn], [EQUIPMENT, EQUIPMENT]);
    const summary = await ask<ModelSummary>(host, 'summary', { modelId: VAV });
    assert.ok(summary.ancestors.some((a) => a.id === EQUIPMENT));
    assert.deepEqual(
      (await ask<Array<{ id: string }>>(host, 'search', { text: 'vavbox' })).map((m) => m.id),
      [VAV],
    );
  });

  it('draws all the models of a connection from the Models group, and opens a model as a document', async () => {
    const api = await extensionApi();
    const host = await command(await api.findNode([LOCAL, 'Models']));
    assert.deepEqual((await ask<{ rootIds: string[] }>(host, 'init')).rootIds, []);
    const graph = await ask<ModelGraphData>(host, 'graph', {
      rootIds: [],
      options: { depth: 10, direction: 'incoming', kinds: ['extends'] },
    });
    assert.ok(graph.nodes.some((n) => n.id === VAV) && graph.rootIds.includes(`${SAMPLE}:Twin;1`));
    await ask(host, 'openModel', { modelId: VAV });
    await activeEditorIs((uri) => uri.scheme === 'buildingtwins' && uri.path.includes('/models/'));
  });

  it('reads the models of a folder of DTDL files: a Willow VAV box may be fed by any model, as Equipment says', async function () {
    this.timeout(60_000);
    const host = await command(vscode.Uri.file(willowOntology()));
    const init = await ask<{ modelCount: number; source: { kind: string } }>(host, 'init');
    assert.equal(init.source.kind, 'folder');
    assert.ok(init.modelCount >= 3700, `${init.modelCount} models`);
    const vav = 'dtmi:com:willowinc:VAVBox;1';
    const graph = await ask<ModelGraphData>(host, 'graph', {
      rootIds: [vav],
      options: { depth: 1, direction: 'outgoing', kinds: ALL_KINDS },
    });
    const fedBy = graph.edges.find((e) => e.name === 'isFedBy');
    assert.deepEqual(fedBy && [fedBy.target, fedBy.definedIn], ['*', 'dtmi:com:willowinc:Equipment;1']);
    await ask(host, 'openModel', { modelId: vav });
    await activeEditorIs((uri) => uri.scheme === 'file' && uri.path.endsWith('/VAVBox.json'));
  });

  it('answers requests a webview should not send with an error, and opens nothing', async () => {
    const host = await command(VAV);
    for (const [method, params] of [
      ['graph', { rootIds: ['../../etc/passwd'], options: { depth: 1, direction: 'outgoing', kinds: ['extends'] } }],
      ['graph', { rootIds: [VAV], options: { depth: 99, direction: 'outgoing', kinds: ['extends'] } }],
      ['openModel', { modelId: `${SAMPLE}:NoSuchModel;1` }],
      ['search', { text: { length: 1 } }],
    ] as const) {
      const answer = await reply(host, method, params);
      assert.equal(answer.ok, false, `${method} ${JSON.stringify(params)} was answered`);
    }
    const openedDocuments = vscode.workspace.textDocuments.map((d) => d.uri.toString());
    assert.ok(
      !openedDocuments.some((uri) => uri.includes('NoSuchModel') || uri.includes('passwd')),
      openedDocuments.join(', '),
    );
  });
});

function activeEditorIs(matches: (uri: vscode.Uri) => boolean): Promise<void> {
  return eventually(() => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    assert.ok(uri && matches(uri), `the model was not opened (active: ${uri?.toString()})`);
  });
}

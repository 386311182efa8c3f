import * as assert from 'node:assert/strict';
import { ApiError } from '../../../../src/core/api/apiError';
import type { BuildingTwinsApi } from '../../../../src/core/api/types';
import { connectionStateAfter } from '../../../../src/extension/connections/requestOutcome';
import { WebviewBridge, type WebviewLike } from '../../../../src/extension/panels/host/webviewBridge';
import { noPermissionRow } from '../../../../src/extension/explorer/noPermissionRow';
import { EmulatorHarness } from '../../api/emulatorHarness';

const SECRET = 'no-permissions-secret-5a9c';

/** What each explorer branch lists first, and the words its 403 row uses. */
const BRANCHES: Array<[string, (api: BuildingTwinsApi) => Promise<unknown>]> = [
  ['models', (api) => api.listModels()],
  ['twins', (api) => api.listTwins({})],
  ['insights', (api) => api.listInsights({})],
  ['events', (api) => api.listEvents({})],
  ['tickets', (api) => api.listTickets({})],
  ['ticket metadata', (api) => api.listTicketMetadata('categories', {})],
];

async function failure(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => assert.fail('expected a refusal'),
    (err: unknown) => err,
  );
}

describe('permission refusals in the extension', function () {
  this.timeout(30_000);
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start({ clients: [{ id: 'nothing', secret: SECRET, permissions: [] }] });
  });
  after(() => emu.close());

  it('gives each tree branch one "No permission to read <what> on <connection>" row for a 403, with the reason in the tooltip', async () => {
    const { client } = emu.client({ clientId: 'nothing', clientSecret: SECRET });
    for (const [reads, list] of BRANCHES) {
      const row = noPermissionRow(await failure(list(client)), reads, 'Restricted site');
      assert.ok(row, `${reads}: a 403 row`);
      assert.equal(row.label, `No permission to read ${reads} on Restricted site`);
      assert.match(
        row.tooltip,
        /The service answered 403: the client id and secret were accepted, but the client lacks the permission/,
      );
      assert.match(row.tooltip, /failed with HTTP 403/);
      assert.ok(!row.tooltip.includes(SECRET));
    }
  });

  it('names the models in any branch when the model list was refused (twins are grouped by model)', async () => {
    const { client } = emu.client({ clientId: 'nothing', clientSecret: SECRET });
    assert.equal(
      noPermissionRow(await failure(client.listModels()), 'twins', 'Restricted site')?.label,
      'No permission to read models on Restricted site',
    );
  });

  it('keeps the ordinary failure row for anything but a 403', async () => {
    const { client } = emu.client();
    assert.equal(noPermissionRow(await failure(client.getTwin('NO-SUCH-TWIN')), 'twins', 'Local emulator'), undefined);
    assert.equal(
      noPermissionRow(new ApiError({ kind: 'network', operation: 'listTwins', detail: 'ECONNREFUSED' }), 'twins', 'x'),
      undefined,
    );
    assert.equal(noPermissionRow(new Error('403'), 'twins', 'x'), undefined);
  });

  it('never blames the client id or secret for a 403; only the token endpoint refusing the client does', () => {
    const refused = (operation: string, path: string, status: number) =>
      connectionStateAfter({ operation, method: 'POST', path, status });
    assert.deepEqual(
      refused('listInsights', '/insights', 403),
      { kind: 'connected' },
      'a 403 proves the credentials work',
    );
    assert.deepEqual(refused('getToken', '/oauth2/token', 401), {
      kind: 'error',
      message: 'POST /oauth2/token was refused (401); check the client id and secret.',
    });
    const expired = refused('listTwins', '/twins', 401);
    assert.equal(expired?.kind, 'error');
    assert.doesNotMatch(expired?.kind === 'error' ? expired.message : '', /client id|secret/);
    assert.deepEqual(
      connectionStateAfter({
        operation: 'listTwins',
        method: 'POST',
        path: '/twins',
        status: 0,
        error: 'ECONNREFUSED',
      }),
      { kind: 'error', message: 'POST /twins: ECONNREFUSED' },
    );
    assert.deepEqual(refused('listTwins', '/twins', 200), { kind: 'connected' });
    assert.equal(refused('getTwin', '/twins/X', 404), undefined);
    assert.equal(refused('listTwins', '/twins', 500), undefined);
  });

  it('makes panels say "No permission to …" for a 403', async () => {
    const { client } = emu.client({ clientId: 'nothing', clientSecret: SECRET });
    const sent: unknown[] = [];
    const webview: WebviewLike = {
      postMessage: (m) => {
        sent.push(m);
        return Promise.resolve(true);
      },
      onDidReceiveMessage: () => ({ dispose: () => undefined }),
    };
    type Methods = {
      insights: { params: Record<string, never>; result: unknown };
      series: { params: Record<string, never>; result: unknown };
    };
    const bridge = new WebviewBridge<Methods>(webview, {
      insights: () => client.listInsights({}),
      series: () => client.getLatestTimeSeries('HP-AHU-1-SAT'),
    });
    const insights = await bridge.handle({ kind: 'request', id: 1, method: 'insights', params: {} });
    assert.equal(insights?.ok, false);
    assert.match(
      insights?.ok === false ? insights.error : '',
      /^No permission to read insights: listInsights failed with HTTP 403/,
    );
    const series = await bridge.handle({ kind: 'request', id: 2, method: 'series', params: {} });
    assert.match(series?.ok === false ? series.error : '', /^No permission to read time series: /);
  });
});

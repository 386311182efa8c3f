import * as assert from 'node:assert/strict';
import { WebviewBridge, type WebviewLike } from '../../../src/extension/panels/host/webviewBridge';
import { panelTarget } from '../../../src/extension/panels/host/panelTargets';
import type { RowKind, RowSubject } from '../../../src/extension/explorer/rowSubject';

type Methods = {
  echo: { params: { text: string }; result: string };
  fail: { params: Record<string, never>; result: never };
};

function fakeWebview(): WebviewLike & { sent: unknown[]; deliver(message: unknown): void } {
  let listener: ((m: unknown) => unknown) | undefined;
  return {
    sent: [],
    postMessage(message: unknown) {
      this.sent.push(message);
      return Promise.resolve(true);
    },
    onDidReceiveMessage(l) {
      listener = l;
      return { dispose: () => (listener = undefined) };
    },
    deliver(message: unknown) {
      listener?.(message);
    },
  };
}

describe('WebviewBridge', () => {
  it('answers each request once, by id, with the handler result', async () => {
    const webview = fakeWebview();
    const bridge = new WebviewBridge<Methods>(webview, {
      echo: ({ text }) => text.toUpperCase(),
      fail: () => {
        throw new Error('boom');
      },
    });
    const reply = await bridge.handle({ kind: 'request', id: 7, method: 'echo', params: { text: 'hi' } });
    assert.deepEqual(reply, { kind: 'response', id: 7, ok: true, result: 'HI' });
    assert.deepEqual(webview.sent, [reply]);
  });

  it('turns handler failures and unknown methods into error replies, and reports them', async () => {
    const webview = fakeWebview();
    const errors: string[] = [];
    const bridge = new WebviewBridge<Methods>(
      webview,
      {
        echo: ({ text }) => text,
        fail: () => {
          throw new Error('boom');
        },
      },
      { onError: (m) => errors.push(m) },
    );
    assert.deepEqual(await bridge.handle({ kind: 'request', id: 1, method: 'fail', params: {} }), {
      kind: 'response',
      id: 1,
      ok: false,
      error: 'boom',
    });
    assert.deepEqual(await bridge.handle({ kind: 'request', id: 2, method: 'toString', params: {} }), {
      kind: 'response',
      id: 2,
      ok: false,
      error: 'Unknown request "toString"',
    });
    assert.deepEqual(errors, ['fail', 'toString']);
  });

  it('ignores messages that are not requests and stops listening when disposed', async () => {
    const webview = fakeWebview();
    const bridge = new WebviewBridge<Methods>(webview, { echo: ({ text }) => text, fail: () => 'x' as never });
    assert.equal(await bridge.handle({ kind: 'response', id: 1 }), undefined);
    assert.equal(await bridge.handle({ kind: 'request', id: 'x', method: 'echo' }), undefined);
    bridge.dispose();
    webview.deliver({ kind: 'request', id: 3, method: 'echo', params: { text: 'a' } });
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(webview.sent, []);
  });
});

describe('panelTarget', () => {
  const connection = 'Local emulator';
  /** A row as every explorer row answers it (rowSubject.ts). */
  const row = (kind: RowKind | undefined, ids: string[]): RowSubject => ({ connection, kind, ids, value: undefined });
  it('accepts a twin id, several ids, or nothing', () => {
    assert.deepEqual(panelTarget('AHU-1'), { connection: undefined, twinIds: ['AHU-1'], insightId: undefined });
    assert.deepEqual(panelTarget(['A', 'B', 'A']).twinIds, ['A', 'B']);
    assert.deepEqual(panelTarget(undefined).twinIds, []);
  });

  it('reads twin rows and the multi-selection, with their connection', () => {
    const a = row('twins', ['A']);
    const b = row('twins', ['B']);
    assert.deepEqual(panelTarget(a, [a, b]), { connection, twinIds: ['A', 'B'], insightId: undefined });
    assert.deepEqual(panelTarget(a, [a]).twinIds, ['A']);
  });

  it('reads an insight row, and only the connection of a row of another kind', () => {
    assert.deepEqual(panelTarget(row('insights', ['i-1'])), { connection, twinIds: [], insightId: 'i-1' });
    assert.deepEqual(panelTarget(row(undefined, [])), { connection, twinIds: [], insightId: undefined });
  });
});

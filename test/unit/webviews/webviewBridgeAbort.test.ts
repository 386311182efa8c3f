import * as assert from 'node:assert/strict';
import { WebviewBridge, type WebviewLike } from '../../../src/extension/panels/host/webviewBridge';

type Methods = {
  load: { params: { range: string }; result: string };
  latest: { params: Record<string, never>; result: string };
};

function fakeWebview(): WebviewLike & { sent: unknown[] } {
  return {
    sent: [],
    postMessage(message: unknown) {
      this.sent.push(message);
      return Promise.resolve(true);
    },
    onDidReceiveMessage() {
      return { dispose: () => undefined };
    },
  };
}

/** Handlers whose requests end only when their signal fires or the test finishes them. */
function pendingHandlers() {
  const started: Array<{ method: string; signal: AbortSignal; finish: (value: string) => void }> = [];
  const run = (method: string, signal: AbortSignal | undefined): Promise<string> =>
    new Promise((resolve, reject) => {
      assert.ok(signal, 'the bridge hands every handler a signal');
      started.push({ method, signal, finish: resolve });
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });
  return {
    started,
    handlers: {
      load: (p: { range: string }, signal?: AbortSignal) => run(`load ${p.range}`, signal),
      latest: (_p: unknown, signal?: AbortSignal) => run('latest', signal),
    },
  };
}

describe('WebviewBridge request lifetimes', () => {
  it('a newer request of a supersede group aborts the running one; other methods run on', async () => {
    const webview = fakeWebview();
    const errors: string[] = [];
    const { started, handlers } = pendingHandlers();
    const bridge = new WebviewBridge<Methods>(webview, handlers, {
      supersede: { load: 'range' },
      onError: (m) => errors.push(m),
    });
    const first = bridge.handle({ kind: 'request', id: 1, method: 'load', params: { range: '7d' } });
    const latest = bridge.handle({ kind: 'request', id: 2, method: 'latest', params: {} });
    const zoom = bridge.handle({ kind: 'request', id: 3, method: 'load', params: { range: 'zoom' } });
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(
      started.map((s) => [s.method, s.signal.aborted]),
      [
        ['load 7d', true],
        ['latest', false],
        ['load zoom', false],
      ],
    );
    const superseded = await first;
    assert.equal(superseded?.ok, false);
    started[1]!.finish('now');
    started[2]!.finish('zoomed');
    assert.deepEqual(await latest, { kind: 'response', id: 2, ok: true, result: 'now' });
    assert.deepEqual(await zoom, { kind: 'response', id: 3, ok: true, result: 'zoomed' });
    assert.deepEqual(errors, [], 'a superseded request is no failure to report');
  });

  it('disposing (the panel closed) aborts every running request and answers none of them', async () => {
    const webview = fakeWebview();
    const { started, handlers } = pendingHandlers();
    const bridge = new WebviewBridge<Methods>(webview, handlers, { supersede: { load: 'range' } });
    const load = bridge.handle({ kind: 'request', id: 1, method: 'load', params: { range: '7d' } });
    const latest = bridge.handle({ kind: 'request', id: 2, method: 'latest', params: {} });
    await new Promise((r) => setImmediate(r));
    bridge.dispose();
    assert.deepEqual(
      started.map((s) => s.signal.aborted),
      [true, true],
    );
    await Promise.all([load, latest]);
    assert.deepEqual(webview.sent, [], 'nothing is posted to a closed panel');
    await bridge.handle({ kind: 'request', id: 3, method: 'load', params: { range: 'late' } });
    assert.equal(started.length, 2, 'a request after closing never runs');
  });
});

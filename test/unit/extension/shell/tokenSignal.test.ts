import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { withTokenSignal } from '../../../../src/extension/shell/tokenSignal';

/** A CancellationToken that counts the listeners it holds. */
function fakeToken(cancelled = false) {
  const listeners = new Set<() => void>();
  const token = {
    isCancellationRequested: cancelled,
    onCancellationRequested: (listener: () => void) => {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
  };
  return {
    token: token as unknown as vscode.CancellationToken,
    listeners,
    cancel(): void {
      token.isCancellationRequested = true;
      for (const listener of [...listeners]) listener();
    },
  };
}

describe('withTokenSignal: a cancellation token as an abort signal', () => {
  it('aborts the signal with the reason when the token is cancelled during the task', async () => {
    const fake = fakeToken();
    const reason = new Error('Import cancelled');
    const seen = await withTokenSignal(
      fake.token,
      async (signal) => {
        assert.equal(signal.aborted, false);
        fake.cancel();
        return signal;
      },
      reason,
    );
    assert.equal(seen.aborted, true);
    assert.equal(seen.reason, reason);
  });

  it('hands an aborted signal to a task whose token was cancelled before it began', async () => {
    const fake = fakeToken(true);
    const aborted = await withTokenSignal(fake.token, async (signal) => signal.aborted);
    assert.equal(aborted, true);
  });

  it('aborts with an AbortError when no reason is given', async () => {
    const fake = fakeToken();
    const signal = await withTokenSignal(fake.token, async (s) => (fake.cancel(), s));
    assert.equal((signal.reason as Error).name, 'AbortError');
  });

  it('drops its listener when the task settles, resolved or rejected', async () => {
    const fake = fakeToken();
    await withTokenSignal(fake.token, async () => assert.equal(fake.listeners.size, 1));
    assert.equal(fake.listeners.size, 0, 'resolved: no listener left on the token');
    await assert.rejects(
      withTokenSignal(fake.token, async () => {
        throw new Error('failed');
      }),
      /failed/,
    );
    assert.equal(fake.listeners.size, 0, 'rejected: no listener left on the token');
  });

  it('leaves a settled task alone when the token is cancelled later', async () => {
    const fake = fakeToken();
    const signal = await withTokenSignal(fake.token, async (s) => s);
    fake.cancel();
    assert.equal(signal.aborted, false);
  });
});

import * as assert from 'node:assert/strict';
import { RequestLog, redactPath } from '../../../src/emulator/requestLog';

describe('emulator request log', () => {
  it('keeps only the most recent entries, oldest first', () => {
    const log = new RequestLog(10);
    for (let i = 0; i < 37; i++) log.add({ method: 'GET', path: `/p${i}`, status: 200, durationMs: 1, time: '' });
    assert.deepEqual(
      log.list().map((e) => e.path),
      Array.from({ length: 10 }, (_, i) => `/p${27 + i}`),
    );
    log.clear();
    assert.deepEqual(log.list(), []);
  });

  it('redacts the values of secret-looking query parameters only', () => {
    const q = new URLSearchParams({ client_secret: 's', access_token: 't', pageSize: '5', continuationToken: 'abc' });
    assert.equal(redactPath('/x', q), '/x?client_secret=***&access_token=***&pageSize=5&continuationToken=abc');
    assert.equal(redactPath('/x', new URLSearchParams()), '/x');
  });
});

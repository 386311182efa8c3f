// The test API's bundle loads when a test first reads it, not during activate(): a test host's activation costs
// what a user's does.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuildingTwinsContext } from '../../../../src/extension/extensionContext';
import { loadTestApi } from '../../../../src/extension/testing/testApiLoader';

describe('loadTestApi', () => {
  let root: string;
  const ctx = { marker: 'the context' } as unknown as BuildingTwinsContext;
  let loads: string[];
  const load = (path: string): unknown => {
    loads.push(path);
    return { createTestApi: (c: unknown) => ({ context: c, takeLastError: () => 'none' }) };
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bt-test-api-'));
    loads = [];
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const withBundle = (): void => {
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'testApi.js'), '');
  };

  it('loads the bundle on the first read of a member, once, and answers with its API', () => {
    withBundle();
    const api = loadTestApi(true, root, ctx, load)!;
    assert.deepEqual(loads, []);
    assert.equal(api.context, ctx);
    assert.equal(api.takeLastError(), 'none');
    assert.deepEqual(loads, [join(root, 'dist', 'testApi.js')]);
    assert.deepEqual(Object.keys(api).sort(), ['context', 'takeLastError']);
    assert.equal(loads.length, 1);
  });

  it('is not a promise, and asking does not load it (VS Code checks the exports for `then`)', async () => {
    withBundle();
    const api = loadTestApi(true, root, ctx, load);
    assert.equal((api as { then?: unknown }).then, undefined);
    assert.equal(await Promise.resolve(api), api);
    assert.deepEqual(loads, []);
  });

  it('exports nothing outside test mode or without the bundle', () => {
    assert.equal(loadTestApi(true, root, ctx, load), undefined);
    withBundle();
    assert.equal(loadTestApi(false, root, ctx, load), undefined);
    assert.deepEqual(loads, []);
  });
});

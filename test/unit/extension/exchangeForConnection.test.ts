// Which way a connection sends inside VS Code. The premise of that choice, checked against the proxy support
// VS Code itself ships, is an artefact test: exchangeForConnection.artefact.test.ts.
import * as assert from 'node:assert/strict';
import { exchangeForConnection } from '../../../src/extension/connections/exchangeForConnection';

const REMOTE = 'https://twins.example.com/api/v3';

describe('exchangeForConnection', () => {
  const remote = REMOTE;

  it('sends with node:http unless http.proxySupport is "on"', () => {
    assert.equal(exchangeForConnection(remote, {}), 'node', 'the default ("override")');
    assert.equal(exchangeForConnection(remote, { proxySupport: 'override' }), 'node');
    assert.equal(exchangeForConnection(remote, { proxySupport: 'fallback' }), 'node');
    assert.equal(exchangeForConnection(remote, { proxySupport: 'off' }), 'node');
    assert.equal(exchangeForConnection(remote, { proxySupport: 'on' }), 'fetch');
    assert.equal(exchangeForConnection('contoso', { proxySupport: 'on' }), 'fetch', 'an instance name');
    assert.equal(exchangeForConnection('contoso', {}), 'node');
  });

  it('sends to a loopback emulator with node:http whatever the setting (VS Code never proxies loopback)', () => {
    for (const url of ['http://localhost:8470/api/v3', 'http://127.0.0.1:8470/api/v3', 'http://[::1]:8470/api/v3']) {
      assert.equal(exchangeForConnection(url, { proxySupport: 'on' }), 'node', url);
    }
  });
});

import * as assert from 'node:assert/strict';
import { isLoopbackHost, resolveBaseUrl } from '../../../src/core/api/baseUrl';
import { localEmulatorUrl, LOCAL_EMULATOR_URL } from '../../../src/core/api/localEmulator';

describe('resolveBaseUrl', () => {
  it('turns an instance name into the instance URL', () => {
    assert.equal(resolveBaseUrl('Contoso'), 'https://contoso.app.willowinc.com/api/v3');
    assert.equal(resolveBaseUrl('  acme-prod '), 'https://acme-prod.app.willowinc.com/api/v3');
  });

  it('keeps a full https URL and drops a trailing slash', () => {
    assert.equal(resolveBaseUrl('https://acme.app.willowinc.com/api/v3/'), 'https://acme.app.willowinc.com/api/v3');
    assert.equal(
      resolveBaseUrl('https://gateway.example.com/prefix/api/v3'),
      'https://gateway.example.com/prefix/api/v3',
    );
  });

  it('appends /api/v3 to a bare host', () => {
    assert.equal(resolveBaseUrl('https://acme.example.com'), 'https://acme.example.com/api/v3');
  });

  it('allows plain http only for loopback hosts', () => {
    assert.equal(resolveBaseUrl('http://127.0.0.1:8470/api/v3'), 'http://127.0.0.1:8470/api/v3');
    assert.equal(resolveBaseUrl('http://localhost:9000'), 'http://localhost:9000/api/v3');
    assert.equal(resolveBaseUrl('http://[::1]:8470/api/v3'), 'http://[::1]:8470/api/v3');
    assert.equal(resolveBaseUrl('http://127.10.20.30/api/v3'), 'http://127.10.20.30/api/v3');
    assert.throws(
      () => resolveBaseUrl('http://acme.example.com/api/v3'),
      /Plain http is refused for acme\.example\.com/,
    );
    assert.throws(() => resolveBaseUrl('http://128.0.0.1/api/v3'), /Plain http is refused/);
    assert.throws(() => resolveBaseUrl('http://127.0.0.1.evil.com/api/v3'), /Plain http is refused/);
  });

  it('refuses what cannot be a service URL, with a specific message', () => {
    assert.throws(() => resolveBaseUrl(''), /empty/);
    assert.throws(() => resolveBaseUrl('ftp://acme.example.com/api/v3'), /must use https/);
    assert.throws(() => resolveBaseUrl('https://acme.example.com/api/v2'), /must end with \/api\/v3/);
    assert.throws(() => resolveBaseUrl('https://user:pw@acme.example.com/api/v3'), /credentials/);
    assert.throws(() => resolveBaseUrl('https://acme.example.com/api/v3?x=1'), /query/);
    assert.throws(() => resolveBaseUrl('not a name!'), /neither a URL nor an instance name/);
    assert.throws(() => resolveBaseUrl('https://'), /not a valid URL/);
  });

  it('recognises loopback hosts', () => {
    assert.ok(isLoopbackHost('LOCALHOST'));
    assert.ok(isLoopbackHost('127.255.255.255'));
    assert.ok(!isLoopbackHost('127.0.0.256'));
    assert.ok(!isLoopbackHost('10.0.0.1'));
  });
});

describe('local emulator constants', () => {
  it('builds the emulator URL for a port and rejects bad ports', () => {
    assert.equal(localEmulatorUrl(), LOCAL_EMULATOR_URL);
    assert.equal(localEmulatorUrl(1234), 'http://127.0.0.1:1234/api/v3');
    assert.throws(() => localEmulatorUrl(0), /1 to 65535/);
    assert.throws(() => localEmulatorUrl(70000), /1 to 65535/);
  });
});

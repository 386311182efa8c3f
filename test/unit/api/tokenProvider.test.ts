import * as assert from 'node:assert/strict';
import { refreshMargin, TokenProvider } from '../../../src/core/api/tokenProvider';
import { MemoryTokenStore } from '../../../src/core/api/tokenStore';
import type { TokenResponse } from '../../../src/core/api/types';
import { FakeClock } from './fakeClock';

function provider(clock: FakeClock, store = new MemoryTokenStore(), lifetime = 3599) {
  let issued = 0;
  let gate: Promise<void> = Promise.resolve();
  const requestToken = async (): Promise<TokenResponse> => {
    await gate;
    issued++;
    return { access_token: `token-${issued}`, token_type: 'Bearer', expires_in: lifetime };
  };
  const tokens = new TokenProvider({ requestToken, store, key: 'k', clock });
  return {
    tokens,
    store,
    issued: () => issued,
    hold: (p: Promise<void>) => {
      gate = p;
    },
  };
}

describe('TokenProvider', () => {
  it('renews a tenth of the lifetime before expiry, at most a minute early', () => {
    assert.equal(refreshMargin(2000), 200);
    assert.equal(refreshMargin(3_599_000), 60_000);
  });

  it('caches the token until shortly before it expires', async () => {
    const clock = new FakeClock();
    const p = provider(clock, undefined, 100);
    assert.equal(await p.tokens.getAccessToken(), 'token-1');
    await clock.advance(89_000);
    assert.equal(await p.tokens.getAccessToken(), 'token-1');
    await clock.advance(1_000);
    assert.equal(await p.tokens.getAccessToken(), 'token-2');
    assert.equal(p.issued(), 2);
  });

  it('concurrent callers share one token request; one caller giving up does not cancel it', async () => {
    const clock = new FakeClock();
    const p = provider(clock);
    let open!: () => void;
    p.hold(
      new Promise((resolve) => {
        open = resolve;
      }),
    );
    const controller = new AbortController();
    const quitter = p.tokens.getAccessToken(controller.signal);
    const others = Promise.all([p.tokens.getAccessToken(), p.tokens.getAccessToken()]);
    controller.abort(new Error('user cancelled'));
    await assert.rejects(quitter, /user cancelled/);
    open();
    assert.deepEqual(await others, ['token-1', 'token-1']);
    assert.equal(p.issued(), 1);
  });

  it('uses a still-valid stored token and forgets an invalidated one', async () => {
    const clock = new FakeClock();
    const store = new MemoryTokenStore();
    store.set('k', {
      accessToken: 'stored',
      tokenType: 'Bearer',
      obtainedAt: clock.now(),
      expiresAt: clock.now() + 3_600_000,
    });
    const p = provider(clock, store);
    assert.equal(await p.tokens.getAccessToken(), 'stored');
    assert.equal(p.issued(), 0);
    await p.tokens.invalidate('stored');
    assert.equal(store.get('k'), undefined);
    assert.equal(await p.tokens.getAccessToken(), 'token-1');
    assert.equal(store.get('k')?.accessToken, 'token-1');
  });

  it('does not drop a newer token when an older one is reported invalid', async () => {
    const clock = new FakeClock();
    const p = provider(clock);
    assert.equal(await p.tokens.getAccessToken(), 'token-1');
    await p.tokens.invalidate('token-0');
    assert.equal(await p.tokens.getAccessToken(), 'token-1');
    assert.equal(p.issued(), 1);
  });
});

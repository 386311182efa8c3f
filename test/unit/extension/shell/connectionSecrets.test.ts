import * as assert from 'node:assert/strict';
import { ConnectionSecrets } from '../../../../src/extension/connections/connectionSecrets';

/** SecretStorage in memory (the parts ConnectionSecrets uses). */
function memoryStorage(): { storage: ConstructorParameters<typeof ConnectionSecrets>[0]; values: Map<string, string> } {
  const values = new Map<string, string>();
  const storage = {
    get: async (key: string) => values.get(key),
    store: async (key: string, value: string) => {
      values.set(key, value);
    },
    delete: async (key: string) => {
      values.delete(key);
    },
  } as unknown as ConstructorParameters<typeof ConnectionSecrets>[0];
  return { storage, values };
}

describe('client secrets bound to the service they were entered for', () => {
  it('gives the secret back only for the same origin', async () => {
    const { storage } = memoryStorage();
    const secrets = new ConnectionSecrets(storage);
    await secrets.setClientSecret('Prod', 's3cret', 'https://contoso.app.willowinc.com/api/v3');
    assert.deepEqual(await secrets.getClientSecret('Prod', 'https://contoso.app.willowinc.com/api/v3/'), {
      kind: 'found',
      secret: 's3cret',
    });
    assert.deepEqual(await secrets.getClientSecret('Prod', 'https://evil.example/api/v3'), {
      kind: 'otherOrigin',
      storedFor: 'https://contoso.app.willowinc.com',
    });
    assert.deepEqual(
      await secrets.getClientSecret('Prod', 'http://contoso.app.willowinc.com/api/v3'),
      { kind: 'otherOrigin', storedFor: 'https://contoso.app.willowinc.com' },
      'the scheme is part of the origin',
    );
    assert.deepEqual(await secrets.getClientSecret('Other', 'https://contoso.app.willowinc.com/api/v3'), {
      kind: 'missing',
    });
  });

  it('binds a secret stored before binding existed to the current origin on first read', async () => {
    const { storage, values } = memoryStorage();
    values.set(ConnectionSecrets.key('Old', 'clientSecret'), 'legacy-secret');
    const secrets = new ConnectionSecrets(storage);
    assert.deepEqual(await secrets.getClientSecret('Old', 'https://a.example/api/v3'), {
      kind: 'found',
      secret: 'legacy-secret',
    });
    assert.equal((await secrets.getClientSecret('Old', 'https://b.example/api/v3')).kind, 'otherOrigin');
  });
});

import * as assert from 'node:assert/strict';
import { Router, type Handler } from '../../../src/emulator/router';

const named =
  (name: string): Handler =>
  () => ({ body: name });

describe('emulator router', () => {
  const router = new Router();
  router.add('GET', '/events/:eventId', named('event'));
  router.add('GET', '/events/types', named('types'));
  router.add('PUT', '/events', named('put'));
  router.add('POST', '/events', named('list'));
  router.add('GET', '/twins/:twinId/relationships/:relationshipId', named('rel'));
  router.add('GET', '/twins/:twinId/relationships/outgoing', named('outgoing'));

  const resolve = (method: string, path: string) => {
    const m = router.match(method, path);
    return m.kind === 'found' ? { name: (m.handler({} as never) as { body: string }).body, params: m.params } : m;
  };

  it('prefers a literal segment over a parameter, whatever the order of registration', () => {
    assert.equal((resolve('GET', '/events/types') as { name: string }).name, 'types');
    assert.deepEqual(resolve('GET', '/events/abc'), { name: 'event', params: { eventId: 'abc' } });
    assert.equal((resolve('GET', '/twins/A/relationships/outgoing') as { name: string }).name, 'outgoing');
  });

  it('decodes parameters', () => {
    assert.deepEqual(resolve('GET', '/twins/a%2Fb/relationships/x%20y'), {
      name: 'rel',
      params: { twinId: 'a/b', relationshipId: 'x y' },
    });
  });

  it('reports the allowed methods for a known path and nothing for an unknown one', () => {
    assert.deepEqual(router.match('DELETE', '/events'), { kind: 'wrongMethod', allowed: ['POST', 'PUT'] });
    assert.deepEqual(router.match('GET', '/nothing'), { kind: 'none' });
  });

  it('rejects broken percent-encoding with a 400 HttpError', () => {
    assert.throws(
      () => router.match('GET', '/events/%E0%A4%A'),
      (err: { status?: number }) => err.status === 400,
    );
  });

  it('refuses to register the same route twice', () => {
    assert.throws(() => router.add('GET', '/events/:id', named('again')), /twice/);
  });
});

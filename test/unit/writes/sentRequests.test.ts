import * as assert from 'node:assert/strict';
import { bodyBytes, pendingRequest, sentSize, sentText } from '../../../src/core/writes/sentRequests';
import { writeDetail, type PendingWrite } from '../../../src/core/writes/writePreview';

const BIG: PendingWrite = {
  subject: 'twin AHU-1',
  connection: 'Production',
  baseUrl: 'https://acme.willowinc.com/api/v3',
  method: 'PUT',
  path: '/twins',
  body: {
    id: 'AHU-1',
    contents: { comment: `${'a'.repeat(100)}\n${'b'.repeat(50_000)}HIDDEN` },
    tags: Array.from({ length: 40 }, (_, i) => `tag-${i}`),
  },
};

describe('sent requests (every byte a confirmation shows)', () => {
  it('keeps what the dialog detail cuts: the whole body, nothing clipped', () => {
    assert.ok(!writeDetail(BIG).includes('HIDDEN'), 'the dialog itself is a summary');
    const text = sentText([pendingRequest(BIG)]);
    assert.ok(text.includes('HIDDEN'));
    assert.deepEqual(
      JSON.parse(
        text
          .split('\n')
          .filter((l) => !l.startsWith('//'))
          .join('\n'),
      ),
      BIG.body,
    );
  });

  it('counts the bytes as the client sends them (compact JSON, UTF-8)', () => {
    const request = pendingRequest({ ...BIG, body: { name: 'Zürich €' } });
    assert.equal(bodyBytes(request), Buffer.byteLength(JSON.stringify({ name: 'Zürich €' })));
    assert.equal(sentSize([request]), `1 request, ${bodyBytes(request)} bytes of body`);
    assert.equal(sentSize([request, request]), `2 requests, ${2 * bodyBytes(request)} bytes of body in total`);
    assert.equal(
      bodyBytes({
        title: 'POST x',
        files: [
          { name: 'a.json', bytes: 10 },
          { name: 'b.json', bytes: 5 },
        ],
      }),
      15,
    );
  });

  it("shows a patch's operations, a request's arguments and escapes raw control characters", () => {
    const text = sentText([
      pendingRequest({
        ...BIG,
        method: 'PATCH',
        path: '/twins/AHU-1',
        body: undefined,
        patch: [{ op: 'replace', path: '/name', value: 'x\u009b31m' }],
      }),
      { title: '"add": twins put', args: { id: 'a\u0085' }, body: { id: 'a' } },
    ]);
    assert.match(text, /^\/\/ 2 requests/);
    assert.match(text, /\/\/ 1\/2 PATCH https:\/\/acme\.willowinc\.com\/api\/v3\/twins\/AHU-1/);
    assert.match(text, /"op": "replace"/);
    assert.match(text, /\/\/ arguments: \{"id":"a\\u0085"\}/);
    assert.ok(!/[\u0080-\u009f]/.test(text), 'no raw C1 control');
  });
});

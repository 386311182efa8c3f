// The client reads errors the twins backend passes through from Azure Digital Twins (`{statusCode, message,
// data}` with Azure.Core's message: Willow source applications/TwinManagement/lib/Willow.Exceptions/
// GlobalExceptionFilter.cs) as well as validation problems, and shows ADT's words and error code.
import * as assert from 'node:assert/strict';
import { adtPassThrough } from '../../../src/core/api/adtPassThrough';
import { ApiError } from '../../../src/core/api/apiError';
import { normalizeProblem } from '../../../src/core/api/normalize';
import { EmulatorHarness } from './emulatorHarness';

const ADT_404 = [
  'There is no digital twin instance that exists with the ID NOPE. Please verify that the twin id is valid.',
  'Status: 404 (Not Found)',
  'ErrorCode: DigitalTwinNotFound',
  '',
  'Content:',
  '{"error":{"code":"DigitalTwinNotFound","message":"There is no digital twin instance that exists with the ID NOPE."}}',
  '',
  'Headers:',
  'Content-Type: application/json; charset=utf-8',
  'traceresponse: 00-abc-def-01',
].join('\n');

describe('client reading errors passed through from Azure Digital Twins', function () {
  this.timeout(30_000);

  it("shows ADT's words and error code, not the content and headers", () => {
    const problem = normalizeProblem(JSON.stringify({ statusCode: 404, message: ADT_404, data: {} }))!;
    assert.equal(problem.status, 404);
    assert.equal(
      problem.detail,
      'There is no digital twin instance that exists with the ID NOPE. Please verify that the twin id is valid. (DigitalTwinNotFound)',
    );
    assert.equal(problem.message, ADT_404, 'the whole message is kept');
    const error = new ApiError({ kind: 'http', operation: 'putRelationship', status: 404, problem });
    assert.doesNotMatch(error.oneLine, /Headers|traceresponse|Content:/);
    assert.match(error.oneLine, /ID NOPE.*\(DigitalTwinNotFound\)/);
  });

  it('reads the content when the first line is only "Service request failed."', () => {
    const message =
      'Service request failed.\nStatus: 400 (Bad Request)\n\nContent:\n{"error":{"code":"JsonPatchInvalid","message":"Bad patch."}}';
    assert.deepEqual(adtPassThrough(message), { text: 'Bad patch.' });
    assert.equal(adtPassThrough('An ordinary message: status unknown.'), undefined);
  });

  it('reads a validation problem for the same refusal too (the emulator used to send one)', () => {
    const problem = normalizeProblem(
      JSON.stringify({
        type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
        title: 'One or more validation errors occurred.',
        status: 400,
        errors: { targetId: ["Target twin 'NOPE' does not exist."] },
      }),
    )!;
    const error = new ApiError({ kind: 'http', operation: 'putRelationship', status: 400, problem });
    assert.match(error.oneLine, /targetId: Target twin 'NOPE' does not exist\./);
  });

  it("names the missing twin and ADT's code when the emulator refuses a relationship to it", async () => {
    const service = await EmulatorHarness.start();
    try {
      const { client } = service.client();
      const [source] = (await client.listTwins({ pageSize: 1 })).content;
      const error = await client
        .putRelationship({ sourceId: source.id, targetId: 'NO-SUCH-TWIN', name: 'isPartOf' })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 404);
      assert.match(error.oneLine, /NO-SUCH-TWIN.*\(DigitalTwinNotFound\)/);
      assert.doesNotMatch(error.oneLine, /Content:/);
    } finally {
      await service.emulator.close();
    }
  });
});

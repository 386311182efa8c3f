import * as assert from 'node:assert/strict';
import { apiFailure, fakeServicesPerTest } from './fakeService';
import { EmulatorHarness } from './emulatorHarness';
import { describeEachExchange } from './exchanges';

const PROBLEM_JSON = { 'content-type': 'application/problem+json; charset=utf-8' };

describeEachExchange('client: error answers as the service sends them', (exchange) => {
  const fake = fakeServicesPerTest(exchange);

  it("keeps the backends' {statusCode, message, data} and shows its message", async () => {
    const service = await fake((r) =>
      r.path === '/twins/AHU-9'
        ? { status: 404, headers: PROBLEM_JSON, body: { statusCode: 404, message: 'twin: AHU-9', data: {} } }
        : undefined,
    );
    const error = await apiFailure(service.client().getTwin('AHU-9'));
    assert.equal(error.status, 404);
    assert.equal(error.problem?.message, 'twin: AHU-9');
    assert.equal(error.oneLine, 'getTwin failed with HTTP 404: twin: AHU-9');
  });

  it('says what failed when a 403 has no body, and never calls it a credentials problem', async () => {
    const service = await fake((r) => (r.path === '/insights' ? { status: 403 } : undefined));
    const error = await apiFailure(service.client().listInsights());
    assert.equal(error.isForbidden, true);
    assert.match(
      error.oneLine,
      /^listInsights failed with HTTP 403: no permission: .*; the service sent no details \(POST \/insights\)$/,
    );
    assert.doesNotMatch(error.oneLine, /secret|client id/i);
  });

  it('names the request of an empty 404 (a time-series read for unknown twins)', async () => {
    const service = await fake((r) => (r.path.startsWith('/time-series/') ? { status: 404 } : undefined));
    const error = await apiFailure(service.client().getLatestTimeSeries('NOPE-1'));
    assert.match(
      error.oneLine,
      /HTTP 404: not found; the service sent no details \(GET \/time-series\/NOPE-1\/latest\)/,
    );
  });

  it('reads the reason of a bodiless 401 from WWW-Authenticate after the one token refresh', async () => {
    const service = await fake((r) =>
      r.path === '/models'
        ? {
            status: 401,
            headers: {
              'www-authenticate':
                'Bearer error="invalid_token", error_description="The audience \'api://x\' is invalid"',
            },
          }
        : undefined,
    );
    const error = await apiFailure(service.client().listModels());
    assert.equal(service.apiRequests.length, 2, 'one retry with a new token');
    assert.match(
      error.oneLine,
      /HTTP 401: the access token was refused \(The audience 'api:\/\/x' is invalid\); the service sent no details/,
    );
  });

  it('shows ValidationProblemDetails field errors', async () => {
    const service = await fake((r) =>
      r.path === '/insights'
        ? {
            status: 400,
            headers: PROBLEM_JSON,
            body: {
              type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
              title: 'One or more validation errors occurred.',
              status: 400,
              errors: { 'FilterSpecifications[0]': ["Unsupported expression of type 'eq'"] },
              traceId: '00-abc-def-00',
            },
          }
        : undefined,
    );
    const error = await apiFailure(service.client().listInsights());
    assert.deepEqual(error.fieldErrors, [
      { field: 'FilterSpecifications[0]', message: "Unsupported expression of type 'eq'" },
    ]);
    assert.match(
      error.oneLine,
      /One or more validation errors occurred\. — FilterSpecifications\[0\]: Unsupported expression of type 'eq'/,
    );
  });

  it('shows the first line of an Entra error_description, never the secret', async () => {
    const service = await fake((r) =>
      r.path === '/oauth2/token'
        ? {
            status: 401,
            body: {
              error: 'invalid_client',
              error_description:
                'AADSTS7000215: Invalid client secret provided.\r\nTrace ID: 1\r\nCorrelation ID: 2\r\nTimestamp: 2026-01-01 00:00:00Z',
              error_codes: [7000215],
              trace_id: '1',
              correlation_id: '2',
            },
          }
        : undefined,
    );
    const error = await apiFailure(service.client().listModels());
    assert.equal(
      error.oneLine,
      'getToken failed with HTTP 401: invalid_client — AADSTS7000215: Invalid client secret provided.',
    );
    assert.deepEqual(error.problem?.error_codes, [7000215]);
    assert.doesNotMatch(JSON.stringify({ ...error, message: error.message }), /fake-secret-value/);
  });
});

describeEachExchange("client against the emulator: errors in the service's shapes", function (exchange) {
  this.timeout(30_000);
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start({ sample: true, scale: 50 }, exchange);
  });
  after(() => emu.close());

  it("an unknown client is 400 unauthorized_client and a wrong secret 401 invalid_client, each with Entra's text", async () => {
    const unknown = await apiFailure(emu.client({ clientId: 'nobody' }).client.listModels());
    assert.equal(unknown.status, 400);
    assert.match(
      unknown.oneLine,
      /unauthorized_client — AADSTS700016: Application with identifier 'nobody' was not found/,
    );
    const wrong = await apiFailure(emu.client({ clientSecret: 'wrong-secret-42' }).client.listModels());
    assert.equal(wrong.status, 401);
    assert.match(wrong.oneLine, /invalid_client — AADSTS7000215/);
    assert.doesNotMatch(wrong.oneLine, /wrong-secret-42|Trace ID/);
  });

  it('a missing twin is {statusCode, message, data} with application/problem+json', async () => {
    const error = await apiFailure(emu.client().client.getTwin('no-such-twin'));
    assert.equal(error.status, 404);
    assert.equal(error.problem?.statusCode, 404);
    assert.match(String(error.problem?.message), /no-such-twin/);
    assert.match(error.oneLine, /no-such-twin/);
  });
});

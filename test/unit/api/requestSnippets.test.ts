import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  CURL_TOKEN_VARIABLE,
  curlCommand,
  httpFileRequest,
  shellQuote,
  snippetUrl,
  type SnippetRequest,
} from '../../../src/core/api/requestSnippets';

/** The arguments bash hands to curl for the command, with the token variable set to `token`. */
function argumentsCurlGets(command: string, token: string): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }; ${command}`;
  const out = execFileSync('bash', ['--norc', '--noprofile', '-c', script], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { PATH: process.env.PATH, [CURL_TOKEN_VARIABLE]: token },
    encoding: 'utf8',
  });
  return out.split('\0').slice(0, -1);
}

const twinRequest: SnippetRequest = {
  method: 'GET',
  baseUrl: 'https://acme.app.willowinc.com/api/v3',
  path: `/twins/${encodeURIComponent("O'Brien room #1")}`,
};

describe('request snippets (Copy as cURL, Copy as .http request)', () => {
  it('builds the URL below the base URL, with the query encoded and undefined values left out', () => {
    assert.equal(
      snippetUrl({
        method: 'GET',
        baseUrl: 'acme',
        path: '/models/dtmi%3Ax%3ARoom%3B1',
        query: { includeModelDefinition: true, skip: undefined, q: 'a&b' },
      }),
      'https://acme.app.willowinc.com/api/v3/models/dtmi%3Ax%3ARoom%3B1?includeModelDefinition=true&q=a%26b',
    );
  });

  it('refuses a path that would leave the base URL or carries its own query', () => {
    for (const path of [
      'twins',
      '//evil.example/x',
      '/twins/../token',
      '/twins?x=1',
      '/twins/a b',
      '/twins\\x',
      '/..',
    ]) {
      assert.throws(() => snippetUrl({ ...twinRequest, path }), /is not a path below the service's base URL/, path);
    }
    assert.throws(() => curlCommand({ ...twinRequest, baseUrl: 'http://example.com/api/v3' }), /Plain http is refused/);
  });

  it('gives curl the exact URL and reads the token from the shell variable, never inline', () => {
    const command = curlCommand(twinRequest);
    assert.ok(!command.includes('secret-token'));
    assert.ok(command.includes(`\${${CURL_TOKEN_VARIABLE}:?`));
    assert.deepEqual(argumentsCurlGets(command, 'secret-token'), [
      '-sS',
      '--fail-with-body',
      '-X',
      'GET',
      "https://acme.app.willowinc.com/api/v3/twins/O'Brien%20room%20%231",
      '-H',
      'Authorization: Bearer secret-token',
    ]);
  });

  it('passes a JSON body through the shell unchanged, quotes, dollars and backticks included', () => {
    const body = { name: 'it\'s $HOME `id` "x"', levels: [1, 2] };
    const args = argumentsCurlGets(
      curlCommand({ method: 'PUT', baseUrl: 'http://127.0.0.1:8470/api/v3', path: '/twins', body }),
      't',
    );
    assert.deepEqual(args.slice(0, 5), ['-sS', '--fail-with-body', '-X', 'PUT', 'http://127.0.0.1:8470/api/v3/twins']);
    assert.deepEqual(args.slice(7), ['-H', 'Content-Type: application/json', '--data-raw', JSON.stringify(body)]);
  });

  it('quotes text for the shell so it stays one word', () => {
    assert.equal(shellQuote("a'b"), `'a'\\''b'`);
    assert.deepEqual(argumentsCurlGets(`curl ${shellQuote("$(id) 'x' \\ ;")}`, 't'), ["$(id) 'x' \\ ;"]);
  });

  it('refuses to run curl when the token variable is unset or empty, and says which variable to set', () => {
    for (const env of [{ PATH: process.env.PATH }, { PATH: process.env.PATH, [CURL_TOKEN_VARIABLE]: '' }]) {
      const run = spawnSync(
        'bash',
        ['--norc', '--noprofile', '-c', `curl() { echo ran; }; ${curlCommand(twinRequest)}`],
        { env, encoding: 'utf8' },
      );
      assert.notEqual(run.status, 0);
      assert.equal(run.stdout, '', 'curl was not run');
      assert.match(
        run.stderr,
        new RegExp(`${CURL_TOKEN_VARIABLE}: set ${CURL_TOKEN_VARIABLE} to an access token first`),
      );
    }
  });

  it('writes a .http request with the base URL and the token as file variables, the token read from the environment', () => {
    const text = httpFileRequest({
      method: 'POST',
      baseUrl: 'acme',
      path: '/twins/count',
      body: { modelFilter: { modelIds: ['dtmi:x:Room;1'] } },
    });
    const lines = text.split('\n');
    assert.equal(lines[0], '@baseUrl = https://acme.app.willowinc.com/api/v3');
    assert.ok(lines.includes(`@token = {{$processEnv ${CURL_TOKEN_VARIABLE}}}`));
    assert.ok(
      !lines.some((l) => /^@\w+\s*=\s*$/.test(l)),
      'no empty variable (httpyac reads the next line as a request)',
    );
    assert.ok(lines.includes('POST {{baseUrl}}/twins/count'));
    assert.ok(lines.includes('Authorization: Bearer {{token}}'));
    assert.ok(lines.includes('Content-Type: application/json'));
    assert.deepEqual(JSON.parse(text.slice(text.indexOf('\n\n{') + 2)), {
      modelFilter: { modelIds: ['dtmi:x:Room;1'] },
    });
  });

  it('writes a GET without a body or content type', () => {
    const text = httpFileRequest(twinRequest);
    assert.ok(text.includes("GET {{baseUrl}}/twins/O'Brien%20room%20%231\nAuthorization: Bearer {{token}}\n"));
    assert.ok(!text.includes('Content-Type'));
  });
});

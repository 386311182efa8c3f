// The copied requests in the clients people paste them into, against the emulator: the .http text in httpyac's
// CLI, the cURL command in bash with the real curl. Both read the token from BUILDING_TWINS_TOKEN.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CURL_TOKEN_VARIABLE,
  curlCommand,
  httpFileRequest,
  type SnippetRequest,
} from '../../../src/core/api/requestSnippets';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET } from '../../../src/core/api/localEmulator';
import { repoRoot } from '../../harness/harnessPaths';
import { EmulatorHarness } from './emulatorHarness';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runWith(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('copied requests in real clients (httpyac, curl) against the emulator', function () {
  this.timeout(60000);
  let emulator: EmulatorHarness;
  let dir: string;
  let token: string;
  const httpyac = join(repoRoot, 'node_modules', 'httpyac', 'bin', 'httpyac.js');
  const env = (value?: string): NodeJS.ProcessEnv => {
    const { [CURL_TOKEN_VARIABLE]: _inherited, ...rest } = process.env;
    return value === undefined ? rest : { ...rest, [CURL_TOKEN_VARIABLE]: value };
  };

  before(async () => {
    emulator = await EmulatorHarness.start();
    dir = mkdtempSync(join(tmpdir(), 'snippet-clients-'));
    const answer = await fetch(`${emulator.url}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: LOCAL_DEV_CLIENT_ID,
        client_secret: LOCAL_DEV_CLIENT_SECRET,
      }),
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });
  after(async () => {
    await emulator?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const requests = (): SnippetRequest[] => [
    {
      method: 'GET',
      baseUrl: emulator.url,
      path: `/models/${encodeURIComponent('dtmi:com:buildingtwins:sample:AirHandlingUnit;1')}`,
    },
    { method: 'POST', baseUrl: emulator.url, path: '/twins/count', body: {} },
  ];

  /** Writes what "Copy as .http request" copies for the requests (joined as the command joins them) and sends all. */
  async function sendHttpFile(tokenValue?: string): Promise<Ran> {
    const file = join(dir, 'copied.http');
    writeFileSync(file, requests().map(httpFileRequest).join('\n###\n\n'));
    return runWith(process.execPath, [httpyac, 'send', file, '--all', '--output', 'short'], env(tokenValue), dir);
  }

  it('httpyac sends the .http text unchanged, with the token from the environment', async () => {
    await emulator.clearRequests();
    const ran = await sendHttpFile(token);
    assert.equal(ran.code, 0, ran.stdout + ran.stderr);
    assert.match(ran.stdout, /2 requests processed/);
    assert.doesNotMatch(ran.stdout, /=> [45]\d\d/);
    assert.deepEqual(
      (await emulator.requests()).map((r) => [r.method, r.path.split('?')[0], r.status]),
      [
        ['GET', '/api/v3/models/dtmi%3Acom%3Abuildingtwins%3Asample%3AAirHandlingUnit%3B1', 200],
        ['POST', '/api/v3/twins/count', 200],
      ],
    );
  });

  it('httpyac shows the 401 when the token variable is unset', async () => {
    const ran = await sendHttpFile(undefined);
    assert.match(ran.stdout, /=> 401/);
  });

  it('curl prints the answer and exits 0 with a valid token', async () => {
    const ran = await runWith('bash', ['--norc', '--noprofile', '-c', curlCommand(requests()[0]!)], env(token), dir);
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stdout, /AirHandlingUnit/);
  });

  it('curl exits 22 on an HTTP error (--fail-with-body: a body the service sends is still printed)', async () => {
    const ran = await runWith(
      'bash',
      ['--norc', '--noprofile', '-c', curlCommand(requests()[0]!)],
      env('not-a-token'),
      dir,
    );
    assert.equal(ran.code, 22);
    assert.match(ran.stderr, /returned error: 401/);
  });

  it('curl is not run when the token variable is unset: the shell names the variable and nothing is sent', async () => {
    await emulator.clearRequests();
    const ran = await runWith(
      'bash',
      ['--norc', '--noprofile', '-c', curlCommand(requests()[1]!)],
      env(undefined),
      dir,
    );
    assert.notEqual(ran.code, 0);
    assert.match(ran.stderr, new RegExp(`set ${CURL_TOKEN_VARIABLE} to an access token first`));
    assert.deepEqual(await emulator.requests(), []);
  });
});

import * as assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURE_MODELS, M, REPO_ROOT } from './emulatorFixtures';

const EMULATOR = path.join(REPO_ROOT, 'dist/emulator.js');

interface Child {
  process: ChildProcess;
  url: string;
}

/** Starts `node dist/emulator.js` and resolves once it printed its listening line. */
function launch(args: string[]): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [EMULATOR, '--port', '0', '--quiet', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Building Twin emulator listening on (http:\/\/\S+\/api\/v3)/.exec(out);
      if (m) resolve({ process: child, url: m[1] });
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(new Error(`emulator exited with ${code} before listening: ${err}`)));
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'local-dev',
      client_secret: 'local-dev-secret',
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call(url: string, t: string, method: string, p: string, body?: unknown): Promise<Response> {
  return fetch(`${url}${p}`, {
    method,
    headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('emulator process (dist/emulator.js)', function () {
  this.timeout(60000);
  let dataDir: string;
  const children: ChildProcess[] = [];

  before(function () {
    assert.ok(fs.existsSync(EMULATOR), 'dist/emulator.js is missing: run `npm run build` first');
  });
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-data '));
  });
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write across kill -9, including writes racing the kill', async () => {
    const args = ['--data', dataDir, '--no-sample', '--models', FIXTURE_MODELS];
    const first = await launch(args);
    children.push(first.process);
    const t = await token(first.url);
    assert.equal(
      (await call(first.url, t, 'PUT', '/twins', { id: 'S1', modelId: M.sensor, contents: { unit: 'degC' } })).status,
      200,
    );
    assert.equal((await call(first.url, t, 'PUT', '/twins', { id: 'R1', modelId: M.room, contents: {} })).status, 200);
    assert.equal(
      (
        await call(first.url, t, 'PUT', '/twins/relationships', {
          sourceId: 'S1',
          targetId: 'R1',
          name: 'isCapabilityOf',
        })
      ).status,
      200,
    );
    const series = Array.from({ length: 500 }, (_, i) => ({
      connectorId: 'C',
      dtId: 'S1',
      sourceTimestamp: new Date(Date.UTC(2024, 0, 1) + i * 60000).toISOString(),
      scalarValue: i,
    }));
    assert.equal((await call(first.url, t, 'POST', '/time-series', series)).status, 202);
    assert.equal(
      (await call(first.url, t, 'PATCH', '/twins/R1', [{ op: 'add', path: '/capacity', value: 8 }])).status,
      200,
    );

    // Writes in flight while the process is killed: each one that was acknowledged must survive.
    const acknowledged: string[] = [];
    // Killed once enough writes were acknowledged (event-driven, not after a fixed wait).
    let enough: () => void = () => undefined;
    const enoughWritten = new Promise<void>((resolve) => {
      enough = resolve;
    });
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; ; i++) {
        const id = `W${w}-${i}`;
        try {
          const res = await call(first.url, t, 'PUT', '/twins', { id, modelId: M.room, contents: {} });
          if (res.status === 200) acknowledged.push(id);
          if (acknowledged.length === 40) enough();
        } catch {
          return;
        }
      }
    });
    await enoughWritten;
    first.process.kill('SIGKILL');
    await Promise.all(writers);
    assert.deepEqual(await exited(first.process), { code: null, signal: 'SIGKILL' });
    assert.ok(acknowledged.length > 0, 'no write was acknowledged before the kill');

    const second = await launch(args);
    children.push(second.process);
    // The token key lives in the data folder, so the old token is still valid.
    const twin = await call(second.url, t, 'GET', '/twins/R1?includeRelationships=true');
    assert.equal(twin.status, 200);
    const body = (await twin.json()) as {
      contents: { capacity: number };
      incomingRelationships: Array<{ id: string }>;
    };
    assert.equal(body.contents.capacity, 8);
    assert.deepEqual(
      body.incomingRelationships.map((r) => r.id),
      ['S1_isCapabilityOf_R1'],
    );
    const points = (await (
      await call(
        second.url,
        t,
        'GET',
        '/time-series/S1?start=2024-01-01T00:00:00Z&end=2024-01-02T00:00:00Z&pageSize=10000',
      )
    ).json()) as { data: Array<{ scalarValue: number }> };
    assert.equal(points.data.length, 500);
    assert.equal(points.data[499].scalarValue, 499);
    const found = (await (await call(second.url, t, 'POST', '/twins/ids', acknowledged)).json()) as Array<{
      id: string;
    }>;
    assert.equal(
      found.length,
      acknowledged.length,
      `${acknowledged.length - found.length} acknowledged writes were lost`,
    );
    second.process.kill('SIGTERM');
    assert.deepEqual(await exited(second.process), { code: 0, signal: null });
  });

  it('refuses a data folder another running emulator holds, and takes over one a killed emulator left', async () => {
    const args = ['--data', dataDir, '--no-sample', '--models', FIXTURE_MODELS];
    const first = await launch(args);
    children.push(first.process);
    const second = spawnSync(process.execPath, [EMULATOR, '--port', '0', ...args], { encoding: 'utf8' });
    assert.equal(second.status, 1);
    assert.match(second.stderr, /in use by another emulator \(process \d+\)/);
    first.process.kill('SIGKILL');
    await exited(first.process);
    const third = await launch(args);
    children.push(third.process);
    third.process.kill('SIGTERM');
    assert.deepEqual(await exited(third.process), { code: 0, signal: null });
    assert.equal(fs.existsSync(path.join(dataDir, 'lock')), false, 'a clean exit releases the lock');
  });

  it('exits 0 on SIGINT after finishing, and prints --help', async () => {
    const child = await launch(['--no-sample', '--models', FIXTURE_MODELS]);
    children.push(child.process);
    child.process.kill('SIGINT');
    assert.deepEqual(await exited(child.process), { code: 0, signal: null });
    const help = spawnSync(process.execPath, [EMULATOR, '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--rate-limit N\/SECONDS/);
  });

  it('rejects bad flags with a clear message and exit code 2', () => {
    for (const [args, message] of [
      [['--port', 'abc'], /--port expects a whole number/],
      [['--rate-limit', '20'], /--rate-limit expects N\/SECONDS/],
      [['--faults', '2'], /--faults must be between 0 and 1/],
      [['--client-id', 'x'], /in pairs/],
      [['--bogus'], /Unknown option '--bogus'/],
    ] as const) {
      const res = spawnSync(process.execPath, [EMULATOR, ...args], { encoding: 'utf8' });
      assert.equal(res.status, 2, `${args.join(' ')}: ${res.stderr}`);
      assert.match(res.stderr, message);
    }
  });

  it('fails with a clear message for a missing models folder', () => {
    const res = spawnSync(
      process.execPath,
      [EMULATOR, '--port', '0', '--no-sample', '--models', path.join(dataDir, 'nope')],
      { encoding: 'utf8' },
    );
    assert.equal(res.status, 1);
    assert.match(res.stderr, /Models folder .*nope' does not exist/);
  });
});

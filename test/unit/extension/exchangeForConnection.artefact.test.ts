// Which way a connection sends inside VS Code, and the premise of that choice checked against the proxy
// support VS Code itself ships (@vscode/proxy-agent from the code-server the harness installs): with
// `http.proxySupport` "override" or "fallback" a node:http request that brings its own keep-alive agent
// still goes through the configured proxy; with "on" it does not, so fetch is used then.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import * as http from 'node:http';
import { join } from 'node:path';
import { exchangeForConnection } from '../../../src/extension/connections/exchangeForConnection';
import { codeServerPaths } from '../../harness/harnessPaths';
import { listenOnLoopback } from '../../harness/loopbackServer';

const REMOTE = 'https://twins.example.com/api/v3';

/** A server that records the request lines it receives (a proxy sees absolute URLs). */
async function recorder(host: string): Promise<{ url: string; lines: string[]; close: () => Promise<void> }> {
  const lines: string[] = [];
  const server = http.createServer((req, res) => {
    lines.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  const { origin, close } = await listenOnLoopback(server, host);
  return { url: origin, lines, close };
}

/** Sends `count` GETs to `target` from a process whose node:http is patched as VS Code patches it (proxySupportProbe.ts). */
function probe(
  proxyAgentPath: string,
  mode: string,
  proxyUrl: string,
  target: string,
  count = 1,
): Promise<{ statuses?: number[]; error?: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(__dirname, 'proxySupportProbe.js'), proxyAgentPath, mode, proxyUrl, target, String(count)],
      (error, stdout) => {
        if (!stdout) reject(error ?? new Error('the probe printed nothing'));
        else resolve(JSON.parse(stdout) as { statuses?: number[]; error?: string });
      },
    );
  });
}

describe("VS Code's proxy support and a node:http request with its own agent", () => {
  const proxyAgentPath = join(codeServerPaths().vscode, 'node_modules', '@vscode', 'proxy-agent');
  before(() => {
    // Installed with code-server (`npm test` installs it before the unit tier); without it there is nothing to check
    // against, which is a failure, not a pass.
    assert.ok(
      existsSync(proxyAgentPath),
      `VS Code's @vscode/proxy-agent is missing at ${proxyAgentPath}: run \`node scripts/install-code-server.mjs\` (or set CODE_SERVER_HOME to an installed code-server)`,
    );
  });

  // 127.0.0.2 stands for a remote host: VS Code treats only localhost, 127.0.0.1 and ::1 as loopback.
  for (const mode of ['override', 'fallback', 'on', 'off'] as const) {
    it(`"${mode}": the proxy ${mode === 'override' || mode === 'fallback' ? 'applies' : 'does not apply'}, and the choice follows`, async () => {
      const proxy = await recorder('127.0.0.1');
      const target = await recorder('127.0.0.2');
      try {
        const url = `${target.url}/api/v3/models`;
        assert.deepEqual(await probe(proxyAgentPath, mode, proxy.url, url), { statuses: [200] });
        const proxied = proxy.lines.includes(`GET ${url}`);
        assert.equal(
          proxied,
          mode === 'override' || mode === 'fallback',
          JSON.stringify({ proxy: proxy.lines, direct: target.lines }),
        );
        // node:http is chosen only where it gets the proxy, or where fetch would not get one either ("off").
        if (exchangeForConnection(REMOTE, { proxySupport: mode }) === 'node')
          assert.ok(proxied || mode === 'off', mode);
      } finally {
        await proxy.close();
        await target.close();
      }
    });
  }

  // VS Code sends it through its own per-request agent with `Connection: close`: direct, but not kept alive.
  it('"override": a loopback emulator is reached directly, never through the proxy', async () => {
    const proxy = await recorder('127.0.0.1');
    const emulator = await recorder('127.0.0.1');
    try {
      assert.deepEqual(await probe(proxyAgentPath, 'override', proxy.url, `${emulator.url}/api/v3/models`, 3), {
        statuses: [200, 200, 200],
      });
      assert.deepEqual(proxy.lines, []);
      assert.equal(emulator.lines.length, 3);
    } finally {
      await proxy.close();
      await emulator.close();
    }
  });
});

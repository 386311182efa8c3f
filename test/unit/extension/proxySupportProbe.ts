// Run as a child process by exchangeForConnection.test.ts: patches node:http the way VS Code's extension host
// does (the @vscode/proxy-agent the harness's code-server ships), sends requests with NodeExchange and exits.
// A process of its own because the patch is global and the proxy agent keeps a ten-minute timer.
// Usage: node proxySupportProbe.js <proxy-agent folder> <proxySupport> <proxy URL> <target URL> [requests]
import http = require('node:http');
import { NodeExchange } from '../../../src/core/api/nodeExchange';

interface ProxyAgentModule {
  createProxyResolver(params: object): { resolveProxyWithRequest: unknown };
  createHttpPatch(params: object, originals: typeof http, resolve: unknown): Partial<typeof http>;
}

async function main(): Promise<void> {
  const [proxyAgentPath, proxySupport, proxyUrl, target, count = '1'] = process.argv.slice(2) as [
    string,
    string,
    string,
    string,
    string?,
  ];
  const proxyAgent = require(proxyAgentPath) as ProxyAgentModule;
  const silent = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
  const params = {
    resolveProxy: async () => undefined,
    getProxyURL: () => proxyUrl,
    getProxySupport: () => proxySupport,
    getNoProxyConfig: () => [],
    isAdditionalFetchSupportEnabled: () => false,
    isWebSocketPatchEnabled: () => false,
    addCertificatesV1: () => false,
    addCertificatesV2: () => false,
    loadSystemCertificatesFromNode: () => false,
    loadAdditionalCertificates: async () => [],
    log: silent,
    getLogLevel: () => 6,
    proxyResolveTelemetry: () => undefined,
    isUseHostProxyEnabled: () => true,
    env: {},
  };
  // As the extension host does: the module object itself takes the patched request/get.
  Object.assign(
    http,
    proxyAgent.createHttpPatch(params, http, proxyAgent.createProxyResolver(params).resolveProxyWithRequest),
  );
  const exchange = new NodeExchange();
  const statuses: number[] = [];
  for (let i = 0; i < Number(count); i++) {
    const res = await exchange.send({
      url: target,
      method: 'GET',
      headers: {},
      signal: new AbortController().signal,
      maxBytes: 1e6,
      idempotent: true,
    });
    statuses.push(res.status);
  }
  process.stdout.write(JSON.stringify({ statuses }));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stdout.write(JSON.stringify({ error: String(error) }));
    process.exit(1);
  },
);

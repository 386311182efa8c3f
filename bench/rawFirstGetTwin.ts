// The wire's part of the MCP server's `get_twin`, done by hand in a fresh process for bench/mcpServer.bench.ts: a
// token request, then three times the call's three reads (the twin, its outgoing and incoming relationships) sent
// together over one keep-alive node:http agent as the client's (the first round opens two more connections, as the
// server's first call does). Prints each round's milliseconds as JSON: how much a process's first round costs over
// its second is the request's own first-time cost. Run: node out/bench/rawFirstGetTwin.js <base URL>
import * as http from 'node:http';
import { rawJson, rawToken } from './rawHttp';

const agent = new http.Agent({ keepAlive: true, maxSockets: 16, maxFreeSockets: 16, scheduling: 'lifo' });

const request = (url: string, method: string, headers: Record<string, string>): Promise<unknown> =>
  rawJson(url, method, headers, undefined, agent);

async function main(): Promise<void> {
  const base = process.argv[2]!;
  const token = await rawToken(base, { 'accept-encoding': 'gzip, deflate, br' }, agent);
  const headers = {
    accept: 'application/json',
    authorization: `Bearer ${token}`,
    'accept-encoding': 'gzip, deflate, br',
  };
  // The server asks for its token while the client initializes; its first call comes a little later.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const rounds: number[] = [];
  for (const id of ['HP-AHU-1', 'HP-AHU-1', 'HP-L01']) {
    const started = performance.now();
    await Promise.all([
      request(`${base}/twins/${id}`, 'GET', headers),
      request(`${base}/twins/${id}/relationships/outgoing`, 'GET', headers),
      request(`${base}/twins/${id}/relationships/incoming`, 'GET', headers),
    ]);
    rounds.push(performance.now() - started);
  }
  process.stdout.write(`${JSON.stringify(rounds)}\n`);
  agent.destroy();
}

void main();

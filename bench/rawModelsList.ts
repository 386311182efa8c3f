// The CLI's `models list` done by hand for bench/client.bench.ts: a token request and GET /models over
// node:http, the JSON printed. Run: node out/bench/rawModelsList.js <base URL>
import { rawJson, rawToken } from './rawHttp';

async function main(): Promise<void> {
  const base = process.argv[2]!;
  const token = await rawToken(base);
  const models = await rawJson(`${base}/models`, 'GET', {
    accept: 'application/json',
    authorization: `Bearer ${token}`,
  });
  process.stdout.write(`${JSON.stringify(models, null, 2)}\n`);
}

void main();

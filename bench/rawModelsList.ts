// The CLI's `models list` done by hand for bench/client.bench.ts: a token request and GET /models over
// node:http, the JSON printed. Run: node out/bench/rawModelsList.js <base URL>
import * as http from 'node:http';

function request(url: string, method: string, headers: Record<string, string>, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function main(): Promise<void> {
  const base = process.argv[2]!;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: 'local-dev',
    client_secret: 'local-dev-secret',
  }).toString();
  const token = (
    JSON.parse(
      await request(`${base}/oauth2/token`, 'POST', { 'content-type': 'application/x-www-form-urlencoded' }, form),
    ) as { access_token: string }
  ).access_token;
  const models = JSON.parse(
    await request(`${base}/models`, 'GET', { accept: 'application/json', authorization: `Bearer ${token}` }),
  ) as unknown;
  process.stdout.write(`${JSON.stringify(models, null, 2)}\n`);
}

void main();

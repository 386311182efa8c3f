// Requests done by hand over node:http for the benchmarks' raw sides (what the client's work is compared with): one
// request with its JSON answer, and the emulator's well-known client's token.
import * as http from 'node:http';

/** Sends one request (through `agent`, else Node's global agent) and resolves with its JSON; a status but 200 rejects. */
export function rawJson(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
  agent?: http.Agent,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${method} ${url}: HTTP ${res.statusCode}`));
        else resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A token of the emulator's well-known client (`local-dev`), asked for with `headers` on top of the form's. */
export async function rawToken(
  base: string,
  headers: Record<string, string> = {},
  agent?: http.Agent,
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: 'local-dev',
    client_secret: 'local-dev-secret',
  }).toString();
  const answer = (await rawJson(
    `${base}/oauth2/token`,
    'POST',
    { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    form,
    agent,
  )) as { access_token: string };
  return answer.access_token;
}

// The physical limit for the emulator benchmark: a node:http server that answers each path with the bytes
// the emulator sent for it (read from a file at start), doing nothing else. Prints its URL.
// Usage: node out/bench/trivialServer.js <file holding the JSON { contentType, bodies: { path: body } }>
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

const { contentType, bodies } = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  contentType: string;
  bodies: Record<string, string>;
};
const answers = new Map(Object.entries(bodies).map(([path, body]) => [path, Buffer.from(body, 'utf8')]));
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const bytes = answers.get(req.url ?? '');
    if (!bytes) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': contentType, 'content-length': String(bytes.length) }).end(bytes);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

// A load process for the emulator benchmark: GETs the given URLs one after another over one keep-alive
// node:http connection and prints the latencies' percentiles as JSON. It runs in its own process so the
// server it measures has a core of its own to answer with.
// Usage: node out/bench/loadProcess.js <file holding the JSON { urls, headers, requests, warmup }>
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import { percentile } from './benchStats';

interface LoadSpec {
  urls: string[];
  headers: Record<string, string>;
  requests: number;
  warmup: number;
}

async function main(): Promise<void> {
  const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadSpec;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url: string): Promise<number> =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers: spec.headers }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on('end', () =>
            res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
          );
        })
        .on('error', reject);
    });
  for (let i = 0; i < spec.warmup; i++) await get(spec.urls[i % spec.urls.length]!);
  const samples: number[] = [];
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < spec.requests; i++) {
    const t0 = performance.now();
    bytes += await get(spec.urls[(i * 7919) % spec.urls.length]!);
    samples.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    JSON.stringify({
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      perSecond: spec.requests / seconds,
      meanBytes: bytes / spec.requests,
    }),
  );
  agent.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

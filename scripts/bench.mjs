// `npm run bench`: build, compile, then run every bench/*.bench.ts (compiled to out/bench) one after another.
// Benchmarks print numbers and ratios; they never pass or fail on time. A benchmark that crashes fails the run.
// Usage: npm run bench [-- name ...]   (names filter by file name, e.g. `npm run bench -- activation sample`)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build, compileTests, repoRoot, run } from './harness.mjs';

const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));
build();
compileTests();
const names = readdirSync(join(repoRoot, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();
if (names.length === 0) {
  console.error(`no benchmark matches ${filters.join(', ')}`);
  process.exit(1);
}
const results = [];
for (const name of names) {
  console.log(`\n=== bench ${name}`);
  const started = Date.now();
  const code = run(process.execPath, ['--expose-gc', join(repoRoot, 'out', 'bench', `${name}.bench.js`)]);
  results.push({ name, code, seconds: (Date.now() - started) / 1000 });
}
console.log('\nbenchmark            result   seconds');
for (const r of results) console.log(`${r.name.padEnd(20)} ${(r.code === 0 ? 'ok' : `exit ${r.code}`).padEnd(8)} ${r.seconds.toFixed(1).padStart(7)}`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);

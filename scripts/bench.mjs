// `npm run bench`: build, compile, then run every bench/*.bench.ts (compiled to out/bench) one after another.
// Benchmarks print numbers and ratios; they never pass or fail on time. A benchmark that crashes fails the run,
// and so does one whose first line is not its ratio line (the machine is shared: ratios of things measured side
// by side in one run are the figures that mean something). The summary repeats each ratio line.
// Usage: npm run bench [-- name ...] [--smoke] [--no-build]   (names filter by file name, e.g. `npm run bench -- activation sample`)
// --smoke: every benchmark's shortest run, which shows only that it still works (the `bench smoke` stage of
// `npm test` runs it, so no benchmark can rot unnoticed); --no-build: use dist/ and out/ as they are.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build, compileTests, repoRoot } from './harness.mjs';

const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const smoke = process.argv.includes('--smoke');
if (!process.argv.includes('--no-build')) {
  build();
  compileTests();
}
const names = readdirSync(join(repoRoot, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();
if (names.length === 0) {
  console.error(`no benchmark matches ${filters.join(', ')}`);
  process.exit(1);
}

/** Runs one benchmark with its output passed through; resolves with its exit code and first line. */
function runBench(name) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', join(repoRoot, 'out', 'bench', `${name}.bench.js`), ...(smoke ? ['--smoke'] : [])],
      { cwd: repoRoot, stdio: ['inherit', 'pipe', 'inherit'] },
    );
    let firstLine;
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (firstLine !== undefined) return;
      pending += chunk.toString();
      const lines = pending.split('\n').filter((l) => l.trim() !== '');
      if (lines.length > 1 || pending.includes('\n')) firstLine = lines[0];
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, firstLine: firstLine ?? pending.trim() }));
  });
}

const results = [];
for (const name of names) {
  console.log(`\n=== bench ${name}`);
  const started = Date.now();
  const { code, firstLine } = await runBench(name);
  const ratioFirst = /^ratio\b/.test(firstLine ?? '');
  results.push({
    name,
    code: code === 0 && !ratioFirst ? 'no ratio line first' : code === 0 ? 'ok' : `exit ${code}`,
    seconds: (Date.now() - started) / 1000,
    firstLine,
  });
}
console.log('\nbenchmark            result                seconds');
for (const r of results) console.log(`${r.name.padEnd(20)} ${r.code.padEnd(20)} ${r.seconds.toFixed(1).padStart(8)}`);
console.log('');
for (const r of results) if (r.firstLine) console.log(`${r.name}: ${r.firstLine}`);
process.exit(results.some((r) => r.code !== 'ok') ? 1 : 0);

// `npm test`: build, typecheck, then the three tiers (unit, integration, e2e), printing each stage's duration.
// Every stage runs even when an earlier one failed (except after a failed build), so one run reports everything.
// Usage: node scripts/test-all.mjs [--bail]
import { npx, run } from './harness.mjs';

const bail = process.argv.includes('--bail');
const stages = [
  { name: 'build', command: () => run(process.execPath, ['esbuild.mjs']), required: true },
  // One strict tsc pass over sources, webviews, tests and benchmarks: the same check as `npm run typecheck`
  // (tsconfig.test.json only adds emitting into out/), at half the cost of checking twice. It emits even when
  // the check fails, so the tiers still run and report.
  { name: 'typecheck', command: () => npx('tsc', '-p', 'tsconfig.test.json') },
  { name: 'code-server', command: () => run(process.execPath, ['scripts/install-code-server.mjs']), required: true },
  { name: 'unit', command: () => npx('mocha', '--config', '.mocharc.json') },
  { name: 'integration', command: () => run(process.execPath, ['scripts/run-integration.mjs', '--no-build']) },
  { name: 'e2e', command: () => run(process.execPath, ['scripts/run-e2e.mjs', '--no-build']) },
];

const results = [];
const total = Date.now();
for (const stage of stages) {
  console.log(`\n=== ${stage.name}`);
  const started = Date.now();
  const code = stage.command();
  const seconds = (Date.now() - started) / 1000;
  results.push({ name: stage.name, code, seconds });
  console.log(`=== ${stage.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`);
  if (code !== 0 && (stage.required || bail)) break;
}

console.log('\nstage            result   seconds');
for (const r of results) console.log(`${r.name.padEnd(16)} ${(r.code === 0 ? 'ok' : 'FAILED').padEnd(8)} ${r.seconds.toFixed(1).padStart(7)}`);
for (const s of stages.slice(results.length)) console.log(`${s.name.padEnd(16)} skipped`);
const failed = results.filter((r) => r.code !== 0).length + (stages.length - results.length);
console.log(`total ${((Date.now() - total) / 1000).toFixed(1)} s: ${failed === 0 ? 'all stages passed' : `${failed} stage(s) failed or skipped`}`);
process.exit(failed === 0 ? 0 : 1);

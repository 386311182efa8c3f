// `npm test`: build, typecheck, lint, then the tiers (unit, artefacts, integration, e2e), printing each stage's duration.
// Every stage runs even when an earlier one failed (except after a failed build), so one run reports everything.
// Usage: node scripts/test-all.mjs [--bail]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { npx, repoRoot, run } from './harness.mjs';

const bail = process.argv.includes('--bail');
const mochaBin = join(repoRoot, 'node_modules', '.bin', 'mocha');
const UNIT_TESTS = 'out/test/unit/**/*.test.js';
const ARTEFACT_TESTS = 'out/test/unit/**/*.artefact.test.js';
/** The VS Code versions of the pinned releases, for the stage names (read from the harness source, no compile needed). */
const pins = readFileSync(join(repoRoot, 'test', 'harness', 'harnessPaths.ts'), 'utf8');
const vscode = Object.fromEntries(
  ['oldest', 'newest'].map((t) => [t, new RegExp(`${t}: \\{[^}]*?vscode: '([^']+)'`, 's').exec(pins)?.[1] ?? t]),
);
/** The e2e specs (describe titles) also run on the oldest VS Code: installing the VSIX and the contributed view. */
const E2E_ON_OLDEST = '^(VSIX: installed|workbench: the Building Twins view)';
const stages = [
  { name: 'build', command: () => run(process.execPath, ['esbuild.mjs']), required: true },
  // One strict tsc pass over sources, panel apps, tests and benchmarks: the same check as `npm run typecheck`
  // (tsconfig.test.json only adds emitting into out/), at half the cost of checking twice. It emits even when
  // the check fails, so the tiers still run and report.
  { name: 'typecheck', command: () => npx('tsc', '-p', 'tsconfig.test.json') },
  // Type-aware ESLint (promises, type-only imports, no any, no default exports): see eslint.config.mjs.
  { name: 'lint', command: () => npx('eslint', '.') },
  // One code style, by Prettier (.prettierrc.json); `npm run format` rewrites what this stage reports.
  { name: 'format', command: () => npx('prettier', '--check', '--log-level', 'warn', '.') },
  { name: 'code-server', command: () => run(process.execPath, ['scripts/install-code-server.mjs']), required: true },
  // Unit tests run in plain Node on the compiled sources; the artefact tests (`*.artefact.test.ts`) check what the
  // build made (the bundles, the VSIX, the CLI and emulator as processes, code-server's proxy agent), so they come after
  // the build and the code-server install. Options are in .mocharc.json; the files are named here, so `npx mocha FILE`
  // runs that file alone.
  { name: 'unit', command: () => runCounting(mochaBin, [UNIT_TESTS, '--ignore', ARTEFACT_TESTS]) },
  // The unit tier again with the wall clock moved (faketime) onto a DST change night and a leap day, years from
  // today, and the artefact tests at the second: no test may depend on the day it runs (test/README.md, "Time in tests").
  { name: 'unit (clock moved)', command: () => runCounting('scripts/run-unit-moved-clock.mjs', []) },
  { name: 'artefacts', command: () => runCounting(mochaBin, [ARTEFACT_TESTS]) },
  // Integration and e2e on two VS Codes (test/README.md, "Two VS Codes"): the oldest engines.vscode allows and the
  // newest code-server pinned in test/harness/harnessPaths.ts. The e2e tier runs fully on the newest (what users run)
  // and, on the oldest, the specs that differ there: the VSIX install and the workbench view (see E2E_ON_OLDEST).
  {
    name: `integration (VS Code ${vscode.oldest})`,
    command: () => runCounting('scripts/run-integration.mjs', ['--no-build', '--vscode', 'oldest']),
  },
  {
    name: `integration (VS Code ${vscode.newest})`,
    command: () => runCounting('scripts/run-integration.mjs', ['--no-build', '--vscode', 'newest']),
  },
  {
    name: `e2e (VS Code ${vscode.newest})`,
    command: () => runCounting('scripts/run-e2e.mjs', ['--no-build', '--vscode', 'newest']),
  },
  {
    name: `e2e (VS Code ${vscode.oldest}, part)`,
    command: () => runCounting('scripts/run-e2e.mjs', ['--no-build', '--vscode', 'oldest', '--grep', E2E_ON_OLDEST]),
  },
  // Every benchmark's shortest run, so none can rot: it fails when one crashes or prints no ratio line first.
  { name: 'bench smoke', command: () => run(process.execPath, ['scripts/bench.mjs', '--smoke', '--no-build']) },
];

// Each tier's mocha summary ("N passing (…)", "N failing") is echoed live and added up for the closing line.
// The first lines of each failure report are repeated at the end, so a log's tail names what failed.
const counts = { passed: 0, failed: 0, pending: 0 };
const failureLines = [];
let failureBudget = 0;
function runCounting(script, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: repoRoot, stdio: ['inherit', 'pipe', 'inherit'] });
    let partial = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      lines.forEach(countLine);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      countLine(partial);
      resolve(code ?? 1);
    });
  });
}
function countLine(line) {
  if (failureBudget > 0 && line.trim() !== '') {
    failureLines.push(line);
    failureBudget--;
  }
  const m = /^\s*(\d+) (passing \(|failing$|pending$)/.exec(line);
  if (!m) return;
  if (m[2] === 'failing') failureBudget = 12 * Math.min(Number(m[1]), 5);
  const key = m[2].startsWith('passing') ? 'passed' : m[2] === 'failing' ? 'failed' : 'pending';
  counts[key] += Number(m[1]);
}

const results = [];
const total = Date.now();
for (const stage of stages) {
  console.log(`\n=== ${stage.name}`);
  const started = Date.now();
  const code = await stage.command();
  const seconds = (Date.now() - started) / 1000;
  results.push({ name: stage.name, code, seconds });
  console.log(`=== ${stage.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`);
  if (code !== 0 && (stage.required || bail)) break;
}

console.log(`\n${'stage'.padEnd(30)} result   seconds`);
for (const r of results)
  console.log(`${r.name.padEnd(30)} ${(r.code === 0 ? 'ok' : 'FAILED').padEnd(8)} ${r.seconds.toFixed(1).padStart(7)}`);
for (const s of stages.slice(results.length)) console.log(`${s.name.padEnd(30)} skipped`);
const failed = results.filter((r) => r.code !== 0).length + (stages.length - results.length);
console.log(
  `total ${((Date.now() - total) / 1000).toFixed(1)} s: ${failed === 0 ? 'all stages passed' : `${failed} stage(s) failed or skipped`}`,
);
if (failureLines.length > 0) console.log(`\nfailures (first lines of each):\n${failureLines.join('\n')}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.pending} skipped`);
process.exit(failed === 0 ? 0 : 1);

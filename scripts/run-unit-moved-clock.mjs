// The unit tier again, with the process's wall clock moved far from today by Debian's faketime (LD_PRELOAD; the
// machine's clock is untouched), once per moment below, both at once; at the second moment the artefact tests too
// (the CLI and emulator as processes: they need `npm run build` first). A test that mixes a pinned time with the wall
// clock, or counts on today's date, hour, month length or time zone offset, fails here on any day.
// Usage: node scripts/run-unit-moved-clock.mjs [mocha options, e.g. --grep TEXT]
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './harness.mjs';

const UNIT = ['out/test/unit/**/*.test.js', '--ignore', 'out/test/unit/**/*.artefact.test.js'];
const UNIT_AND_ARTEFACTS = ['out/test/unit/**/*.test.js'];
const MOMENTS = [
  // Europe's clocks go forward at 01:00 UTC that night: a local hour is missing, on the last day of a month.
  { at: '2030-03-31 00:30:00 UTC', tz: 'Europe/London', tests: UNIT },
  // 29 February at 23:00:20 in New York, already 1 March in UTC: a leap day whose local and UTC dates differ, in the
  // first minute of an hour (a value "from a minute ago" is then older than the hour's first sample).
  { at: '2028-03-01 04:00:20 UTC', tz: 'America/New_York', tests: UNIT_AND_ARTEFACTS },
];
const mocha = join(repoRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');

/**
 * faketime's environment: the moved wall clock for every process the tests start; timers keep the real monotonic
 * clock. A faketime this script runs under (a whole CI run moved to another day) is left out, or the two would add up.
 */
function envFor(moment) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('FAKETIME')));
  const preload = (env.LD_PRELOAD ?? '').split(/[ :]/).filter((lib) => lib && !lib.includes('faketime'));
  if (preload.length) env.LD_PRELOAD = preload.join(':');
  else delete env.LD_PRELOAD;
  return { ...env, TZ: moment.tz, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
}

/** Fails loudly when faketime is missing or does not move Node's clock (a stage that moved nothing would prove nothing). */
function checkMoved(moment) {
  const probe = spawnSync('faketime', [moment.at, process.execPath, '-e', 'process.stdout.write(String(Date.now()))'], {
    env: envFor(moment),
    encoding: 'utf8',
  });
  if (probe.error?.code === 'ENOENT')
    throw new Error('faketime is missing: install the Debian package faketime (apt-get install -y faketime)');
  const seen = Number(probe.stdout);
  const wanted = Date.parse(moment.at.replace(' UTC', 'Z').replace(' ', 'T'));
  // The probe itself takes a moment; a clock within a minute of the moment is the moved one.
  if (!(Math.abs(seen - wanted) < 60_000))
    throw new Error(`faketime did not move Node's clock to ${moment.at}: it read ${probe.stdout || probe.stderr}`);
}

/** Runs the unit tier at one moment; resolves with its exit code and everything it printed. */
function runAt(moment) {
  return new Promise((resolve, reject) => {
    const args = [moment.at, process.execPath, mocha, ...moment.tests, '--reporter', 'dot', ...process.argv.slice(2)];
    const child = spawn('faketime', args, {
      cwd: repoRoot,
      env: envFor(moment),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

MOMENTS.forEach(checkMoved);
const results = await Promise.all(MOMENTS.map(runAt));
results.forEach(({ code, output }, i) => {
  const { at, tz } = MOMENTS[i];
  const what = MOMENTS[i].tests === UNIT ? 'unit tier' : 'unit and artefact tests';
  console.log(`\n--- ${what} with the clock at ${at} (TZ=${tz}): ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
  process.stdout.write(output);
});
process.exit(results.every((r) => r.code === 0) ? 0 : 1);

// Shared by the scripts: run a command with inherited output, build, compile, and load the compiled harness.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repo root with inherited stdio; returns its exit code. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export const npx = (bin, ...args) => run(process.execPath, [join(repoRoot, 'node_modules', '.bin', bin), ...args]);

/** esbuild bundles into dist/ (throws when the build fails). */
export function build(...flags) {
  if (run(process.execPath, ['esbuild.mjs', ...flags]) !== 0) throw new Error('esbuild failed');
}

/** tsc emits into out/ even when some files have type errors; returns tsc's exit code. */
export const compileTests = () => npx('tsc', '-p', 'tsconfig.test.json');

/** Imports a compiled harness module from out/test/harness (compiling first when it is missing). */
export async function loadHarness(name) {
  const file = join(repoRoot, 'out', 'test', 'harness', `${name}.js`);
  if (!existsSync(file)) compileTests();
  if (!existsSync(file)) throw new Error(`${file} missing after compiling: check test/harness/${name}.ts`);
  return import(pathToFileURL(file).href);
}

/** The value after a command-line flag, e.g. flag('--grep'); undefined when the flag is absent. */
export function flag(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * `--vscode oldest|newest` picks the code-server release a tier runs on (test/harness/harnessPaths.ts); it is handed
 * to the compiled harness as BUILDING_TWINS_VSCODE. Without the flag the variable (or its default, oldest) applies.
 */
export function selectVscode() {
  const target = flag('--vscode');
  if (target === undefined) return process.env.BUILDING_TWINS_VSCODE ?? 'oldest';
  if (target !== 'oldest' && target !== 'newest') throw new Error(`--vscode must be oldest or newest, not ${target}`);
  process.env.BUILDING_TWINS_VSCODE = target;
  return target;
}

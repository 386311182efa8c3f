// Starts the bundled local emulator (dist/emulator.js) on a free port for a test run, `npm start` or a benchmark.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './harnessPaths';
import { spawnGroup } from './processGroup';

export const emulatorBundle = join(repoRoot, 'dist', 'emulator.js');

export interface EmulatorProcess {
  /** http://127.0.0.1:PORT/api/v3 */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmulatorProcessOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Extra command-line flags, e.g. ['--scale', '2'] or ['--models', dir]. */
  args?: string[];
  /** Where request log lines (stderr) go; dropped by default. */
  onLog?: (line: string) => void;
  /** Persist data in this folder (`--data`); by default the emulator keeps it in memory. */
  dataDir?: string;
  startTimeoutMs?: number;
}

/** Starts dist/emulator.js and resolves once it prints its URL; throws when the bundle is missing or it exits. */
export async function startEmulatorProcess(options: EmulatorProcessOptions = {}): Promise<EmulatorProcess> {
  if (!existsSync(emulatorBundle)) {
    throw new Error(`${emulatorBundle} does not exist: build it with \`npm run build\` (needs src/emulator/main.ts)`);
  }
  const args = [emulatorBundle, '--host', '127.0.0.1', '--port', String(options.port ?? 0)];
  if (options.dataDir) args.push('--data', options.dataDir);
  args.push(...(options.args ?? []));
  const proc = spawnGroup(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const cleanUp = () => proc.stop();
  proc.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    output.push(chunk);
    for (const line of chunk.split('\n')) if (line) options.onLog?.(line);
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the emulator did not report its URL within ${options.startTimeoutMs ?? 30000} ms`)),
        options.startTimeoutMs ?? 30000,
      );
      let stdout = '';
      proc.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const match = /listening on (http:\/\/\S+\/api\/v3)/.exec(stdout);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      proc.child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the emulator exited with code ${code} before listening:\n${stdout}${output.join('')}`));
      });
    });
    return { url, port: Number(new URL(url).port), stop: cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * How a workbench reaches the emulator (seams §6): the user setting buildingTwins.emulator.port and
 * BUILDING_TWINS_EMULATOR_URL in the extension host's environment. Both stay empty without an emulator.
 */
export function wireToEmulator(emulator: EmulatorProcess | undefined): {
  settings: Record<string, unknown>;
  env: Record<string, string>;
} {
  if (!emulator) return { settings: {}, env: {} };
  return {
    settings: { 'buildingTwins.emulator.port': emulator.port },
    env: { BUILDING_TWINS_EMULATOR_URL: emulator.url },
  };
}

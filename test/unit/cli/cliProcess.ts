// Runs the built CLI (dist/cli.js) as a child process. Asynchronous on purpose: the emulator it
// talks to runs in the test's own process and must keep serving meanwhile.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';

export const CLI = path.resolve(__dirname, '../../../../dist/cli.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first`);
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...options.env };
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

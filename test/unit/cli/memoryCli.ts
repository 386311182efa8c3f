// The CLI run in-process with an in-memory io, for tests: what it prints is collected, and the parts a test
// needs (files, folders, the version) are given as overrides.
import type { CliIo } from '../../../src/cli/cliIo';
import { runCli } from '../../../src/cli/runCli';

export interface CliRun {
  code: number;
  /** Standard output, bytes decoded as UTF-8. */
  out: string;
  err: string;
}

/** Runs `building-twins argv` with no stdin, no environment and no files unless `io` gives them. */
export async function runCliInMemory(argv: string[], io: Partial<CliIo> = {}): Promise<CliRun> {
  const run: CliRun = { code: -1, out: '', err: '' };
  run.code = await runCli(argv, {
    stdout: (chunk) => {
      run.out += typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk);
    },
    stderr: (text) => {
      run.err += text;
    },
    readStdin: async () => new Uint8Array(),
    stdinIsTty: true,
    env: {},
    readFile: async (path) => {
      throw new Error(`ENOENT: ${path}`);
    },
    writeFile: async (path) => {
      throw new Error(`EROFS: ${path}`);
    },
    signal: new AbortController().signal,
    ...io,
  });
  return run;
}

// building-twins: the command-line front end of the v3 client.

import { readFile, writeFile } from 'node:fs/promises';
import { jsonFilesUnder } from './jsonFiles';
import { makeOutputFolder, writeInOutputFolder } from './outputFolder';
import { runCli } from './runCli';

/** The package's version, written in by the build (esbuild.mjs, scripts/cliBundles.mjs); absent when run unbundled. */
declare const BUILDING_TWINS_VERSION: string | undefined;

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const controller = new AbortController();
process.once('SIGINT', () => controller.abort(new Error('interrupted')));

void runCli(process.argv.slice(2), {
  stdout: (chunk) => process.stdout.write(chunk),
  stderr: (text) => process.stderr.write(text),
  readStdin,
  stdinIsTty: process.stdin.isTTY === true,
  stdoutIsTty: process.stdout.isTTY === true,
  env: process.env,
  readFile: (path) => readFile(path),
  writeFile: (path, content) => writeFile(path, content),
  makeDirectory: makeOutputFolder,
  writeInFolder: writeInOutputFolder,
  jsonFilesUnder,
  signal: controller.signal,
  version: typeof BUILDING_TWINS_VERSION === 'string' ? BUILDING_TWINS_VERSION : undefined,
}).then((code) => {
  // Exit once the output is flushed rather than waiting for idle keep-alive sockets to close.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
});

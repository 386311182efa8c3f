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

/** Reads one line from the terminal without echoing it (raw mode: the typed characters are never shown). */
function promptSecret(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (): void => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return void (finish(), resolve(typed));
        if (ch === '\u0003' || ch === '\u0004') return void (finish(), reject(new Error('interrupted')));
        typed = ch === '\u007f' || ch === '\b' ? typed.slice(0, -1) : typed + ch;
      }
    };
    stdin.on('data', onData);
  });
}

const controller = new AbortController();
process.once('SIGINT', () => controller.abort(new Error('interrupted')));

void runCli(process.argv.slice(2), {
  stdout: (chunk) => process.stdout.write(chunk),
  stderr: (text) => process.stderr.write(text),
  readStdin,
  stdinIsTty: process.stdin.isTTY === true,
  ...(process.stdin.isTTY ? { promptSecret } : {}),
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

import { parseEmulatorArgs, USAGE } from './cliOptions';
import { startEmulator } from './emulator';

async function main(): Promise<void> {
  let options;
  try {
    options = parseEmulatorArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`emulator: ${(err as Error).message}\nRun with --help for usage.\n`);
    process.exit(2);
  }
  if (!options) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const started = performance.now();
  const emulator = await startEmulator(options);
  if (emulator.warnings.length) {
    process.stderr.write(
      `${emulator.warnings.length} model warning(s); first: ${emulator.warnings.slice(0, 5).join(' | ')}\n`,
    );
  }
  process.stderr.write(
    `ready in ${Math.round(performance.now() - started)} ms, ${Math.round(process.memoryUsage().rss / 1048576)} MiB resident\n`,
  );
  process.stderr.write(
    `admin routes (/_emulator/*) take "Authorization: Bearer ${emulator.adminToken}" or an API access token of a client with every permission\n`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${signal}: finishing in-flight requests and closing\n`);
    emulator.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`emulator: error while closing: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.stdout.write(`Building Twin emulator listening on ${emulator.url}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`emulator: ${(err as Error).message}\n`);
  process.exit(1);
});

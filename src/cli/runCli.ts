// The CLI without the process: parses arguments, runs one command, prints, returns the exit code.

import { parseArgs } from 'node:util';
import { errorText, isReadOnlyRefusal } from '../core/api/apiError';
import { BuildingTwinsClient } from '../core/api/client';
import { deniedAction, isPermissionDenied, PERMISSION_DENIED_HINT } from '../core/api/permissionDenied';
import { redact } from '../core/api/redact';
import type { BuildingTwinsApi } from '../core/api/types';
import { stripControl } from '../core/untrusted/controlCharacters';
import {
  PartialFailure,
  PRINTED,
  UsageError,
  type CliCommand,
  type CliContext,
  type CommandInput,
} from '../core/commands/cliCommand';
import { COMMANDS as TABLE_COMMANDS } from '../core/commands/cliCommandTable';
import { clientSecretToAsk, resolveConnection } from './connection';
import { commandHelp, generalHelp, GLOBAL_OPTIONS, groupHelp, PROGRAM } from './help';
import { formatJson, formatTable } from './output';
import { importCommand } from './importCommand';
import { emulatorCommands } from './emulatorCommands';
import { modelsCheckCommand } from './modelsCheckCommand';
import { patchCommand } from './patchCommand';
import { runRequestsCommand } from './runRequestsCommand';
import { EXIT_OK, EXIT_FAILURE, EXIT_USAGE, EXIT_NO_PERMISSION, EXIT_READ_ONLY, type CliIo } from './cliIo';

/** The command table, and what only the command line does. */
const COMMANDS: readonly CliCommand[] = [
  ...TABLE_COMMANDS,
  modelsCheckCommand,
  runRequestsCommand,
  patchCommand,
  importCommand,
  ...emulatorCommands,
];

function findCommand(argv: string[]): { command?: CliCommand; consumed: number } {
  const leading: string[] = [];
  for (const token of argv) {
    if (token.startsWith('-')) break;
    leading.push(token);
  }
  let best: { command?: CliCommand; consumed: number } = { consumed: 0 };
  for (const command of COMMANDS) {
    const n = command.words.length;
    if (n > best.consumed && n <= leading.length && command.words.every((w, i) => w === leading[i]))
      best = { command, consumed: n };
  }
  return best;
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const secrets: string[] = [];
  // Messages may quote service text: no terminal control, no secrets.
  const clean = (text: string): string => redact(stripControl(text, { keepLayout: true }), secrets);
  // Loaded only for `mcp`: the MCP SDK and its schemas would add tens of milliseconds to every other command's start.
  if (argv[0] === 'mcp') return (await import('./mcpCommand')).runMcpCommand(argv.slice(1), io);
  const { command, consumed } = findCommand(argv);
  if (!command) {
    const group = argv[0] && !argv[0].startsWith('-') ? argv[0] : undefined;
    const wantsHelp = argv.length === 0 || argv.includes('--help') || argv.includes('-h');
    if (!group && !wantsHelp && (argv.includes('--version') || argv.includes('-v'))) {
      io.stdout(`${io.version ?? 'unknown'}\n`);
      return EXIT_OK;
    }
    if (group && COMMANDS.some((c) => c.words[0] === group)) {
      io.stdout(groupHelp(group, COMMANDS));
      return wantsHelp ? EXIT_OK : EXIT_USAGE;
    }
    if (group) io.stderr(`error: unknown command "${clean(group)}"\n`);
    io.stdout(generalHelp(COMMANDS));
    return wantsHelp && !group ? EXIT_OK : EXIT_USAGE;
  }
  try {
    const input = parseInput(command, argv.slice(consumed));
    if (input.options.help) {
      io.stdout(commandHelp(command));
      return EXIT_OK;
    }
    const ctx = await createContext(command, input, io, secrets);
    const outcome = await command.run(ctx, input);
    const result = outcome instanceof PartialFailure ? outcome.result : outcome;
    if (result === PRINTED) {
      // The command wrote its output as it went.
    } else if (result instanceof Uint8Array) {
      if (io.stdoutIsTty)
        throw new UsageError(
          'the output is binary: write it to a file (--out <file> where offered) or redirect stdout',
        );
      io.stdout(result);
    } else {
      io.stdout(input.options.table ? formatTable(result, command.columns) : formatJson(result));
    }
    if (!(outcome instanceof PartialFailure)) return EXIT_OK;
    io.stderr(`error: ${clean(outcome.message)}\n`);
    return EXIT_FAILURE;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`error: ${clean(error.message)}\nRun "${PROGRAM} ${command.words.join(' ')} --help" for usage.\n`);
      return EXIT_USAGE;
    }
    io.stderr(`error: ${clean(errorText(error))}\n`);
    if (isReadOnlyRefusal(error)) return EXIT_READ_ONLY;
    if (isPermissionDenied(error)) {
      io.stderr(`no permission to ${deniedAction(error)}: ${PERMISSION_DENIED_HINT}\n`);
      return EXIT_NO_PERMISSION;
    }
    return EXIT_FAILURE;
  }
}

function parseInput(command: CliCommand, argv: string[]): CommandInput {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...GLOBAL_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const input: CommandInput = { args: parsed.positionals, options: parsed.values as CommandInput['options'] };
  if (input.options.help) return input;
  const [min, max] = command.arity ?? [0, 0];
  if (input.args.length < min || input.args.length > max) {
    const expected = command.args ? `expected ${command.args}` : 'expected no arguments';
    throw new UsageError(`${expected}, got ${input.args.length ? input.args.map((a) => `"${a}"`).join(' ') : 'none'}`);
  }
  return input;
}

/** Text of a file or stdin: UTF-8, a leading byte order mark dropped (as import does). */
const UTF8 = new TextDecoder('utf-8');

async function createContext(
  command: CliCommand,
  input: CommandInput,
  io: CliIo,
  secrets: string[],
): Promise<CliContext> {
  let stdinHolds: string | undefined;
  const stdinText = async (what: string): Promise<string> => {
    if (stdinHolds) throw new UsageError(`stdin already holds ${stdinHolds}: give ${what} with --file`);
    if (io.stdinIsTty) throw new UsageError(`give ${what} with --file <path> or pipe it on stdin`);
    stdinHolds = what;
    return UTF8.decode(await io.readStdin());
  };
  let clientSecret: string | undefined;
  if (input.options['client-secret-stdin'] && !command.offline) {
    clientSecret = (await stdinText('the client secret')).split(/\r?\n/)[0]?.trim();
    if (!clientSecret) throw new UsageError('--client-secret-stdin: the first line of stdin is empty');
    secrets.push(clientSecret);
  }
  const flags = {
    url: input.options.url as string | undefined,
    clientId: input.options['client-id'] as string | undefined,
    readOnly: input.options['read-only'] === true,
  };
  // Typed at the terminal, the secret is in neither the environment nor the shell's history.
  const askFor = clientSecret || command.offline || !io.promptSecret ? undefined : clientSecretToAsk(flags, io.env);
  if (askFor) {
    clientSecret = (await io.promptSecret!(`Client secret for ${askFor}: `)).trim() || undefined;
    if (clientSecret) secrets.push(clientSecret);
  }
  const timeoutText = input.options.timeout;
  const timeoutMs = typeof timeoutText === 'string' ? Number(timeoutText) : undefined;
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0))
    throw new UsageError(`--timeout must be a positive number of milliseconds, got "${String(timeoutText)}"`);
  // A command on local files alone never connects: no service settings are read, so none can be missing or wrong.
  const connection = command.offline ? undefined : resolveConnection({ ...flags, clientSecret }, io.env);
  if (connection) secrets.push(connection.clientSecret);
  let client: BuildingTwinsApi | undefined;
  return {
    signal: io.signal,
    client: () => {
      if (!connection) throw new Error(`"${command.words.join(' ')}" works on local files and has no connection`);
      return (client ??= new BuildingTwinsClient({
        ...connection,
        connectionName: connection.baseUrl,
        ...(timeoutMs ? { timeoutMs } : {}),
      }));
    },
    readFile: (path) => io.readFile(path),
    writeFile: (path, content) => io.writeFile(path, content),
    printLine: (line) => io.stdout(`${line}\n`),
    makeDirectory: async (path, fileNames) => {
      if (!io.makeDirectory) throw new UsageError('this command line cannot create folders');
      await io.makeDirectory(path, fileNames);
    },
    writeInFolder: async (folder, name, content) => {
      if (!io.writeInFolder) throw new UsageError('this command line cannot write into folders');
      return io.writeInFolder(folder, name, content);
    },
    ...(io.jsonFilesUnder ? { jsonFilesUnder: io.jsonFilesUnder } : {}),
    ...(connection ? { connectionVariables: { baseUrl: connection.baseUrl, clientId: connection.clientId } } : {}),
    readJson: async (path) => {
      const source = path ?? (input.options.file as string | undefined);
      const what = command.body ?? 'the request body';
      let text: string;
      if (source === undefined || source === '-') {
        text = await stdinText(what);
      } else {
        try {
          text = UTF8.decode(await io.readFile(source));
        } catch (error) {
          throw new UsageError(`cannot read ${source}: ${(error as Error).message}`);
        }
      }
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        throw new UsageError(
          `${source && source !== '-' ? source : 'stdin'} is not valid JSON: ${(error as Error).message}`,
        );
      }
    },
  };
}

import type { CliCommand, OptionSpec } from '../core/commands/cliCommand';
import { ENV_CLIENT_ID, ENV_CLIENT_SECRET, ENV_READ_ONLY, ENV_URL } from './connection';

export const PROGRAM = 'building-twins';
/** `mcp` is not in the command table (it serves a protocol on stdio, see mcpCommand.ts), so its line is written here. */
export const MCP_SUMMARY =
  'Serve the agent tools (models, twins, graph, time series, insights, events, tickets) to an MCP client over stdio; read-only unless --allow-writes';

export const GLOBAL_OPTIONS: Record<string, OptionSpec & { short?: string }> = {
  url: {
    type: 'string',
    value: '<url|instance>',
    description: `service URL or instance name (or ${ENV_URL}; default: the local emulator)`,
  },
  'client-id': { type: 'string', value: '<id>', description: `client id (or ${ENV_CLIENT_ID})` },
  'client-secret-stdin': {
    type: 'boolean',
    description: `read the client secret from the first line of stdin (or set ${ENV_CLIENT_SECRET})`,
  },
  'read-only': {
    type: 'boolean',
    description: `refuse every write before anything is sent, exit code 4 (or ${ENV_READ_ONLY}=1)`,
  },
  file: { type: 'string', value: '<file>', description: 'request body for commands that send one (default: stdin)' },
  table: { type: 'boolean', description: 'print a table for people instead of JSON' },
  timeout: { type: 'string', value: '<ms>', description: 'deadline per call, retries included (default 30000)' },
  help: { type: 'boolean', short: 'h', description: 'show help' },
};

/** `building-twins --version` (or `-v`), before any command: prints the version and exits. */
const VERSION_OPTION: Record<string, OptionSpec & { short?: string }> = {
  version: { type: 'boolean', short: 'v', description: 'print the version of building-twins (-v for short)' },
};

function optionLines(options: Record<string, OptionSpec>): string[] {
  const entries = Object.entries(options).map(
    ([name, spec]) => [`--${name}${spec.value ? ` ${spec.value}` : ''}`, spec.description] as const,
  );
  const width = Math.max(...entries.map(([left]) => left.length));
  return entries.map(([left, text]) => `  ${left.padEnd(width)}  ${text}`);
}

function commandLine(command: CliCommand): string {
  return [PROGRAM, ...command.words, command.args ?? ''].join(' ').trim();
}

export function generalHelp(commands: readonly CliCommand[], withMcp = true): string {
  const width = Math.max(...commands.map((c) => c.words.join(' ').length));
  return [
    `Usage: ${PROGRAM} <command> [arguments] [options]`,
    '',
    'Talks to a Building Twin Data Service v3 (or the local emulator). Prints JSON; --table for people.',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.words.join(' ').padEnd(width)}  ${c.summary}`),
    ...(withMcp ? [`  ${'mcp'.padEnd(width)}  ${MCP_SUMMARY}`] : []),
    '',
    'Options for every command:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    'Other options:',
    ...optionLines(VERSION_OPTION),
    '',
    `Run "${PROGRAM} <command> --help" for the options of one command.`,
    '',
  ].join('\n');
}

export function groupHelp(group: string, commands: readonly CliCommand[]): string {
  return generalHelp(
    commands.filter((c) => c.words[0] === group),
    false,
  );
}

export function commandHelp(command: CliCommand): string {
  return [
    `Usage: ${commandLine(command)} [options]`,
    '',
    command.summary,
    ...(command.body ? ['', `Body: ${command.body} (JSON, from --file or stdin).`] : []),
    ...(command.options && Object.keys(command.options).length
      ? ['', 'Options:', ...optionLines(command.options)]
      : []),
    '',
    'Options for every command:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
  ].join('\n');
}

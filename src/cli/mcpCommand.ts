// `building-twins mcp [options]`: serves the agent tools over MCP on stdio until stdin closes. Not in the
// command table: it owns stdin and stdout (the protocol) instead of printing one result.

import { parseArgs } from 'node:util';
import { BuildingTwinsClient } from '../core/api/client';
import { createToolContext } from '../core/agentTools/toolContext';
import { resolveConnection } from './connection';
import { GLOBAL_OPTIONS, MCP_SUMMARY, PROGRAM } from './help';
import { serveMcpOnStdio } from './mcpServer';
import { createRehearsal } from './mcpRehearsal';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './cliIo';

const OPTIONS = {
  url: GLOBAL_OPTIONS.url!,
  'client-id': GLOBAL_OPTIONS['client-id']!,
  timeout: GLOBAL_OPTIONS.timeout!,
  'allow-writes': {
    type: 'boolean' as const,
    description:
      'offer the write tools (each still confirmed by the MCP client); without it every write is refused before sending',
  },
  help: GLOBAL_OPTIONS.help!,
};

export const MCP_HELP = [
  `Usage: ${PROGRAM} mcp [--url <url|instance>] [--client-id <id>] [--allow-writes] [--timeout <ms>]`,
  '',
  MCP_SUMMARY,
  '',
  'stdin and stdout carry the protocol; the client secret comes from BUILDING_TWINS_CLIENT_SECRET',
  '(not --client-secret-stdin). Messages go to stderr. Stops when stdin closes.',
  '',
  'Options:',
  ...Object.entries(OPTIONS).map(
    ([name, spec]) =>
      `  --${name}${'value' in spec && spec.value ? ` ${spec.value}` : ''}`.padEnd(26) + spec.description,
  ),
  '',
].join('\n');

export async function runMcpCommand(argv: string[], io: CliIo): Promise<number> {
  const usage = (message: string): number => {
    io.stderr(`error: ${message}\nRun "${PROGRAM} mcp --help" for usage.\n`);
    return EXIT_USAGE;
  };
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false, strict: true }).values as typeof values;
  } catch (error) {
    if (argv.includes('--client-secret-stdin'))
      return usage(
        '--client-secret-stdin cannot be used with mcp: stdin carries the protocol; set BUILDING_TWINS_CLIENT_SECRET',
      );
    return usage((error as Error).message);
  }
  if (values.help) {
    io.stdout(MCP_HELP);
    return EXIT_OK;
  }
  const timeoutMs = typeof values.timeout === 'string' ? Number(values.timeout) : undefined;
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0))
    return usage(`--timeout must be a positive number of milliseconds, got "${String(values.timeout)}"`);
  let connection: ReturnType<typeof resolveConnection>;
  try {
    connection = resolveConnection(
      { url: values.url as string | undefined, clientId: values['client-id'] as string | undefined },
      io.env,
    );
  } catch (error) {
    return usage((error as Error).message);
  }
  const allowWrites = values['allow-writes'] === true;
  if (allowWrites && connection.readOnly)
    return usage('--allow-writes conflicts with BUILDING_TWINS_READ_ONLY, which makes the connection read-only');
  const options = {
    ...connection,
    readOnly: !allowWrites,
    connectionName: connection.baseUrl,
    signal: io.signal,
    ...(timeoutMs ? { timeoutMs } : {}),
  };
  const client = new BuildingTwinsClient(options);
  // The token is asked for while the MCP client starts and lists the tools, not by the first tool call. A failure
  // is left to that call, which asks again and reports it.
  client.ensureToken({ signal: io.signal }).catch(() => undefined);
  await serveMcpOnStdio(
    createToolContext(client, connection.baseUrl),
    allowWrites,
    io.signal,
    (text) => io.stderr(text),
    // The first calls are rehearsed while the client initializes, over a stand-in of the service (mcpRehearsal.ts).
    createRehearsal(options),
  );
  return EXIT_OK;
}

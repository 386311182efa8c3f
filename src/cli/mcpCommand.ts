// `building-twins mcp [options]`: serves the agent tools over MCP on stdio until stdin closes. Not in the
// command table: it owns stdin and stdout (the protocol) instead of printing one result.

import { parseArgs } from 'node:util';
import { BuildingTwinsClient } from '../core/api/client';
import { createToolContext } from '../core/agentTools/toolContext';
import { resolveConnection } from './connection';
import { GLOBAL_OPTIONS, MCP_SUMMARY, PROGRAM } from './help';
import { serveMcpOnStdio } from './mcpServer';
import { chosenTools } from './mcpToolChoice';
import { ALLOW_UNCONFIRMED_WRITES_FLAG, ALLOW_WRITES_FLAG, type McpWriteMode } from './mcpWriteMode';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './cliIo';

const OPTIONS = {
  url: GLOBAL_OPTIONS.url!,
  'client-id': GLOBAL_OPTIONS['client-id']!,
  timeout: GLOBAL_OPTIONS.timeout!,
  'allow-writes': {
    type: 'boolean' as const,
    description:
      'offer the write tools; before each write the client shows the user the exact request and asks (MCP elicitation), and a declined write sends nothing. A client that cannot ask is offered no write tools',
  },
  'allow-unconfirmed-writes': {
    type: 'boolean' as const,
    description:
      'offer the write tools and send each write as soon as it is called, without asking the user, even when the client could ask. Only for clients you trust to confirm writes themselves',
  },
  tools: {
    type: 'string' as const,
    value: '<list>',
    description:
      'offer only these tools: names and the groups read and write, comma-separated (e.g. get_twin,find_twins or read)',
  },
  'disable-tools': {
    type: 'string' as const,
    value: '<list>',
    description: 'offer every tool but these: names and the groups read and write, comma-separated',
  },
  help: GLOBAL_OPTIONS.help!,
};

const MCP_HELP = [
  `Usage: ${PROGRAM} mcp [--url <url|instance>] [--client-id <id>] [--allow-writes | --allow-unconfirmed-writes]`,
  '                      [--tools <list>] [--disable-tools <list>] [--timeout <ms>]',
  '',
  MCP_SUMMARY,
  '',
  'stdin and stdout carry the protocol; the client secret comes from BUILDING_TWINS_CLIENT_SECRET',
  '(not --client-secret-stdin). Messages go to stderr. Stops when stdin closes, once every request read is answered.',
  '',
  'Writes: without a flag the server is read-only and lists no write tool. With --allow-writes each write is shown',
  'to the user with its method, URL and body, through the client (MCP elicitation), and sent only when accepted;',
  'a client that cannot ask is offered no write tool. --allow-unconfirmed-writes sends writes without asking anyone.',
  '',
  'Options:',
  ...Object.entries(OPTIONS).map(
    ([name, spec]) =>
      `  --${name}${'value' in spec && spec.value ? ` ${spec.value}` : ''}`.padEnd(34) + spec.description,
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
  const mode: McpWriteMode =
    values['allow-unconfirmed-writes'] === true
      ? 'unconfirmed'
      : values['allow-writes'] === true
        ? 'confirmed'
        : 'read-only';
  if (mode !== 'read-only' && connection.readOnly)
    return usage(
      `${mode === 'unconfirmed' ? ALLOW_UNCONFIRMED_WRITES_FLAG : ALLOW_WRITES_FLAG} conflicts with BUILDING_TWINS_READ_ONLY, which makes the connection read-only`,
    );
  let tools: ReturnType<typeof chosenTools>;
  try {
    tools = chosenTools(
      { tools: values.tools as string | undefined, disableTools: values['disable-tools'] as string | undefined },
      mode,
    );
  } catch (error) {
    return usage((error as Error).message);
  }
  const client = new BuildingTwinsClient({
    ...connection,
    readOnly: mode === 'read-only',
    connectionName: connection.baseUrl,
    signal: io.signal,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  // The token is asked for while the MCP client starts and lists the tools, not by the first tool call. A failure
  // is left to that call, which asks again and reports it.
  client.ensureToken({ signal: io.signal }).catch(() => undefined);
  await serveMcpOnStdio(
    createToolContext(client, connection.baseUrl),
    { mode, tools, baseUrl: connection.baseUrl },
    io.signal,
    (text) => io.stderr(text),
  );
  return EXIT_OK;
}

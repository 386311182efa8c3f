// `building-twins mcp`: the agent tools (src/core/agentTools) served over MCP on stdin/stdout with the
// official SDK's Server and its own stdio transport (mcpStdioTransport.ts: keeps serving through bad input). One
// connection, from the CLI's flags and environment; read-only unless started with --allow-writes (each write then
// confirmed by the user through the client, mcpWriteConfirmation.ts) or --allow-unconfirmed-writes.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  ErrorCode,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type JSONRPCRequest,
  type LoggingLevel,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { version } from '../../package.json';
import type { AgentTool, AgentToolContext, WriteTool } from '../core/agentTools/agentTool';
import { AGENT_TOOLS } from '../core/agentTools/agentToolTable';
import {
  failure,
  invokeAgentTool,
  prepareWrite,
  sendPendingWrite,
  type ToolOutcome,
} from '../core/agentTools/toolInvocation';
import { stripControl } from '../core/untrusted/controlCharacters';
import { checkedToolCall } from './mcpCallParams';
import { reportProgress } from './mcpProgress';
import { McpStdioTransport } from './mcpStdioTransport';
import { mcpToolListing, structuredUnder } from './mcpToolListing';
import { askToSend, notSent } from './mcpWriteConfirmation';
import {
  ALLOW_UNCONFIRMED_WRITES_FLAG,
  ALLOW_WRITES_FLAG,
  ELICITATION_SINCE,
  mcpInstructions,
  type McpWriteMode,
} from './mcpWriteMode';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface McpServerOptions {
  /** How writes go out: not at all, each confirmed by the user (elicitation), or as soon as called. */
  mode: McpWriteMode;
  /** The tools chosen (mcpToolChoice.ts); by default every tool the mode allows. */
  tools?: readonly AgentTool[];
  /** The service's base URL, shown in each write's confirmation; by default the connection's name. */
  baseUrl?: string;
  /** The protocol version the client and server agreed on (from the transport); undefined before initialize. */
  protocolVersion?: () => string | undefined;
  /** Told of the transport's and the SDK's errors. */
  onError?: (error: Error) => void;
}

/** The MCP server over a tool context; `connect` it to a transport. */
export function createMcpServer(ctx: AgentToolContext, options: McpServerOptions): Server {
  const { mode } = options;
  const chosen = options.tools ?? AGENT_TOOLS.filter((tool) => mode !== 'read-only' || tool.access === 'read');
  const baseUrl = options.baseUrl ?? ctx.connection;
  const protocolVersion = (): string | undefined => options.protocolVersion?.();
  const server = new Server(
    { name: 'building-twins', title: 'Building Twins', version },
    { capabilities: { tools: {}, prompts: {}, resources: {}, logging: {} }, instructions: mcpInstructions(mode) },
  );
  let initialized = false;
  server.oninitialized = () => (initialized = true);
  const log = (level: LoggingLevel, text: string): void => {
    if (initialized) server.sendLoggingMessage({ level, logger: 'building-twins', data: text }).catch(() => undefined);
  };

  /** The protocol must have elicitation, and the client must say it can show a form. */
  const clientCanConfirm = (): boolean =>
    (protocolVersion() ?? ELICITATION_SINCE) >= ELICITATION_SINCE &&
    Boolean(server.getClientCapabilities()?.elicitation?.form);
  const canRun = (tool: AgentTool): boolean =>
    tool.access === 'read' || mode === 'unconfirmed' || (mode === 'confirmed' && clientCanConfirm());
  const offered = (): AgentTool[] => chosen.filter(canRun);
  const whyNot = (tool: AgentTool): string => {
    if (tool.access === 'write' && mode === 'read-only')
      return `this server is read-only (started without ${ALLOW_WRITES_FLAG})`;
    if (!chosen.includes(tool)) return 'it was left out by --tools or --disable-tools';
    return `this client cannot ask its user to confirm a write (it declares no elicitation), and the server was not started with ${ALLOW_UNCONFIRMED_WRITES_FLAG}`;
  };

  /** A write under --allow-writes: planned (checked, nothing sent), shown to the user, sent only when accepted. */
  const confirmedWrite = async (
    tool: WriteTool,
    input: Record<string, unknown>,
    extra: Extra,
    waitingFor: (status: string) => void,
  ): Promise<ToolOutcome> => {
    let plan;
    try {
      plan = await prepareWrite(tool, input, { ...ctx, signal: extra.signal });
    } catch (error) {
      return failure(error);
    }
    waitingFor('waiting for the user to confirm the write');
    let answer;
    try {
      answer = await askToSend(server, plan, baseUrl, extra.signal);
    } catch (error) {
      return failure(
        new Error(`could not ask the user to confirm ${tool.name} (${(error as Error).message}); nothing was sent`),
      );
    }
    if (answer !== 'accept') {
      log('info', `${tool.name}: the user answered "${answer}"; nothing was sent`);
      return notSent(plan, answer);
    }
    waitingFor('sending the write');
    const outcome = await sendPendingWrite(plan, extra.signal);
    if (!outcome.isError) log('notice', `${tool.name} sent ${plan.method} ${plan.path}, confirmed by the user`);
    return outcome;
  };

  const callTool = async (request: JSONRPCRequest, extra: Extra): Promise<CallToolResult> => {
    const call = checkedToolCall(request.params, offered(), whyNot);
    const version = protocolVersion();
    let status = 'waiting for the service';
    const stop = reportProgress(extra, version, () => status);
    try {
      const outcome =
        call.tool.access === 'write' && mode === 'confirmed'
          ? await confirmedWrite(call.tool, call.arguments, extra, (now) => (status = now))
          : await invokeAgentTool(call.tool, call.arguments, { ...ctx, signal: extra.signal });
      if (extra.signal.aborted) log('info', `${call.tool.name} was cancelled`);
      else if (outcome.isError) log('warning', `${call.tool.name} failed: ${String(outcome.data.error)}`);
      else if (call.tool.access === 'write' && mode === 'unconfirmed')
        log('notice', `${call.tool.name} sent without confirmation (${ALLOW_UNCONFIRMED_WRITES_FLAG})`);
      // Clients of 2025-06-18 and later read structuredContent (validated against outputSchema); the spec asks for the
      // same JSON as text too, for clients that read only text. Earlier clients know only the text (mcpToolListing.ts).
      return {
        content: [{ type: 'text' as const, text: outcome.text }],
        ...(outcome.isError ? { isError: true } : structuredUnder(version) ? { structuredContent: outcome.data } : {}),
      };
    } finally {
      stop();
    }
  };

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: offered().map((tool) => mcpToolListing(tool, mode, protocolVersion())),
  }));
  // Nothing to offer as prompts or resources: empty lists rather than "method not found" for clients that ask.
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [] }));
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  // tools/call is answered here rather than through setRequestHandler: the SDK checks a handler's request against its
  // schema first and answers a malformed one with -32603 and the validator's dump; checkedToolCall answers -32602
  // with a readable message.
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method === 'tools/call') return callTool(request, extra);
    throw new McpError(ErrorCode.MethodNotFound, 'Method not found');
  };
  // What the transport refused (bad lines, batches) goes to the client's log too.
  server.onerror = (error) => {
    options.onError?.(error);
    log('warning', stripControl(error.message));
  };
  return server;
}

const MODE_LINE: Record<McpWriteMode, string> = {
  'read-only': 'read-only',
  confirmed: 'writes allowed: each is shown to the user and sent only once confirmed',
  unconfirmed: `writes allowed without confirmation (${ALLOW_UNCONFIRMED_WRITES_FLAG}): each is sent when called`,
};

/** Serves on this process's stdin/stdout until stdin closes; diagnostics (transport errors included) go to stderr only. */
export async function serveMcpOnStdio(
  ctx: AgentToolContext,
  options: Omit<McpServerOptions, 'protocolVersion' | 'onError'>,
  signal: AbortSignal,
  stderr: (text: string) => void,
): Promise<void> {
  const transport = new McpStdioTransport();
  const server = createMcpServer(ctx, {
    ...options,
    protocolVersion: () => transport.negotiatedVersion,
    onError: (error) => stderr(`building-twins mcp: ${stripControl(error.message)}\n`),
  });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  signal.addEventListener('abort', () => void server.close(), { once: true });
  await server.connect(transport);
  stderr(`building-twins MCP server on stdio for ${ctx.connection} (${MODE_LINE[options.mode]})\n`);
  await closed;
}

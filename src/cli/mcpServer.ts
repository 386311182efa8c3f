// `building-twins mcp`: the agent tools (src/core/agentTools) served over MCP on stdin/stdout with the
// official SDK. One connection, from the CLI's flags and environment; read-only unless --allow-writes.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { version } from '../../package.json';
import type { AgentTool, AgentToolContext } from '../core/agentTools/agentTool';
import { AGENT_TOOLS, agentTool } from '../core/agentTools/agentToolTable';
import { failure, invokeAgentTool } from '../core/agentTools/toolInvocation';
import { ToolInputError } from '../core/agentTools/agentTool';

const INSTRUCTIONS = [
  'Tools over one Building Twin Data Service v3 connection (digital twins of buildings: models, twins, relationships,',
  'time series, insights, events, tickets). Start with list_models or find_twins; model_vocabulary before writing.',
  'Answers are compact JSON, capped in size; "cut" says what was left out and how to get more.',
].join(' ');

/** How a tool is listed over MCP: its schemas, and hints a client can show (read-only, idempotent, open world). */
export function mcpToolListing(tool: AgentTool, writesAllowed: boolean): Tool {
  const refused = tool.access === 'write' && !writesAllowed;
  return {
    name: tool.name,
    title: tool.title,
    description: refused ? `${tool.description} (Refused here: this server is read-only; start it with --allow-writes.)` : tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: {
      title: tool.title,
      readOnlyHint: tool.access === 'read',
      destructiveHint: tool.access === 'write' && ['put_twin', 'patch_twin', 'patch_ticket'].includes(tool.name),
      openWorldHint: true,
    },
  };
}

/** The MCP server over a tool context; `connect` it to a transport. */
export function createMcpServer(ctx: AgentToolContext, writesAllowed: boolean): Server {
  const server = new Server({ name: 'building-twins', title: 'Building Twins', version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: AGENT_TOOLS.map((tool) => mcpToolListing(tool, writesAllowed)) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = agentTool(request.params.name);
    const outcome = tool
      ? await invokeAgentTool(tool, request.params.arguments ?? {}, { ...ctx, signal: extra.signal })
      : failure(new ToolInputError(`no tool "${request.params.name}"; tools/list shows the tools`));
    return {
      content: [{ type: 'text' as const, text: outcome.text }],
      ...(outcome.isError ? { isError: true } : { structuredContent: outcome.data }),
    };
  });
  return server;
}

/** Serves on this process's stdin/stdout until stdin closes; diagnostics go to stderr only. */
export async function serveMcpOnStdio(ctx: AgentToolContext, writesAllowed: boolean, signal: AbortSignal, stderr: (text: string) => void): Promise<void> {
  const server = createMcpServer(ctx, writesAllowed);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => { server.onclose = () => resolve(); });
  process.stdin.once('end', () => void server.close());
  signal.addEventListener('abort', () => void server.close(), { once: true });
  await server.connect(transport);
  stderr(`building-twins MCP server on stdio for ${ctx.connection} (${writesAllowed ? 'writes allowed, each confirmed by the client' : 'read-only'})\n`);
  await closed;
}

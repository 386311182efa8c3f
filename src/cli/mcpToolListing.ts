// How a tool is listed over MCP: its schemas, what it does and who confirms its writes, and hints on its effects.
import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { AgentTool } from '../core/agentTools/agentTool';
import { whoConfirms, type McpWriteMode } from './mcpWriteMode';

/** The first protocol version with structuredContent and outputSchema. */
const STRUCTURED_CONTENT_SINCE = '2025-06-18';

/**
 * Whether answers carry structuredContent and tools list their outputSchema under this protocol version (undefined:
 * not negotiated yet, as in a test that calls without initializing). Both came with 2025-06-18; before it they are
 * left out together. Why not list the schema and send structuredContent anyway: SDK 1.11 and 1.12 (whose newest
 * protocol is 2025-03-26) already validate a call's structuredContent against a listed outputSchema and refuse an
 * answer without it, while releases up to 1.10 ignore both; an answer with text only and no schema listed is what
 * the 2025-03-26 and 2024-11-05 specifications describe, and every SDK release of that era accepts it.
 */
export function structuredUnder(protocolVersion: string | undefined): boolean {
  return protocolVersion === undefined || protocolVersion >= STRUCTURED_CONTENT_SINCE;
}

/** How the tool's effects are hinted: reads change nothing; each write says whether it overwrites and whether repeating it is harmless. */
function annotations(tool: AgentTool): ToolAnnotations {
  const write = tool.access === 'write' ? tool.effects : undefined;
  return {
    title: tool.title,
    readOnlyHint: !write,
    destructiveHint: write?.destructive ?? false,
    idempotentHint: write?.idempotent ?? true,
    // Every tool talks to the service, whose data others change too.
    openWorldHint: true,
  };
}

/** The tool as tools/list shows it under `protocolVersion`, for a server whose writes go out as `mode` says. */
export function mcpToolListing(tool: AgentTool, mode: McpWriteMode, protocolVersion?: string): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.access === 'write' ? `${tool.description} ${whoConfirms(mode)}` : tool.description,
    inputSchema: tool.inputSchema,
    ...(structuredUnder(protocolVersion) ? { outputSchema: tool.outputSchema } : {}),
    annotations: annotations(tool),
  };
}

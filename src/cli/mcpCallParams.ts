// The params of a tools/call, checked before anything runs: a call that names no tool, a tool this server does not
// offer, or arguments that are not an object is refused as JSON-RPC's Invalid params (-32602) with a message a
// person can read (the SDK's own check answers -32603 with its validator's dump).
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { AgentTool } from '../core/agentTools/agentTool';
import { agentTool } from '../core/agentTools/agentToolTable';

export interface ToolCall {
  tool: AgentTool;
  arguments: Record<string, unknown>;
}

const invalid = (message: string): McpError => new McpError(ErrorCode.InvalidParams, message);
const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);

/**
 * The call's tool and arguments, or a -32602 error. `offered` are the tools tools/list shows; `whyNot` says why a
 * known tool is not among them (read-only, not chosen, the client cannot confirm writes).
 */
export function checkedToolCall(
  params: unknown,
  offered: readonly AgentTool[],
  whyNot: (tool: AgentTool) => string,
): ToolCall {
  if (params === null || typeof params !== 'object' || Array.isArray(params))
    throw invalid(
      `tools/call needs params: an object with the tool's "name" and its "arguments", got ${kindOf(params)}`,
    );
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string' || !name)
    throw invalid(`tools/call needs "name", the tool's name as a string, got ${kindOf(name)}`);
  const tool = agentTool(name);
  if (!tool) throw invalid(`Unknown tool: "${name}"; tools/list shows the ${offered.length} tools offered`);
  if (!offered.includes(tool)) throw invalid(`Tool "${name}" is not offered here: ${whyNot(tool)}; nothing was sent`);
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args)))
    throw invalid(`"arguments" of ${name} must be an object of its inputs (see its inputSchema), got ${kindOf(args)}`);
  return { tool, arguments: (args ?? {}) as Record<string, unknown> };
}

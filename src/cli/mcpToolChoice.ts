// Which tools `building-twins mcp` offers: all of them allowed by its write mode, narrowed by --tools (only these)
// and --disable-tools (all but these). Each takes tool names and the groups `read` and `write`, comma-separated.
import type { AgentTool } from '../core/agentTools/agentTool';
import { AGENT_TOOLS } from '../core/agentTools/agentToolTable';
import type { McpWriteMode } from './mcpWriteMode';

const TOOL_GROUPS = ['read', 'write'] as const;

/** The tools named by one flag's value (names and groups, comma-separated); throws naming what is unknown. */
function named(flag: string, value: string): Set<AgentTool> {
  const chosen = new Set<AgentTool>();
  const words = value
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  if (!words.length) throw new Error(`${flag} needs tool names or groups (read, write), comma-separated`);
  for (const word of words) {
    const matches = AGENT_TOOLS.filter((tool) => tool.name === word || tool.access === word);
    if (!matches.length)
      throw new Error(
        `${flag}: no tool or group "${word}"; the groups are ${TOOL_GROUPS.join(', ')} and the tools ${AGENT_TOOLS.map((t) => t.name).join(', ')}`,
      );
    for (const tool of matches) chosen.add(tool);
  }
  return chosen;
}

export interface ToolChoiceFlags {
  tools?: string;
  disableTools?: string;
}

/**
 * The tools offered, in the table's order: those the write mode allows, narrowed by the flags. A write tool named
 * by --tools on a read-only server is an error (it could never run); an empty choice is an error too.
 */
export function chosenTools(flags: ToolChoiceFlags, mode: McpWriteMode): AgentTool[] {
  const only = flags.tools === undefined ? undefined : named('--tools', flags.tools);
  const disabled =
    flags.disableTools === undefined ? new Set<AgentTool>() : named('--disable-tools', flags.disableTools);
  if (mode === 'read-only') {
    const writes = [...(only ?? [])].filter((tool) => tool.access === 'write');
    if (writes.length)
      throw new Error(
        `--tools names ${writes.map((t) => t.name).join(', ')}, but the server is read-only: add --allow-writes`,
      );
  }
  const offered = AGENT_TOOLS.filter(
    (tool) => (mode !== 'read-only' || tool.access === 'read') && (!only || only.has(tool)) && !disabled.has(tool),
  );
  if (!offered.length) throw new Error('--tools and --disable-tools leave no tool to offer');
  return offered;
}

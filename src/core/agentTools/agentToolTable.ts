// Every tool for AI agents, in the order front ends list them. The MCP server and the VS Code language
// model tools both adapt exactly this list.

import type { AgentTool } from './agentTool';
import { getModelTool, listModelsTool, modelVocabularyTool } from './modelTools';
import { eventsTool, insightsTool, ticketMetadataTool, ticketsTool } from './operationTools';
import { latestValuesTool, timeSeriesTool } from './timeSeriesTools';
import { findTwinsTool, getTwinTool, walkGraphTool } from './twinTools';
import { createRelationshipTool, createTicketTool, patchTicketTool, patchTwinTool, putTwinTool, sendTelemetryTool } from './writeTools';

export const AGENT_TOOLS: readonly AgentTool[] = [
  listModelsTool, getModelTool, modelVocabularyTool,
  findTwinsTool, getTwinTool, walkGraphTool,
  timeSeriesTool, latestValuesTool,
  insightsTool, eventsTool, ticketsTool, ticketMetadataTool,
  putTwinTool, patchTwinTool, createRelationshipTool, sendTelemetryTool, createTicketTool, patchTicketTool,
];

export function agentTool(name: string): AgentTool | undefined {
  return AGENT_TOOLS.find((tool) => tool.name === name);
}

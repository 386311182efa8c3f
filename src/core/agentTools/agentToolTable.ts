// Every tool for AI agents, in the order front ends list them. The MCP server and the VS Code language
// model tools both adapt exactly this list. Each tool's outputSchema is completed here with the answer notes
// every answer may carry (toolAnswer.ts: `cut`), so an answer shortened to fit still matches it.

import type { AgentTool } from './agentTool';
import { ANSWER_NOTE_PROPERTIES } from './toolAnswer';
import { getModelTool, listModelsTool, modelVocabularyTool } from './modelTools';
import { eventsTool, insightsTool, ticketMetadataTool, ticketsTool } from './operationTools';
import { latestValuesTool, timeSeriesTool } from './timeSeriesTools';
import { findTwinsTool, getTwinTool, walkGraphTool } from './twinTools';
import {
  createRelationshipTool,
  createTicketTool,
  patchTicketTool,
  patchTwinTool,
  putTwinTool,
  sendTelemetryTool,
} from './writeTools';

const withAnswerNotes = (tool: AgentTool): AgentTool => ({
  ...tool,
  outputSchema: { ...tool.outputSchema, properties: { ...tool.outputSchema.properties, ...ANSWER_NOTE_PROPERTIES } },
});

export const AGENT_TOOLS: readonly AgentTool[] = [
  listModelsTool,
  getModelTool,
  modelVocabularyTool,
  findTwinsTool,
  getTwinTool,
  walkGraphTool,
  timeSeriesTool,
  latestValuesTool,
  insightsTool,
  eventsTool,
  ticketsTool,
  ticketMetadataTool,
  putTwinTool,
  patchTwinTool,
  createRelationshipTool,
  sendTelemetryTool,
  createTicketTool,
  patchTicketTool,
].map(withAnswerNotes);

export function agentTool(name: string): AgentTool | undefined {
  return AGENT_TOOLS.find((tool) => tool.name === name);
}

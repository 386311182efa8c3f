// How the agent tools (src/core/agentTools) are named in VS Code: the registered id (`buildingTwins_` + the
// tool's name) and the `#reference` a user types in chat. package.json declares exactly these (a unit test
// checks the manifest against this table and the core definitions).

const LM_TOOL_PREFIX = 'buildingTwins_';

/** Core tool name -> `toolReferenceName` (what follows `#` in a chat prompt). */
export const TOOL_REFERENCE_NAMES: Readonly<Record<string, string>> = {
  list_models: 'models',
  get_model: 'model',
  model_vocabulary: 'twinVocabulary',
  find_twins: 'twins',
  get_twin: 'twin',
  walk_graph: 'twinGraph',
  time_series: 'timeseries',
  latest_values: 'latestValues',
  insights: 'insights',
  events: 'buildingEvents',
  tickets: 'tickets',
  ticket_metadata: 'ticketMetadata',
  put_twin: 'putTwin',
  patch_twin: 'patchTwin',
  create_relationship: 'createRelationship',
  send_telemetry: 'sendTelemetry',
  create_ticket: 'createTicket',
  patch_ticket: 'patchTicket',
};

export function lmToolId(coreName: string): string {
  return `${LM_TOOL_PREFIX}${coreName}`;
}

/** The input property every VS Code tool adds to its core schema: which connection to use. */
export const CONNECTION_INPUT = 'connection';
export const CONNECTION_INPUT_SCHEMA = {
  type: 'string',
  description: 'The Building Twins connection to use, by name (default: the active connection).',
};

/** What a write tool's description adds in VS Code: who confirms (the core description says only what the tool does). */
const LM_WRITE_CONFIRMATION =
  'VS Code shows the user exactly what will be sent, and where, and sends it only once they confirm.';

/** The description the model reads in VS Code (package.json's modelDescription, checked by a unit test). */
export function lmModelDescription(tool: { description: string; access: 'read' | 'write' }): string {
  return tool.access === 'write' ? `${tool.description} ${LM_WRITE_CONFIRMATION}` : tool.description;
}

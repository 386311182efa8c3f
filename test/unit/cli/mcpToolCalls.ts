// One typical call of every agent tool, against the emulator's sample building (the MCP tests call them all).

export const ROOM = 'dtmi:com:buildingtwins:sample:Room;1';

export const CALLS: Record<string, Record<string, unknown>> = {
  list_models: { search: 'sensor' },
  get_model: { id: 'dtmi:com:buildingtwins:sample:AirHandlingUnit;1' },
  model_vocabulary: { models: [ROOM] },
  find_twins: { model: 'dtmi:com:buildingtwins:sample:VAVBox;1', locationId: 'HP-L03' },
  get_twin: { id: 'HP-AHU-1' },
  walk_graph: { id: 'HP-AHU-1', hops: 2 },
  time_series: { twinIds: ['HP-AHU-1-SAT'], range: '7d', points: 10 },
  latest_values: { twinIds: ['HP-AHU-1-SAT', 'HP-L01-R01-TEMP'] },
  insights: { openOnly: true, includeChildren: true },
  events: { limit: 5 },
  tickets: { limit: 5 },
  ticket_metadata: { kind: 'priorities' },
  put_twin: { twin: { id: 'MCP-ROOM-1', modelId: ROOM, contents: { name: 'MCP room' } } },
  patch_twin: { id: 'MCP-ROOM-1', patch: [{ op: 'replace', path: '/name', value: 'MCP room 1' }] },
  create_relationship: { sourceId: 'MCP-ROOM-1', name: 'isPartOf', targetId: 'HP-L01' },
  send_telemetry: { connectorId: 'mcp-test', values: [{ twinId: 'HP-L01-R01-TEMP', value: 22.5 }] },
  create_ticket: { summary: 'Check the MCP room' },
  patch_ticket: { id: '', patch: [{ op: 'replace', path: '/notes', value: 'checked' }] },
};

export type CallResult = {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
};

export const textOf = (result: CallResult): string => result.content.map((c) => c.text ?? '').join('');

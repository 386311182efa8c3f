// Write tools. Each plans first: the input is checked locally with the same rules the commands use (the
// twin against its DTDL model, a relationship against its source model, telemetry targets, the ticket
// patch rules) and the plan says exactly what will be sent where. Nothing is sent until plan.send().

import { ApiError } from '../api/apiError';
import { checkTicketPatch, checkTimeSeriesEntries } from '../api/requestChecks';
import { checkTelemetryTargets } from '../api/telemetryTargets';
import { wireEntry } from '../api/timeSeriesWire';
import type { CreateTicketRequest, DigitalTwin, JsonPatchOperation, Relationship, TimeSeriesEntry } from '../api/types';
import { relationshipPropertiesProblem, relationshipTargetProblem } from '../dtdl/relationshipRules';
import { validateTwin, type TwinValidationError } from '../dtdl/twinValidation';
import { checkTwinPatch, propertyPathPatch } from '../bulk/twinPatchCheck';
import type { AgentToolContext, PendingWrite, WriteTool } from './agentTool';
import { ANY_JSON_VALUE, ToolInputError, WRITE_ANSWER_SCHEMA } from './agentTool';

const seg = (value: string): string => encodeURIComponent(value);
const NOTHING_SENT = 'Nothing was sent.';

function refuse(what: string, problems: TwinValidationError[]): never {
  throw new ToolInputError(
    `${what} does not match its model: ${problems.map((p) => `${p.path || '/'}: ${p.message}`).join('; ')}. ${NOTHING_SENT} model_vocabulary lists the allowed properties.`,
  );
}

/** Local refusals of the client (ticket patch rules, entry shapes) as input errors. */
function asInputError<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'invalid-request')
      throw new ToolInputError(`${error.detail ?? error.message}. ${NOTHING_SENT}`);
    throw error;
  }
}

const plan = (ctx: AgentToolContext, p: Omit<PendingWrite, 'connection'>): PendingWrite => ({
  connection: ctx.connection,
  ...p,
});

const patchSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 50,
  items: {
    type: 'object',
    properties: {
      op: { type: 'string', enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
      path: { type: 'string' },
      value: { ...ANY_JSON_VALUE, description: 'The value to add, replace or test.' },
      from: { type: 'string' },
    },
    required: ['op', 'path'],
    additionalProperties: false,
  },
};
/** The input of the patch tools: the id of what is patched and its JSON Patch. */
const idAndPatchInput = {
  type: 'object' as const,
  properties: { id: { type: 'string', minLength: 1 }, patch: patchSchema },
  required: ['id', 'patch'],
  additionalProperties: false,
};
const writeOutput = WRITE_ANSWER_SCHEMA;

export const putTwinTool: WriteTool<{ twin: DigitalTwin }> = {
  name: 'put_twin',
  title: 'Create or replace a twin',
  access: 'write',
  description:
    "Creates a twin, or replaces the twin with that id (all its properties). The twin is checked against its DTDL model first (known model, declared properties, value types); call model_vocabulary for the allowed properties. Replacing overwrites the twin's existing properties.",
  effects: { destructive: true, idempotent: true },
  inputSchema: {
    type: 'object',
    properties: {
      twin: {
        type: 'object',
        properties: {
          id: { type: 'string', minLength: 1 },
          modelId: { type: 'string', minLength: 1 },
          contents: {
            type: 'object',
            description: 'Property values by name, e.g. { "name": "Room 3.01", "area": 20 }.',
          },
        },
        required: ['id', 'modelId'],
        additionalProperties: false,
      },
    },
    required: ['twin'],
    additionalProperties: false,
  },
  outputSchema: writeOutput,
  async plan(input, ctx) {
    const problems = validateTwin(await ctx.models(), input.twin);
    if (problems.length) refuse(`twin ${input.twin.id}`, problems);
    const twin: DigitalTwin = { id: input.twin.id, modelId: input.twin.modelId, contents: input.twin.contents ?? {} };
    return plan(ctx, {
      operation: 'putTwin',
      method: 'PUT',
      path: '/twins',
      body: twin,
      summary: `create or replace twin ${twin.id} (${twin.modelId})`,
      send: (signal) => ctx.api.putTwin(twin, { signal: signal ?? ctx.signal }),
    });
  },
};

export const patchTwinTool: WriteTool<{ id: string; patch: JsonPatchOperation[] }> = {
  name: 'patch_twin',
  title: 'Patch a twin',
  access: 'write',
  description:
    'Changes some properties of one twin with a JSON Patch whose paths name properties ("/name", "/address/city"). The twin is read, the patch applied to a copy and the result checked against the DTDL model before anything is sent. It overwrites the values it changes.',
  effects: { destructive: true, idempotent: false },
  inputSchema: idAndPatchInput,
  outputSchema: writeOutput,
  async plan(input, ctx) {
    const [twin, index] = await Promise.all([ctx.api.getTwin(input.id, {}, { signal: ctx.signal }), ctx.models()]);
    const patch = propertyPathPatch(input.patch);
    const checked = checkTwinPatch(index, twin, patch);
    if (!checked.ok && checked.notApplied)
      throw new ToolInputError(`the patch does not apply to twin ${input.id}: ${checked.notApplied}. ${NOTHING_SENT}`);
    if (!checked.ok) refuse(`twin ${input.id} after the patch`, checked.problems);
    return plan(ctx, {
      operation: 'patchTwin',
      method: 'PATCH',
      path: `/twins/${seg(input.id)}`,
      body: patch,
      summary: `patch twin ${input.id} (${patch.length} operation${patch.length === 1 ? '' : 's'})`,
      send: async (signal) => {
        await ctx.api.patchTwin(input.id, patch, { signal: signal ?? ctx.signal });
        return { id: input.id };
      },
    });
  },
};

export const createRelationshipTool: WriteTool<Relationship & { properties?: Record<string, unknown> }> = {
  name: 'create_relationship',
  title: 'Create a relationship',
  access: 'write',
  description:
    "Creates (or replaces) a relationship from one twin to another, e.g. a room isPartOf a level. Both twins must exist, the source's model must allow the relationship name, the target must be of the model it requires (or one extending it), and its properties must match; model_vocabulary lists the names and targets. An existing relationship with that name between the two twins is replaced.",
  effects: { destructive: true, idempotent: true },
  inputSchema: {
    type: 'object',
    properties: {
      sourceId: { type: 'string', minLength: 1 },
      name: { type: 'string', minLength: 1, description: 'The relationship name, e.g. isPartOf, locatedIn, isFedBy.' },
      targetId: { type: 'string', minLength: 1 },
      properties: { type: 'object', description: 'Relationship property values, if its model declares any.' },
    },
    required: ['sourceId', 'name', 'targetId'],
    additionalProperties: false,
  },
  outputSchema: writeOutput,
  async plan(input, ctx) {
    const [found, index] = await Promise.all([
      ctx.api.getTwinsByIds([input.sourceId, input.targetId], {}, { signal: ctx.signal }),
      ctx.models(),
    ]);
    if (found.omitted.length) throw new ToolInputError(`no twin ${found.omitted.join(', ')}. ${NOTHING_SENT}`);
    const source = found.twins.find((t) => t.id === input.sourceId)!;
    const target = found.twins.find((t) => t.id === input.targetId)!;
    const definition = index.relationship(source.modelId, input.name);
    if (!definition) {
      const allowed = index.relationships(source.modelId).map((r) => r.name);
      throw new ToolInputError(
        `${source.id} is a ${source.modelId}, whose model has no relationship "${input.name}" (allowed: ${allowed.join(', ') || 'none'}). ${NOTHING_SENT}`,
      );
    }
    const properties = input.properties ?? {};
    const problem =
      relationshipTargetProblem(index, definition, target) ?? relationshipPropertiesProblem(definition, properties);
    if (problem) throw new ToolInputError(problem);
    const relationship: Relationship = {
      sourceId: source.id,
      name: input.name,
      targetId: target.id,
      ...(Object.keys(properties).length ? { properties } : {}),
    };
    return plan(ctx, {
      operation: 'putRelationship',
      method: 'PUT',
      path: '/twins/relationships',
      body: relationship,
      summary: `relationship ${source.id} ${input.name} ${target.id}`,
      send: (signal) => ctx.api.putRelationship(relationship, { signal: signal ?? ctx.signal }),
    });
  },
};

interface TelemetryInput {
  connectorId: string;
  values: Array<{ twinId: string; value: number; time?: string }>;
}

export const sendTelemetryTool: WriteTool<TelemetryInput> = {
  name: 'send_telemetry',
  title: 'Send telemetry',
  access: 'write',
  description:
    'Sends time series values (up to 100) to capability twins. Every twin is checked first: it must exist and be a Capability twin, since the service silently drops other values. A value without time is stamped now. Cannot be undone, and not retried (a repeat would store the values twice).',
  effects: { destructive: true, idempotent: false },
  inputSchema: {
    type: 'object',
    properties: {
      connectorId: { type: 'string', minLength: 1, description: 'The connector the values are recorded under.' },
      values: {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        items: {
          type: 'object',
          properties: {
            twinId: { type: 'string', minLength: 1 },
            value: { type: 'number' },
            time: { type: 'string', description: 'ISO 8601; default now.' },
          },
          required: ['twinId', 'value'],
          additionalProperties: false,
        },
      },
    },
    required: ['connectorId', 'values'],
    additionalProperties: false,
  },
  outputSchema: writeOutput,
  async plan(input, ctx) {
    const now = new Date(ctx.now()).toISOString();
    const entries: TimeSeriesEntry[] = input.values.map((v) => ({
      connectorId: input.connectorId,
      twinId: v.twinId,
      sourceTimestamp: v.time ?? now,
      scalarValue: v.value,
    }));
    asInputError(() => checkTimeSeriesEntries('sendTimeSeries', entries));
    const report = await checkTelemetryTargets(ctx.api, entries, { models: await ctx.models(), signal: ctx.signal });
    if (!report.ok) throw new ToolInputError(`${report.problems.map((p) => p.message).join('; ')}. ${NOTHING_SENT}`);
    return plan(ctx, {
      operation: 'sendTimeSeries',
      method: 'POST',
      path: '/time-series',
      body: entries.map(wireEntry),
      summary: `send ${entries.length} value${entries.length === 1 ? '' : 's'} to ${new Set(entries.map((e) => e.twinId)).size} twin(s)`,
      send: (signal) => ctx.api.sendTimeSeries(entries, { signal: signal ?? ctx.signal }),
    });
  },
};

type TicketInput = Pick<
  CreateTicketRequest,
  | 'summary'
  | 'description'
  | 'twinId'
  | 'insightId'
  | 'statusId'
  | 'priorityId'
  | 'categoryId'
  | 'assigneeName'
  | 'dueDate'
>;

export const createTicketTool: WriteTool<TicketInput> = {
  name: 'create_ticket',
  title: 'Create a ticket',
  access: 'write',
  description:
    'Creates a work-order ticket, e.g. for an insight on an air handler. statusId, priorityId and categoryId must be ids that ticket_metadata lists; twinId must be a twin that exists. Each call creates a new ticket; nothing existing is changed.',
  effects: { destructive: false, idempotent: false },
  inputSchema: {
    type: 'object',
    properties: {
      summary: { type: 'string', minLength: 1 },
      description: { type: 'string' },
      twinId: { type: 'string' },
      insightId: { type: 'string' },
      statusId: { type: 'string' },
      priorityId: { type: 'string' },
      categoryId: { type: 'string' },
      assigneeName: { type: 'string' },
      dueDate: { type: 'string', description: 'ISO 8601.' },
    },
    required: ['summary'],
    additionalProperties: false,
  },
  outputSchema: writeOutput,
  async plan(input, ctx) {
    const o = { signal: ctx.signal };
    const problems: string[] = [];
    // The three checks are independent reads: asked together.
    const [statuses, priorities, twins] = await Promise.all([
      input.statusId ? ctx.api.listTicketStatuses(o) : undefined,
      input.priorityId ? ctx.api.listTicketPriorities(o) : undefined,
      input.twinId ? ctx.api.getTwinsByIds([input.twinId], {}, o) : undefined,
    ]);
    if (statuses && !statuses.some((s) => s.id === input.statusId)) problems.push(`no ticket status ${input.statusId}`);
    if (priorities && !priorities.some((p) => p.id === input.priorityId))
      problems.push(`no ticket priority ${input.priorityId}`);
    if (twins?.omitted.length) problems.push(`no twin ${input.twinId}`);
    if (input.dueDate && Number.isNaN(Date.parse(input.dueDate)))
      problems.push(`dueDate "${input.dueDate}" is not a date`);
    if (problems.length)
      throw new ToolInputError(`${problems.join('; ')} (ticket_metadata lists the ids). ${NOTHING_SENT}`);
    const request: CreateTicketRequest = { ...input };
    return plan(ctx, {
      operation: 'createTicket',
      method: 'PUT',
      path: '/tickets',
      body: request,
      summary: `create ticket "${input.summary}"`,
      send: (signal) => ctx.api.createTicket(request, { signal: signal ?? ctx.signal }),
    });
  },
};

export const patchTicketTool: WriteTool<{ id: string; patch: JsonPatchOperation[] }> = {
  name: 'patch_ticket',
  title: 'Update a ticket',
  access: 'write',
  description:
    'Updates a ticket with a JSON Patch of "replace" operations on its updatable properties (/summary, /description, /cause, /solution, /notes, /statusId, /priorityId, /categoryId, /jobTypeId, /serviceNeededId, /assigneeName, /dueDate), each at most once; other patches are refused before sending. It overwrites the values it replaces.',
  effects: { destructive: true, idempotent: true },
  inputSchema: idAndPatchInput,
  outputSchema: writeOutput,
  async plan(input, ctx) {
    asInputError(() => checkTicketPatch(input.patch));
    await ctx.api.getTicket(input.id, { signal: ctx.signal });
    return plan(ctx, {
      operation: 'patchTicket',
      method: 'PATCH',
      path: `/tickets/${seg(input.id)}`,
      body: input.patch,
      summary: `update ticket ${input.id} (${input.patch.length} change${input.patch.length === 1 ? '' : 's'})`,
      send: (signal) => ctx.api.patchTicket(input.id, input.patch, { signal: signal ?? ctx.signal }),
    });
  },
};

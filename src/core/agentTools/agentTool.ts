// The shape of one tool for AI agents. Defined once here (no vscode); the CLI's MCP server and the
// extension's language model tools adapt the same list (agentToolTable.ts).

import type { BuildingTwinsApi } from '../api/types';
import type { ModelIndex } from '../dtdl/modelIndex';

export type JsonSchemaObject = {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
  additionalProperties?: boolean;
  [keyword: string]: unknown;
};

/** What a tool works with: one connection. */
export interface AgentToolContext {
  api: BuildingTwinsApi;
  /** The connection's name, shown in write previews and refusals. */
  connection: string;
  /** The connection's models with inheritance resolved, loaded once per context (see modelsOnce). */
  models(): Promise<ModelIndex>;
  /** Epoch ms; injected so tests can fix "the last 24 hours". */
  now(): number;
  signal?: AbortSignal;
  /**
   * The cap of this call's answer in characters (set by invokeAgentTool): a tool whose answer would be cut fits
   * it first in a way that loses nothing (a smaller page, fewer points over the same range), see toolAnswer.ts.
   */
  answerChars?: number;
}

/** A write a tool prepared and has not sent: exactly what it will send, and where, shown for confirmation first. */
export interface PendingWrite {
  connection: string;
  /** The client operation (putTwin, patchTwin, …). */
  operation: string;
  method: 'PUT' | 'PATCH' | 'POST';
  /** Below the API base URL. */
  path: string;
  /** The JSON body (a JSON Patch for the patch operations). */
  body: unknown;
  /** One line: what the write does. */
  summary: string;
  /** Runs the write; only called after the plan was shown and accepted. `signal` cancels it (else the plan's context's). */
  send(signal?: AbortSignal): Promise<unknown>;
}

interface ToolCommon {
  /** snake_case, unique; the MCP tool name. */
  name: string;
  /** Short human title. */
  title: string;
  /** For the model: what it answers or changes, when to use it, what it costs. Not who confirms: each front end adds that. */
  description: string;
  inputSchema: JsonSchemaObject;
  /** What a successful answer holds (validated in tests; MCP `outputSchema`). */
  outputSchema: JsonSchemaObject;
}

export interface ReadTool<I = Record<string, unknown>> extends ToolCommon {
  access: 'read';
  /** How to get what a shortened answer left out, with this tool's own inputs (e.g. "walk fewer hops"). */
  whenCut: string;
  /** For tools that clip long texts (clipText): how to read such a text whole. */
  whenClipped?: string;
  run(input: I, ctx: AgentToolContext): Promise<Record<string, unknown>>;
}

export interface WriteTool<I = Record<string, unknown>> extends ToolCommon {
  access: 'write';
  /** What a write does to what exists (MCP annotations): overwrites or cannot be undone; the same call twice changes nothing more. */
  effects: { destructive: boolean; idempotent: boolean };
  /** Checks the input locally (DTDL, ticket patch rules, telemetry targets) and says what would be sent; sends nothing. */
  plan(input: I, ctx: AgentToolContext): Promise<PendingWrite>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tool declares its own input type; the table holds them all
export type AgentTool = ReadTool<any> | WriteTool<any>;

/**
 * Any JSON value but null, in a schema every client reads: each branch has one `type` (no type arrays, which some
 * model APIs refuse, and no schema without a type).
 */
export const ANY_JSON_VALUE = {
  anyOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'object' },
    { type: 'array', items: {} },
  ],
};

/** What every write tool answers once sent: what was done, where, and the service's answer. */
export const WRITE_ANSWER_SCHEMA: JsonSchemaObject = {
  type: 'object',
  properties: {
    done: { type: 'string' },
    connection: { type: 'string' },
    result: { type: 'object', description: "The service's answer, when it sent one." },
  },
  required: ['done', 'connection'],
};

/** Bad tool input, found before anything was sent: the message says what to change. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}

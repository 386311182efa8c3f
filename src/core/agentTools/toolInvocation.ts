// Runs one agent tool the same way for every front end: the input checked against the tool's schema,
// writes refused on read-only connections, the answer capped, errors turned into text for the model.

import Ajv, { type ValidateFunction } from 'ajv';
import { ApiError, errorText, isReadOnlyRefusal } from '../api/apiError';
import type { AgentTool, AgentToolContext, PendingWrite, WriteTool } from './agentTool';
import { ToolInputError, WRITE_ANSWER_SCHEMA } from './agentTool';
import { fitAnswer, MAX_ANSWER_CHARS, type ToolAnswer } from './toolAnswer';
import { markedUntrusted } from '../untrusted/serviceText';
import { cleanServiceValue } from '../untrusted/controlCharacters';

export interface ToolOutcome extends ToolAnswer {
  /** The tool failed (bad input, refused, the service's error): `text` says why and what to do. */
  isError: boolean;
}

/** Made on the first check, not when the module loads (the extension loads it at activation). */
let ajv: Ajv | undefined;
const validators = new WeakMap<AgentTool, ValidateFunction>();

/** The compiled check of the tool's input schema, compiled on first use. */
function inputValidator(tool: AgentTool): ValidateFunction {
  let validate = validators.get(tool);
  if (!validate) {
    // validateSchema off: checking a schema against JSON Schema's meta-schema compiles that meta-schema first, ~30 ms
    // of a server's first call; the tools' schemas are ours, and test/unit/agentTools/agentTools.test.ts checks them.
    // Nor is the meta-schema added (meta): adding it walks and indexes it, ~1 ms of the first check.
    ajv ??= new Ajv({ allErrors: true, strict: false, validateSchema: false, meta: false });
    validate = ajv.compile(tool.inputSchema);
    validators.set(tool, validate);
  }
  return validate;
}

/** The tool's input, checked against its input schema; the message names each wrong field. */
function checkToolInput(tool: AgentTool, input: unknown): Record<string, unknown> {
  const validate = inputValidator(tool);
  const value = input ?? {};
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((e) => {
      const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'input';
      const extra =
        e.keyword === 'additionalProperties'
          ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
          : '';
      const allowed =
        e.keyword === 'enum'
          ? ` (${((e.params as { allowedValues?: unknown[] }).allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')})`
          : '';
      return `${where} ${e.message ?? 'is not valid'}${extra}${allowed}`;
    });
    throw new ToolInputError(`invalid input for ${tool.name}: ${problems.join('; ')}`);
  }
  return value as Record<string, unknown>;
}

/** Refuses a write tool on a read-only connection, before any request (also before the checks that read). */
function refuseIfReadOnly(tool: AgentTool, ctx: AgentToolContext): void {
  if (tool.access === 'write' && ctx.api.readOnly) throw ApiError.readOnly(tool.name, ctx.connection);
}

/** A write tool's pending write: checked input, read-only refused, local validation done; nothing sent. */
export async function prepareWrite(tool: WriteTool, input: unknown, ctx: AgentToolContext): Promise<PendingWrite> {
  refuseIfReadOnly(tool, ctx);
  return tool.plan(checkToolInput(tool, input), ctx);
}

/**
 * Runs a tool and answers; never throws (a failure is an answer with isError, for the model to read). `maxChars`
 * lowers the answer's cap (e.g. to a chat's token budget), never raises it.
 */
export async function invokeAgentTool(
  tool: AgentTool,
  input: unknown,
  ctx: AgentToolContext,
  maxChars = MAX_ANSWER_CHARS,
): Promise<ToolOutcome> {
  try {
    if (tool.access === 'write') return await sendPendingWrite(await prepareWrite(tool, input, ctx));
    const cap = Math.min(maxChars, MAX_ANSWER_CHARS);
    const data = markedUntrusted(await tool.run(checkToolInput(tool, input), { ...ctx, answerChars: cap }));
    return { ...cleaned(fitAnswer(data, tool.whenCut, cap, tool.outputSchema, tool.whenClipped)), isError: false };
  } catch (error) {
    return failure(error);
  }
}

/** Sends a pending write (prepared and shown before); never throws. */
export async function sendPendingWrite(plan: PendingWrite, signal?: AbortSignal): Promise<ToolOutcome> {
  try {
    const result = await plan.send(signal);
    return {
      ...cleaned(
        fitAnswer(
          markedUntrusted({
            done: plan.summary,
            connection: plan.connection,
            ...(result !== null && typeof result === 'object' ? { result } : {}),
          }),
          'get_twin or tickets reads the whole result',
          MAX_ANSWER_CHARS,
          WRITE_ANSWER_SCHEMA,
        ),
      ),
      isError: false,
    };
  } catch (error) {
    return failure(error);
  }
}

/** Errors as the model should read them: what failed and whether anything was sent. */
export function failure(error: unknown): ToolOutcome {
  const kind = error instanceof ToolInputError ? 'invalid-input' : isReadOnlyRefusal(error) ? 'read-only' : 'failed';
  return { ...cleaned({ text: '', data: markedUntrusted({ error: errorText(error), kind }) }), isError: true };
}

/**
 * The answer with every text in it cleaned of terminal control and invisible characters (controlCharacters.ts),
 * after fitting (cleaning only shortens): an agent reads what a person would see, not hidden text.
 */
function cleaned(answer: ToolAnswer): ToolAnswer {
  const data = cleanServiceValue(answer.data) as Record<string, unknown>;
  return { text: JSON.stringify(data), data };
}

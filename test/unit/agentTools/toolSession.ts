// An emulator on a pinned clock and a tool context over it, for the agent tool tests: started before a suite's
// tests, closed after them.
import * as assert from 'node:assert/strict';
import type { AgentToolContext } from '../../../src/core/agentTools/agentTool';
import { agentTool } from '../../../src/core/agentTools/agentToolTable';
import { createToolContext } from '../../../src/core/agentTools/toolContext';
import { invokeAgentTool, type ToolOutcome } from '../../../src/core/agentTools/toolInvocation';
import type { EmulatorOptions } from '../../../src/emulator/emulator';
import { EmulatorHarness } from '../api/emulatorHarness';

/** The time every agent tool test runs at: the emulator's clock, its sample's, and the tools'. */
export const TOOL_NOW = Date.parse('2026-11-26T10:00:00Z');

export interface ToolSession {
  emu: EmulatorHarness;
  ctx: AgentToolContext;
}

/** Registers the suite's before and after hooks; the session's fields are set once `before` has run. */
export function toolSession(options: EmulatorOptions = {}): ToolSession {
  const session = {} as ToolSession;
  before(async () => {
    session.emu = await EmulatorHarness.start({ clock: { now: () => TOOL_NOW }, ...options });
    session.ctx = createToolContext(session.emu.client().client, 'Local emulator', { now: () => TOOL_NOW });
  });
  after(() => session.emu.close());
  return session;
}

/** Runs a tool as the front ends do (checked, capped at `maxChars`); the tool must exist. */
export function callTool(ctx: AgentToolContext, name: string, input: unknown, maxChars?: number): Promise<ToolOutcome> {
  const tool = agentTool(name);
  assert.ok(tool, `no tool ${name}`);
  return invokeAgentTool(tool, input, ctx, maxChars);
}

/** callTool for an answer that must not be an error. */
export async function answerOf(
  ctx: AgentToolContext,
  name: string,
  input: unknown,
  maxChars?: number,
): Promise<ToolOutcome> {
  const outcome = await callTool(ctx, name, input, maxChars);
  assert.equal(outcome.isError, false, outcome.text);
  if (maxChars !== undefined) assert.ok(outcome.text.length <= maxChars, `${outcome.text.length} > ${maxChars}`);
  return outcome;
}

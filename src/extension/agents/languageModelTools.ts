// The agent tools as VS Code language model tools: each core tool (src/core/agentTools) registered with
// vscode.lm.registerTool under its manifest id. A tool uses the active connection unless its input names one.
// A write shows exactly what it will send, and where, in prepareInvocation and sends that same plan once
// confirmed; without a confirmed plan a write is never sent.

import * as vscode from 'vscode';
import type { AgentTool, AgentToolContext, WritePlan } from '../../core/agentTools/agentTool';
import { AGENT_TOOLS } from '../../core/agentTools/agentToolTable';
import { failure, invokeAgentTool, planWrite, sendPlanned, type ToolOutcome } from '../../core/agentTools/toolInvocation';
import { ToolInputError } from '../../core/agentTools/agentTool';
import type { BuildingTwinsApi } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { CONNECTION_INPUT, lmToolId } from './agentToolNames';
import { toolResultParts } from './toolResultParts';
import { writeConfirmationMessage } from './writeConfirmation';

/** What the tools need from the extension. */
export interface AgentToolServices {
  activeConnection(): string;
  connectionNames(): string[];
  baseUrl(connection: string): string | undefined;
  client(connection: string): Promise<BuildingTwinsApi>;
  models(connection: string): Promise<ModelIndex>;
  log(line: string): void;
  /** Sends a write the tool's own confirmation showed, so the client does not ask again (WriteGate.sendConfirmed). */
  sendConfirmed<T>(connection: string, send: () => Promise<T>): Promise<T>;
}

type ToolInput = Record<string, unknown>;

/** A cautious characters-per-token figure for JSON, to turn a chat's token budget into the answer's cap. */
const CHARS_PER_TOKEN = 3;
/** How long a shown plan waits for its invocation. */
const PLAN_LIFETIME_MS = 10 * 60_000;

function abortSignal(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

function result(outcome: ToolOutcome): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult(toolResultParts(outcome));
}

export class AgentLanguageModelTool implements vscode.LanguageModelTool<ToolInput> {
  /** Plans shown by prepareInvocation, by their input, until invoked. */
  private readonly shown = new Map<string, { plan: WritePlan; at: number }>();

  constructor(readonly tool: AgentTool, private readonly services: AgentToolServices) {}

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<ToolInput>, token: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation> {
    const named = options.input?.[CONNECTION_INPUT];
    const running = vscode.l10n.t('{0} on "{1}"', this.tool.title, typeof named === 'string' && named ? named : this.services.activeConnection());
    if (this.tool.access === 'read') return { invocationMessage: running };
    try {
      const { connection, input } = this.split(options.input);
      const ctx = await this.context(connection, token);
      const plan = await planWrite(this.tool, input, ctx);
      this.forgetOld();
      this.shown.set(JSON.stringify(options.input), { plan, at: Date.now() });
      return { invocationMessage: running, confirmationMessages: writeConfirmationMessage(plan, this.services.baseUrl(plan.connection)) };
    } catch (error) {
      // Refused before anything is sent (read-only, invalid): invoke reports why; nothing to confirm.
      return { invocationMessage: vscode.l10n.t('{0}: refused, nothing will be sent ({1})', running, failure(error).data.error as string) };
    }
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<ToolInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const signal = abortSignal(token);
    try {
      const { connection, input } = this.split(options.input);
      if (this.tool.access === 'read') {
        const budget = options.tokenizationOptions?.tokenBudget;
        return result(await invokeAgentTool(this.tool, input, await this.context(connection, token), budget ? budget * CHARS_PER_TOKEN : undefined));
      }
      const key = JSON.stringify(options.input);
      const shown = this.shown.get(key);
      this.shown.delete(key);
      if (!shown) {
        // Explain the refusal the same way prepareInvocation would have (read-only, invalid input), else say it was not shown.
        const ctx = await this.context(connection, token);
        await planWrite(this.tool, input, ctx);
        throw new ToolInputError(vscode.l10n.t('{0} was not confirmed: a write is only sent after its confirmation was shown. Nothing was sent.', this.tool.name));
      }
      // Confirmed in prepareInvocation: the client does not ask about it again.
      const outcome = await this.services.sendConfirmed(shown.plan.connection, () => sendPlanned(shown.plan, signal));
      this.services.log(`Agent tool ${this.tool.name} on "${shown.plan.connection}": ${shown.plan.method} ${shown.plan.path} ${outcome.isError ? `failed: ${String(outcome.data.error)}` : 'sent'}`);
      return result(outcome);
    } catch (error) {
      return result(failure(error));
    }
  }

  private split(raw: ToolInput | undefined): { connection: string | undefined; input: ToolInput } {
    const { [CONNECTION_INPUT]: connection, ...input } = raw ?? {};
    if (connection !== undefined && typeof connection !== 'string') throw new ToolInputError(vscode.l10n.t('connection must be the name of a connection'));
    return { connection: connection || undefined, input };
  }

  private async context(connection: string | undefined, token: vscode.CancellationToken): Promise<AgentToolContext> {
    const name = connection ?? this.services.activeConnection();
    if (!this.services.connectionNames().includes(name)) {
      throw new ToolInputError(vscode.l10n.t('There is no connection "{0}" (connections: {1}).', name, this.services.connectionNames().join(', ')));
    }
    return { api: await this.services.client(name), connection: name, models: () => this.services.models(name), now: () => Date.now(), signal: abortSignal(token) };
  }

  private forgetOld(): void {
    const now = Date.now();
    for (const [key, entry] of this.shown) if (now - entry.at > PLAN_LIFETIME_MS) this.shown.delete(key);
  }
}

/** Registers every agent tool (each declared in package.json under its lmToolId) until `subscriptions` are disposed. */
export function registerAgentTools(services: AgentToolServices, subscriptions: vscode.Disposable[]): readonly AgentLanguageModelTool[] {
  const tools = AGENT_TOOLS.map((tool) => new AgentLanguageModelTool(tool, services));
  subscriptions.push(...tools.map((tool) => vscode.lm.registerTool(lmToolId(tool.tool.name), tool)));
  return tools;
}
